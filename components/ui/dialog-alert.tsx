/**
 * A refusal said inside a modal dialog (empty: nothing shown). Outside a modal dialog everything
 * is inert, toasts included: seen, but not announced, so dialogs say it here as well.
 */
export function DialogAlert({ message, className = "" }: { message: string | undefined; className?: string }) {
  return (
    <p role="alert" className={`text-sm font-medium text-red-700 empty:hidden ${className}`}>
      {message}
    </p>
  );
}
