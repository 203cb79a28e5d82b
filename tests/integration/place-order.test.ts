// The store's own checkout (POST /api/place-order): the chosen address travels with the card
// payment (Stripe's page asks none) and lands on the order; cash on delivery places the order at
// once under the stock rules and its guard rails; the account's hold bounds count open COD orders.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { POST as placeRoute } from "@/app/api/place-order/route";
import { POST as addAddressRoute } from "@/app/api/addresses/route";
import { POST as confirmRoute } from "@/app/api/confirm-order/route";
import { POST as cancelRoute } from "@/app/api/cancel-order/route";
import { findOrder, sendOrderConfirmation } from "@/lib/server/orders/orders";
import { POST as shipRoute } from "@/app/api/ship-order/route";
import { POST as deliverRoute } from "@/app/api/deliver-order/route";
import { POST as cashRoute } from "@/app/api/record-cash/route";
import { POST as rtoRoute } from "@/app/api/return-to-origin/route";
import { POST as receiveRtoRoute } from "@/app/api/receive-rto/route";
import { POST as refundRoute } from "@/app/api/refund-order/route";
import { POST as returnRoute } from "@/app/api/request-return/route";
import { POST as approveRoute } from "@/app/api/approve-return/route";
import { POST as receiveReturnRoute } from "@/app/api/receive-return/route";
import { POST as recordRefundRoute } from "@/app/api/record-refund/route";
import { GET as creditNoteRoute } from "@/app/api/credit-note/[refundId]/route";
import { GET as getOrders } from "@/app/api/get-order-details/route";
import { retryPendingRefunds } from "@/lib/server/orders/refunds";
import { indiaToday } from "@/lib/shared/dates";
import type { NextRequest } from "next/server";
import { COD_OPEN_ORDERS_MAX, HOLD_UNITS_PER_PRODUCT_MAX } from "@/lib/constants";
import type { PublicAddress } from "@/lib/delivery/address";
import type { PublicOrder } from "@/lib/server/orders/types";
import { admin, getRequest, jsonRequest, noContext, query, shopper, type Shopper } from "../helpers";
import { addLine, cartOf, completedEvent, deliver, emulatorUrl, eventually, outbox, paidOrder, pay, retrieve } from "./checkout-kit";

const HOME = { name: "Meera Iyer", phone: "9845012345", line1: "12, 3rd Cross", area: "Indiranagar", landmark: null, city: "Bengaluru", district: "Bengaluru", state: "KA", postalCode: "560038" };

const place = (user: Shopper, body: unknown) => placeRoute(jsonRequest("/api/place-order", body, { cookie: user.cookie }), noContext);

async function product(stock: number, price = 150_000): Promise<string> {
  const id = randomUUID();
  await query(
    `INSERT INTO "Product" (id, "productName", "brandName", category, "productImage", price, "sellingPrice", "updatedAt", stock) VALUES ($1, $2, 'Volt', 'mobiles', ARRAY['/images/products/mobi-001-1.svg'], $3, $4, now(), $5)`,
    [id, `Checkout phone ${id.slice(0, 6)}`, price + 50_000, price, stock],
  );
  return id;
}

const stockOf = async (id: string) => (await query<{ stock: number; held: number }>(`SELECT stock, held FROM "Product" WHERE id = $1`, [id]))[0]!;

async function confirmedShopper(): Promise<Shopper> {
  const user = await shopper();
  await query(`UPDATE "User" SET "emailConfirmedAt" = now() WHERE id = $1`, [user.id]);
  return user;
}

async function savedAddress(user: Shopper, address = HOME): Promise<PublicAddress> {
  return (await (await addAddressRoute(jsonRequest("/api/addresses", address, { cookie: user.cookie }), noContext)).json()).data as PublicAddress;
}

describe("card payment from the checkout page", () => {
  it("sends the saved address with the payment (the hosted page asks none), and the order keeps it", async () => {
    const user = await shopper();
    const address = await savedAddress(user);
    const productId = await product(5);
    const line = await addLine(user, productId, 2);
    const answer = await place(user, { cartItems: [line._id], addressId: address._id, paymentMethod: "card" });
    const body = await answer.json();
    expect(answer.status, body.message).toBe(200);
    expect(body.data).toMatchObject({ paymentMethod: "card", id: expect.stringMatching(/^cs_/), url: expect.stringContaining("/stripe/pay/") });
    const session = await retrieve(body.data.id);
    expect(session.shipping_address_collection).toBeNull();
    expect(session.phone_number_collection?.enabled).toBe(false);
    expect(session.amount_total).toBe(2 * 150_000 + 4900);
    expect(await stockOf(productId)).toEqual({ stock: 5, held: 2 });

    expect((await pay(body.data.id)).status).toBe(303);
    const paid = await retrieve(body.data.id);
    const intent = await (await fetch(`${emulatorUrl()}/v1/payment_intents/${paid.payment_intent}`, { headers: { authorization: "Bearer sk_test_x" } })).json();
    expect(intent.shipping).toMatchObject({ name: "Meera Iyer", phone: "+919845012345", address: { line1: "12, 3rd Cross", line2: "Indiranagar", city: "Bengaluru", state: "KA", postal_code: "560038", country: "IN" } });
    const event = await completedEvent(body.data.id);
    expect((await deliver(event.payload, event.header)).status).toBe(200);
    const [order] = await query<{ delivery: unknown; status: string; paymentMethod: string; totalAmount: number }>(`SELECT delivery, status, "paymentMethod", "totalAmount" FROM "Order" WHERE "checkoutSessionId" = $1`, [body.data.id]);
    expect(order).toMatchObject({ status: "PAID", paymentMethod: "card", totalAmount: 304_900, delivery: { name: "Meera Iyer", line1: "12, 3rd Cross", line2: "Indiranagar", city: "Bengaluru", district: "Bengaluru", state: "KA", postalCode: "560038", phone: "+919845012345" } });
    expect(await stockOf(productId)).toEqual({ stock: 3, held: 0 });
    expect(await cartOf(user.id)).toEqual([]);
  });

  it("uses a typed address once, or saves it first; never another shopper's saved address", async () => {
    const user = await shopper();
    const other = await shopper();
    const theirs = await savedAddress(other);
    const productId = await product(5);
    const refused = await place(user, { productId, addressId: theirs._id, paymentMethod: "card" });
    expect(refused.status).toBe(404);
    expect((await refused.json()).errors).toEqual({ addressId: "Address not found" });
    expect(await stockOf(productId)).toEqual({ stock: 5, held: 0 });

    const once = await place(user, { productId, address: HOME, saveAddress: false, paymentMethod: "card" });
    expect(once.status).toBe(200);
    expect(await query(`SELECT 1 FROM "Address" WHERE "userId" = $1`, [user.id])).toHaveLength(0);
    const saved = await place(user, { productId, address: { ...HOME, line1: "Flat 9" }, paymentMethod: "card" });
    expect(saved.status).toBe(200);
    expect(await query(`SELECT line1 FROM "Address" WHERE "userId" = $1`, [user.id])).toEqual([{ line1: "Flat 9" }]);
    // Buy Now replaced the first: one unit held, the cart untouched.
    expect(await stockOf(productId)).toEqual({ stock: 5, held: 1 });
  });

  it("refuses a body without the lines, the address or the method, with nothing held", async () => {
    const user = await shopper();
    const answer = await place(user, { paymentMethod: "cheque" });
    expect(answer.status).toBe(400);
    expect((await answer.json()).errors).toMatchObject({ paymentMethod: "Choose how to pay: card or cash on delivery" });
    const nothing = await place(user, { paymentMethod: "card" });
    expect((await nothing.json()).errors).toEqual({ cartItems: "Send either cartItems (from the cart) or productId (Buy Now)", addressId: "Choose a delivery address" });
    expect((await placeRoute(jsonRequest("/api/place-order", {}), noContext)).status).toBe(401);
  });
});

describe("cash on delivery", () => {
  it("places the order at once: PLACED, unpaid, the units taken, the cart emptied, the spec's fields kept", async () => {
    const user = await confirmedShopper();
    const address = await savedAddress(user);
    const productId = await product(5, 99_900);
    const line = await addLine(user, productId, 2);
    const answer = await place(user, { cartItems: [line._id], addressId: address._id, paymentMethod: "cod" });
    const body = await answer.json();
    expect(answer.status, body.message).toBe(201);
    const order = body.data.order as PublicOrder;
    expect(order).toMatchObject({
      status: "PLACED",
      paymentDetails: { paymentId: null, payment_method_type: ["cod"], payment_status: "unpaid" },
      shipping_options: [{ shipping_amount: 4900, name: expect.stringMatching(/^Standard delivery \(/) }],
      total_amount: 2047,
      invoice: null,
      delivery: { postalCode: "560038", district: "Bengaluru" },
    });
    // An old client's sum of lines and shipping equals the total.
    const sum = order.productDetails.reduce((total, item) => total + item.price * item.quantity, 0) + order.shipping_options.reduce((total, option) => total + option.shipping_amount / 100, 0);
    expect(sum).toBe(order.total_amount);
    expect(await stockOf(productId)).toEqual({ stock: 3, held: 0 });
    expect(await cartOf(user.id)).toEqual([]);
    const [row] = await query<{ invoiceDue: boolean; checkoutSessionId: string | null }>(`SELECT "invoiceDue", "checkoutSessionId" FROM "Order" WHERE id = $1`, [order._id]);
    expect(row).toEqual({ invoiceDue: false, checkoutSessionId: null });
  });

  it("refuses, with nothing recorded: an unconfirmed email, the islands (no COD there), past the cap", async () => {
    const unconfirmed = await shopper();
    const productId = await product(5, 2_100_000);
    const cheap = await product(5, 10_000);
    const refused = await place(unconfirmed, { productId: cheap, address: HOME, saveAddress: false, paymentMethod: "cod" });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ message: "Confirm your email address to pay cash on delivery: ask for a code on the checkout page, or use the link we sent you.", data: { reason: "email-unconfirmed" } });

    const user = await confirmedShopper();
    const islands = await place(user, { productId: cheap, address: { ...HOME, city: "Port Blair", district: "South Andaman", state: "AN", postalCode: "744101" }, saveAddress: false, paymentMethod: "cod" });
    expect(islands.status).toBe(422);
    expect((await islands.json()).errors).toEqual({ paymentMethod: "Cash on delivery is not available for PIN 744101." });
    const dear = await place(user, { productId, address: HOME, saveAddress: false, paymentMethod: "cod" });
    expect(dear.status).toBe(422);
    expect((await dear.json()).message).toBe("Cash on delivery is available up to ₹20,000");
    expect(await stockOf(productId)).toEqual({ stock: 5, held: 0 });
    expect(await stockOf(cheap)).toEqual({ stock: 5, held: 0 });
    expect(await query(`SELECT 1 FROM "Order" WHERE "userId" IN ($1, $2)`, [unconfirmed.id, user.id])).toHaveLength(0);
  });

  it(`allows at most ${COD_OPEN_ORDERS_MAX} open COD orders per account, even placed at once`, async () => {
    const user = await confirmedShopper();
    const products = await Promise.all(Array.from({ length: 5 }, () => product(5, 10_000)));
    const answers = await Promise.all(products.map((productId) => place(user, { productId, address: HOME, saveAddress: false, paymentMethod: "cod" })));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([201, 201, 201, 409, 409]);
    const refusal = await answers.find((answer) => answer.status === 409)!.json();
    expect(refusal.message).toBe(`You have ${COD_OPEN_ORDERS_MAX} cash-on-delivery orders on their way. Pay by card, or wait until one of them is delivered.`);
    expect(await query(`SELECT 1 FROM "Order" WHERE "userId" = $1`, [user.id])).toHaveLength(3);
    const held = await Promise.all(products.map(stockOf));
    expect(held.reduce((sum, row) => sum + (5 - row.stock) + row.held, 0)).toBe(3);
  });

  it("20 shoppers racing for 3 units by COD and card make exactly 3 orders and sessions, and nothing oversells", async () => {
    const productId = await product(3, 10_000);
    const shoppers = await Promise.all(Array.from({ length: 20 }, () => confirmedShopper()));
    const answers = await Promise.all(shoppers.map((user, i) => place(user, { productId, address: HOME, saveAddress: false, paymentMethod: i % 2 === 0 ? "cod" : "card" })));
    const won = answers.filter((answer) => answer.status === 200 || answer.status === 201);
    expect(won).toHaveLength(3);
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(17);
    const { stock, held } = await stockOf(productId);
    expect(stock - held).toBe(0);
    // Each unit is either still held by a card checkout, or taken by a COD order.
    expect((await query(`SELECT 1 FROM "OrderItem" WHERE "productId" = $1`, [productId])).length).toBe(3 - stock);
    expect(held).toBe(stock);
  });

  it("counts open COD orders in what one account may hold: three accounts cannot keep 30 units from a fourth", async () => {
    const productId = await product(30, 10_000);
    const attackers = await Promise.all(Array.from({ length: 3 }, () => confirmedShopper()));
    for (const attacker of attackers) {
      const line = await addLine(attacker, productId, HOLD_UNITS_PER_PRODUCT_MAX);
      expect((await place(attacker, { cartItems: [line._id], address: HOME, saveAddress: false, paymentMethod: "cod" })).status).toBe(201);
      // More of it, by COD or by card, is past the account's bound while that order is open.
      expect((await place(attacker, { productId, address: HOME, saveAddress: false, paymentMethod: "cod" })).status).toBe(400);
      expect((await place(attacker, { productId, address: HOME, saveAddress: false, paymentMethod: "card" })).status).toBe(400);
    }
    expect(await stockOf(productId)).toEqual({ stock: 30 - 3 * HOLD_UNITS_PER_PRODUCT_MAX, held: 0 });
    const fourth = await confirmedShopper();
    const line = await addLine(fourth, productId, 5);
    expect((await place(fourth, { cartItems: [line._id], address: HOME, saveAddress: false, paymentMethod: "cod" })).status).toBe(201);
  });
});

describe("a cash-on-delivery order after it is placed", () => {
  async function placed(user: Shopper, price = 20_000) {
    const productId = await product(4, price);
    const answer = await place(user, { productId, address: HOME, saveAddress: false, paymentMethod: "cod" });
    expect(answer.status).toBe(201);
    return { productId, order: (await answer.json()).data.order as PublicOrder };
  }
  const confirm = (user: Shopper, orderId: string) => confirmRoute(jsonRequest("/api/confirm-order", { orderId }, { cookie: user.cookie }), noContext);

  it("mails the shopper what to pay on delivery, with the link to confirm it", async () => {
    const user = await confirmedShopper();
    const { order } = await placed(user);
    // Sent after the answer (or now, when that has not gone yet): once either way.
    await sendOrderConfirmation(order._id);
    const [mail] = await eventually(() => outbox(user.email), (mails) => mails.length > 0);
    expect(mail!.subject).toMatch(/^Your .+ order #\w+ is placed: please confirm it$/);
    expect(mail!.text).toContain("Please pay ₹249 in cash when it arrives.");
    expect(mail!.text).toContain(`/user-panel/my-orders?confirm=${order._id}`);
    expect(mail!.text).toContain("To pay on delivery: ₹249");
  });

  it("is confirmed once by its shopper or an admin, never by another shopper; a card order has nothing to confirm", async () => {
    const user = await confirmedShopper();
    const { order } = await placed(user);
    const stranger = await shopper();
    expect((await confirm(stranger, order._id)).status).toBe(404);
    const first = await confirm(user, order._id);
    expect(first.status).toBe(200);
    expect((await first.json())).toMatchObject({ message: "Order confirmed: we will send it soon", data: { cod: { confirmed_at: expect.any(String) }, timeline: expect.arrayContaining([expect.objectContaining({ type: "cod_confirmed", actor: "shopper" })]) } });
    expect((await (await confirm(user, order._id)).json()).message).toBe("This order was confirmed already");

    const other = await confirmedShopper();
    const { order: second } = await placed(other);
    const boss = await admin();
    expect((await (await confirm(boss, second._id)).json()).data.timeline).toEqual(expect.arrayContaining([expect.objectContaining({ type: "cod_confirmed", actor: "admin" })]));
    const card = await paidOrder();
    expect((await confirm(card.user, card.orderId)).status).toBe(409);
  });

  it("is cancelled by its shopper before it ships: its units go back and nothing is refunded", async () => {
    const user = await confirmedShopper();
    const { productId, order } = await placed(user);
    expect(await stockOf(productId)).toEqual({ stock: 3, held: 0 });
    const sold = async () => (await query<{ unitsSold: number }>(`SELECT "unitsSold" FROM "Product" WHERE id = $1`, [productId]))[0]!.unitsSold;
    // Counted sold (the popularity order) when placed, and no longer once cancelled: placing and
    // cancelling over and over cannot lift a product up "popularity".
    expect(await sold()).toBe(1);
    const cancelled = await cancelRoute(jsonRequest("/api/cancel-order", { orderId: order._id }, { cookie: user.cookie }), noContext);
    expect(cancelled.status).toBe(200);
    expect(await stockOf(productId)).toEqual({ stock: 4, held: 0 });
    expect(await sold()).toBe(0);
    const [row] = await query<{ status: string; refundedAmount: number }>(`SELECT status, "refundedAmount" FROM "Order" WHERE id = $1`, [order._id]);
    expect(row).toEqual({ status: "CANCELLED", refundedAmount: 0 });
    expect(await query(`SELECT 1 FROM "Refund" WHERE "orderId" = $1`, [order._id])).toHaveLength(0);
    // A second cancel changes nothing.
    expect((await cancelRoute(jsonRequest("/api/cancel-order", { orderId: order._id }, { cookie: user.cookie }), noContext)).status).toBe(409);
    expect(await stockOf(productId)).toEqual({ stock: 4, held: 0 });
  });
});

describe("a cash-on-delivery order's life", () => {
  const admins: { boss?: Shopper } = {};
  const post = async (path: string, handler: (request: NextRequest, context: typeof noContext) => Promise<Response>, body: unknown) => {
    admins.boss ??= await admin();
    return handler(jsonRequest(path, body, { cookie: admins.boss.cookie }), noContext);
  };
  const ship = (orderId: string) => post("/api/ship-order", shipRoute, { orderId, carrier: "Delhivery", trackingNumber: "DL1234567890" });
  const deliverIt = (orderId: string) => post("/api/deliver-order", deliverRoute, { orderId });
  const cash = (orderId: string, amount: number, receivedOn = "2026-11-20") => post("/api/record-cash", cashRoute, { orderId, amount, receivedOn, reference: "DLV-REMIT-7781" });

  async function placedAndConfirmed(stock = 4) {
    const user = await confirmedShopper();
    const productId = await product(stock, 20_000);
    const placedAnswer = await place(user, { productId, address: HOME, saveAddress: false, paymentMethod: "cod" });
    const order = (await placedAnswer.json()).data.order as PublicOrder;
    return { user, productId, order };
  }

  it("ships only once confirmed, gets its invoice then, is delivered, and is paid when the cash is recorded", async () => {
    const { user, order } = await placedAndConfirmed();
    const refused = await ship(order._id);
    expect(refused.status).toBe(409);
    expect((await refused.json()).message).toBe("This cash-on-delivery order is not confirmed yet: call the shopper, confirm it, then ship it.");
    expect((await confirmRoute(jsonRequest("/api/confirm-order", { orderId: order._id }, { cookie: user.cookie }), noContext)).status).toBe(200);
    expect((await ship(order._id)).status).toBe(200);
    const invoice = await eventually(
      () => query<{ number: string }>(`SELECT number FROM "TaxDocument" WHERE "orderId" = $1 AND kind = 'INVOICE'`, [order._id]),
      (rows) => rows.length === 1,
    );
    expect(invoice[0]!.number).toMatch(/^IN\/\d{4}\/\d{8}$/);
    // Not delivered yet: no cash to record.
    expect((await cash(order._id, 249)).status).toBe(409);
    expect((await deliverIt(order._id)).status).toBe(200);
    for (const wrong of [250, 248]) {
      const refused = await cash(order._id, wrong);
      expect(refused.status).toBe(422);
      expect((await refused.json()).errors).toEqual({ amount: "The cash received must be the order's total: the courier collected all of it." });
    }
    expect((await cash(order._id, 249, "2026-02-30")).status).toBe(400);
    // Tomorrow, India time: refused by the body's own rules, with the field named.
    const tomorrow = await cash(order._id, 249, indiaToday(new Date(Date.now() + 86_400_000)));
    expect(tomorrow.status).toBe(400);
    expect((await tomorrow.json()).errors).toEqual({ receivedOn: "The day the cash came in cannot be in the future" });
    const recorded = await cash(order._id, 249);
    expect(recorded.status).toBe(200);
    expect((await recorded.json()).data).toMatchObject({ status: "DELIVERED", payment_status: "paid" });
    expect((await cash(order._id, 249)).status).toBe(409);
    const [row] = await query<{ paymentStatus: string; cashAmount: number; cashReference: string }>(`SELECT "paymentStatus", "cashAmount", "cashReference" FROM "Order" WHERE id = $1`, [order._id]);
    expect(row).toEqual({ paymentStatus: "paid", cashAmount: 24_900, cashReference: "DLV-REMIT-7781" });
    // A card order has no cash to record.
    const card = await paidOrder();
    await ship(card.orderId);
    await deliverIt(card.orderId);
    expect((await cash(card.orderId, 1)).status).toBe(409);
  });

  it("refunds cash by bank transfer or UPI: to the account the return gave, recorded with its reference, never past what was collected", async () => {
    const user = await confirmedShopper();
    const productId = await product(5, 20_000);
    const line = await addLine(user, productId, 2);
    const order = (await (await place(user, { cartItems: [line._id], address: HOME, saveAddress: false, paymentMethod: "cod" })).json()).data.order as PublicOrder;
    await confirmRoute(jsonRequest("/api/confirm-order", { orderId: order._id }, { cookie: user.cookie }), noContext);
    expect((await ship(order._id)).status).toBe(200);
    // Not delivered: the courier has collected nothing, so nothing can go back.
    const early = await post("/api/refund-order", refundRoute, { orderId: order._id, all: true, restock: true, reference: "UTR1" });
    expect(early.status).toBe(409);
    expect((await early.json()).message).toBe("Nothing was collected on this cash-on-delivery order yet: cancel it before it ships, or wait for its delivery.");
    expect((await deliverIt(order._id)).status).toBe(200);

    // The shopper's return asks where the money goes, and checks it.
    const [item] = await query<{ id: string }>(`SELECT id FROM "OrderItem" WHERE "orderId" = $1`, [order._id]);
    const ask = (refundAccount?: unknown) =>
      returnRoute(jsonRequest("/api/request-return", { orderId: order._id, reason: "no_longer_needed", lines: [{ orderItemId: item!.id, quantity: 1 }], refundAccount }, { cookie: user.cookie }), noContext);
    const noAccount = await ask();
    expect(noAccount.status).toBe(400);
    expect((await noAccount.json()).errors).toEqual({ refundAccount: "Give the UPI ID or bank account your refund should go to: this order was paid in cash." });
    const badIfsc = await ask({ kind: "bank", holder: "Meera Iyer", accountNumber: "1234 5678 9012", ifsc: "HDFC1234567" });
    expect(badIfsc.status).toBe(400);
    expect((await badIfsc.json()).errors).toMatchObject({ "refundAccount.ifsc": expect.stringContaining("IFSC must be 11 characters") });
    expect((await ask({ kind: "upi", upiId: "meera at okhdfc" })).status).toBe(400);
    expect(await query(`SELECT 1 FROM "ReturnRequest" WHERE "orderId" = $1`, [order._id])).toHaveLength(0);
    const asked = await ask({ kind: "bank", holder: "Meera Iyer", accountNumber: "1234 5678 9012", ifsc: "hdfc0001234" });
    expect(asked.status).toBe(200);
    const returnId = (await asked.json()).data._id as string;
    const [stored] = await query<{ refundAccount: unknown }>(`SELECT "refundAccount" FROM "Order" WHERE id = $1`, [order._id]);
    expect(stored!.refundAccount).toEqual({ kind: "bank", holder: "Meera Iyer", accountNumber: "123456789012", ifsc: "HDFC0001234" });
    // The shopper is reminded of it masked; the admin reads it whole, to pay it.
    const mine = (await (await getOrders(getRequest("/api/get-order-details", user.cookie), noContext)).json()).data as PublicOrder[];
    expect(mine.find((candidate) => candidate._id === order._id)!.cod!.refund_account).toBe("bank account ending 9012 (HDFC0001234)");

    expect((await post("/api/approve-return", approveRoute, { returnId, pickupDate: indiaToday() })).status).toBe(200);
    const received = await post("/api/receive-return", receiveReturnRoute, { returnId });
    expect(received.status).toBe(200);
    const receivedBody = await received.json();
    expect(receivedBody.message).toBe("Return received: pay the refund by bank transfer or UPI, then record its reference");
    // Not sent anywhere by the store: PENDING until the admin records the transfer, and not retried through Stripe.
    expect(receivedBody.data.refund).toMatchObject({ amount: 200, status: "PENDING", reference: null });
    expect(await retryPendingRefunds(20, 0)).toBe(0);
    expect(await stockOf(productId)).toEqual({ stock: 3, held: 0 });
    const refundId = receivedBody.data.refund._id as string;
    const adminOrder = await findOrder(order._id, { admin: true });
    expect(adminOrder!.cod!.refund_account).toBe("Bank account 123456789012 · IFSC HDFC0001234 · Meera Iyer");

    // Only an admin records it; once.
    expect((await recordRefundRoute(jsonRequest("/api/record-refund", { refundId, reference: "UTR9" }, { cookie: user.cookie }), noContext)).status).toBe(403);
    expect((await post("/api/record-refund", recordRefundRoute, { refundId, reference: "" })).status).toBe(400);
    const paid = await post("/api/record-refund", recordRefundRoute, { refundId, reference: "HDFCN52026112712345" });
    expect(paid.status).toBe(200);
    expect((await paid.json()).data).toMatchObject({ status: "SUCCEEDED", reference: "HDFCN52026112712345", amount: 200 });
    expect((await post("/api/record-refund", recordRefundRoute, { refundId, reference: "HDFCN52026112712345" })).status).toBe(409);
    expect(await stockOf(productId)).toEqual({ stock: 4, held: 0 });
    const [afterOne] = await query<{ refundedAmount: number; status: string }>(`SELECT "refundedAmount", status FROM "Order" WHERE id = $1`, [order._id]);
    expect(afterOne).toEqual({ refundedAmount: 20_000, status: "DELIVERED" });
    // Its credit note, against the invoice issued when the parcel left.
    const credit = await eventually(
      () => query<{ total: number }>(`SELECT total FROM "TaxDocument" WHERE "refundId" = $1 AND kind = 'CREDIT_NOTE'`, [refundId]),
      (rows) => rows.length === 1,
    );
    expect(credit[0]!.total).toBe(20_000);

    // The admin's own refund of the rest (shipping included): recorded to pay first, so the amount
    // is reserved before anyone pays it; nothing more can be asked meanwhile; then recorded paid.
    const rest = await post("/api/refund-order", refundRoute, { orderId: order._id, all: true, restock: true, expectedAmount: 249 });
    expect(rest.status).toBe(200);
    const restBody = await rest.json();
    expect(restBody).toMatchObject({ message: "Refund recorded", data: { amount: 249, status: "PENDING", reference: null } });
    expect((await post("/api/refund-order", refundRoute, { orderId: order._id, all: true, restock: false, reference: "UPI-4456" })).status).toBe(409);
    expect((await post("/api/record-refund", recordRefundRoute, { refundId: restBody.data._id, reference: "UPI-4455" })).status).toBe(200);
    const more = await post("/api/refund-order", refundRoute, { orderId: order._id, all: true, restock: false, reference: "UPI-4456" });
    expect(more.status).toBe(409);
    // The courier still owes the cash it collected: it can be recorded on the refunded order.
    expect((await cash(order._id, 449)).status).toBe(200);
    // A card refund takes no reference.
    const card = await paidOrder();
    const referenced = await post("/api/refund-order", refundRoute, { orderId: card.orderId, all: true, restock: false, reference: "UTR-1" });
    expect(referenced.status).toBe(400);
    expect(await query(`SELECT 1 FROM "Refund" WHERE "orderId" = $1`, [card.orderId])).toHaveLength(0);
    const [whole] = await query<{ refundedAmount: number; status: string; total: string }>(
      `SELECT o."refundedAmount", o.status, (SELECT sum(amount) FROM "Refund" r WHERE r."orderId" = o.id AND r.status <> 'FAILED')::text AS total FROM "Order" o WHERE o.id = $1`,
      [order._id],
    );
    expect(whole).toEqual({ refundedAmount: 44_900, status: "REFUNDED", total: "44900" });
    const [cashIn] = await query<{ paymentStatus: string; cashAmount: number }>(`SELECT "paymentStatus", "cashAmount" FROM "Order" WHERE id = $1`, [order._id]);
    expect(cashIn).toEqual({ paymentStatus: "paid", cashAmount: 44_900 });
  });

  it("is placed only at the total the page showed: a changed total is a 409 with the new one, nothing placed", async () => {
    const user = await confirmedShopper();
    const productId = await product(4, 20_000);
    const stale = await place(user, { productId, address: HOME, saveAddress: false, paymentMethod: "cod", expectedTotal: 200 });
    expect(stale.status).toBe(409);
    expect(await stale.json()).toMatchObject({ message: "The total is now ₹249: prices or your cart changed. Check the summary and place the order again.", data: { total: 249 } });
    expect(await stockOf(productId)).toEqual({ stock: 4, held: 0 });
    expect((await place(user, { productId, address: HOME, saveAddress: false, paymentMethod: "cod", expectedTotal: 249 })).status).toBe(201);
  });

  it("comes back undelivered: returned to origin, then received, its units back in stock once", async () => {
    const { user, productId, order } = await placedAndConfirmed();
    await confirmRoute(jsonRequest("/api/confirm-order", { orderId: order._id }, { cookie: user.cookie }), noContext);
    expect((await post("/api/receive-rto", receiveRtoRoute, { orderId: order._id })).status).toBe(409);
    expect((await ship(order._id)).status).toBe(200);
    expect(await stockOf(productId)).toEqual({ stock: 3, held: 0 });
    const back = await post("/api/return-to-origin", rtoRoute, { orderId: order._id, note: "Shopper refused the parcel" });
    expect(back.status).toBe(200);
    expect((await back.json()).data.status).toBe("RETURNED_TO_ORIGIN");
    expect(await stockOf(productId)).toEqual({ stock: 3, held: 0 });
    // Its invoice (issued when it shipped) is reversed whole by a credit note, addressed by the order's id.
    const [invoice] = await eventually(
      () => query<{ id: string; total: number }>(`SELECT id, total FROM "TaxDocument" WHERE "orderId" = $1 AND kind = 'INVOICE'`, [order._id]),
      (rows) => rows.length === 1,
    );
    const credit = await eventually(
      () => query<{ total: number; invoiceId: string; refundId: string | null }>(`SELECT total, "invoiceId", "refundId" FROM "TaxDocument" WHERE "orderId" = $1 AND kind = 'CREDIT_NOTE'`, [order._id]),
      (rows) => rows.length === 1,
    );
    expect(credit[0]).toEqual({ total: invoice!.total, invoiceId: invoice!.id, refundId: null });
    expect(invoice!.total).toBe(24_900);
    const [flag] = await query<{ rtoCreditNoteDue: boolean }>(`SELECT "rtoCreditNoteDue" FROM "Order" WHERE id = $1`, [order._id]);
    expect(flag!.rtoCreditNoteDue).toBe(false);
    const mine = (await (await getOrders(getRequest("/api/get-order-details", user.cookie), noContext)).json()).data as PublicOrder[];
    expect(mine.find((candidate) => candidate._id === order._id)!.cod!.credit_note).toMatchObject({ kind: "CREDIT_NOTE", number: expect.stringMatching(/^CN\//) });
    const asJson = (who: Shopper) => creditNoteRoute(getRequest(`/api/credit-note/${order._id}?format=json`, who.cookie), { params: Promise.resolve({ refundId: order._id }) });
    const document = await asJson(user);
    expect(document.status).toBe(200);
    expect((await document.json()).data).toMatchObject({ kind: "CREDIT_NOTE" });
    expect((await asJson(await shopper())).status).toBe(404);
    expect((await post("/api/receive-rto", receiveRtoRoute, { orderId: order._id })).status).toBe(200);
    expect(await stockOf(productId)).toEqual({ stock: 4, held: 0 });
    expect((await post("/api/receive-rto", receiveRtoRoute, { orderId: order._id })).status).toBe(409);
    expect(await stockOf(productId)).toEqual({ stock: 4, held: 0 });
    // A card order never comes back this way.
    const card = await paidOrder();
    await ship(card.orderId);
    expect((await post("/api/return-to-origin", rtoRoute, { orderId: card.orderId })).status).toBe(409);
    // Shoppers may not.
    expect((await rtoRoute(jsonRequest("/api/return-to-origin", { orderId: order._id }, { cookie: user.cookie }), noContext)).status).toBe(403);
  });
});
