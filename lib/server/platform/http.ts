import "server-only";
import { timingSafeEqual } from "node:crypto";
import { NextResponse } from "next/server";
import type { z } from "zod";
import { JSON_BODY_MAX_BYTES } from "@/lib/constants";
import { siteUrl } from "@/lib/site-url";
import { isDatabaseUnavailable } from "./db";
import { CACHE_CANDIDATE_HEADER, CACHEABLE_ANSWER_HEADER, INTERNAL_ERROR_MESSAGE, READ_BODY_CAPPED, rememberJsonBody } from "./answers";
import { isCrossSiteRequest } from "./origin";
import { currentRequest } from "./request-context";
import { readConfig } from "./config";
import { log } from "./log";

// The spec's answer shape: { success, error, message, data }, with real HTTP status codes.

export class HttpError extends Error {
  constructor(
    public readonly status: number,
    message: string,
    public readonly headers?: Record<string, string>,
    /** Field name → message, for forms that show each field's problem beside it. */
    public readonly fields?: Record<string, string>,
    /** What the caller needs to try again (a refusal's current state), answered as `data`. */
    public readonly data?: unknown,
  ) {
    super(message);
    this.name = "HttpError";
  }
}

/** A 400 naming the first problem, with every field's first problem in `errors`. */
export function invalidFields(issues: readonly { path: readonly PropertyKey[]; message: string }[], fallback = "Invalid request"): HttpError {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.path.map(String).join(".") || "body";
    fields[field] ??= issue.message;
  }
  return new HttpError(400, issues[0]?.message ?? fallback, undefined, fields);
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = "Please log in first.") => new HttpError(401, message);
export const forbidden = (message = "You are not allowed to do that.") => new HttpError(403, message);
export const notFound = (message = "Not found") => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
/** A provider or dependency is not answering: try again soon. */
export const unavailable = (message: string, retryAfterSeconds = 5) => new HttpError(503, message, { "Retry-After": String(retryAfterSeconds) });
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, message, { "Retry-After": String(retryAfterSeconds) });

/** Fields that hold image addresses (one, or a list), wherever they sit in an answer. */
const IMAGE_FIELDS = new Set(["productImage", "image", "profilepic", "profilePic"]);

/**
 * Image addresses in API answers are absolute: a client on another origin (a single-page app, a
 * mobile app) puts them straight into `<img src>`. The store's own images are site-relative in the
 * database (`/images/products/…`) and on the store's pages; the image host's are absolute already.
 */
export function absoluteImageAddresses(base: string): (key: string, value: unknown) => unknown {
  const absolute = (address: unknown) => (typeof address === "string" && address.startsWith("/") && !address.startsWith("//") ? `${base}${address}` : address);
  return (key, value) => {
    if (!IMAGE_FIELDS.has(key)) return value;
    return Array.isArray(value) ? value.map(absolute) : absolute(value);
  };
}

/**
 * A JSON answer, its image addresses absolute (see absoluteImageAddresses). The front door's
 * direct routes take the text as made (rememberJsonBody), so their answers carry no body stream.
 */
function json(body: unknown, status: number): NextResponse {
  const text = JSON.stringify(body, absoluteImageAddresses(siteUrl()));
  const response = new NextResponse(currentRequest()?.direct ? null : text, { status, headers: { "content-type": "application/json" } });
  rememberJsonBody(response, text);
  return response;
}

/**
 * Marks a catalogue answer (the same for every caller) as one the production server's front door
 * may keep until the next catalogue change (lib/server/front-door/page-cache.ts): only when the front door
 * said, on the request, that it would keep it (and so strip the mark).
 */
export function cacheable(request: Request, response: NextResponse, seconds = 3600): NextResponse {
  if (request.headers.get(CACHE_CANDIDATE_HEADER) === "1" && response.status === 200) response.headers.set(CACHEABLE_ANSWER_HEADER, String(seconds));
  return response;
}

/** Whether `given` is exactly `expected`, compared in constant time (secrets and tokens in headers). */
export function matchesSecret(given: string | null, expected: string): boolean {
  const a = Buffer.from(given ?? "");
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The scheduled calls (/api/cron/*): 404 unless CRON_SECRET is set, 401 unless the caller sends
 * `Authorization: Bearer <CRON_SECRET>` (as Vercel Cron does).
 */
export function requireCronSecret(request: Request): void {
  const secret = readConfig().cronSecret;
  if (!secret) throw notFound();
  if (!matchesSecret(request.headers.get("authorization"), `Bearer ${secret}`)) throw unauthorized("A valid cron secret is required.");
}

export function ok<T>(data: T, message = "", init?: { status?: number }): NextResponse {
  return json({ success: true, error: false, message, data }, init?.status ?? 200);
}

/** Answers with other fields than `data`: the spec's `product`, or `data` beside a `total`. */
export function okWith(fields: Record<string, unknown>, message = ""): NextResponse {
  return json({ success: true, error: false, message, ...fields }, 200);
}

/** Reads and validates the query string; any problem is a 400 naming the first thing wrong. */
export function readQuery<S extends z.ZodType>(request: Request, schema: S): z.output<S> {
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const parsed = schema.safeParse(params);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? "Invalid query");
  return parsed.data;
}

export function fail(status: number, message: string, headers?: HeadersInit, fields?: Record<string, string>, data?: unknown): NextResponse {
  return NextResponse.json({ success: false, error: true, message, ...(fields ? { errors: fields } : {}), ...(data !== undefined ? { data } : {}) }, { status, headers });
}

/**
 * Reads a JSON body of at most `maxBytes` (413 past that; JSON_BODY_MAX_BYTES unless a picture
 * travels in it) and validates it; any problem is a 400 naming the first thing wrong.
 */
export async function readBody<S extends z.ZodType>(request: Request, schema: S, maxBytes: number = JSON_BODY_MAX_BYTES): Promise<z.output<S>> {
  // JSON only: a cross-site <form enctype="text/plain"> can forge a JSON-looking body without a
  // CORS preflight (login CSRF); a JSON content type cannot be sent that way.
  const type = request.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase();
  if (type !== "application/json") throw new HttpError(415, "Send the request body as JSON (Content-Type: application/json)");
  const raw = await readRawBody(request, maxBytes);
  let body: unknown;
  try {
    body = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(raw));
  } catch {
    throw badRequest("The request body must be JSON");
  }
  if (body === null || typeof body !== "object" || Array.isArray(body)) {
    throw badRequest("The request body must be a JSON object");
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw invalidFields(parsed.error.issues);
  return parsed.data;
}

/**
 * The body as raw bytes, at most `maxBytes` (413 past that, from Content-Length before reading,
 * or as soon as a body without one grows past it): every body the API reads comes through here.
 */
export async function readRawBody(request: Request, maxBytes: number): Promise<Buffer> {
  const tooLarge = () => new HttpError(413, `The request body must be at most ${maxBytes} bytes`);
  const declared = Number(request.headers.get("content-length") ?? NaN);
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge();
  const readCapped = (request as Request & { [READ_BODY_CAPPED]?: (max: number) => Promise<Buffer | null> })[READ_BODY_CAPPED];
  if (readCapped) {
    const bytes = await readCapped.call(request, maxBytes);
    if (bytes === null) throw tooLarge();
    return bytes;
  }
  if (!request.body) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

type Handler<C> = (request: Request, context: C) => Promise<Response>;

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** API answers are personal or fresh: no browser or shared cache keeps them, unless a handler says otherwise. */
function noStore(response: Response): Response {
  if (!response.headers.has("cache-control")) response.headers.set("Cache-Control", "no-store");
  return response;
}
export const DATABASE_UNAVAILABLE_MESSAGE = "The store is briefly unavailable. Please try again in a few seconds.";
export const CROSS_SITE_MESSAGE = "Requests from other sites are not allowed";

/**
 * Turns thrown HttpErrors into their answers, a database that cannot be reached into a 503 with
 * Retry-After (nothing was written: a write either commits or fails whole), and anything else into
 * a 500 that leaks nothing; refuses a state-changing call a browser sent from another site's page
 * (403; lib/server/platform/origin.ts). `anyOrigin` is for the payment webhook, signed instead.
 */
export function handle<C = unknown>(handler: Handler<C>, options: { anyOrigin?: boolean } = {}): Handler<C> {
  return async (request, context) => {
    try {
      if (!options.anyOrigin && !SAFE_METHODS.has(request.method) && isCrossSiteRequest(request)) throw new HttpError(403, CROSS_SITE_MESSAGE);
      return noStore(await handler(request, context));
    } catch (error) {
      if (error instanceof HttpError) return noStore(fail(error.status, error.message, error.headers, error.fields, error.data));
      if (isDatabaseUnavailable(error)) {
        const cause = error instanceof Error ? error.message.split("\n").filter(Boolean).slice(-1)[0] : String(error);
        log.error({ method: request.method, path: new URL(request.url).pathname, cause }, "api: the database is unavailable");
        return noStore(fail(503, DATABASE_UNAVAILABLE_MESSAGE, { "Retry-After": "5" }));
      }
      log.error({ err: error, method: request.method, path: new URL(request.url).pathname }, "api: the handler failed");
      return noStore(fail(500, INTERNAL_ERROR_MESSAGE));
    }
  };
}
