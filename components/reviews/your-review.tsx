"use client";

import { useRouter } from "next/navigation";
import { useEffect, useId, useRef, useState } from "react";
import { mutate } from "swr";
import { toast } from "@/components/ui/toast";
import { ApiError, postJson } from "@/lib/api-client";
import { signInHref } from "@/lib/accounts/return-path";
import { REVIEW_BODY_MAX, REVIEW_TITLE_MAX, type OwnReview } from "@/lib/reviews/reviews";
import { formatDate } from "@/lib/shared/dates";
import { INPUT_CLASS, LINK_CLASS } from "../account/form-styles";
import { StarIcon, Stars } from "../catalog/star-rating";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { apiErrorMessage } from "../ui/use-api-action";
import { BRAND_BUTTON_CLASS, QUIET_BUTTON_CLASS } from "./review-styles";
import { myReviewKey, useMyReview } from "./use-my-review";
import { isReviewPageOf } from "./use-review-page";

/** The anchor the review-request mail links to. */
export const WRITE_REVIEW_ID = "write-review";

/**
 * The shopper's own review of the product (issue 40): "Sign in to review" for visitors, the reason
 * for shoppers who did not receive it, the form for those who did, and once written their review
 * (with the store's reason if it hid it) with Edit and Delete. After a change the page is asked
 * again, so the average, the bars and the list show it.
 */
export function YourReview({ productId, productName }: { productId: string; productName: string }) {
  const { user, status, loading, failed } = useMyReview(productId);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [pending, setPending] = useState(false);
  const [deleteError, setDeleteError] = useState<string>();
  const router = useRouter();
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  // After a save, a delete or a cancel the control that had the focus is gone: the box's heading takes it.
  const focusHeading = () => requestAnimationFrame(() => headingRef.current?.focus());
  const returnTo = `/product/${productId}#${WRITE_REVIEW_ID}`;

  // The summary and the list are asked again from the API (the cached page may lag a change by a
  // request); the page itself is refreshed for what else it shows (the structured data).
  const changed = async () => {
    await Promise.all([mutate(myReviewKey(productId)), mutate(isReviewPageOf(productId))]);
    router.refresh();
  };

  const remove = async () => {
    setPending(true);
    setDeleteError(undefined);
    try {
      const answer = await postJson("/api/delete-review", { productId });
      setDeleting(false);
      setEditing(false);
      toast.success(answer.message);
      await changed();
      focusHeading();
    } catch (error) {
      setDeleteError(apiErrorMessage(error));
    } finally {
      setPending(false);
    }
  };

  let content: React.ReactNode;
  if (loading) {
    content = <div role="status" aria-label="Loading your review" className="h-24 animate-pulse rounded-lg bg-slate-100" />;
  } else if (!user) {
    content = (
      <p className="text-sm text-slate-700">
        Bought this product?{" "}
        <a href={signInHref({ returnTo })} className={LINK_CLASS}>
          Sign in to review it
        </a>
        .
      </p>
    );
  } else if (user.role !== "USER") {
    content = <p className="text-sm text-slate-700">Reviews are written by shoppers who bought the product; the store replies from the Reviews screen.</p>;
  } else if (failed || !status) {
    content = (
      <p role="alert" className="text-sm text-red-700">
        Your review could not be loaded. Please reload the page.
      </p>
    );
  } else if (status.review && !editing) {
    content = <OwnReviewCard review={status.review} onEdit={() => setEditing(true)} onDelete={() => setDeleting(true)} canEdit={status.eligible} />;
  } else if (status.eligible) {
    content = (
      <ReviewForm
        productId={productId}
        productName={productName}
        review={status.review}
        onCancel={
          status.review
            ? () => {
                setEditing(false);
                focusHeading();
              }
            : undefined
        }
        onSaved={async () => {
          setEditing(false);
          await changed();
          focusHeading();
        }}
        focusOnMount={editing}
      />
    );
  } else {
    content = <p className="text-sm text-slate-700" data-testid="review-ineligible">{status.reason}</p>;
  }

  return (
    <section id={WRITE_REVIEW_ID} aria-labelledby={headingId} className="scroll-mt-20 space-y-3 rounded-lg border border-slate-200 p-4" data-testid="your-review">
      <h3 id={headingId} ref={headingRef} tabIndex={-1} className="font-semibold outline-none">
        {status?.review ? "Your review" : "Review this product"}
      </h3>
      {content}
      {deleting && (
        <ConfirmDialog title="Delete your review?" confirmLabel="Delete review" cancelLabel="Keep it" pending={pending} error={deleteError} onConfirm={remove} onClose={() => setDeleting(false)}>
          {status?.review?.hidden
            ? "Your words are removed. The store hid this review, so it stays hidden, and a review written again stays hidden too."
            : `Your stars and words are removed from ${productName}'s reviews. You can write a new review later.`}
        </ConfirmDialog>
      )}
    </section>
  );
}

function OwnReviewCard({ review, onEdit, onDelete, canEdit }: { review: OwnReview; onEdit: () => void; onDelete: () => void; canEdit: boolean }) {
  return (
    <div className="space-y-2" data-testid="own-review">
      {review.hidden && (
        <p className="rounded-md bg-amber-50 p-2 text-sm text-amber-900" data-testid="own-review-hidden">
          The store hid this review on {formatDate(review.hidden.at)}: {review.hidden.reason}
        </p>
      )}
      <Stars value={review.rating} label={`${review.rating} out of 5 stars`} size="sm" />
      {review.title && <p className="font-semibold [overflow-wrap:anywhere]">{review.title}</p>}
      {review.body && <p className="whitespace-pre-line text-sm text-slate-800 [overflow-wrap:anywhere]">{review.body}</p>}
      <div className="flex flex-wrap gap-2 pt-1">
        {canEdit && (
          <button type="button" className={QUIET_BUTTON_CLASS} onClick={onEdit}>
            Edit review
          </button>
        )}
        <button type="button" className={QUIET_BUTTON_CLASS} onClick={onDelete}>
          Delete review
        </button>
      </div>
    </div>
  );
}

const STAR_WORDS = ["", "Poor", "Fair", "Good", "Very good", "Excellent"];

function ReviewForm({
  productId,
  productName,
  review,
  onCancel,
  onSaved,
  focusOnMount = false,
}: {
  productId: string;
  productName: string;
  review: OwnReview | null;
  onCancel?: () => void;
  onSaved: () => Promise<void>;
  /** Opened by "Edit review": the focus goes to the stars. */
  focusOnMount?: boolean;
}) {
  const [rating, setRating] = useState(review?.rating ?? 0);
  const [title, setTitle] = useState(review?.title ?? "");
  const [body, setBody] = useState(review?.body ?? "");
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);
  const ids = { rating: useId(), title: useId(), body: useId(), bodyCount: useId(), error: useId() };
  const starsRef = useRef<HTMLFieldSetElement>(null);
  useEffect(() => {
    // Once, when the form opens for an edit: the checked star (a radio group's one tab stop).
    if (focusOnMount) starsRef.current?.querySelector<HTMLInputElement>("input:checked, input")?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on opening only, not when the prop changes after
  }, []);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (pending) return;
    if (rating < 1) {
      setError("Choose from 1 to 5 stars.");
      document.getElementById(`${ids.rating}-1`)?.focus();
      return;
    }
    setPending(true);
    setError(undefined);
    try {
      const answer = await postJson("/api/write-review", { productId, rating, title, body });
      toast.success(answer.message);
      await onSaved();
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : apiErrorMessage(failure));
    } finally {
      setPending(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-3" aria-describedby={error ? ids.error : undefined} data-testid="review-form">
      <fieldset ref={starsRef} aria-describedby={error && rating < 1 ? ids.error : undefined}>
        <legend className="mb-1 text-sm font-medium">Your rating of {productName}</legend>
        <div className="flex items-center gap-1">
          {[1, 2, 3, 4, 5].map((level) => (
            <label key={level} className="cursor-pointer rounded p-0.5 has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600">
              <input
                id={`${ids.rating}-${level}`}
                type="radio"
                name="rating"
                value={level}
                checked={rating === level}
                onChange={() => setRating(level)}
                className="sr-only"
              />
              <StarIcon filled={level <= rating} className={`h-8 w-8 ${level <= rating ? "text-amber-500" : "text-slate-400"}`} />
              <span className="sr-only">
                {level} star{level === 1 ? "" : "s"}
              </span>
            </label>
          ))}
          <span className="ml-2 text-sm text-slate-700" aria-hidden="true">
            {STAR_WORDS[rating]}
          </span>
        </div>
      </fieldset>
      <div className="space-y-1">
        <label htmlFor={ids.title} className="block text-sm font-medium">
          Title (optional)
        </label>
        <input id={ids.title} value={title} onChange={(event) => setTitle(event.target.value)} maxLength={REVIEW_TITLE_MAX} className={INPUT_CLASS} autoComplete="off" />
      </div>
      <div className="space-y-1">
        <label htmlFor={ids.body} className="block text-sm font-medium">
          Your review (optional)
        </label>
        <textarea
          id={ids.body}
          value={body}
          onChange={(event) => setBody(event.target.value)}
          maxLength={REVIEW_BODY_MAX}
          rows={5}
          className={INPUT_CLASS}
          aria-describedby={ids.bodyCount}
        />
        <p id={ids.bodyCount} className="text-right text-xs text-slate-600">
          {body.length.toLocaleString("en-IN")} / {REVIEW_BODY_MAX.toLocaleString("en-IN")} characters
        </p>
      </div>
      {error && (
        <p id={ids.error} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={BRAND_BUTTON_CLASS} disabled={pending} aria-busy={pending || undefined}>
          {review ? "Save changes" : "Submit review"}
        </button>
        {onCancel && (
          <button type="button" className={QUIET_BUTTON_CLASS} onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
