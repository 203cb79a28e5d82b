// Stock that never oversells, on the real database: holds taken with the checkout row, released
// by expiry, cancel, replacement and the sweep, turned into a sale once, late payments flagged;
// Buy Now outside the cart; archived products refused at every door. Stripe is the run's emulator.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { orderNumber } from "@/lib/orders/order-number";
import { POST as addToCart } from "@/app/api/add-to-cart/route";
import { POST as addToWishlist } from "@/app/api/add-to-wishlist/route";
import { GET as adminProducts } from "@/app/api/admin-products/route";
import { POST as archiveProduct } from "@/app/api/archive-product/route";
import { POST as buyNow } from "@/app/api/buy-now/route";
import { POST as cancelRoute } from "@/app/api/checkout/cancel/route";
import { GET as orderDetails } from "@/app/api/get-order-details/route";
import { GET as allOrders } from "@/app/api/all-orders/route";
import { GET as getProductList } from "@/app/api/get-product/route";
import { GET as singleProduct } from "@/app/api/get-single-product-details/[id]/route";
import { GET as searchRoute } from "@/app/api/search-product/route";
import { POST as updateQuantity } from "@/app/api/update-cart-quantity/route";
import { PUT as updateProductRoute } from "@/app/api/update-product/route";
import { listProductsForSitemap } from "@/lib/server/catalog/catalog";
import { listCart } from "@/lib/server/shop-lists/shop-lists";
import { releaseHolds, TOO_MANY_UNITS_MESSAGE } from "@/lib/server/orders/holds";
import { HOLD_ENDED_MESSAGE, HOLD_PAID_MESSAGE } from "@/lib/server/orders/admin-holds";
import { GET as openHoldsRoute } from "@/app/api/open-holds/route";
import { POST as releaseHoldRoute } from "@/app/api/release-hold/route";
import { startCheckout as startCheckoutAt } from "@/lib/server/orders/checkout";
import { db } from "@/lib/server/platform/db";
import { HOLD_BREAK_MINUTES, HOLD_RUN_MAX_MINUTES, HOLD_UNITS_PER_PRODUCT_MAX } from "@/lib/constants";
import { sweepExpiredCheckouts } from "@/lib/server/orders/orders";
import { stripeClient } from "@/lib/server/providers/stripe";
import { admin, getRequest, jsonRequest, noContext, query, shopper, type Shopper } from "../helpers";
import { addLine, cartOf, type CartLine, checkout, completedEvent, deliver, emulatorUrl, eventually, outbox, pay, retrieve, signedEvent } from "./checkout-kit";

type Stock = { stock: number; held: number };

async function makeProduct(stock: number, name = `Stock phone ${randomUUID().slice(0, 8)}`): Promise<{ id: string; name: string }> {
  const id = randomUUID();
  await query(
    `INSERT INTO "Product" (id, "productName", "brandName", category, "productImage", "productDesc", price, "sellingPrice", "updatedAt", stock)
     VALUES ($1, $2, 'Volt', 'mobiles', ARRAY['/images/products/mobi-001-1.svg'], 'A phone', 1099900, 999900, now(), $3)`,
    [id, name, stock],
  );
  return { id, name };
}

async function stockOf(productId: string): Promise<Stock> {
  const [row] = await query<Stock>(`SELECT stock, held FROM "Product" WHERE id = $1`, [productId]);
  return row!;
}

async function checkoutRow(sessionId: string) {
  const [row] = await query<{ id: string; status: string; holdState: string }>(`SELECT id, status, "holdState" FROM "Checkout" WHERE "stripeSessionId" = $1`, [sessionId]);
  return row!;
}

const startBuyNow = (user: Shopper, productId: string) => buyNow(jsonRequest("/api/buy-now", { productId }, { cookie: user.cookie }), noContext);
const cancel = (user: Shopper, checkoutId: string) => cancelRoute(jsonRequest("/api/checkout/cancel", { checkoutId }, { cookie: user.cookie }), noContext);

/** A shopper with one line of the product in the cart, and that line checked out: the session. */
async function holdOne(productId: string, quantity = 1): Promise<{ user: Shopper; sessionId: string; checkoutId: string }> {
  const user = await shopper();
  const line = await addLine(user, productId, quantity);
  const response = await checkout(user.cookie, { cartItems: [line] });
  const body = await response.json();
  expect(response.status, body.message).toBe(200);
  const session = await retrieve(body.id);
  return { user, sessionId: body.id, checkoutId: session.metadata!.checkoutId! };
}

let owner: Shopper;
beforeAll(async () => {
  owner = await admin();
});

describe("holds: two shoppers racing for the last units can never both pay for them", () => {
  it("20 parallel checkouts for 3 units give exactly 3 sessions; the other 17 get a 409 naming the product", async () => {
    const product = await makeProduct(3);
    const shoppers = await Promise.all(Array.from({ length: 20 }, () => shopper()));
    const lines = await Promise.all(shoppers.map((user) => addLine(user, product.id)));
    const answers = await Promise.all(shoppers.map((user, i) => checkout(user.cookie, { cartItems: [lines[i]] })));
    const bodies = await Promise.all(answers.map((answer) => answer.json()));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(3);
    const refused = answers.flatMap((answer, i) => (answer.status === 409 ? [bodies[i].message as string] : []));
    expect(refused).toHaveLength(17);
    for (const message of refused) expect(message).toBe(`${product.name} is out of stock. Remove it from your cart to check out.`);
    // Exactly three sessions exist at Stripe for the product's checkouts, and the units are all held.
    const [counted] = await query<{ sessions: number }>(
      `SELECT count(*)::int AS sessions FROM "Checkout" WHERE "stripeSessionId" IS NOT NULL AND lines @> $1::jsonb`,
      [JSON.stringify([{ productId: product.id }])],
    );
    expect(counted!.sessions).toBe(3);
    expect(await stockOf(product.id)).toEqual({ stock: 3, held: 3 });
  });

  it("a line wanting more than is left is refused whole, with how many are left; nothing is held and Stripe is not called", async () => {
    const plenty = await makeProduct(10);
    const scarce = await makeProduct(2);
    const user = await shopper();
    const a = await addLine(user, plenty.id);
    const b = await addLine(user, scarce.id, 2);
    await holdOne(scarce.id); // another shopper holds one of the two
    const sessionsBefore = (await (await fetch(`${emulatorUrl()}/stripe/sessions`)).json()).length;
    const response = await checkout(user.cookie, { cartItems: [a, b] });
    expect(response.status).toBe(409);
    expect((await response.json()).message).toBe(`Only 1 left of ${scarce.name}. Lower the quantity to check out.`);
    expect(await stockOf(plenty.id)).toEqual({ stock: 10, held: 0 });
    expect(await stockOf(scarce.id)).toEqual({ stock: 2, held: 1 });
    expect((await (await fetch(`${emulatorUrl()}/stripe/sessions`)).json()).length).toBe(sessionsBefore);
  });

  it("never lets stock or holds go out of bounds, even when written straight in the database", async () => {
    const product = await makeProduct(1);
    await expect(query(`UPDATE "Product" SET stock = 1000001 WHERE id = $1`, [product.id])).rejects.toThrow(/Product_stock_bounds/);
    await expect(query(`UPDATE "Product" SET held = 2 WHERE id = $1`, [product.id])).rejects.toThrow(/Product_held_bounds/);
    await expect(query(`UPDATE "Product" SET held = -1 WHERE id = $1`, [product.id])).rejects.toThrow(/Product_held_bounds/);
    await expect(query(`UPDATE "Product" SET stock = -1, held = 0 WHERE id = $1`, [product.id])).rejects.toThrow(/check constraint/);
  });
});

describe("releases: the units come back", () => {
  it("when Stripe says the session expired (and a repeated event changes nothing)", async () => {
    const product = await makeProduct(1);
    const { sessionId } = await holdOne(product.id);
    expect(await stockOf(product.id)).toEqual({ stock: 1, held: 1 });
    await fetch(`${emulatorUrl()}/v1/checkout/sessions/${sessionId}/expire`, { method: "POST", headers: { authorization: "Bearer sk_test_x" } });
    const { payload, header } = signedEvent("checkout.session.expired", await retrieve(sessionId));
    expect((await deliver(payload, header)).status).toBe(200);
    expect(await stockOf(product.id)).toEqual({ stock: 1, held: 0 });
    expect(await checkoutRow(sessionId)).toMatchObject({ status: "EXPIRED", holdState: "RELEASED" });
    const again = signedEvent("checkout.session.expired", await retrieve(sessionId));
    expect((await deliver(again.payload, again.header)).status).toBe(200);
    expect(await stockOf(product.id)).toEqual({ stock: 1, held: 0 });
  });

  it("when the shopper cancels: the session is expired at Stripe first, then released; only the owner may", async () => {
    const product = await makeProduct(1);
    const { user, sessionId, checkoutId } = await holdOne(product.id);
    const stranger = await shopper();
    expect((await cancel(stranger, checkoutId)).status).toBe(404);
    expect(await stockOf(product.id)).toEqual({ stock: 1, held: 1 });
    const answer = await cancel(user, checkoutId);
    expect(answer.status).toBe(200);
    expect((await answer.json()).data).toEqual({ released: true });
    expect((await retrieve(sessionId)).status).toBe("expired");
    expect(await stockOf(product.id)).toEqual({ stock: 1, held: 0 });
    expect((await (await cancel(user, checkoutId)).json()).data).toEqual({ released: false });
    // The unit is anyone's again.
    await holdOne(product.id);
    expect(await stockOf(product.id)).toEqual({ stock: 1, held: 1 });
  });

  it("says released to the shopper whose cancel expired the session, even when the expired event it sent was handled first", async () => {
    // The order seen in a journey run: Stripe (the emulator) sends checkout.session.expired as soon
    // as the session is expired, and the webhook closed the row before the cancel's own close.
    const product = await makeProduct(1);
    const { user, sessionId, checkoutId } = await holdOne(product.id);
    const sessions = stripeClient().checkout.sessions;
    const expire = sessions.expire.bind(sessions);
    const spy = vi.spyOn(sessions, "expire").mockImplementation(async (id: string) => {
      const expired = await expire(id);
      const event = signedEvent("checkout.session.expired", expired);
      expect((await deliver(event.payload, event.header)).status).toBe(200);
      expect(await stockOf(product.id)).toEqual({ stock: 1, held: 0 });
      return expired;
    });
    try {
      const answer = await cancel(user, checkoutId);
      expect(answer.status).toBe(200);
      expect((await answer.json()).data).toEqual({ released: true });
      expect(spy).toHaveBeenCalledTimes(1);
    } finally {
      spy.mockRestore();
    }
    expect((await checkoutRow(sessionId)).holdState).not.toBe("HELD");
    expect((await (await cancel(user, checkoutId)).json()).data).toEqual({ released: false });
  });

  it("when the shopper starts another checkout: the open one is replaced, its session expired", async () => {
    const first = await makeProduct(5);
    const second = await makeProduct(5);
    const { user, sessionId } = await holdOne(first.id, 2);
    expect(await stockOf(first.id)).toEqual({ stock: 5, held: 2 });
    const response = await startBuyNow(user, second.id);
    expect(response.status).toBe(200);
    expect(await stockOf(first.id)).toEqual({ stock: 5, held: 0 });
    expect(await stockOf(second.id)).toEqual({ stock: 5, held: 1 });
    expect((await retrieve(sessionId)).status).toBe("expired");
  });

  it("by the sweep, past the checkout's expiry, when no event ever arrives: the session is expired at Stripe first", async () => {
    const product = await makeProduct(1);
    const { sessionId, checkoutId } = await holdOne(product.id);
    await sweepExpiredCheckouts();
    expect(await stockOf(product.id)).toEqual({ stock: 1, held: 1 });
    await query(`UPDATE "Checkout" SET "expiresAt" = now() - interval '2 minutes' WHERE id = $1`, [checkoutId]);
    expect(await sweepExpiredCheckouts()).toBeGreaterThanOrEqual(1);
    expect(await stockOf(product.id)).toEqual({ stock: 1, held: 0 });
    expect((await checkoutRow(sessionId)).holdState).toBe("RELEASED");
    // The payment page can no longer take a payment for the units it gave back.
    expect((await retrieve(sessionId)).status).toBe("expired");
  });

  it("the sweep does not give back a paid session's units when its webhook never came: it records the sale", async () => {
    const product = await makeProduct(2);
    const { user, sessionId, checkoutId } = await holdOne(product.id);
    await pay(sessionId); // paid at Stripe; its event is never delivered
    await query(`UPDATE "Checkout" SET "expiresAt" = now() - interval '2 minutes' WHERE id = $1`, [checkoutId]);
    await sweepExpiredCheckouts();
    expect(await stockOf(product.id)).toEqual({ stock: 1, held: 0 });
    expect(await checkoutRow(sessionId)).toMatchObject({ status: "COMPLETED", holdState: "SOLD" });
    expect(await query(`SELECT id FROM "Order" WHERE "userId" = $1 AND attention IS NULL`, [user.id])).toHaveLength(1);
  });

  it("a checkout replaced while Stripe was making its session never hands out that session's page", async () => {
    const product = await makeProduct(5);
    const user = await shopper();
    const line = await addLine(user, product.id);
    const [fromCart, buyingNow] = await Promise.all([checkout(user.cookie, { cartItems: [line] }), startBuyNow(user, product.id)]);
    const answers = await Promise.all([fromCart, buyingNow].map(async (answer) => ({ status: answer.status, body: await answer.json() })));
    // Whatever the order they ran in: a session that can still be paid holds its units, there is
    // at most one, and a session handed out whose checkout was replaced since is expired.
    type Listed = { id: string; status: string; metadata: { userId: string } };
    const mine = ((await (await fetch(`${emulatorUrl()}/stripe/sessions`)).json()) as Listed[]).filter((session) => session.metadata.userId === user.id);
    const open = mine.filter((session) => session.status === "open");
    expect(open.length).toBeLessThanOrEqual(1);
    for (const session of open) expect((await checkoutRow(session.id)).holdState).toBe("HELD");
    expect((await stockOf(product.id)).held).toBe(open.length);
    for (const answer of answers) {
      if (answer.status !== 200) {
        expect(answer.status).toBe(409);
        continue;
      }
      const row = await checkoutRow(answer.body.id);
      if (row.holdState !== "HELD") expect(mine.find((session) => session.id === answer.body.id)?.status).toBe("expired");
    }
  });
});

describe("sales", () => {
  it("10 parallel deliveries of the paid event take the units once", async () => {
    const product = await makeProduct(3);
    const { user, sessionId } = await holdOne(product.id, 2);
    await pay(sessionId);
    const event = await completedEvent(sessionId);
    const answers = await Promise.all(Array.from({ length: 10 }, () => deliver(event.payload, event.header)));
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(await stockOf(product.id)).toEqual({ stock: 1, held: 0 });
    expect(await checkoutRow(sessionId)).toMatchObject({ status: "COMPLETED", holdState: "SOLD" });
    const orders = await query(`SELECT id FROM "Order" WHERE "userId" = $1`, [user.id]);
    expect(orders).toHaveLength(1);
  });

  it("records the delivery details Checkout collected on the order, for the shopper and the admin", async () => {
    const product = await makeProduct(3);
    const { user, sessionId } = await holdOne(product.id);
    await pay(sessionId);
    const event = await completedEvent(sessionId);
    expect((await deliver(event.payload, event.header)).status).toBe(200);
    const mine = (await (await orderDetails(getRequest("/api/get-order-details", user.cookie), noContext)).json()).data;
    expect(mine[0].delivery).toEqual({ name: "Meera Iyer", phone: "+919876543210", line1: "12 MG Road", line2: null, city: "Bengaluru", state: "KA", postalCode: "560001", country: "IN" });
    expect(mine[0]).not.toHaveProperty("attention");
    const boss = await admin();
    const listed = (await (await allOrders(getRequest("/api/all-orders?page=1&limit=100", boss.cookie), noContext)).json()).data as { _id: string; delivery: unknown; attention: unknown }[];
    const theirs = listed.find((order) => order._id === mine[0]._id);
    expect(theirs?.delivery).toEqual(mine[0].delivery);
  });

  it("a payment after its hold was released, for units now gone, is recorded all the same and flagged for the owner", async () => {
    const product = await makeProduct(1);
    const late = await holdOne(product.id);
    // Its hold is given back while its page stays payable (a newer checkout replaced it while
    // Stripe could not be reached to expire it), and another shopper buys the unit.
    expect(await releaseHolds(late.checkoutId)).toBe(true);
    const other = await holdOne(product.id);
    await pay(other.sessionId);
    const sold = await completedEvent(other.sessionId);
    await deliver(sold.payload, sold.header);
    expect(await stockOf(product.id)).toEqual({ stock: 0, held: 0 });
    // Now the late payment goes through at Stripe.
    await pay(late.sessionId);
    const event = await completedEvent(late.sessionId);
    expect((await deliver(event.payload, event.header)).status).toBe(200);
    expect(await stockOf(product.id)).toEqual({ stock: 0, held: 0 });
    const [order] = await query<{ id: string; attention: string | null; attentionNote: string | null }>(`SELECT id, attention, "attentionNote" FROM "Order" WHERE "checkoutSessionId" = $1`, [late.sessionId]);
    expect(order!.attention).toBe("oversold");
    expect(order!.attentionNote).toContain(`1 × ${product.name} could not be taken from stock`);
    // The admin's list shows it first; the owner (every admin) is emailed.
    const first = (await (await allOrders(getRequest("/api/all-orders?page=1&limit=5", owner.cookie), noContext)).json()).data[0];
    expect(first).toMatchObject({ _id: order!.id, attention: "oversold" });
    const [oldest] = await query<{ email: string }>(`SELECT email FROM "User" WHERE role = 'ADMIN' ORDER BY "createdAt" LIMIT 1`);
    const mails = await eventually(() => outbox(oldest!.email), (list) => list.some((mail) => mail.subject.includes(orderNumber(order!.id))));
    expect(mails.some((mail) => mail.subject === `Order needs attention: oversold (${orderNumber(order!.id)})`)).toBe(true);
  });
});

describe("the cart refuses what cannot be sold", () => {
  it("an out-of-stock product cannot be added; a quantity past what is available cannot be set, and says how many are left", async () => {
    const none = await makeProduct(0);
    const few = await makeProduct(3);
    const user = await shopper();
    const refused = await addToCart(jsonRequest("/api/add-to-cart", { productId: none.id }, { cookie: user.cookie }), noContext);
    expect(refused.status).toBe(409);
    expect((await refused.json()).message).toBe(`${none.name} is out of stock.`);
    const line = await addLine(user, few.id);
    const over = await updateQuantity(jsonRequest("/api/update-cart-quantity", { productId: line._id, quantity: 4 }, { cookie: user.cookie }), noContext);
    expect(over.status).toBe(409);
    expect((await over.json()).message).toBe(`Only 3 left of ${few.name}.`);
    expect((await updateQuantity(jsonRequest("/api/update-cart-quantity", { productId: line._id, quantity: 3 }, { cookie: user.cookie }), noContext)).status).toBe(200);
    // Units held by someone's checkout are not available to add.
    await holdOne(few.id);
    expect((await (await addToCart(jsonRequest("/api/add-to-cart", { productId: few.id }, { cookie: user.cookie }), noContext)).json()).message).toBe(`Only 2 left of ${few.name}.`);
    // Lowering is always allowed.
    expect((await updateQuantity(jsonRequest("/api/update-cart-quantity", { productId: line._id, quantity: 2 }, { cookie: user.cookie }), noContext)).status).toBe(200);
  });
});

describe("a shopper's own hold", () => {
  it("counts as theirs in their own cart (back from Stripe's page, the last unit is still there for them), not for others", async () => {
    const product = await makeProduct(1);
    const { user } = await holdOne(product.id);
    const [line] = await listCart(user.id);
    expect(line!.productId).toMatchObject({ _id: product.id, stock: 1, held: 0, available: 1 });
    expect((await updateQuantity(jsonRequest("/api/update-cart-quantity", { productId: line!._id, quantity: 1 }, { cookie: user.cookie }), noContext)).status).toBe(200);
    const more = await updateQuantity(jsonRequest("/api/update-cart-quantity", { productId: line!._id, quantity: 2 }, { cookie: user.cookie }), noContext);
    expect((await more.json()).message).toBe(`Only 1 left of ${product.name}.`);
    const other = await shopper();
    const refused = await addToCart(jsonRequest("/api/add-to-cart", { productId: product.id }, { cookie: other.cookie }), noContext);
    expect((await refused.json()).message).toBe(`${product.name} is out of stock.`);
    // Checking out again takes the open checkout's place, and its hold.
    expect((await checkout(user.cookie, { cartItems: [line] })).status).toBe(200);
    expect(await stockOf(product.id)).toEqual({ stock: 1, held: 1 });
  });
});

describe("Buy Now", () => {
  it("checks out one of the product outside the cart, and fulfilment leaves the cart as it was", async () => {
    const inCart = await makeProduct(5);
    const bought = await makeProduct(5);
    const user = await shopper();
    await addLine(user, inCart.id, 2);
    await addLine(user, bought.id, 3);
    const before = await cartOf(user.id);
    const response = await startBuyNow(user, bought.id);
    const body = await response.json();
    expect(response.status, body.message).toBe(200);
    expect(body.id).toBe(body.data.id);
    expect(body.data.url).toBe(`${emulatorUrl()}/stripe/pay/${body.id}`);
    const session = await retrieve(body.id);
    expect(session.amount_total).toBe(999900 + 4900);
    expect(await stockOf(bought.id)).toEqual({ stock: 5, held: 1 });
    await pay(body.id);
    const event = await completedEvent(body.id);
    expect((await deliver(event.payload, event.header)).status).toBe(200);
    expect(await cartOf(user.id)).toEqual(before);
    expect(await stockOf(bought.id)).toEqual({ stock: 4, held: 0 });
  });

  it("answers 401 signed out, 403 to an admin (as add to cart does), 409 out of stock, 404 for an unknown product", async () => {
    const none = await makeProduct(0);
    const anonymous = await buyNow(jsonRequest("/api/buy-now", { productId: none.id }), noContext);
    expect(anonymous.status).toBe(401);
    const boss = await admin();
    const asAdmin = await buyNow(jsonRequest("/api/buy-now", { productId: none.id }, { cookie: boss.cookie }), noContext);
    const cartAsAdmin = await addToCart(jsonRequest("/api/add-to-cart", { productId: none.id }, { cookie: boss.cookie }), noContext);
    expect(asAdmin.status).toBe(403);
    expect((await asAdmin.json()).message).toBe((await cartAsAdmin.json()).message);
    const user = await shopper();
    const out = await startBuyNow(user, none.id);
    expect(out.status).toBe(409);
    expect((await out.json()).message).toBe(`${none.name} is out of stock.`);
    expect((await startBuyNow(user, randomUUID())).status).toBe(404);
  });
});

describe("units in stock in the admin's form", () => {
  const body = (id: string, name: string, stock: unknown) => ({
    _id: id,
    productName: name,
    brandName: "Volt",
    category: "mobiles",
    productImage: ["/images/products/mobi-001-1.svg"],
    productDesc: "A phone",
    price: 10999,
    sellingPrice: 9999,
    stock,
  });
  const update = (cookie: string, payload: unknown) => updateProductRoute(jsonRequest("/api/update-product", payload, { method: "PUT", cookie }), noContext);

  it("refuses a stock below the units held, saying how many are held; accepts it at or above", async () => {
    const product = await makeProduct(5);
    await holdOne(product.id, 2);
    const refused = await update(owner.cookie, body(product.id, product.name, 1));
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ message: "2 units are held by open checkouts: stock can go no lower than 2.", data: { stock: 5, held: 2 } });
    expect(await stockOf(product.id)).toEqual({ stock: 5, held: 2 });
    const accepted = await update(owner.cookie, body(product.id, product.name, 2));
    expect(accepted.status).toBe(200);
    expect((await accepted.json()).data).toMatchObject({ stock: 2, held: 2, available: 0 });
  });

  it("never puts sold units back on sale: an edit without `stock` keeps the count; one from a form opened before a sale is refused", async () => {
    const product = await makeProduct(5);
    const form = body(product.id, product.name, 5); // the form, opened now
    const { sessionId } = await holdOne(product.id);
    await pay(sessionId);
    const sold = await completedEvent(sessionId);
    await deliver(sold.payload, sold.header);
    expect(await stockOf(product.id)).toEqual({ stock: 4, held: 0 });
    // Another field edited: no `stock` sent, the count stays.
    const { stock: _unchanged, ...rest } = form;
    expect((await update(owner.cookie, { ...rest, productDesc: "A better phone" })).status).toBe(200);
    expect(await stockOf(product.id)).toEqual({ stock: 4, held: 0 });
    // The units edited in a form opened before the sale: refused, with the count now.
    const stale = await update(owner.cookie, { ...form, stock: 6, stockWas: 5 });
    expect(stale.status).toBe(409);
    // The answer carries the count now, which the form shows and saves against next.
    expect(await stale.json()).toMatchObject({
      message: "Units in stock changed to 4 since this form was opened (units were sold, or another admin changed them). Check the count and save again.",
      errors: { stock: expect.stringContaining("changed to 4") },
      data: { stock: 4, held: 0 },
    });
    expect(await stockOf(product.id)).toEqual({ stock: 4, held: 0 });
    expect((await update(owner.cookie, { ...form, stock: 6, stockWas: 4 })).status).toBe(200);
    expect(await stockOf(product.id)).toEqual({ stock: 6, held: 0 });
  });

  it("takes a whole number from 0 to 1,000,000 only", async () => {
    const product = await makeProduct(5);
    for (const bad of [-1, 1.5, 1_000_001, "ten"]) {
      const answer = await update(owner.cookie, body(product.id, product.name, bad));
      expect(answer.status, String(bad)).toBe(400);
    }
    expect((await update(owner.cookie, body(product.id, product.name, 1_000_000))).status).toBe(200);
    expect(await stockOf(product.id)).toEqual({ stock: 1_000_000, held: 0 });
  });
});

describe("an archived product is refused at every door", () => {
  it("leaves lists, search, the sitemap and its own page; cannot be bought; stays in the admin's list; comes back when restored", async () => {
    const product = await makeProduct(10, `Retired ${randomUUID().slice(0, 8)} phone`);
    const user = await shopper();
    const line = await addLine(user, product.id);
    const archive = (archived: boolean) => archiveProduct(jsonRequest("/api/archive-product", { productId: product.id, archived }, { cookie: owner.cookie }), noContext);
    expect((await archiveProduct(jsonRequest("/api/archive-product", { productId: product.id, archived: true }, { cookie: user.cookie }), noContext)).status).toBe(403);
    const archived = await archive(true);
    expect(archived.status).toBe(200);
    expect((await archived.json()).data).toMatchObject({ _id: product.id, archived: true });

    const words = product.name.split(" ")[1]!;
    const search = async () => ((await (await searchRoute(getRequest(`/api/search-product?q=${words}`), noContext)).json()).data as { _id: string }[]).map((p) => p._id);
    const newest = async () => ((await (await getProductList(getRequest("/api/get-product?page=1&limit=50"), noContext)).json()).data as { _id: string }[]).map((p) => p._id);
    const sitemap = async () => (await listProductsForSitemap(0, 1000)).map((p) => p.id);
    expect(await search()).not.toContain(product.id);
    expect(await newest()).not.toContain(product.id);
    expect(await sitemap()).not.toContain(product.id);
    expect((await singleProduct(getRequest(`/api/get-single-product-details/${product.id}`), { params: Promise.resolve({ id: product.id }) })).status).toBe(404);

    const added = await addToCart(jsonRequest("/api/add-to-cart", { productId: product.id }, { cookie: user.cookie }), noContext);
    expect(added.status).toBe(409);
    expect((await added.json()).message).toBe(`${product.name} is no longer sold.`);
    expect((await addToWishlist(jsonRequest("/api/add-to-wishlist", { productId: product.id }, { cookie: user.cookie }), noContext)).status).toBe(409);
    expect((await updateQuantity(jsonRequest("/api/update-cart-quantity", { productId: line._id, quantity: 2 }, { cookie: user.cookie }), noContext)).status).toBe(409);
    const paying = await checkout(user.cookie, { cartItems: [line] });
    expect(paying.status).toBe(409);
    expect((await paying.json()).message).toBe(`${product.name} is no longer sold. Remove it from your cart to check out.`);
    expect((await startBuyNow(user, product.id)).status).toBe(409);
    expect(await stockOf(product.id)).toEqual({ stock: 10, held: 0 });

    const list = async (state: string) =>
      ((await (await adminProducts(getRequest(`/api/admin-products?page=1&limit=100&state=${state}`, owner.cookie), noContext)).json()).data as { _id: string }[]).map((p) => p._id);
    expect(await list("archived")).toContain(product.id);
    expect(await list("all")).toContain(product.id);
    expect(await list("active")).not.toContain(product.id);

    expect((await archive(false)).status).toBe(200);
    expect(await search()).toContain(product.id);
    expect(await newest()).toContain(product.id);
    expect((await addToCart(jsonRequest("/api/add-to-cart", { productId: product.id }, { cookie: user.cookie }), noContext)).status).toBe(200);
  });
});

describe("what one account may hold: a few free accounts cannot keep a product from everyone", () => {
  const setQuantity = (user: Shopper, lineId: string, quantity: number) =>
    updateQuantity(jsonRequest("/api/update-cart-quantity", { productId: lineId, quantity }, { cookie: user.cookie }), noContext);

  it("with 30 units, three accounts trying everything (carts at the limit, checkouts renewed with a changed cart, Buy Now) leave units for a fourth, who buys 5 in one order", async () => {
    const product = await makeProduct(30);
    const hoarders = await Promise.all([shopper(), shopper(), shopper()]);
    const carts = new Map<Shopper, CartLine>();
    for (const user of hoarders) {
      // The cart takes everything available; a checkout of it is refused, nothing held.
      const line = await addLine(user, product.id);
      carts.set(user, line);
      const { stock, held } = await stockOf(product.id);
      expect((await setQuantity(user, line._id, stock - held)).status).toBe(200);
      const all = await checkout(user.cookie, { cartItems: [line] });
      expect(all.status).toBe(400);
      expect((await all.json()).message).toBe(`You can check out at most ${HOLD_UNITS_PER_PRODUCT_MAX} of ${product.name} at a time. Lower the quantity to check out.`);
      // At the limit, then renewed again and again with a changed cart (each replacing the last),
      // and a Buy Now on top: the account never holds more than the limit.
      for (const quantity of [HOLD_UNITS_PER_PRODUCT_MAX, HOLD_UNITS_PER_PRODUCT_MAX - 1, HOLD_UNITS_PER_PRODUCT_MAX, HOLD_UNITS_PER_PRODUCT_MAX + 1]) {
        expect((await setQuantity(user, line._id, quantity)).status).toBe(200);
        const answer = await checkout(user.cookie, { cartItems: [line] });
        expect(answer.status).toBe(quantity > HOLD_UNITS_PER_PRODUCT_MAX ? 400 : 200);
      }
      expect((await startBuyNow(user, product.id)).status).toBe(200);
      expect((await setQuantity(user, line._id, HOLD_UNITS_PER_PRODUCT_MAX)).status).toBe(200);
      expect((await checkout(user.cookie, { cartItems: [line] })).status).toBe(200);
    }
    // The three, and their parallel attempts at once, hold at most 3 × the limit.
    await Promise.all(hoarders.map(async (user) => {
      expect((await setQuantity(user, carts.get(user)!._id, HOLD_UNITS_PER_PRODUCT_MAX - 1)).status).toBe(200);
      await Promise.all([checkout(user.cookie, { cartItems: [carts.get(user)] }), startBuyNow(user, product.id), checkout(user.cookie, { cartItems: [carts.get(user)] })]);
    }));
    const held = (await stockOf(product.id)).held;
    expect(held).toBeLessThanOrEqual(3 * HOLD_UNITS_PER_PRODUCT_MAX);
    expect(30 - held).toBeGreaterThanOrEqual(1);
    // A fourth shopper buys 5 in one order: no limit met.
    const buyer = await shopper();
    const line = await addLine(buyer, product.id, 5);
    const bought = await checkout(buyer.cookie, { cartItems: [line] });
    expect(bought.status, (await bought.clone().json()).message).toBe(200);
    expect(await stockOf(product.id)).toEqual({ stock: 30, held: held + 5 });
  });

  it("refuses more units in all than HOLD_UNITS_TOTAL_MAX at once; a smaller order goes", async () => {
    const products = await Promise.all([makeProduct(30), makeProduct(30), makeProduct(30)]);
    const user = await shopper();
    const lines = [await addLine(user, products[0]!.id, 7), await addLine(user, products[1]!.id, 7), await addLine(user, products[2]!.id, 7)];
    const refused = await checkout(user.cookie, { cartItems: lines });
    expect(refused.status).toBe(400);
    expect((await refused.json()).message).toBe(TOO_MANY_UNITS_MESSAGE);
    for (const product of products) expect(await stockOf(product.id)).toEqual({ stock: 30, held: 0 });
    expect((await setQuantity(user, lines[2]!._id, 6)).status).toBe(200);
    expect((await checkout(user.cookie, { cartItems: lines })).status).toBe(200);
  });

  it("a product kept held back to back for HOLD_RUN_MAX_MINUTES is refused until the account has held none of it for HOLD_BREAK_MINUTES", async () => {
    const product = await makeProduct(30);
    const user = await shopper();
    const account = await db.user.findUniqueOrThrow({ where: { id: user.id } });
    const line = await addLine(user, product.id, 3);
    const t0 = Date.now();
    const at = (minutes: number) => new Date(t0 + minutes * 60_000);
    // A real shopper's back and forth: checked out, back to the cart, changed, checked out again.
    const first = await startCheckoutAt(account, [line._id], null, at(0));
    expect((await setQuantity(user, line._id, 2)).status).toBe(200);
    await startCheckoutAt(account, [line._id], null, at(25));
    expect((await setQuantity(user, line._id, 3)).status).toBe(200);
    const last = await startCheckoutAt(account, [line._id], null, at(HOLD_RUN_MAX_MINUTES - 10));
    expect(last.checkoutId).not.toBe(first.checkoutId);
    // Renewed once more past the run's end: refused, and the open checkout stays as it was.
    expect((await setQuantity(user, line._id, 2)).status).toBe(200);
    await expect(startCheckoutAt(account, [line._id], null, at(HOLD_RUN_MAX_MINUTES))).rejects.toMatchObject({
      status: 409,
      message: `${product.name} has been in your checkouts for ${HOLD_RUN_MAX_MINUTES} minutes: other shoppers get a turn. You can check it out again ${HOLD_BREAK_MINUTES} minutes after your last checkout of it ends.`,
    });
    expect(await stockOf(product.id)).toEqual({ stock: 30, held: 3 });
    // Its hold ends (expired, swept); within the break the run goes on, after it a new one starts.
    const ended = HOLD_RUN_MAX_MINUTES + 22;
    expect(await releaseHolds(last.checkoutId, { releasedAt: at(ended) })).toBe(true);
    await expect(startCheckoutAt(account, [line._id], null, at(ended + HOLD_BREAK_MINUTES - 1))).rejects.toMatchObject({ status: 409 });
    const fresh = await startCheckoutAt(account, [line._id], null, at(ended + HOLD_BREAK_MINUTES));
    const [row] = await query<{ heldSince: Record<string, string> }>(`SELECT "heldSince" FROM "Checkout" WHERE id = $1`, [fresh.checkoutId]);
    expect(row!.heldSince).toEqual({ [product.id]: at(ended + HOLD_BREAK_MINUTES).toISOString() });
    expect(await stockOf(product.id)).toEqual({ stock: 30, held: 2 });
  });
});

describe("an admin releases a checkout's hold", () => {
  const holdsOf = async (cookie: string, query: string) => (await (await openHoldsRoute(getRequest(`/api/open-holds?${query}`, cookie), noContext)).json()).data as { _id: string; email: string; units: number }[];
  const release = (cookie: string, checkoutId: string) => releaseHoldRoute(jsonRequest("/api/release-hold", { checkoutId }, { cookie }), noContext);

  it("lists who holds a product, releases one (its Stripe session expired, its units on sale), and answers 409 once it moved on", async () => {
    const product = await makeProduct(10);
    const { user, sessionId, checkoutId } = await holdOne(product.id, 3);
    expect(await holdsOf(owner.cookie, `productId=${product.id}`)).toEqual([expect.objectContaining({ _id: checkoutId, email: user.email, units: 3 })]);
    // A shopper may do neither.
    expect((await release(user.cookie, checkoutId)).status).toBe(403);
    const released = await release(owner.cookie, checkoutId);
    expect(released.status).toBe(200);
    expect(await stockOf(product.id)).toEqual({ stock: 10, held: 0 });
    expect(await checkoutRow(sessionId)).toMatchObject({ status: "EXPIRED", holdState: "RELEASED" });
    expect((await retrieve(sessionId)).status).toBe("expired");
    expect(await holdsOf(owner.cookie, `productId=${product.id}`)).toEqual([]);
    const again = await release(owner.cookie, checkoutId);
    expect(again.status).toBe(409);
    expect((await again.json()).message).toBe(HOLD_ENDED_MESSAGE);
    expect(await stockOf(product.id)).toEqual({ stock: 10, held: 0 });
    expect((await release(owner.cookie, randomUUID())).status).toBe(404);
  });

  it("a checkout paid meanwhile is not released: 409, and its sale is recorded; an order's page lists the holds on its products", async () => {
    const product = await makeProduct(10);
    const paid = await holdOne(product.id, 2);
    await pay(paid.sessionId); // paid at Stripe, its event not yet arrived
    const answer = await release(owner.cookie, paid.checkoutId);
    expect(answer.status).toBe(409);
    expect((await answer.json()).message).toBe(HOLD_PAID_MESSAGE);
    expect(await stockOf(product.id)).toEqual({ stock: 8, held: 0 });
    const [order] = await query<{ id: string }>(`SELECT id FROM "Order" WHERE "checkoutId" = $1`, [paid.checkoutId]);
    const other = await holdOne(product.id, 1);
    expect((await holdsOf(owner.cookie, `orderId=${order!.id}`)).map((hold) => hold._id)).toEqual([other.checkoutId]);
  });
});
