"use client";

import { useId, type ReactNode } from "react";
import { DialogAlert } from "../ui/dialog-alert";
import { useModalDialog } from "../ui/use-modal-dialog";
import { DialogActions } from "./dialog-actions";
import { DIALOG_CLASS } from "./order-action-styles";

/**
 * One of the order page's small forms in a modal dialog: its title, the fields (`children`, given
 * the dialog's id to prefix their own), the refusal above the buttons, Cancel and the submit
 * button. `onSubmit` answers whether the write succeeded; the dialog then closes.
 */
export function ActionFormDialog({
  title,
  submitLabel,
  pending,
  error,
  onSubmit,
  onClose,
  children,
}: {
  title: string;
  submitLabel: string;
  pending: boolean;
  error: string;
  onSubmit: () => Promise<boolean>;
  onClose: () => void;
  children: (id: string) => ReactNode;
}) {
  const dialog = useModalDialog();
  const id = useId();
  return (
    <dialog ref={dialog} onClose={onClose} aria-labelledby={`${id}-title`} className={DIALOG_CLASS}>
      <h2 id={`${id}-title`} className="mb-3 text-xl font-semibold">
        {title}
      </h2>
      <form
        className="space-y-3 text-sm"
        onSubmit={async (event) => {
          event.preventDefault();
          if (await onSubmit()) dialog.current?.close();
        }}
      >
        {children(id)}
        <DialogAlert message={error} />
        <DialogActions submitLabel={submitLabel} pending={pending} onCancel={() => dialog.current?.close()} />
      </form>
    </dialog>
  );
}
