import "server-only";
import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";
import { isRowId } from "@/lib/shared/row-id";
import { siteUrl } from "@/lib/site-url";
import { db } from "../platform/db";

// One-click unsubscribe (RFC 8058) for the store's optional mails: the wishlist alerts and the
// review requests. Each mail names one signed address, /api/unsubscribe?t=<token>, in its
// List-Unsubscribe header (with List-Unsubscribe-Post: List-Unsubscribe=One-Click) and in its
// footer. The token says which list and whose account, signed with HMAC-SHA256 under a key derived
// from NEXTAUTH_SECRET by HKDF (never the session secret itself). It does not expire: an old mail's
// link must still work. A POST to it unsubscribes at once (mail clients send it without cookies);
// a GET only shows a page with a button, since mail scanners open every link.

export type MailList = "alerts" | "review-requests";

const LISTS: readonly MailList[] = ["alerts", "review-requests"];
const TOKEN = /^([A-Za-z0-9_-]{1,120})\.([A-Za-z0-9_-]{43})$/;

let derivedKey: { from: string; key: Buffer } | null = null;

function unsubscribeKey(): Buffer {
  const value = process.env.NEXTAUTH_SECRET;
  if (!value) throw new Error("NEXTAUTH_SECRET is not set.");
  if (derivedKey?.from !== value) derivedKey = { from: value, key: Buffer.from(hkdfSync("sha256", value, "volt-electronics", "unsubscribe-hmac", 32)) };
  return derivedKey.key;
}

const sign = (payload: string) => createHmac("sha256", unsubscribeKey()).update(`unsubscribe:${payload}`).digest("base64url");

/** `<list>:<user id>` in base64url, a dot, then its signature. */
function unsubscribeToken(userId: string, list: MailList): string {
  const payload = Buffer.from(`${list}:${userId}`, "utf8").toString("base64url");
  return `${payload}.${sign(payload)}`;
}

/** What a token says, when its signature is the store's own; null for anything else. */
export function readUnsubscribeToken(token: unknown): { userId: string; list: MailList } | null {
  if (typeof token !== "string") return null;
  const match = TOKEN.exec(token);
  if (!match) return null;
  const [, payload, signature] = match as unknown as [string, string, string];
  const expected = Buffer.from(sign(payload), "utf8");
  const given = Buffer.from(signature, "utf8");
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  const decoded = Buffer.from(payload, "base64url").toString("utf8");
  const colon = decoded.indexOf(":");
  const list = decoded.slice(0, colon) as MailList;
  const userId = decoded.slice(colon + 1);
  if (colon < 0 || !LISTS.includes(list) || !isRowId(userId)) return null;
  return { userId, list };
}

/** The signed one-click address for a shopper and a list, absolute (the site's https URL in production). */
export function unsubscribeUrl(userId: string, list: MailList): string {
  return `${siteUrl()}/api/unsubscribe?t=${unsubscribeToken(userId, list)}`;
}

/** The two headers RFC 8058 asks of a mail with a one-click unsubscribe. */
export function unsubscribeHeaders(userId: string, list: MailList): Record<string, string> {
  return { "List-Unsubscribe": `<${unsubscribeUrl(userId, list)}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}

/**
 * Takes the shopper off the list the token names, at once: "alerts" turns off every price and
 * stock alert on their wishlist, "review-requests" the review-request mails. Null for a token that
 * is not the store's (forged or altered) or names no account: nothing changes.
 */
export async function unsubscribe(token: string): Promise<{ list: MailList } | null> {
  const read = readUnsubscribeToken(token);
  if (!read) return null;
  if (read.list === "alerts") {
    const user = await db.user.findUnique({ where: { id: read.userId }, select: { id: true } });
    if (!user) return null;
    await db.wishlistItem.updateMany({ where: { userId: read.userId, OR: [{ priceAlert: true }, { stockAlert: true }] }, data: { priceAlert: false, stockAlert: false } });
    return { list: "alerts" };
  }
  const changed = await db.user.updateMany({ where: { id: read.userId }, data: { reviewRequestsOff: true } });
  return changed.count === 1 ? { list: "review-requests" } : null;
}
