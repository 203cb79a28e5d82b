// The Resend emulator's batch endpoint and rate limit, through the real `resend` SDK and plain
// HTTP: a batch of mails in one request (with their own headers), strict validation, one batch
// per idempotency key, and Resend's default 2 requests a second answered past that with 429
// `rate_limit_exceeded` and the ratelimit headers Resend sends.
import { Resend } from "resend";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startEmulators, type RunningEmulators } from "../../server/emulators/server";
import { RESEND_DEFAULT_RATE_LIMIT, type OutboxEmail } from "../../server/emulators/resend";

let emulators: RunningEmulators;
let resend: Resend;
beforeAll(async () => {
  emulators = await startEmulators();
  resend = new Resend("re_test_key", { baseUrl: emulators.url });
});
afterAll(() => emulators.stop());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** A fresh rate-limit window: the last second's requests forgotten. */
beforeEach(() => sleep(1100));

const mail = (n: number, extra: Record<string, unknown> = {}) => ({ from: "Volt <no-reply@volt.local>", to: `shopper-${n}@example.com`, subject: `Mail ${n}`, html: `<p>${n}</p>`, text: `${n}`, ...extra });
const outbox = async (): Promise<OutboxEmail[]> => (await fetch(`${emulators.url}/resend/outbox`)).json() as Promise<OutboxEmail[]>;
const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${emulators.url}${path}`, { method: "POST", headers: { authorization: "Bearer re_test_key", "content-type": "application/json", ...headers }, body: JSON.stringify(body) });

describe("POST /emails/batch", () => {
  it("sends every mail of a batch in one request, with their headers, and answers their ids in order", async () => {
    const before = (await outbox()).length;
    const headers = { "List-Unsubscribe": "<https://shop.example/api/unsubscribe?t=abc>", "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
    const { data, error } = await resend.batch.send([mail(1, { headers }), mail(2), mail(3)]);
    expect(error).toBeNull();
    expect(data!.data).toHaveLength(3);
    const sent = (await outbox()).slice(0, 3).reverse();
    expect((await outbox()).length).toBe(before + 3);
    expect(sent.map((email) => email.id)).toEqual(data!.data.map((item) => item.id));
    expect(sent[0]!.headers).toEqual(headers);
    expect(sent[1]!.headers).toBeNull();
  });

  it("refuses the whole batch when one mail is invalid, or more than 100, or not a list", async () => {
    const before = (await outbox()).length;
    const invalid = await resend.batch.send([mail(4), { ...mail(5), to: "not an address" }]);
    expect(invalid.error).toMatchObject({ statusCode: 422, name: "validation_error" });
    expect(invalid.error!.message).toContain("emails[1]");
    await sleep(1100);
    const tooMany = await post("/emails/batch", Array.from({ length: 101 }, (_, n) => mail(n)));
    expect(tooMany.status).toBe(422);
    expect((await post("/emails/batch", mail(6))).status).toBe(422);
    expect((await outbox()).length).toBe(before);
  });

  it("sends one batch per idempotency key: the same answer again, 409 for another payload", async () => {
    const before = (await outbox()).length;
    const first = await resend.batch.send([mail(7), mail(8)], { idempotencyKey: "batch-key-1" });
    const again = await resend.batch.send([mail(7), mail(8)], { idempotencyKey: "batch-key-1" });
    expect(again.data).toEqual(first.data);
    expect((await outbox()).length).toBe(before + 2);
    await sleep(1100);
    const other = await resend.batch.send([mail(9)], { idempotencyKey: "batch-key-1" });
    expect(other.error).toMatchObject({ statusCode: 409, name: "invalid_idempotent_request" });
  });
});

describe("the rate limit", () => {
  it(`lets ${RESEND_DEFAULT_RATE_LIMIT} requests a second through, then answers 429 with Resend's headers`, async () => {
    const answers = await Promise.all([post("/emails", mail(10)), post("/emails/batch", [mail(11)]), post("/emails", mail(12))]);
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, 200, 429]);
    const ok = answers.find((answer) => answer.status === 200)!;
    expect(ok.headers.get("ratelimit-limit")).toBe(String(RESEND_DEFAULT_RATE_LIMIT));
    expect(ok.headers.get("ratelimit-remaining")).toMatch(/^[01]$/);
    const refused = answers.find((answer) => answer.status === 429)!;
    expect(await refused.json()).toMatchObject({ statusCode: 429, name: "rate_limit_exceeded" });
    expect(refused.headers.get("ratelimit-limit")).toBe("2");
    expect(refused.headers.get("ratelimit-remaining")).toBe("0");
    expect(Number(refused.headers.get("ratelimit-reset"))).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    // The refused mail was not sent; a second later the key may call again.
    expect((await outbox()).some((email) => email.subject === "Mail 12" || email.subject === "Mail 10")).toBe(true);
    await sleep(1100);
    expect((await post("/emails", mail(13))).status).toBe(200);
  });

  it("counts every call made with an API key (reads too), and the SDK sees the 429 with its headers", async () => {
    const { data } = await resend.emails.send(mail(14));
    const read = await fetch(`${emulators.url}/emails/${data!.id}`, { headers: { authorization: "Bearer re_test_key" } });
    expect(read.status).toBe(200);
    const third = await resend.emails.send(mail(15));
    expect(third.error).toMatchObject({ statusCode: 429, name: "rate_limit_exceeded" });
    expect(third.headers?.["retry-after"]).toBeDefined();
    // Without a key nothing is counted: 401.
    expect((await fetch(`${emulators.url}/emails`, { method: "POST", body: "{}" })).status).toBe(401);
  });

  it("keeps counts a bench can read", async () => {
    const stats = (await (await fetch(`${emulators.url}/resend/stats`)).json()) as { requests: number; rateLimited: number; emails: number; batches: number; rateLimit: number };
    expect(stats.rateLimit).toBe(2);
    expect(stats.rateLimited).toBeGreaterThanOrEqual(2);
    expect(stats.batches).toBeGreaterThanOrEqual(2);
  });
});
