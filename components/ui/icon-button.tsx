// A round button that shows only a drawn icon; its accessible name is `label`.

const ICONS = {
  edit: <path d="M4 20h4L19 9l-4-4L4 16v4zM14 6l4 4" strokeLinecap="round" strokeLinejoin="round" />,
  trash: <path d="M4 7h16M9 7V4h6v3m-8 0 1 13h8l1-13" strokeLinecap="round" strokeLinejoin="round" />,
  close: <path d="M6 6l12 12M18 6 6 18" strokeLinecap="round" />,
} as const;

export function IconButton({ icon, label, onClick, className }: { icon: keyof typeof ICONS; label: string; onClick: () => void; className: string }) {
  return (
    <button type="button" onClick={onClick} aria-label={label} className={`grid shrink-0 place-items-center rounded-full ${className}`}>
      <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
        {ICONS[icon]}
      </svg>
    </button>
  );
}
