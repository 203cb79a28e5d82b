import { DIALOG_BUTTONS, PRIMARY_ACTION, SECONDARY_ACTION } from "./order-action-styles";

/** The order page's dialog buttons: Cancel (closes) and the submit button, off while the write is under way. */
export function DialogActions({ submitLabel, pending, onCancel }: { submitLabel: string; pending: boolean; onCancel: () => void }) {
  return (
    <div className={DIALOG_BUTTONS}>
      <button type="button" onClick={onCancel} className={SECONDARY_ACTION}>
        Cancel
      </button>
      <button type="submit" disabled={pending} className={PRIMARY_ACTION}>
        {submitLabel}
      </button>
    </div>
  );
}
