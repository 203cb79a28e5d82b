import { SHOPPER_SIGN_IN } from "./session-cookie";

// Where the sign-in page sends a visitor back to: `/signin?next=/product/…`. Only a path on this
// site is accepted, never another site's address: an open redirect would let a link to the
// store's sign-in page end on any page an attacker likes, right after the visitor signed in.

export const RETURN_PARAM = "next";

const MAX_LENGTH = 2048;
const PLACEHOLDER_ORIGIN = "http://return-path.invalid";

/**
 * `value` when it is a path on this site: it starts with "/" but not "//" or "/\" (both read as
 * another host by browsers), holds no control characters or whitespace (browsers drop tabs and
 * newlines, so "/\t/evil.example" would become "//evil.example"), is a page rather than an API
 * call, and resolves to this origin.
 * Anything else is null.
 */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== "string" || value.length === 0 || value.length > MAX_LENGTH) return null;
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return null;
  if (/[\u0000-\u0020\u007f-\u00a0\\]/.test(value)) return null;
  // Pages only: an API path would run a call right after sign-in (GET /api/logout signs out again).
  if (/^\/api(?:[/?#]|$)/i.test(value)) return null;
  try {
    return new URL(value, PLACEHOLDER_ORIGIN).origin === PLACEHOLDER_ORIGIN ? value : null;
  } catch {
    return null;
  }
}

/** The sign-in page's address, coming back to `returnTo` afterwards; for an ADMIN, the shopper sign-in. */
export function signInHref({ returnTo, shopper = false }: { returnTo?: string; shopper?: boolean } = {}): string {
  const params = new URLSearchParams();
  if (shopper) params.set(SHOPPER_SIGN_IN.param, SHOPPER_SIGN_IN.value);
  const path = safeReturnPath(returnTo);
  if (path) params.set(RETURN_PARAM, path);
  const query = params.toString();
  return query ? `/signin?${query}` : "/signin";
}
