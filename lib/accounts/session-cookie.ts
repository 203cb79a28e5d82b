// The session cookie's name: next-auth's own, so its helpers and ours read the same cookie.
// Secure (and __Secure- prefixed) when the store is served over https.
export function usesSecureCookies(siteUrl = process.env.SITE_URL ?? process.env.NEXTAUTH_URL ?? ""): boolean {
  return siteUrl.startsWith("https://");
}

export function sessionCookieName(siteUrl?: string): string {
  return `${usesSecureCookies(siteUrl) ? "__Secure-" : ""}next-auth.session-token`;
}

/**
 * A readable companion of the HttpOnly session cookie that says only "probably signed in", so
 * the browser skips asking /api/user-details on every anonymous page view. It is a hint, never
 * trusted: the server decides from the session cookie alone.
 */
export const SIGNED_IN_HINT_COOKIE = "volt.signed-in";

/**
 * The header of the account last signed in on this browser ("admin" has no wishlist and cart
 * icons), kept in localStorage by components/layout/header-account.tsx, so that the placeholder the header
 * paints before the account arrives already has its final size. A layout hint, never trusted.
 */
export const HEADER_SHAPE_KEY = "volt.header-shape";

/**
 * Where a cart or wishlist button sends a signed-in ADMIN (those are shoppers' things, answered
 * 403): the sign-in page, which proxy.ts lets a signed-in visitor open at this address only, so the
 * admin can sign in there with a shopper account (the admin's session ends when that one starts).
 */
export const SHOPPER_SIGN_IN = { param: "account", value: "shopper" } as const;
