import { NextResponse } from "next/server";
import { UNSUBSCRIBE_BODY_MAX_BYTES } from "@/lib/constants";
import { readUnsubscribeToken, unsubscribe, type MailList } from "@/lib/server/accounts/unsubscribe";
import { badRequest, handle, HttpError, notFound, ok, readRawBody } from "@/lib/server/platform/http";
import { throttle } from "@/lib/server/platform/throttle";

// /api/unsubscribe?t=<signed token> — the one-click unsubscribe of the store's optional mails
// (RFC 8058), the address of their List-Unsubscribe header and footer link (lib/server/accounts/unsubscribe.ts).
// POST with the form body `List-Unsubscribe=One-Click` (as mail clients send it: form-encoded, no
// cookie, no Origin; so not the JSON-only reader, and any origin, the token being the proof)
// unsubscribes at once and answers 200, no redirect. GET changes nothing (mail scanners open
// links): it sends the browser to the /unsubscribe page, whose button makes that POST.

const LIST_NAMES: Record<MailList, string> = { alerts: "wishlist alerts", "review-requests": "review request emails" };
const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

export const GET = handle(async (request) => {
  const token = new URL(request.url).searchParams.get("t") ?? "";
  const page = `/unsubscribe?t=${encodeURIComponent(token)}`;
  // A relative Location: the browser resolves it against the address it asked, whatever host is in
  // front. The body, for clients that do not follow it, in the API's shape.
  return NextResponse.json({ success: true, error: false, message: "Nothing was changed: open this page and press Unsubscribe.", data: { page } }, { status: 303, headers: { Location: page } });
});

export const POST = handle(
  async (request) => {
    await throttle("unsubscribe", request);
    const token = new URL(request.url).searchParams.get("t");
    if (!token) throw badRequest("This unsubscribe link is incomplete: it carries no token. Use the link from the email as it is.");
    const type = request.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase() ?? "";
    if (!FORM_TYPES.has(type)) throw new HttpError(415, "Send the one-click unsubscribe as a form: List-Unsubscribe=One-Click (RFC 8058)");
    const raw = await readRawBody(request, UNSUBSCRIBE_BODY_MAX_BYTES);
    let field: string | null;
    try {
      const form = type === "multipart/form-data" ? await new Response(new Uint8Array(raw), { headers: { "content-type": request.headers.get("content-type")! } }).formData() : new URLSearchParams(raw.toString("utf8"));
      const value = form.get("List-Unsubscribe");
      field = typeof value === "string" ? value : null;
    } catch {
      throw badRequest("The form body could not be read: send List-Unsubscribe=One-Click");
    }
    if (field !== "One-Click") throw badRequest("The body must be List-Unsubscribe=One-Click (RFC 8058)");
    if (!readUnsubscribeToken(token)) throw badRequest("This unsubscribe link is not valid: it was changed or was not made by us. Nothing was changed. Use the link from the email as it is, or turn the emails off in My Account.");
    const done = await unsubscribe(token);
    if (!done) throw notFound("There is no account for this unsubscribe link any more. Nothing was changed.");
    return ok({ list: done.list }, `You are unsubscribed from ${LIST_NAMES[done.list]}.`);
  },
  { anyOrigin: true },
);
