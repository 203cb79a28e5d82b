// A small HTTP client for the resilience tests: JSON in and out, the session cookie carried by hand.
import { randomUUID } from "node:crypto";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tests read answers field by field
type Json = any;

export type Answer = { status: number; body: Json; text: string; headers: Headers; ms: number };

export async function call(base: string, path: string, options: { method?: string; body?: unknown; raw?: string; cookie?: string; headers?: Record<string, string>; timeoutMs?: number } = {}): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.cookie) headers.cookie = options.cookie;
  if (options.body !== undefined) headers["content-type"] = "application/json";
  const started = performance.now();
  const response = await fetch(`${base}${path}`, {
    method: options.method ?? (options.body === undefined && options.raw === undefined ? "GET" : "POST"),
    headers,
    body: options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
    redirect: "manual",
    signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
  });
  const text = await response.text();
  let body: Json = null;
  try {
    body = JSON.parse(text);
  } catch {
    // a page, not JSON
  }
  return { status: response.status, body, text, headers: response.headers, ms: performance.now() - started };
}

/** The cookies an answer set, as a Cookie header. */
export function cookiesOf(answer: Answer): string {
  return answer.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0]!)
    .filter((pair) => !pair.endsWith("="))
    .join("; ");
}

export const PASSWORD = "Volt-resilience-9";

export type Account = { id: string; email: string; cookie: string };

/** A new shopper, signed up through `signUpAt` and signed in through `signInAt`. */
export async function newShopper(signUpAt: string, signInAt = signUpAt, prefix = "res"): Promise<Account> {
  const email = `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
  const address = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
  const created = await call(signUpAt, "/api/signup", { body: { name: "Resilience Tester", email, contact: "", password: PASSWORD, confirmPwd: PASSWORD, profilepic: "" }, headers: { "x-forwarded-for": address } });
  if (created.status !== 201) throw new Error(`sign-up answered ${created.status}: ${created.text}`);
  return signIn(signInAt, email, PASSWORD);
}

export async function signIn(base: string, email: string, password: string): Promise<Account> {
  const answer = await call(base, "/api/signin", { body: { email, password } });
  if (answer.status !== 200) throw new Error(`sign-in answered ${answer.status}: ${answer.text}`);
  const cookie = cookiesOf(answer);
  const details = await call(base, "/api/user-details", { cookie });
  return { id: details.body.data._id, email, cookie };
}
