"use client";

import { useId } from "react";
import { DialogAlert } from "./dialog-alert";
import { useModalDialog } from "./use-modal-dialog";

/** A modal question with Cancel (or `cancelLabel`) and a confirming button; Escape or Cancel closes it. */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  cancelLabel = "Cancel",
  tone = "danger",
  pending,
  error,
  onConfirm,
  onClose,
}: {
  title: string;
  children: React.ReactNode;
  confirmLabel: string;
  /** The closing button's words, where "Cancel" would read as the action itself ("Keep order"). */
  cancelLabel?: string;
  /** "danger" (red: deletes, cancels) or "primary" (the store's colour: a step forward). */
  tone?: "danger" | "primary";
  pending: boolean;
  /** A refusal, said inside the dialog (outside a modal dialog the toasts are inert). */
  error?: string;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const dialog = useModalDialog();
  const titleId = useId();
  const bodyId = useId();
  return (
    <dialog
      ref={dialog}
      onClose={onClose}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      className="m-auto w-[min(28rem,calc(100%-2rem))] rounded-2xl bg-white p-6 shadow-xl backdrop:bg-slate-900/50"
    >
      <h2 id={titleId} className="text-lg font-semibold">
        {title}
      </h2>
      <div id={bodyId} className="mt-2 text-sm text-slate-700">
        {children}
      </div>
      <DialogAlert message={error} className="mt-3" />
      <div className="mt-6 flex justify-end gap-2">
        <button type="button" onClick={() => dialog.current?.close()} className="rounded-full px-4 py-2 text-sm font-medium ring-1 ring-slate-300 hover:bg-slate-100">
          {cancelLabel}
        </button>
        <button type="button" onClick={onConfirm} disabled={pending} className={`rounded-full px-4 py-2 text-sm font-semibold text-white disabled:opacity-60 ${tone === "danger" ? "bg-red-700 hover:bg-red-800" : "bg-brand-700 hover:bg-brand-600"}`}>
          {confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
