// One access-control table: every endpoint of app/api (from lib/api-routes.ts) called by nobody,
// shopper A, shopper B, an admin and a demoted admin's old cookie, each answer checked against
// who may call it. B is always pointed at A's things (A's cart line, A's wishlist line, A's user
// id) and must never see or change them. A route file under app/api that the list does not name
// fails the suite, so a new endpoint cannot skip it.
import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { NextRequest } from "next/server";
import { beforeAll, describe, expect, it } from "vitest";
import { API_ROUTES, type ApiAccess, type ApiMethod, type ApiRoute } from "@/lib/api-routes";
import { admin, API_DIR, BASE, loadRoute, query, shopper, TEST_PASSWORD, uniqueEmail, type Shopper } from "../helpers";

type Caller = "anonymous" | "A" | "B" | "admin" | "demoted";


/** Every route file under app/api as the path it serves, with the methods it exports. */
function routeFiles(dir = API_DIR): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return routeFiles(full);
    return name === "route.ts" ? [full] : [];
  });
}

function servedPath(file: string): string {
  const segments = path.relative(API_DIR, path.dirname(file)).split(path.sep);
  return `/api/${segments.map((segment) => (segment.startsWith("[...") ? "*" : segment.replace(/^\[(.+)\]$/, ":$1"))).join("/")}`;
}

let A: Shopper;
let B: Shopper;
let boss: Shopper;
let demoted: Shopper;
let productId = "";
let lineOfA = "";
let wishOfA = "";

beforeAll(async () => {
  [A, B, boss, demoted] = await Promise.all([shopper(), shopper(), admin(), admin()]);
  await query(`UPDATE "User" SET role = 'USER', "sessionVersion" = "sessionVersion" + 1 WHERE id = $1`, [demoted.id]);
  productId = randomUUID();
  await query(
    `INSERT INTO "Product" (id, "productName", "brandName", category, "productImage", "productDesc", price, "sellingPrice", "updatedAt", stock) VALUES ($1, 'Access phone', 'Volt', 'mobiles', ARRAY['/images/products/mobi-001-1.svg'], 'x', 1000, 900, now(), 1000)`,
    [productId],
  );
  [{ id: lineOfA }] = (await query<{ id: string }>(
    `INSERT INTO "CartItem" (id, "userId", "productId", quantity, "createdAt", "updatedAt") VALUES ($1, $2, $3, 1, now(), now()) RETURNING id`,
    [randomUUID(), A.id, productId],
  )) as [{ id: string }];
  [{ id: wishOfA }] = (await query<{ id: string }>(`INSERT INTO "WishlistItem" (id, "userId", "productId", "createdAt") VALUES ($1, $2, $3, now()) RETURNING id`, [randomUUID(), A.id, productId])) as [
    { id: string },
  ];
}, 60_000);

const product = () => ({ productName: `Access phone ${randomUUID().slice(0, 6)}`, brandName: "Volt", category: "mobiles", productImage: ["/images/products/mobi-001-1.svg"], productDesc: "Made by the access table.", price: 1000, sellingPrice: 900 });

/** What each call sends: path parameters, query and body; A's things wherever there is an owner. */
function callFor(route: ApiRoute): { params: Record<string, string>; query?: string; body?: () => unknown } {
  switch (route.path) {
    case "/api/signup":
      return { params: {}, body: () => ({ name: "Access", email: uniqueEmail("access"), contact: "", password: TEST_PASSWORD, confirmPwd: TEST_PASSWORD, profilepic: "" }) };
    case "/api/signin":
      return { params: {}, body: () => ({ email: B.email, password: TEST_PASSWORD }) };
    case "/api/update-user":
      return { params: {}, body: () => ({ name: "Renamed", email: A.email, contact: "" }) };
    case "/api/confirm-email":
      return { params: {}, body: () => ({ otp: "123456" }) };
    case "/api/send-otp":
      return { params: {}, body: () => ({ email: uniqueEmail("nobody") }) };
    case "/api/verify-otp":
      return { params: {}, body: () => ({ email: A.email, otp: "000000" }) };
    case "/api/reset-password":
      return { params: {}, body: () => ({ email: A.email, password: "a brand new passphrase" }) };
    case "/api/get-category-wise-product/:category":
      return { params: { category: "mobiles" } };
    case "/api/get-single-product-details/:id":
      return { params: { id: productId } };
    case "/api/fiter-product":
      return { params: {}, body: () => ({ category: ["mobiles"] }) };
    case "/api/search-product":
      return { params: {}, query: "?q=phone" };
    case "/api/spec-definitions":
    case "/api/admin-spec-definitions":
      return { params: {}, query: "?category=mobiles" };
    case "/api/add-to-cart":
    case "/api/add-to-wishlist":
      return { params: {}, body: () => ({ productId }) };
    case "/api/count-cart-product/:userId":
      return { params: { userId: A.id } };
    case "/api/update-cart-quantity":
      return { params: {}, body: () => ({ productId: lineOfA, quantity: 3 }) };
    case "/api/delete-cart-product":
      return { params: {}, body: () => ({ cartProductId: lineOfA }) };
    case "/api/delete-wishlist-product":
      return { params: {}, body: () => ({ wishlistId: wishOfA }) };
    case "/api/checkout":
      return { params: {}, body: () => ({ cartItems: [{ _id: lineOfA }] }) };
    case "/api/update-role/:userId":
      return { params: { userId: B.id }, body: () => ({ role: "USER" }) };
    case "/api/delete-user/:userId":
      return { params: { userId: randomUUID() } };
    case "/api/invoice/:orderId":
      return { params: { orderId: randomUUID() } };
    case "/api/gst-report":
      return { params: {}, query: "?period=2026-11" };
    case "/api/credit-note/:refundId":
      return { params: { refundId: randomUUID() } };
    case "/api/upload-product":
      return { params: {}, body: product };
    case "/api/update-product":
      return { params: {}, body: () => ({ ...product(), _id: productId }) };
    default:
      return { params: {}, body: () => ({}) };
  }
}

/** A's cart, wishlist and profile as stored. */
async function thingsOfA() {
  return {
    cart: await query(`SELECT id, quantity FROM "CartItem" WHERE "userId" = $1 ORDER BY id`, [A.id]),
    wishlist: await query(`SELECT id FROM "WishlistItem" WHERE "userId" = $1 ORDER BY id`, [A.id]),
    profile: await query(`SELECT name, email, role FROM "User" WHERE id = $1`, [A.id]),
  };
}

const cookieOf = (caller: Caller) => ({ anonymous: undefined, A: A.cookie, B: B.cookie, admin: boss.cookie, demoted: demoted.cookie })[caller];

async function call(route: ApiRoute, method: ApiMethod, caller: Caller): Promise<number> {
  const handler = (await loadRoute(route))[method]!;
  const { params, query: search = "", body } = callFor(route);
  const url = `${BASE}${route.path.replace(/:(\w+)/g, (_m, name: string) => params[name]!)}${search}`;
  const cookie = cookieOf(caller);
  const headers: Record<string, string> = { ...(cookie ? { cookie } : {}) };
  const init: RequestInit = { method, headers };
  if (method !== "GET" && body) {
    headers["content-type"] = "application/json";
    init.body = JSON.stringify(body());
  }
  const response = await handler(new NextRequest(url, init as ConstructorParameters<typeof NextRequest>[1]), { params: Promise.resolve(params) });
  return response.status;
}

/** Allowed through: any answer but 401, 403 and 5xx (the call's own validation may still say 4xx). */
const THROUGH = "through";
type Expected = number | typeof THROUGH;

const EXPECTED: Record<Exclude<ApiAccess, "next-auth" | "signed">, Record<Caller, Expected>> = {
  public: { anonymous: THROUGH, A: THROUGH, B: THROUGH, admin: THROUGH, demoted: THROUGH },
  user: { anonymous: 401, demoted: 401, A: THROUGH, B: THROUGH, admin: THROUGH },
  shopper: { anonymous: 401, demoted: 401, admin: 403, A: THROUGH, B: THROUGH },
  admin: { anonymous: 401, demoted: 401, A: 403, B: 403, admin: THROUGH },
  unknown: { anonymous: 404, demoted: 404, A: 404, B: 404, admin: 404 },
};

/** Routes whose answer for some callers is more precise than their access class says. */
const SPECIAL: Record<string, Partial<Record<Caller, Expected>>> = {
  // B names A's things: A's user id is refused, A's lines are not found, A's line is not B's to buy.
  "/api/count-cart-product/:userId": { B: 403 },
  "/api/update-cart-quantity": { B: 404 },
  "/api/delete-cart-product": { B: 404 },
  "/api/delete-wishlist-product": { B: 404 },
  "/api/checkout": { B: 400 },
  // The reset needs the grant cookie that verify-otp gives, whoever calls.
  "/api/reset-password": { anonymous: 401, A: 401, B: 401, admin: 401, demoted: 401 },
};

// Owners go last: A's own call may change A's things (delete its cart line), an admin's call may
// delete an account. Sign-out runs after everything else.
const ORDER: Record<string, Caller[]> = {
  public: ["anonymous", "demoted", "B", "admin", "A"],
  user: ["anonymous", "demoted", "admin", "B", "A"],
  shopper: ["anonymous", "demoted", "admin", "B", "A"],
  admin: ["anonymous", "demoted", "A", "B", "admin"],
  unknown: ["anonymous", "demoted", "A", "B", "admin"],
};

describe("the route list", () => {
  it("names every route file under app/api with exactly the methods it exports", async () => {
    const files = routeFiles().map(servedPath).sort();
    expect(files).toEqual(API_ROUTES.map((route) => route.path).sort());
    for (const route of API_ROUTES) {
      const routeModule = await loadRoute(route);
      const exported = (["GET", "POST", "PUT", "DELETE", "PATCH"] as const).filter((method) => typeof (routeModule as Record<string, unknown>)[method] === "function");
      const order = ["GET", "POST", "PUT", "DELETE", "PATCH"];
      expect(exported, route.path).toEqual([...route.methods].sort((a, b) => order.indexOf(a) - order.indexOf(b)));
    }
  });
});

// Last: signing out, and signing in from a browser that is signed in, end the caller's session.
const endsSession = (route: ApiRoute) => Number(route.path === "/api/logout" || route.path === "/api/signin");
const checked = [...API_ROUTES.filter((route) => route.access !== "next-auth" && route.access !== "signed")].sort((a, b) => endsSession(a) - endsSession(b));

describe.each(checked.flatMap((route) => route.methods.map((method) => [`${method} ${route.path}`, route, method] as const)))("%s", (_name, route, method) => {
  it(`answers each caller as a ${route.access} endpoint should`, async () => {
    const answers: Partial<Record<Caller, number>> = {};
    for (const caller of ORDER[route.access]!) {
      // Whatever B is allowed to call, A's things look the same before and after.
      const before = caller === "B" ? await thingsOfA() : null;
      answers[caller] = await call(route, method, caller);
      if (before) expect(await thingsOfA(), "B changed A's things").toEqual(before);
    }
    for (const [caller, status] of Object.entries(answers) as [Caller, number][]) {
      const expected = SPECIAL[route.path]?.[caller] ?? EXPECTED[route.access as keyof typeof EXPECTED][caller];
      if (expected === THROUGH) {
        expect([401, 403], `${caller}: ${status}`).not.toContain(status);
        expect(status, caller).toBeLessThan(500);
      } else expect(status, caller).toBe(expected);
    }
  });
});

describe("signed endpoints", () => {
  it("the webhook refuses every caller without Stripe's signature, cron without its secret, the internal refresh without serve.ts's token", async () => {
    const webhook = API_ROUTES.find((route) => route.path === "/api/webhook")!;
    const cron = API_ROUTES.find((route) => route.path === "/api/cron/order-emails")!;
    const internal = API_ROUTES.find((route) => route.path === "/api/internal/catalog-changed")!;
    for (const caller of ["anonymous", "A", "admin"] as const) {
      expect(await call(webhook, "POST", caller)).toBe(400);
      expect([401, 404]).toContain(await call(cron, "GET", caller));
      expect(await call(internal, "POST", caller)).toBe(404);
    }
  });
});
