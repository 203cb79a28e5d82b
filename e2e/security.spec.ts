import { expect, test } from "./fixtures";
import { signInFreshShopper } from "./shopper";

// The hardening that only a running production server shows: the headers of pages and API
// answers, the API's front door (JSON 404/405/400), and sessions that end everywhere, including
// next-auth's own session route.

test("pages carry a CSP that names their inline scripts by hash, and the other security headers", async ({ page, request }) => {
  // A query such as _rsc, or a dot in the path, must not shed the policy.
  for (const path of ["/", "/category-product?category=mobiles", "/search?q=phone", "/signin", "/search?q=phone&_rsc=1", "/product/not.a.product"]) {
    const answer = await request.get(path);
    expect(answer.status(), path).toBe(path.startsWith("/product/") ? 404 : 200);
    const headers = answer.headers();
    const policy = headers["content-security-policy"] ?? "";
    const scripts = /script-src ([^;]*)/.exec(policy)?.[1] ?? "";
    expect(scripts, path).toMatch(/^'self'( 'sha256-[A-Za-z0-9+/=]+')+$/);
    expect(scripts).not.toMatch(/unsafe-(inline|eval)/);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["x-frame-options"]).toBe("DENY");
    expect(headers["permissions-policy"]).toContain("camera=()");
  }
  // The page really runs under it: hydrated (a client-side control works) with no violation
  // (the fixture fails the test on any).
  await page.goto("/");
  await page.getByRole("link", { name: "Mobiles" }).first().click();
  await expect(page).toHaveURL(/category=mobiles/);
});

test("every other HTML answer carries the policy too: a POST or PUT to a page, Next's not-found page under /_next/", async ({ request }) => {
  const answers = [
    ["POST /search?q=x", await request.post("/search?q=x", { data: "a=1", headers: { "content-type": "application/x-www-form-urlencoded" } })],
    ["PUT /search?q=x", await request.put("/search?q=x", { data: "a=1", headers: { "content-type": "application/x-www-form-urlencoded" } })],
    ["GET /_next/nothing", await request.get("/_next/nothing")],
    ["GET /_next/static/chunks/missing.js", await request.get("/_next/static/chunks/missing.js")],
  ] as const;
  for (const [what, answer] of answers) {
    const headers = answer.headers();
    if (!(headers["content-type"] ?? "").startsWith("text/html")) continue;
    const scripts = /script-src ([^;]*)/.exec(headers["content-security-policy"] ?? "")?.[1] ?? "";
    expect(scripts, what).toMatch(/^'self'( 'sha256-[A-Za-z0-9+/=]+')*$/);
    expect(headers["content-security-policy"], what).toContain("frame-ancestors 'none'");
  }
  // Next answers the first three with HTML (the page, its not-found page).
  expect(answers.slice(0, 3).every(([, answer]) => (answer.headers()["content-type"] ?? "").startsWith("text/html"))).toBe(true);
});

test("personal answers are never stored by caches", async ({ page }) => {
  await signInFreshShopper(page, "headers");
  for (const path of ["/api/user-details", "/api/get-wishlist-count", "/api/get-order-details"]) {
    const answer = await page.request.get(path);
    expect(answer.status(), path).toBe(200);
    expect(answer.headers()["cache-control"], path).toBe("no-store");
    expect(answer.headers()["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
  }
  const account = await page.request.get("/user-panel/my-account");
  expect(account.headers()["cache-control"]).toMatch(/no-store/);
});

test("unknown API paths, wrong methods and malformed paths answer JSON, never an HTML page", async ({ request }) => {
  const unknown = await request.get("/api/anything-else");
  expect(unknown.status()).toBe(404);
  expect(await unknown.json()).toEqual({ success: false, error: true, message: "There is no API endpoint at /api/anything-else" });
  const wrongMethod = await request.delete("/api/get-product");
  expect(wrongMethod.status()).toBe(405);
  expect(wrongMethod.headers()["allow"]).toBe("GET, HEAD, OPTIONS");
  expect((await wrongMethod.json()).error).toBe(true);
  const multipart = await request.post("/api/nowhere", { multipart: { file: { name: "a.txt", mimeType: "text/plain", buffer: Buffer.from("x") } } });
  expect(multipart.status()).toBe(404);
  expect(multipart.headers()["content-type"]).toMatch(/^application\/json/);
  for (const path of ["/api/get-single-product-details/%ED%A0%80", "/api/get-category-wise-product/%ED%A0%80", "/api/count-cart-product/%ED%A0%80"]) {
    const answer = await request.get(path);
    expect(answer.status(), path).toBe(400);
    expect((await answer.json()).success).toBe(false);
  }
  const page = await request.get("/product/%ED%A0%80");
  expect(page.status()).toBe(400);
  expect(await page.text()).toContain("does not exist");
});

test("no CORS for origins that are not listed: a preflight from elsewhere gets no Access-Control headers", async ({ request }) => {
  const preflight = await request.fetch("/api/add-to-cart", { method: "OPTIONS", headers: { origin: "https://elsewhere.example", "access-control-request-method": "POST" } });
  expect(preflight.status()).toBe(204);
  expect(Object.keys(preflight.headers()).filter((name) => name.startsWith("access-control-"))).toEqual([]);
  const forged = await request.post("/api/add-to-cart", { headers: { origin: "https://elsewhere.example" }, data: { productId: "x" } });
  expect(forged.status()).toBe(403);
});

test("signing out ends the session for next-auth's session route too, and a copied cookie dies with it", async ({ page, browser }) => {
  await signInFreshShopper(page, "session");
  const cookies = await page.context().cookies();
  const session = await page.request.get("/api/auth/session");
  expect((await session.json()).user?.email).toMatch(/^session-/);

  // A copy of the cookie in another browser works until the owner signs out.
  const thief = await browser.newContext();
  await thief.addCookies(cookies);
  expect((await thief.request.get("/api/user-details")).status()).toBe(200);
  expect((await page.request.post("/api/logout", { data: {} })).status()).toBe(200);
  expect((await thief.request.get("/api/user-details")).status()).toBe(401);
  // next-auth's route neither serves nor renews the ended session: it clears the cookie.
  const renewed = await thief.request.get("/api/auth/session");
  expect(await renewed.json()).toEqual({});
  expect((await thief.request.get("/api/user-details")).status()).toBe(401);
  await thief.close();
});

test("next-auth's own routes sit behind the same door: capped, JSON errors, no cross-site writes, and their sign-out ends the session", async ({ page, browser, request }) => {
  const broken = await request.fetch("/api/auth/callback/credentials", { method: "POST", headers: { "content-type": "application/json" }, data: Buffer.from("{") });
  expect(broken.status()).toBeLessThan(500);
  const huge = await request.post("/api/auth/callback/credentials", { headers: { "content-type": "application/x-www-form-urlencoded" }, data: `email=${"a".repeat(20_000)}` });
  expect(huge.status()).toBe(413);
  const forged = await request.post("/api/auth/signout", { headers: { origin: "https://elsewhere.example", "content-type": "application/x-www-form-urlencoded" }, data: "csrfToken=x" });
  expect(forged.status()).toBe(403);

  await signInFreshShopper(page, "nextauth-out");
  const thief = await browser.newContext();
  await thief.addCookies(await page.context().cookies());
  expect((await thief.request.get("/api/user-details")).status()).toBe(200);
  const { csrfToken } = (await (await page.request.get("/api/auth/csrf")).json()) as { csrfToken: string };
  const out = await page.request.post("/api/auth/signout", { form: { csrfToken, json: "true" } });
  expect(out.status()).toBeLessThan(400);
  expect((await thief.request.get("/api/user-details")).status()).toBe(401);
  await thief.close();
});
