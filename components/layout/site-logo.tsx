import { IntentLink } from "@/components/layout/intent-link";

/**
 * The logo; `compact` keeps only the mark on phones (the signed-in header needs the room). Its
 * spoken name is its visible text and then "home" ("VoltElectronics home"): the words are kept for
 * screen readers on phones too (sr-only instead of hidden), so speech users can say what they see.
 */
export function SiteLogo({ className = "", compact = false }: { className?: string; compact?: boolean }) {
  return (
    <IntentLink href="/" className={`flex items-center gap-2 font-bold tracking-tight ${className}`}>
      <svg viewBox="0 0 32 32" className="h-8 w-8" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill="#e11d48" />
        <path d="M18 4 8 18h7l-2 10 11-15h-7z" fill="#fff" />
      </svg>
      <span className={compact ? "sr-only text-lg sm:not-sr-only" : "text-lg"}>
        Volt<span className="text-brand-600">Electronics</span>
      </span>
      <span className="sr-only"> home</span>
    </IntentLink>
  );
}
