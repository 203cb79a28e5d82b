"use client";

import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { toast } from "@/components/ui/toast";
import { postJson } from "@/lib/api-client";
import { REVIEW_HIDE_REASON_MAX, REVIEW_REPLY_MAX, type AdminReview } from "@/lib/reviews/reviews";
import { hideReviewSchema, replyReviewSchema } from "@/lib/schemas";
import { INPUT_CLASS } from "../account/form-styles";
import { apiErrorMessage, useApiAction } from "../ui/use-api-action";
import { ActionFormDialog } from "./action-form-dialog";
import { LIST_HEADING_ID } from "./review-list-nav";
import { SECONDARY_ACTION } from "./order-action-styles";

const DANGER_ACTION = "rounded-full bg-white px-4 py-2 text-sm font-medium text-red-700 ring-1 ring-red-300 hover:bg-red-50 disabled:opacity-60";

/**
 * One review's moderation: "Hide" (a dialog asks the reason its author is shown) or "Show again",
 * and the store's reply: "Reply as the store" or "Edit reply" (a dialog), "Remove reply". Each
 * answer is a toast, and the list is read again from the server. The review's words are never
 * editable here.
 */
export function ReviewActions({ review }: { review: AdminReview }) {
  const router = useRouter();
  const [dialog, setDialog] = useState<"hide" | "reply" | null>(null);
  const [error, setError] = useState("");
  const [pending, setPending] = useState(false);
  const { pending: quickPending, run } = useApiAction();
  const what = review.title ? `“${review.title}”` : `${review.author}'s review`;
  // A review hidden or shown under a filter leaves the list with the button that had the focus:
  // the focus goes to the list's heading rather than to the page's start.
  useEffect(
    () => () => {
      setTimeout(() => {
        if (!document.activeElement || document.activeElement === document.body) document.getElementById(LIST_HEADING_ID)?.focus();
      });
    },
    [],
  );

  /** A dialog's write: its refusal stays in the dialog (said once, above the buttons). */
  async function submit(path: string, body: unknown): Promise<boolean> {
    setPending(true);
    setError("");
    try {
      const answer = await postJson(path, body);
      toast.success(answer.message);
      router.refresh();
      return true;
    } catch (failure) {
      setError(apiErrorMessage(failure));
      return false;
    } finally {
      setPending(false);
    }
  }

  /** A one-click write: a refusal is a toast. */
  const quick = (path: string, body: unknown) =>
    run(async () => {
      const answer = await postJson(path, body);
      toast.success(answer.message);
      router.refresh();
    });

  const close = () => {
    setDialog(null);
    setError("");
  };

  return (
    <div className="flex flex-wrap gap-2" data-testid="review-actions">
      {review.hidden ? (
        <button type="button" className={SECONDARY_ACTION} disabled={quickPending} onClick={() => void quick("/api/show-review", { reviewId: review._id })}>
          Show again
        </button>
      ) : (
        <button type="button" className={DANGER_ACTION} onClick={() => setDialog("hide")} aria-haspopup="dialog">
          Hide
        </button>
      )}
      <button type="button" className={SECONDARY_ACTION} onClick={() => setDialog("reply")} aria-haspopup="dialog">
        {review.reply ? "Edit reply" : "Reply as the store"}
      </button>
      {review.reply && (
        <button type="button" className={SECONDARY_ACTION} disabled={quickPending} onClick={() => void quick("/api/reply-review", { reviewId: review._id, reply: "" })}>
          Remove reply
        </button>
      )}

      {dialog === "hide" && (
        <TextDialog
          title={`Hide ${what}`}
          submitLabel="Hide review"
          hint="The review leaves the product page and its rating. Its author still sees it, marked hidden, with your reason."
          label="Reason (shown to the author)"
          fieldId={`hide-reason-${review._id}`}
          name="reason"
          required
          rows={3}
          maxLength={REVIEW_HIDE_REASON_MAX}
          pending={pending}
          error={error}
          onClose={close}
          onSubmit={(reason) => {
            const checked = hideReviewSchema.safeParse({ reviewId: review._id, reason });
            if (!checked.success) return checked.error.issues[0]?.message ?? "Say why the review is hidden";
            return submit("/api/hide-review", checked.data);
          }}
        />
      )}

      {dialog === "reply" && (
        <TextDialog
          title={review.reply ? "Edit the store's reply" : "Reply as the store"}
          submitLabel={review.reply ? "Save reply" : "Post reply"}
          hint={`Shown under ${what} on the product page, as the store's reply.`}
          label="Reply"
          fieldId={`reply-text-${review._id}`}
          name="reply"
          rows={5}
          maxLength={REVIEW_REPLY_MAX}
          defaultValue={review.reply?.text ?? ""}
          pending={pending}
          error={error}
          onClose={close}
          onSubmit={(reply) => {
            const checked = replyReviewSchema.safeParse({ reviewId: review._id, reply });
            if (!checked.success || !checked.data.reply) {
              return checked.success ? "Write the reply (or use Remove reply to take it down)" : (checked.error.issues[0]?.message ?? "The reply could not be saved");
            }
            return submit("/api/reply-review", checked.data);
          }}
        />
      )}
    </div>
  );
}

/**
 * A dialog with one text box (the hide's reason, the store's reply). `onSubmit` gets the text and
 * answers a refusal in words (said in the dialog, the box focused again) or the write's outcome.
 */
function TextDialog({
  title,
  submitLabel,
  hint,
  label,
  fieldId,
  name,
  required = false,
  rows,
  maxLength,
  defaultValue = "",
  pending,
  error,
  onClose,
  onSubmit,
}: {
  title: string;
  submitLabel: string;
  hint: string;
  label: string;
  fieldId: string;
  name: string;
  required?: boolean;
  rows: number;
  maxLength: number;
  defaultValue?: string;
  pending: boolean;
  error: string;
  onClose: () => void;
  onSubmit: (text: string) => string | Promise<boolean>;
}) {
  const [refusal, setRefusal] = useState("");
  return (
    <ActionFormDialog
      title={title}
      submitLabel={submitLabel}
      pending={pending}
      error={refusal || error}
      onClose={onClose}
      onSubmit={async () => {
        const field = document.getElementById(fieldId) as HTMLTextAreaElement | null;
        const outcome = onSubmit(field?.value ?? "");
        if (typeof outcome === "string") {
          setRefusal(outcome);
          field?.focus();
          return false;
        }
        setRefusal("");
        return outcome;
      }}
    >
      {(id) => (
        <>
          <p id={`${id}-hint`} className="text-slate-700">
            {hint}
          </p>
          <label htmlFor={fieldId} className="block font-medium">
            {label}
          </label>
          <textarea
            id={fieldId}
            name={name}
            required={required}
            rows={rows}
            maxLength={maxLength}
            defaultValue={defaultValue}
            aria-describedby={`${id}-hint`}
            aria-invalid={refusal || error ? true : undefined}
            className={INPUT_CLASS}
            autoFocus
          />
        </>
      )}
    </ActionFormDialog>
  );
}
