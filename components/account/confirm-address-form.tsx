"use client";

import Link from "next/link";
import { useState } from "react";
import { postJson } from "@/lib/api-client";
import { LINK_CLASS, PRIMARY_BUTTON_CLASS } from "./form-styles";
import { useApiAction } from "../ui/use-api-action";

/**
 * The confirmation link's page: the address is confirmed only when its reader presses the button
 * (a mail scanner that opens the link confirms nothing). The token travels in the fragment
 * (#token=…), so it never reaches a server log.
 */
export function ConfirmAddressForm() {
  const { pending, run } = useApiAction();
  const [done, setDone] = useState<string | null>(null);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const token = new URLSearchParams(window.location.hash.slice(1)).get("token") ?? "";
    await run(async () => {
      const answer = await postJson("/api/confirm-address", { token });
      setDone(answer.message);
    });
  }

  if (done) {
    return (
      <div className="space-y-4 text-center">
        <p role="status">{done}</p>
        <Link href="/" className={LINK_CLASS}>
          Continue shopping
        </Link>
      </div>
    );
  }
  return (
    <form onSubmit={onSubmit} className="space-y-4">
      <p className="text-sm text-slate-600">Press the button to confirm that this email address is yours.</p>
      <button type="submit" disabled={pending} className={PRIMARY_BUTTON_CLASS}>
        {pending ? "Confirming…" : "Confirm my email"}
      </button>
    </form>
  );
}
