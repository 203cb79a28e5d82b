import { PRIMARY_ACTION } from "./order-action-styles";

/** A settings form's end: the refusal that belongs to no field, and its Save button. */
export function SaveFooter({ problem, pending, label }: { problem: React.ReactNode; pending: boolean; label: string }) {
  return (
    <>
      {problem && (
        <p role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      )}
      <button type="submit" disabled={pending} className={PRIMARY_ACTION}>
        {pending ? "Saving…" : label}
      </button>
    </>
  );
}
