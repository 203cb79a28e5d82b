// The part of Resend's API that the store calls (POST /emails, as the `resend` SDK sends it), and a
// developer outbox: GET /resend/outbox (JSON, newest first, ?to= filter), DELETE /resend/outbox,
// GET /resend/outbox.html (readable list). Mail is kept in memory, per emulator instance.
// An Idempotency-Key header is honoured as Resend does: one mail per key.
import { randomUUID } from "node:crypto";
import { escapeHtml, type EmulatorResponse, type EmulatorRoute } from "./http";

export type OutboxEmail = {
  id: string;
  from: string;
  to: string[];
  subject: string;
  html: string | null;
  text: string | null;
  created_at: string;
};

const ADDRESS = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;
const NAMED_ADDRESS = /^[^<>]*<([^\s@<>]+@[^\s@<>]+\.[^\s@<>]+)>$/;
const MAX_RECIPIENTS = 50;

const json = (status: number, body: unknown): EmulatorResponse => ({
  status,
  headers: { "content-type": "application/json" },
  body: JSON.stringify(body),
});

/** Resend's error body: { statusCode, name, message }. */
const resendError = (statusCode: number, name: string, message: string) => json(statusCode, { statusCode, name, message });

const isAddress = (value: string) => ADDRESS.test(value.trim()) || NAMED_ADDRESS.test(value.trim());

/** The bare address of `a@b.c` or `Name <a@b.c>`, lower-cased, for the outbox filter. */
const bareAddress = (value: string) => (NAMED_ADDRESS.exec(value.trim())?.[1] ?? value.trim()).toLowerCase();


function readSendBody(raw: Buffer): { email: Omit<OutboxEmail, "id" | "created_at"> } | { error: EmulatorResponse } {
  let body: unknown;
  try {
    body = JSON.parse(raw.toString("utf8"));
  } catch {
    return { error: resendError(422, "validation_error", "The request body must be JSON.") };
  }
  if (body === null || typeof body !== "object" || Array.isArray(body)) {
    return { error: resendError(422, "validation_error", "The request body must be a JSON object.") };
  }
  const b = body as Record<string, unknown>;
  const missing = (field: string) => ({ error: resendError(422, "missing_required_field", `Missing \`${field}\` field.`) });
  const invalid = (field: string, why: string) => ({ error: resendError(422, "validation_error", `Invalid \`${field}\` field. ${why}`) });
  const format = "The email address needs to follow the `email@example.com` or `Name <email@example.com>` format.";

  if (b.from === undefined || b.from === null || b.from === "") return missing("from");
  if (typeof b.from !== "string" || !isAddress(b.from)) return invalid("from", format);

  if (b.to === undefined || b.to === null || b.to === "" || (Array.isArray(b.to) && b.to.length === 0)) return missing("to");
  const to = typeof b.to === "string" ? [b.to] : b.to;
  if (!Array.isArray(to) || !to.every((t): t is string => typeof t === "string" && isAddress(t))) return invalid("to", format);
  if (to.length > MAX_RECIPIENTS) return invalid("to", `At most ${MAX_RECIPIENTS} recipients.`);

  if (b.subject === undefined || b.subject === null || b.subject === "") return missing("subject");
  if (typeof b.subject !== "string") return invalid("subject", "It must be a string.");

  const html = typeof b.html === "string" && b.html !== "" ? b.html : null;
  const text = typeof b.text === "string" && b.text !== "" ? b.text : null;
  if (html === null && text === null) return missing("html` or `text");

  return { email: { from: b.from, to: to.map((t) => t.trim()), subject: b.subject, html, text } };
}

function outboxPage(emails: OutboxEmail[]): string {
  const items = emails
    .map(
      (email) => `<article>
<h2>${escapeHtml(email.subject)}</h2>
<p class="meta"><b>From</b> ${escapeHtml(email.from)} · <b>To</b> ${escapeHtml(email.to.join(", "))} · <time>${escapeHtml(email.created_at)}</time> · <code>${escapeHtml(email.id)}</code></p>
${email.html !== null ? `<iframe sandbox="" title="${escapeHtml(email.subject)}" srcdoc="${escapeHtml(email.html)}"></iframe>` : ""}
${email.text !== null ? `<pre>${escapeHtml(email.text)}</pre>` : ""}
</article>`,
    )
    .join("\n");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Outbox (${emails.length}) · email emulator</title>
<style>
body{font:15px/1.5 system-ui,sans-serif;max-width:56rem;margin:2rem auto;padding:0 1rem;color:#111}
article{border:1px solid #ddd;border-radius:8px;padding:1rem;margin:1rem 0}
h2{font-size:1.1rem;margin:0 0 .25rem}.meta{color:#555;margin:0 0 .75rem;font-size:.9rem}
iframe{width:100%;height:16rem;border:1px solid #eee;border-radius:4px}pre{white-space:pre-wrap;background:#f6f6f6;padding:.75rem;border-radius:4px}
</style></head><body>
<h1>Outbox</h1>
<p>Mail the store sent through the local Resend emulator, newest first. JSON: <a href="/resend/outbox">/resend/outbox</a>.</p>
${items || "<p>No mail yet.</p>"}
</body></html>`;
}

/** Routes of one Resend emulator, with its own outbox. */
export function resendRoutes(): EmulatorRoute[] {
  const outbox: OutboxEmail[] = [];
  // Resend's Idempotency-Key: the same key sends one mail and answers the same id again (24 h).
  const idempotent = new Map<string, { body: string; id: string }>();

  const send: EmulatorRoute = (request) => {
    if (request.method !== "POST" || request.path !== "/emails") return undefined;
    const bearer = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? "")?.[1];
    if (!bearer) {
      return resendError(
        401,
        "missing_api_key",
        "Missing API key in the authorization header. Include the following header in the request: Authorization: Bearer YOUR_API_KEY",
      );
    }
    if (!bearer.startsWith("re_")) return resendError(403, "invalid_api_key", "API key is invalid");
    const key = request.headers["idempotency-key"];
    const body = request.body.toString("utf8");
    if (typeof key === "string" && key) {
      const seen = idempotent.get(key);
      if (seen && seen.body !== body) {
        return resendError(409, "invalid_idempotent_request", "Same idempotency key used with a different request payload.");
      }
      if (seen) return json(200, { id: seen.id });
    }
    const parsed = readSendBody(request.body);
    if ("error" in parsed) return parsed.error;
    const email: OutboxEmail = { id: randomUUID(), ...parsed.email, created_at: new Date().toISOString() };
    outbox.push(email);
    if (typeof key === "string" && key) idempotent.set(key, { body, id: email.id });
    return json(200, { id: email.id });
  };

  const retrieve: EmulatorRoute = (request) => {
    const id = request.method === "GET" ? /^\/emails\/([^/]+)$/.exec(request.path)?.[1] : undefined;
    if (!id) return undefined;
    const email = outbox.find((e) => e.id === id);
    if (!email) return resendError(404, "not_found", "Email not found");
    return json(200, { object: "email", ...email, last_event: "delivered" });
  };

  const list: EmulatorRoute = (request) => {
    if (request.path === "/resend/outbox") {
      if (request.method === "DELETE") {
        outbox.length = 0;
        return json(200, { deleted: true });
      }
      if (request.method !== "GET") return undefined;
      const to = request.query.get("to")?.trim().toLowerCase();
      const emails = [...outbox].reverse().filter((email) => !to || email.to.some((t) => bareAddress(t) === to));
      return json(200, emails);
    }
    if (request.path === "/resend/outbox.html" && request.method === "GET") {
      return {
        status: 200,
        headers: {
          "content-type": "text/html; charset=utf-8",
          // The mails' HTML is shown in sandboxed srcdoc frames, which inherit this policy.
          "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'; img-src * data:; frame-src 'self'",
        },
        body: outboxPage([...outbox].reverse()),
      };
    }
    return undefined;
  };

  return [send, retrieve, list];
}
