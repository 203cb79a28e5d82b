// The part of Resend's API that the store calls (POST /emails and POST /emails/batch, as the
// `resend` SDK sends them), and a developer outbox: GET /resend/outbox (JSON, newest first, ?to=
// filter), DELETE /resend/outbox, GET /resend/outbox.html (readable list), GET /resend/stats
// (counts). Mail is kept in memory, per emulator instance.
// An Idempotency-Key header is honoured as Resend does: one mail (or one batch) per key.
// Resend's rate limit is enforced on every call made with an API key: by default 2 requests per
// second (Resend's documented default for a team, across all its keys), answered past that with
// 429 `rate_limit_exceeded` and the headers Resend sends (ratelimit-limit, ratelimit-remaining,
// ratelimit-reset, retry-after), so the store's pacing and figures are those it would meet.
import { randomUUID } from "node:crypto";
import { escapeHtml, type EmulatorRequest, type EmulatorResponse, type EmulatorRoute } from "./http";

export type OutboxEmail = {
  id: string;
  from: string;
  to: string[];
  subject: string;
  html: string | null;
  text: string | null;
  /** The mail's own headers (List-Unsubscribe, …), as given; null without any. */
  headers: Record<string, string> | null;
  created_at: string;
};

/** Resend's default rate limit: requests per second, per team (all its API keys together). */
export const RESEND_DEFAULT_RATE_LIMIT = 2;
/** The most mails one batch call may carry. */
export const RESEND_BATCH_MAX = 100;

export type ResendEmulatorOptions = {
  /** Requests per second allowed with an API key (default RESEND_DEFAULT_RATE_LIMIT); 0: no limit. */
  rateLimit?: number;
  /** The most mails the outbox keeps (the oldest go first); default: all. A bench sending 100 000 sets it. */
  outboxLimit?: number;
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


function readEmail(body: unknown): { email: Omit<OutboxEmail, "id" | "created_at"> } | { error: EmulatorResponse } {
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

  let headers: Record<string, string> | null = null;
  if (b.headers !== undefined && b.headers !== null) {
    if (typeof b.headers !== "object" || Array.isArray(b.headers) || !Object.values(b.headers).every((value) => typeof value === "string")) {
      return invalid("headers", "It must be an object of string values.");
    }
    headers = { ...(b.headers as Record<string, string>) };
  }

  return { email: { from: b.from, to: to.map((t) => t.trim()), subject: b.subject, html, text, headers } };
}

function readSendBody(raw: Buffer): { email: Omit<OutboxEmail, "id" | "created_at"> } | { error: EmulatorResponse } {
  let body: unknown;
  try {
    body = JSON.parse(raw.toString("utf8"));
  } catch {
    return { error: resendError(422, "validation_error", "The request body must be JSON.") };
  }
  return readEmail(body);
}

/** A batch: a JSON array of 1 to 100 mails, every one valid (strict validation, Resend's default). */
function readBatchBody(raw: Buffer): { emails: Omit<OutboxEmail, "id" | "created_at">[] } | { error: EmulatorResponse } {
  let body: unknown;
  try {
    body = JSON.parse(raw.toString("utf8"));
  } catch {
    return { error: resendError(422, "validation_error", "The request body must be JSON.") };
  }
  if (!Array.isArray(body) || body.length === 0) return { error: resendError(422, "validation_error", "The request body must be an array of emails.") };
  if (body.length > RESEND_BATCH_MAX) return { error: resendError(422, "validation_error", `Too many emails in the batch: at most ${RESEND_BATCH_MAX}.`) };
  const emails: Omit<OutboxEmail, "id" | "created_at">[] = [];
  for (const [index, item] of body.entries()) {
    const parsed = readEmail(item);
    if ("error" in parsed) {
      const detail = JSON.parse(String(parsed.error.body)) as { name: string; message: string };
      return { error: resendError(422, detail.name, `emails[${index}]: ${detail.message}`) };
    }
    emails.push(parsed.email);
  }
  return { emails };
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
export function resendRoutes(options: ResendEmulatorOptions = {}): EmulatorRoute[] {
  const outbox: OutboxEmail[] = [];
  const limit = options.rateLimit ?? RESEND_DEFAULT_RATE_LIMIT;
  const stats = { requests: 0, rateLimited: 0, emails: 0, batches: 0 };
  // Resend's Idempotency-Key: the same key sends one mail (or batch) and answers the same again (24 h).
  const idempotent = new Map<string, { body: string; answer: string }>();
  // When each request with an API key of the last second was let through: a sliding window.
  const recent: number[] = [];

  const keep = (email: OutboxEmail) => {
    outbox.push(email);
    stats.emails += 1;
    if (options.outboxLimit !== undefined && outbox.length > options.outboxLimit) outbox.splice(0, outbox.length - options.outboxLimit);
  };

  /** The API key check, then the rate limit: an answer to give instead, or the headers to add. */
  const admit = (request: EmulatorRequest): { refused: EmulatorResponse } | { headers: Record<string, string> } => {
    const bearer = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? "")?.[1];
    if (!bearer) {
      return {
        refused: resendError(
          401,
          "missing_api_key",
          "Missing API key in the authorization header. Include the following header in the request: Authorization: Bearer YOUR_API_KEY",
        ),
      };
    }
    if (!bearer.startsWith("re_")) return { refused: resendError(403, "invalid_api_key", "API key is invalid") };
    stats.requests += 1;
    if (limit <= 0) return { headers: {} };
    const now = Date.now();
    while (recent.length > 0 && recent[0]! <= now - 1000) recent.shift();
    const reset = recent.length > 0 ? Math.max(1, Math.ceil((recent[0]! + 1000 - now) / 1000)) : 1;
    if (recent.length >= limit) {
      stats.rateLimited += 1;
      const refused = resendError(
        429,
        "rate_limit_exceeded",
        `Too many requests. You can only make ${limit} requests per second. See rate limit response headers for more information. Or contact support to increase rate limit.`,
      );
      const headers = { "ratelimit-limit": String(limit), "ratelimit-remaining": "0", "ratelimit-reset": String(reset), "retry-after": String(reset) };
      return { refused: { ...refused, headers: { ...refused.headers, ...headers } } };
    }
    recent.push(now);
    return { headers: { "ratelimit-limit": String(limit), "ratelimit-remaining": String(limit - recent.length), "ratelimit-reset": String(reset) } };
  };

  /** An answer with the rate limit's headers. */
  const withHeaders = (answer: EmulatorResponse, headers: Record<string, string>): EmulatorResponse => ({ ...answer, headers: { ...answer.headers, ...headers } });

  /** A repeat of an idempotency key: the first answer again, or 409 for another payload; undefined: a new key. */
  const repeat = (scope: string, request: EmulatorRequest): EmulatorResponse | undefined => {
    const key = request.headers["idempotency-key"];
    if (typeof key !== "string" || !key) return undefined;
    const seen = idempotent.get(`${scope}:${key}`);
    if (!seen) return undefined;
    if (seen.body !== request.body.toString("utf8")) return resendError(409, "invalid_idempotent_request", "Same idempotency key used with a different request payload.");
    return { status: 200, headers: { "content-type": "application/json" }, body: seen.answer };
  };
  const remember = (scope: string, request: EmulatorRequest, answer: EmulatorResponse) => {
    const key = request.headers["idempotency-key"];
    if (typeof key === "string" && key) idempotent.set(`${scope}:${key}`, { body: request.body.toString("utf8"), answer: String(answer.body) });
  };

  const send: EmulatorRoute = (request) => {
    if (request.method !== "POST" || request.path !== "/emails") return undefined;
    const admitted = admit(request);
    if ("refused" in admitted) return admitted.refused;
    const again = repeat("email", request);
    if (again) return withHeaders(again, admitted.headers);
    const parsed = readSendBody(request.body);
    if ("error" in parsed) return withHeaders(parsed.error, admitted.headers);
    const email: OutboxEmail = { id: randomUUID(), ...parsed.email, created_at: new Date().toISOString() };
    keep(email);
    const answer = json(200, { id: email.id });
    remember("email", request, answer);
    return withHeaders(answer, admitted.headers);
  };

  // POST /emails/batch: up to 100 mails in one request (one request against the rate limit).
  const batch: EmulatorRoute = (request) => {
    if (request.method !== "POST" || request.path !== "/emails/batch") return undefined;
    const admitted = admit(request);
    if ("refused" in admitted) return admitted.refused;
    const again = repeat("batch", request);
    if (again) return withHeaders(again, admitted.headers);
    const parsed = readBatchBody(request.body);
    if ("error" in parsed) return withHeaders(parsed.error, admitted.headers);
    const created_at = new Date().toISOString();
    const emails = parsed.emails.map((email): OutboxEmail => ({ id: randomUUID(), ...email, created_at }));
    emails.forEach(keep);
    stats.batches += 1;
    const answer = json(200, { data: emails.map((email) => ({ id: email.id })) });
    remember("batch", request, answer);
    return withHeaders(answer, admitted.headers);
  };

  const retrieve: EmulatorRoute = (request) => {
    const id = request.method === "GET" ? /^\/emails\/([^/]+)$/.exec(request.path)?.[1] : undefined;
    if (!id || id === "batch") return undefined;
    const admitted = admit(request);
    if ("refused" in admitted) return admitted.refused;
    const email = outbox.find((e) => e.id === id);
    if (!email) return withHeaders(resendError(404, "not_found", "Email not found"), admitted.headers);
    return withHeaders(json(200, { object: "email", ...email, last_event: "delivered" }), admitted.headers);
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
    if (request.path === "/resend/stats" && request.method === "GET") return json(200, { ...stats, outbox: outbox.length, rateLimit: limit });
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

  return [send, batch, retrieve, list];
}
