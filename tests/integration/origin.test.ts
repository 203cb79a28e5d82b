// Cross-site writes and CORS: the origin check behind every state-changing API call, and the
// API front door in proxy.ts (CORS for ALLOWED_ORIGINS only; JSON 404/405/400), called directly.
import { NextRequest } from "next/server";
import { afterEach, describe, expect, it } from "vitest";
import { proxy } from "@/proxy";
import { POST as addToCart } from "@/app/api/add-to-cart/route";
import { POST as webhook } from "@/app/api/webhook/route";
import { BASE, jsonRequest, noContext, shopper } from "../helpers";

afterEach(() => {
  delete process.env.ALLOWED_ORIGINS;
});

const SITE = new URL(process.env.SITE_URL!).origin;
const APP = "https://app.example.com";

describe("state-changing calls from other sites", () => {
  it.each([
    ["the store's own page (Sec-Fetch-Site: same-origin)", { "sec-fetch-site": "same-origin" }, 400],
    ["the store's origin", { origin: SITE }, 400],
    ["a client with no Origin (a script, a mobile app)", {}, 400],
    ["another site's page", { origin: "https://evil.example", "sec-fetch-site": "cross-site" }, 403],
    ["another site, Origin only (an older browser)", { origin: "https://evil.example" }, 403],
    ["a sandboxed page (Origin: null)", { origin: "null" }, 403],
    ["a sibling subdomain without Origin (Sec-Fetch-Site: same-site)", { "sec-fetch-site": "same-site" }, 403],
  ])("%s: %s", async (_name, headers, status) => {
    const me = await shopper();
    // An empty body is a 400 once the origin check has let the call through.
    const answer = await addToCart(jsonRequest("/api/add-to-cart", {}, { cookie: me.cookie, headers }), noContext);
    expect(answer.status).toBe(status);
    if (status === 403) expect((await answer.json()).message).toBe("Requests from other sites are not allowed");
  });

  it("lets the deployer's own front ends through (ALLOWED_ORIGINS)", async () => {
    const me = await shopper();
    const call = () => addToCart(jsonRequest("/api/add-to-cart", {}, { cookie: me.cookie, headers: { origin: APP, "sec-fetch-site": "cross-site" } }), noContext);
    expect((await call()).status).toBe(403);
    process.env.ALLOWED_ORIGINS = APP;
    expect((await call()).status).toBe(400);
  });

  it("the payment webhook is exempt (its signature protects it)", async () => {
    const answer = await webhook(jsonRequest("/api/webhook", {}, { headers: { origin: "https://stripe.example" } }), noContext);
    expect(answer.status).toBe(400);
    expect((await answer.json()).message).toBe("Missing Stripe-Signature header");
  });
});

describe("the API front door (proxy.ts)", () => {
  const gate = (path: string, init: { method?: string; headers?: Record<string, string> } = {}) => proxy(new NextRequest(`${BASE}${path}`, init));

  it("answers CORS preflights with credentials for listed origins only", async () => {
    process.env.ALLOWED_ORIGINS = APP;
    const allowed = await gate("/api/add-to-cart", { method: "OPTIONS", headers: { origin: APP, "access-control-request-method": "POST" } });
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get("access-control-allow-origin")).toBe(APP);
    expect(allowed.headers.get("access-control-allow-credentials")).toBe("true");
    expect(allowed.headers.get("access-control-allow-methods")).toBe("POST, OPTIONS");
    const other = await gate("/api/add-to-cart", { method: "OPTIONS", headers: { origin: "https://evil.example", "access-control-request-method": "POST" } });
    expect([...other.headers.keys()].filter((name) => name.startsWith("access-control-"))).toEqual([]);
    // The real call from a listed origin carries the CORS headers; others get none.
    const call = await gate("/api/get-product", { headers: { origin: APP } });
    expect(call.headers.get("access-control-allow-origin")).toBe(APP);
    expect(call.headers.get("vary")).toBe("Origin");
    expect((await gate("/api/get-product", { headers: { origin: "https://evil.example" } })).headers.get("access-control-allow-origin")).toBeNull();
  });

  it("answers unknown paths 404, wrong methods 405 and malformed paths 400, in JSON", async () => {
    const unknown = await gate("/api/anything-else");
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ success: false, error: true, message: "There is no API endpoint at /api/anything-else" });
    const wrong = await gate("/api/update-product", { method: "POST" });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get("allow")).toBe("PUT, OPTIONS");
    expect((await gate("/api/get-single-product-details/%ED%A0%80")).status).toBe(400);
    expect((await gate("/api/auth/session")).status).toBe(200); // next-auth's routes pass through
    expect((await gate("/api/get-category-wise-product/mobiles", { method: "HEAD" })).status).toBe(200);
  });
});
