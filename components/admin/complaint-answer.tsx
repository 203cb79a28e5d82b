"use client";

import { useRouter } from "next/navigation";
import { useId, useRef, useState } from "react";
import { toast } from "@/components/ui/toast";
import { postJson } from "@/lib/api-client";
import { COMPLAINT_MESSAGE_MAX } from "@/lib/support/complaints";
import { INPUT_CLASS } from "../account/form-styles";
import { formRefusal, useApiAction } from "../ui/use-api-action";
import { PRIMARY_ACTION, SECONDARY_ACTION } from "./order-action-styles";

/** The reply to one complaint, mailed to the shopper: "Send reply", or "Send and close" to resolve it. */
export function ComplaintAnswer({ complaintId, ticket }: { complaintId: string; ticket: string }) {
  const router = useRouter();
  const id = useId();
  const text = useRef<HTMLTextAreaElement>(null);
  const [problem, setProblem] = useState("");
  const { pending, run } = useApiAction({ quiet: true });

  async function send(close: boolean) {
    setProblem("");
    await run(async () => {
      try {
        const answer = await postJson("/api/answer-complaint", { complaintId, message: text.current?.value ?? "", close });
        toast.success(answer.message);
        if (text.current) text.current.value = "";
        router.refresh();
      } catch (error) {
        setProblem(formRefusal(error, () => false).message);
        text.current?.focus();
      }
    });
  }

  return (
    <form
      className="mt-3 space-y-2"
      onSubmit={(event) => {
        event.preventDefault();
        void send(false);
      }}
    >
      <label htmlFor={`${id}-reply`} className="text-sm font-medium">
        Reply to {ticket} (mailed to the shopper)
      </label>
      <textarea id={`${id}-reply`} ref={text} rows={3} maxLength={COMPLAINT_MESSAGE_MAX} aria-invalid={problem ? true : undefined} aria-describedby={problem ? `${id}-problem` : undefined} className={INPUT_CLASS} />
      {problem && (
        <p id={`${id}-problem`} role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <button type="submit" disabled={pending} className={PRIMARY_ACTION}>
          Send reply
        </button>
        <button type="button" disabled={pending} onClick={() => void send(true)} className={SECONDARY_ACTION}>
          Send and close
        </button>
      </div>
    </form>
  );
}
