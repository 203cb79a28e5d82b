// Property-based fuzzing of every endpoint (lib/api-routes.ts) with fast-check: bodies, query
// strings and path segments made of wrong types, huge and odd unicode strings, SQL and HTML
// fragments, prototype-pollution keys, deep nesting, bodies over the cap and bytes that are not
// JSON at all. For each of FUZZ_RUNS cases per endpoint (200 unless told): never a 5xx, always
// the API's JSON shape, never a stack trace, SQL text or secret in the answer; and when every
// case of an endpoint was refused, not one row anywhere changed. Runs on a database of its own.
import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { NextRequest } from "next/server";
import { beforeAll, describe, expect, it } from "vitest";
import { API_ROUTES, type ApiRoute } from "@/lib/api-routes";
import { BASE, loadRoute, onOwnDatabase, query, shopper, type Shopper } from "../helpers";

const RUNS = Number(process.env.FUZZ_RUNS ?? 200);

onOwnDatabase("fuzz");

// Hostile text ----------------------------------------------------------------------------------
const FRAGMENTS = [
  "' OR 1=1 --",
  "'; DROP TABLE \"User\"; --",
  "\" UNION SELECT * FROM \"User\" --",
  "%' AND pg_sleep(5) --",
  "<script>alert(1)</script>",
  "<img src=x onerror=alert(1)>",
  "javascript:alert(1)",
  "../../etc/passwd",
  "%00",
  "\u0000",
  "\uD800",
  "\u202Eevil",
  "𝕍𝕠𝕝𝕥 🛒",
  "NaN",
  "-0",
  "1e309",
  "__proto__",
  "constructor",
  "prototype",
  "${7*7}",
  "{{7*7}}",
  "null",
  "undefined",
  " ",
];
const KEYS = [
  "productId", "cartProductId", "wishlistId", "quantity", "email", "password", "confirmPwd", "currentPassword", "name", "contact",
  "profilepic", "otp", "category", "sort", "page", "limit", "q", "cartItems", "role", "_id", "productName", "brandName",
  "productImage", "productDesc", "price", "sellingPrice", "__proto__", "constructor",
];

const hostileString = fc.oneof(
  fc.string(),
  fc.string({ unit: "grapheme", maxLength: 50 }),
  fc.string({ unit: "binary", maxLength: 50 }),
  fc.constantFrom(...FRAGMENTS),
  fc.string({ minLength: 2000, maxLength: 20_000 }),
  fc.uuid(),
  fc.emailAddress(),
);
const hostileValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small" },
    hostileString,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie("value"), { maxLength: 5 }),
    fc.dictionary(fc.constantFrom(...KEYS), tie("value"), { maxKeys: 4 }),
  ),
})).value;

/** A request body as bytes on the wire, with its content type. */
const hostileBody: fc.Arbitrary<{ text: string; type: string }> = fc.oneof(
  // Objects with the API's own field names, holding the wrong things.
  fc.dictionary(fc.constantFrom(...KEYS), hostileValue, { maxKeys: 8 }).map((body) => ({ text: JSON.stringify(body), type: "application/json" })),
  fc.jsonValue().map((body) => ({ text: JSON.stringify(body), type: "application/json" })),
  // Prototype pollution, written as JSON text (JSON.stringify would drop __proto__).
  fc.constantFrom(
    '{"__proto__":{"polluted":true,"role":"ADMIN"}}',
    '{"constructor":{"prototype":{"polluted":true}}}',
    '{"productId":{"__proto__":{"polluted":true}}}',
  ).map((text) => ({ text, type: "application/json" })),
  // Deep nesting, within the size cap.
  fc.integer({ min: 100, max: 5000 }).map((depth) => ({ text: "[".repeat(depth) + "]".repeat(depth), type: "application/json" })),
  fc.integer({ min: 100, max: 2000 }).map((depth) => ({ text: '{"a":'.repeat(depth) + "1" + "}".repeat(depth), type: "application/json" })),
  // Over the cap, not JSON, or not declared as JSON.
  fc.integer({ min: 17_000, max: 60_000 }).map((size) => ({ text: JSON.stringify({ email: "a".repeat(size) }), type: "application/json" })),
  hostileString.map((text) => ({ text, type: "application/json" })),
  fc.constantFrom("text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "").chain((type) => hostileString.map((text) => ({ text, type }))),
);

const hostileQuery = fc.dictionary(fc.constantFrom(...KEYS), fc.oneof(hostileString, fc.integer().map(String)), { maxKeys: 4 });

// Secrets and internals that must never reach an answer.
const LEAKS = [/\n\s+at /, /node_modules/, /Prisma/i, /\bSELECT\b.*\bFROM\b/i, /\bINSERT INTO\b/i, /syntax error/i, /ECONNREFUSED/, /DriverAdapterError/];

function secrets(): string[] {
  const url = new URL(process.env.DATABASE_URL!);
  return [process.env.NEXTAUTH_SECRET!, process.env.STRIPE_WEBHOOK_SECRET!, decodeURIComponent(url.password)].filter((secret) => secret && secret.length >= 6);
}

const TABLES = ["User", "Product", "CartItem", "WishlistItem", "Order", "OrderItem", "Checkout", "EmailChange", "PasswordResetCode", "PasswordResetGrant", "Session"];

async function rowCounts(): Promise<Record<string, number>> {
  const rows = await query<{ t: string; n: string }>(TABLES.map((table) => `SELECT '${table}' AS t, count(*) AS n FROM "${table}"`).join(" UNION ALL "));
  return Object.fromEntries(rows.map((row) => [row.t, Number(row.n)]));
}

let A: Shopper;
let boss: Shopper;

beforeAll(async () => {
  [A, boss] = await Promise.all([shopper(), shopper()]);
  await query(`UPDATE "User" SET role = 'ADMIN' WHERE id = $1`, [boss.id]);
  await query(`INSERT INTO "Product" (id, "productName", "brandName", category, "productImage", "productDesc", price, "sellingPrice", "updatedAt", stock) VALUES ($1, 'Fuzz phone', 'Volt', 'mobiles', ARRAY['/images/products/mobi-001-1.svg'], 'x', 1000, 900, now(), 1000)`, [randomUUID()]);
}, 60_000);

/** The caller that gets furthest into the endpoint: its own kind of account. */
function cookieFor(route: ApiRoute): string | undefined {
  if (route.access === "admin") return boss.cookie;
  if (route.access === "user" || route.access === "shopper") return A.cookie;
  return undefined;
}

const cases = API_ROUTES.filter((route) => route.access !== "next-auth").flatMap((route) => route.methods.map((method) => [`${method} ${route.path}`, route, method] as const));

describe.each(cases)("%s", (_name, route, method) => {
  it(`survives ${RUNS} hostile requests: no 5xx, no leak, nothing written by a refusal`, async () => {
    const handler = (await loadRoute(route))[method]!;
    const params = route.path.match(/:(\w+)/g)?.map((name) => name.slice(1)) ?? [];
    const before = await rowCounts();
    let accepted = 0;
    await query(`DELETE FROM "RateLimitBucket"`);
    await fc.assert(
      fc.asyncProperty(hostileBody, hostileQuery, fc.array(hostileString, { minLength: params.length, maxLength: params.length }), async (body, search, segments) => {
        const values = Object.fromEntries(params.map((name, index) => [name, segments[index]!]));
        const pathname = route.path.replace(/:(\w+)/g, (_m, name: string) => encodeURIComponent(values[name]!.toWellFormed()));
        const url = `${BASE}${pathname}?${new URLSearchParams(search as Record<string, string>)}`;
        const cookie = cookieFor(route);
        const init: Record<string, unknown> = { method, headers: { ...(cookie ? { cookie } : {}), ...(body.type ? { "content-type": body.type } : {}) } };
        if (method !== "GET") init.body = body.text;
        const response = await handler(new NextRequest(url, init as ConstructorParameters<typeof NextRequest>[1]), { params: Promise.resolve(values) });
        const text = await response.text();
        expect(response.status, text.slice(0, 300)).toBeLessThan(500);
        const answer = JSON.parse(text) as { success: boolean; error: boolean; message: string };
        expect(typeof answer.success).toBe("boolean");
        if (response.status >= 400) expect(answer).toMatchObject({ success: false, error: true, message: expect.any(String) });
        else accepted += 1;
        for (const leak of LEAKS) expect(text).not.toMatch(leak);
        for (const secret of secrets()) expect(text).not.toContain(secret);
      }),
      { numRuns: RUNS },
    );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty("role");
    // Reads never write; a write endpoint whose every case was refused wrote nothing.
    if (method === "GET" || accepted === 0) expect(await rowCounts(), `${accepted} accepted`).toEqual(before);
  }, 120_000);
});
