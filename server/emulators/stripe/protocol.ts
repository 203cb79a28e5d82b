// Stripe's API conventions, as every resource of the emulator answers them: JSON answers and
// Stripe's error bodies, its form encoding, ids, metadata, `expand[]`, the API key and the
// Idempotency-Key.
import { randomBytes } from "node:crypto";
import type { EmulatorRequest, EmulatorResponse } from "../http";
import type { Dict, FormValue } from "./types";

export const json = (status: number, body: unknown, headers: Record<string, string> = {}): EmulatorResponse => ({
  status,
  headers: { "content-type": "application/json", "request-id": `req_${token(14)}`, ...headers },
  body: JSON.stringify(body),
});

/** Stripe's error body. */
export const stripeError = (status: number, type: string, message: string, extra: Record<string, string> = {}) => json(status, { error: { type, message, ...extra } });
export const invalid = (message: string, param?: string) => stripeError(400, "invalid_request_error", message, param ? { param } : {});

export function token(length: number): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  return Array.from(randomBytes(length), (byte) => alphabet[byte % alphabet.length]).join("");
}

/** Stripe's form encoding (`a[b][0][c]=v`, as the SDK writes it) into nested objects and lists. */
export function parseStripeForm(body: string): Dict {
  const root: Dict = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const head = /^[^[]+/.exec(rawKey)?.[0];
    if (!head) continue;
    const path = [head, ...Array.from(rawKey.slice(head.length).matchAll(/\[([^\]]*)\]/g), (m) => m[1]!)];
    let node: Dict | FormValue[] = root;
    for (let i = 0; i < path.length; i++) {
      const key = path[i]!;
      const last = i === path.length - 1;
      const nextIsIndex = !last && /^\d*$/.test(path[i + 1]!);
      const slot = Array.isArray(node) ? (key === "" ? node.length : Number(key)) : key;
      const holder = node as Record<string | number, FormValue>;
      if (last) {
        holder[slot] = value;
      } else {
        holder[slot] ??= nextIsIndex ? [] : {};
        node = holder[slot] as Dict | FormValue[];
      }
    }
  }
  return root;
}

export const str = (value: FormValue | undefined): string | undefined => (typeof value === "string" ? value : undefined);
export const dict = (value: FormValue | undefined): Dict | undefined => (value && typeof value === "object" && !Array.isArray(value) ? value : undefined);
export const list = (value: FormValue | undefined): FormValue[] | undefined => (Array.isArray(value) ? value : value && typeof value === "object" ? Object.values(value) : undefined);
export const wholeNumber = (value: FormValue | undefined): number | undefined => {
  const text = str(value);
  return text !== undefined && /^-?\d+$/.test(text) ? Number(text) : undefined;
};
export const isUrl = (value: string) => {
  try {
    return /^https?:$/.test(new URL(value).protocol);
  } catch {
    return false;
  }
};


/** Stripe's error with a `code` (and its doc_url), e.g. resource_missing, amount_too_large. */
export const coded = (status: number, code: string, message: string, param?: string) =>
  stripeError(status, "invalid_request_error", message, { code, doc_url: `https://stripe.com/docs/error-codes/${code.replace(/_/g, "-")}`, ...(param ? { param } : {}) });
export const missing = (kind: string, id: string, param: string) => coded(404, "resource_missing", `No such ${kind}: '${id}'`, param);

/** `metadata[…]` as Stripe takes it on top of `base`: an empty value unsets its key, an empty `metadata` unsets all. */
export function readMetadata(value: FormValue | undefined, base: Record<string, string> = {}): { metadata: Record<string, string> } | { error: EmulatorResponse } {
  if (value === undefined) return { metadata: { ...base } };
  if (value === "") return { metadata: {} };
  const given = dict(value);
  if (!given) return { error: invalid("Invalid object", "metadata") };
  const metadata = { ...base };
  for (const [key, entry] of Object.entries(given)) {
    if (typeof entry !== "string") return { error: invalid("Metadata values must be strings.", `metadata[${key}]`) };
    if (key.length > 40) return { error: invalid("Metadata keys can have a maximum length of 40 characters.", `metadata[${key}]`) };
    if (entry.length > 500) return { error: invalid("Metadata values can have a maximum length of 500 characters.", `metadata[${key}]`) };
    if (entry === "") delete metadata[key];
    else metadata[key] = entry;
  }
  if (Object.keys(metadata).length > 50) return { error: invalid("Metadata can have up to 50 keys.", "metadata") };
  return { metadata };
}

/** The `expand[]` asked for, or Stripe's error for a field that cannot be expanded here. */
export function expansions(query: Dict, allowed: string[]): string[] | EmulatorResponse {
  const asked = (list(query.expand) ?? (query.expand === undefined ? [] : [query.expand])).map((value) => str(value) ?? "");
  const refused = asked.find((field) => !allowed.includes(field));
  return refused === undefined ? asked : invalid(`This property cannot be expanded (${refused}).`, "expand");
}

export function rupees(amount: number, currency: string): string {
  return new Intl.NumberFormat("en-IN", { style: "currency", currency: currency.toUpperCase(), maximumFractionDigits: 2 }).format(amount / 100);
}

/** An inspection route's body: JSON (its values as strings) or a form; null when it is not readable. */
export function inspectionBody(request: EmulatorRequest): Dict | null {
  const text = request.body.toString("utf8");
  if (!/json/i.test(request.headers["content-type"] ?? "")) return parseStripeForm(text);
  try {
    const parsed: unknown = JSON.parse(text || "{}");
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return null;
    return Object.fromEntries(Object.entries(parsed).filter(([, value]) => value !== null && value !== undefined).map(([key, value]) => [key, String(value)]));
  } catch {
    return null;
  }
}

export function authorized(request: EmulatorRequest): EmulatorResponse | null {
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? "")?.[1];
  if (!bearer) return stripeError(401, "invalid_request_error", "You did not provide an API key.");
  if (!/^(sk|rk)_(test|live)_/.test(bearer)) return stripeError(401, "invalid_request_error", `Invalid API Key provided: ${bearer.slice(0, 8)}***`);
  return null;
}

/**
 * Stripe's Idempotency-Key: the first answer (below 500) is kept for the key; the same key with the
 * same endpoint and body gets it again (`idempotent-replayed: true`) without running anything, with
 * another body or endpoint Stripe's idempotency_error.
 */
export function idempotency(): (request: EmulatorRequest, run: (body: string, key: string | null) => EmulatorResponse) => EmulatorResponse {
  const idempotency = new Map<string, { path: string; body: string; answer: EmulatorResponse }>();
  return (request, run) => {
  const header = request.headers["idempotency-key"];
  const key = typeof header === "string" && header ? header : null;
  const body = request.body.toString("utf8");
  if (key === null) return run(body, null);
  const seen = idempotency.get(key);
  if (seen) {
    if (seen.path !== request.path) {
      return stripeError(400, "idempotency_error", `Keys for idempotent requests can only be used for the same endpoint they were first used for ('${seen.path}' vs '${request.path}'). Try using a key other than '${key}' if you meant to execute a different request.`);
    }
    if (seen.body !== body) {
      return stripeError(400, "idempotency_error", `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`);
    }
    return { ...seen.answer, headers: { ...seen.answer.headers, "idempotent-replayed": "true" } };
  }
  const answer = run(body, key);
  if (answer.status < 500) idempotency.set(key, { path: request.path, body, answer });
  return answer;
  };
}

/** Stripe's answer to a path or method it does not know. */
export const unrecognized = (request: EmulatorRequest) => stripeError(404, "invalid_request_error", `Unrecognized request URL (${request.method}: ${request.path}).`);
