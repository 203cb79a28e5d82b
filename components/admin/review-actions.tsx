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
        <ActionFormDialog
          title={`Hide ${what}`}
          submitLabel="Hide review"
          pending={pending}
          error={error}
          onClose={close}
          onSubmit={async () => {
            const reason = (document.getElementById(`hide-reason-${review._id}`) as HTMLTextAreaElement | null)?.value ?? "";
            const checked = hideReviewSchema.safeParse({ reviewId: review._id, reason });
            if (!checked.success) {
              setError(checked.error.issues[0]?.message ?? "Say why the review is hidden");
              document.getElementById(`hide-reason-${review._id}`)?.focus();
              return false;
            }
            return submit("/api/hide-review", checked.data);
          }}
        >
          {(id) => (
            <>
              <p id={`${id}-hint`} className="text-slate-700">
                The review leaves the product page and its rating. Its author still sees it, marked hidden, with your reason.
              </p>
              <label htmlFor={`hide-reason-${review._id}`} className="block font-medium">
                Reason (shown to the author)
              </label>
              <textarea
                id={`hide-reason-${review._id}`}
                name="reason"
                required
                rows={3}
                maxLength={REVIEW_HIDE_REASON_MAX}
                aria-describedby={`${id}-hint`}
                aria-invalid={error ? true : undefined}
                className={INPUT_CLASS}
                autoFocus
              />
            </>
          )}
        </ActionFormDialog>
      )}

      {dialog === "reply" && (
        <ActionFormDialog
          title={review.reply ? "Edit the store's reply" : "Reply as the store"}
          submitLabel={review.reply ? "Save reply" : "Post reply"}
          pending={pending}
          error={error}
          onClose={close}
          onSubmit={async () => {
            const reply = (document.getElementById(`reply-text-${review._id}`) as HTMLTextAreaElement | null)?.value ?? "";
            const checked = replyReviewSchema.safeParse({ reviewId: review._id, reply });
            if (!checked.success || !checked.data.reply) {
              setError(checked.success ? "Write the reply (or use Remove reply to take it down)" : (checked.error.issues[0]?.message ?? "The reply could not be saved"));
              document.getElementById(`reply-text-${review._id}`)?.focus();
              return false;
            }
            return submit("/api/reply-review", checked.data);
          }}
        >
          {(id) => (
            <>
              <p id={`${id}-hint`} className="text-slate-700">
                Shown under {what} on the product page, as the store&apos;s reply.
              </p>
              <label htmlFor={`reply-text-${review._id}`} className="block font-medium">
                Reply
              </label>
              <textarea
                id={`reply-text-${review._id}`}
                name="reply"
                rows={5}
                maxLength={REVIEW_REPLY_MAX}
                defaultValue={review.reply?.text ?? ""}
                aria-describedby={`${id}-hint`}
                aria-invalid={error ? true : undefined}
                className={INPUT_CLASS}
                autoFocus
              />
            </>
          )}
        </ActionFormDialog>
      )}
    </div>
  );
}
