// Cancellation and refunds on the real database, through the Stripe SDK against the run's
// emulator: the sum of refunds never passes what was paid (ten at once), a line is never refunded
// twice, a retry refunds once, Stripe's events (the store's own refunds and dashboard ones) are
// recorded once, and refunded units go back to stock.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { cancelOrder, recordStripeRefund, refundOrder } from "@/lib/server/orders/refunds";
import { shipOrder, type Actor } from "@/lib/server/orders/lifecycle";
import { stripeClient } from "@/lib/server/providers/stripe";
import { POST as cancelRoute } from "@/app/api/cancel-order/route";
import { GET as orderDetails } from "@/app/api/get-order-details/route";
import { POST as refundRoute } from "@/app/api/refund-order/route";
import { GET as allOrdersRoute } from "@/app/api/all-orders/route";
import { refundableLeftPaise } from "@/lib/orders/order-refunds";
import { admin as adminAccount, getRequest, jsonRequest, noContext, query, shopper } from "../helpers";
import { deliver, emulatorUrl, eventually, outbox, paidOrder as paidOrderOf, signedEvent, type PaidOrder } from "./checkout-kit";
import { markDelivered } from "@/lib/server/orders/lifecycle";
import { formatRupees } from "@/lib/shared/money";
import { orderNumber } from "@/lib/orders/order-number";
import { sendPendingStepEmails, sendStepEmail } from "@/lib/server/orders/step-email";
import { findOrder } from "@/lib/server/orders/orders";

const admin: Actor = { kind: "admin", userId: randomUUID() };
const PRICE = 150_000;
const SHIPPING = 4900;

/** A paid order of `quantity` units of a new product at PRICE (stock 20 before the sale). */
const paidOrder = (quantity = 2): Promise<PaidOrder> => paidOrderOf({ quantity, price: PRICE, stock: 20 });

async function orderRow(orderId: string) {
  const [row] = await query<{ status: string; refundedAmount: number }>(`SELECT status, "refundedAmount" FROM "Order" WHERE id = $1`, [orderId]);
  return row!;
}

async function stockOf(productId: string): Promise<number> {
  const [row] = await query<{ stock: number }>(`SELECT stock FROM "Product" WHERE id = $1`, [productId]);
  return row!.stock;
}

async function refundedAtStripe(paymentIntentId: string): Promise<number> {
  const list = await stripeClient().refunds.list({ payment_intent: paymentIntentId, limit: 100 });
  return list.data.filter((refund) => refund.status === "succeeded").reduce((sum, refund) => sum + refund.amount, 0);
}

describe("refunds of lines", () => {
  it("refunds a line's units at the snapshot price, once, and puts them back in stock when asked", async () => {
    const order = await paidOrder(2);
    expect(order.total).toBe(2 * PRICE + SHIPPING);
    expect(await stockOf(order.productId)).toBe(18);
    const refund = await refundOrder(order.orderId, admin, { lines: [{ orderItemId: order.itemId, quantity: 1 }], restock: true, reason: "Damaged box" });
    expect(refund).toMatchObject({ status: "SUCCEEDED", amount: PRICE, shippingAmount: 0 });
    expect(refund.stripeRefundId).toMatch(/^re_/);
    expect(await orderRow(order.orderId)).toEqual({ status: "PAID", refundedAmount: PRICE });
    expect(await stockOf(order.productId)).toBe(19);
    expect(await refundedAtStripe(order.paymentIntentId)).toBe(PRICE);
    // The other unit, then nothing more of that line.
    await refundOrder(order.orderId, admin, { lines: [{ orderItemId: order.itemId, quantity: 1 }], restock: false });
    await expect(refundOrder(order.orderId, admin, { lines: [{ orderItemId: order.itemId, quantity: 1 }], restock: false })).rejects.toMatchObject({ status: 409 });
    expect(await orderRow(order.orderId)).toEqual({ status: "PAID", refundedAmount: 2 * PRICE });
    expect(await stockOf(order.productId)).toBe(19);
    expect(await refundedAtStripe(order.paymentIntentId)).toBe(2 * PRICE);
  });

  it("10 refunds at once that would together pass what was paid: exactly the ones that fit go through", async () => {
    const order = await paidOrder(5);
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => refundOrder(order.orderId, admin, { lines: [{ orderItemId: order.itemId, quantity: 1 }], restock: false })));
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(5);
    for (const result of results) if (result.status === "rejected") expect(result.reason).toMatchObject({ status: 409 });
    expect(await orderRow(order.orderId)).toEqual({ status: "PAID", refundedAmount: 5 * PRICE });
    expect(await refundedAtStripe(order.paymentIntentId)).toBe(5 * PRICE);
  });
});

describe("cancellation", () => {
  it("a shopper cancels their own paid order before it ships: refunded in full with shipping, units back in stock", async () => {
    const order = await paidOrder(2);
    const stranger = await shopper();
    await expect(cancelOrder(order.orderId, { kind: "shopper", userId: stranger.id })).rejects.toMatchObject({ status: 404 });
    const { refund } = await cancelOrder(order.orderId, { kind: "shopper", userId: order.user.id });
    expect(refund).toMatchObject({ status: "SUCCEEDED", amount: order.total, shippingAmount: SHIPPING });
    expect(await orderRow(order.orderId)).toEqual({ status: "CANCELLED", refundedAmount: order.total });
    expect(await stockOf(order.productId)).toBe(20);
    expect(await refundedAtStripe(order.paymentIntentId)).toBe(order.total);
    await expect(shipOrder(order.orderId, admin, { carrier: "Delhivery", trackingNumber: "DL1234567890" })).rejects.toMatchObject({ status: 409 });
    await expect(cancelOrder(order.orderId, admin)).rejects.toMatchObject({ status: 409, message: "This order is already cancelled." });
  });

  it("a shopper cancelling while an admin ships: exactly one wins", async () => {
    const order = await paidOrder(1);
    const [cancelled, shipped] = await Promise.allSettled([
      cancelOrder(order.orderId, { kind: "shopper", userId: order.user.id }),
      shipOrder(order.orderId, admin, { carrier: "Delhivery", trackingNumber: "DL1234567890" }),
    ]);
    expect([cancelled.status, shipped.status].sort()).toEqual(["fulfilled", "rejected"]);
    const status = (await orderRow(order.orderId)).status;
    expect(status).toBe(cancelled.status === "fulfilled" ? "CANCELLED" : "SHIPPED");
    if (status === "SHIPPED") {
      expect((cancelled as PromiseRejectedResult).reason).toMatchObject({ status: 409, message: "This order has shipped: it can no longer be cancelled." });
      expect(await refundedAtStripe(order.paymentIntentId)).toBe(0);
    }
  });
});

describe("Stripe's refund events", () => {
  it("a refund made in Stripe's dashboard is recorded once, however often and however parallel its events", async () => {
    const order = await paidOrder(2);
    const made = await fetch(`${emulatorUrl()}/stripe/dashboard-refund`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ payment_intent: order.paymentIntentId, amount: 10_000 }),
    });
    expect(made.ok).toBe(true);
    const [refund] = (await stripeClient().refunds.list({ payment_intent: order.paymentIntentId })).data;
    const events = Array.from({ length: 5 }, () => signedEvent("refund.created", refund));
    const answers = await Promise.all(events.map((event) => deliver(event.payload, event.header)));
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(await orderRow(order.orderId)).toEqual({ status: "PAID", refundedAmount: 10_000 });
    const rows = await query<{ source: string; amount: number }>(`SELECT source, amount FROM "Refund" WHERE "orderId" = $1`, [order.orderId]);
    expect(rows).toEqual([{ source: "stripe", amount: 10_000 }]);
  });

  it("the store's own refund is not counted again when its event arrives", async () => {
    const order = await paidOrder(1);
    const refund = await refundOrder(order.orderId, admin, { lines: [{ orderItemId: order.itemId, quantity: 1 }], restock: false });
    const [atStripe] = (await stripeClient().refunds.list({ payment_intent: order.paymentIntentId })).data;
    expect(atStripe!.id).toBe(refund.stripeRefundId);
    expect(await recordStripeRefund(atStripe!)).toBe("known");
    const event = signedEvent("refund.updated", atStripe);
    expect((await deliver(event.payload, event.header)).status).toBe(200);
    expect((await orderRow(order.orderId)).refundedAmount).toBe(PRICE);
    expect(await query(`SELECT id FROM "Refund" WHERE "orderId" = $1`, [order.orderId])).toHaveLength(1);
  });

  it("a refund that fails later (refund.updated: failed) gives the money back to the order, and its units may be refunded again", async () => {
    await adminAccount(); // at least one admin to tell
    const order = await paidOrder(1);
    const refund = await refundOrder(order.orderId, admin, { lines: [{ orderItemId: order.itemId, quantity: 1 }], restock: false });
    expect((await fetch(`${emulatorUrl()}/stripe/refunds/${refund.stripeRefundId}/fail`, { method: "POST" })).ok).toBe(true);
    const failed = await stripeClient().refunds.retrieve(refund.stripeRefundId!);
    expect(failed.status).toBe("failed");
    const event = signedEvent("refund.updated", failed);
    expect((await deliver(event.payload, event.header)).status).toBe(200);
    expect(await orderRow(order.orderId)).toEqual({ status: "PAID", refundedAmount: 0 });
    const [row] = await query<{ status: string }>(`SELECT status FROM "Refund" WHERE id = $1`, [refund.id]);
    expect(row!.status).toBe("FAILED");
    // The owner is told: the order is flagged (shown first in their list) and the admins mailed.
    const flagged = async () => (await query<{ attention: string | null; attentionNote: string | null }>(`SELECT attention, "attentionNote" FROM "Order" WHERE id = $1`, [order.orderId]))[0]!;
    expect(await flagged()).toMatchObject({ attention: "refund failed", attentionNote: expect.stringContaining(`A refund of ${formatRupees(PRICE)} failed`) });
    const [oldest] = await query<{ email: string }>(`SELECT email FROM "User" WHERE role = 'ADMIN' ORDER BY "createdAt" LIMIT 1`);
    const alerted = await eventually(() => outbox(oldest!.email), (mails) => mails.some((mail) => mail.subject === `Order needs attention: refund failed (${orderNumber(order.orderId)})`));
    expect(alerted.map((mail) => mail.subject)).toContain(`Order needs attention: refund failed (${orderNumber(order.orderId)})`);
    // The shopper sees that a refund failed, not the payment service's words; the admin does.
    const seen = async (cookie: string, path: string) => (await (await (path === "mine" ? orderDetails(getRequest("/api/get-order-details", cookie), noContext) : allOrdersRoute(getRequest("/api/all-orders?status=all", cookie), noContext))).json()).data.find((listed: { _id: string }) => listed._id === order.orderId);
    const mine = await seen(order.user.cookie, "mine");
    expect(mine.refunds).toEqual([expect.objectContaining({ status: "FAILED", failure_reason: null })]);
    expect(mine.timeline.find((entry: { type: string }) => entry.type === "refund_failed")).toMatchObject({ note: null });
    const theirs = await seen((await adminAccount()).cookie, "admin");
    expect(theirs.refunds[0].failure_reason).toBe(failed.failure_reason);
    expect(theirs.timeline.find((entry: { type: string }) => entry.type === "refund_failed").note).toBe(failed.failure_reason);
    const again = await refundOrder(order.orderId, admin, { lines: [{ orderItemId: order.itemId, quantity: 1 }], restock: false });
    expect(again.status).toBe("SUCCEEDED");
    expect(await flagged()).toEqual({ attention: null, attentionNote: null });
  });

  it("a restocked refund that fails later takes its units out of stock again: refunded again, they go back once", async () => {
    const order = await paidOrder(1);
    expect(await stockOf(order.productId)).toBe(19);
    const refund = await refundOrder(order.orderId, admin, { lines: [{ orderItemId: order.itemId, quantity: 1 }], restock: true });
    expect(await stockOf(order.productId)).toBe(20);
    expect((await fetch(`${emulatorUrl()}/stripe/refunds/${refund.stripeRefundId}/fail`, { method: "POST" })).ok).toBe(true);
    // Stripe sends refund.failed and refund.updated for it: the second changes nothing more.
    const failed = await stripeClient().refunds.retrieve(refund.stripeRefundId!);
    for (const type of ["refund.failed", "refund.updated"]) {
      const event = signedEvent(type, failed);
      expect((await deliver(event.payload, event.header)).status).toBe(200);
      expect(await query(`SELECT status FROM "Refund" WHERE id = $1`, [refund.id])).toEqual([{ status: "FAILED" }]);
    }
    expect(await stockOf(order.productId)).toBe(19);
    const again = await refundOrder(order.orderId, admin, { lines: [{ orderItemId: order.itemId, quantity: 1 }], restock: true });
    expect(again.status).toBe("SUCCEEDED");
    // 1 unit sold, 1 unit back: never 2.
    expect(await stockOf(order.productId)).toBe(20);
  });

  it("a cancellation stands when Stripe refuses its refund: the refund is FAILED, the owner told, and the whole can be refunded again", async () => {
    const order = await paidOrder(1);
    // The whole charge refunded at Stripe, its events not (yet) arrived: Stripe refuses the
    // cancellation's refund (charge_already_refunded).
    await stripeClient().refunds.create({ payment_intent: order.paymentIntentId, amount: order.total });
    const cancelled = await cancelRoute(jsonRequest("/api/cancel-order", { orderId: order.orderId }, { cookie: order.user.cookie }), noContext);
    expect(cancelled.status).toBe(200);
    const body = await cancelled.json();
    expect(body.data).toMatchObject({ status: "CANCELLED", refund: { status: "FAILED", amount: order.total / 100 } });
    expect(body.message).toContain("refused the refund");
    expect(await orderRow(order.orderId)).toEqual({ status: "CANCELLED", refundedAmount: 0 });
    const [flag] = await query<{ attention: string | null }>(`SELECT attention FROM "Order" WHERE id = $1`, [order.orderId]);
    expect(flag!.attention).toBe("refund failed");
  });
});

describe("POST /api/cancel-order and /api/refund-order", () => {
  const cancel = (cookie: string | undefined, orderId: string) => cancelRoute(jsonRequest("/api/cancel-order", { orderId }, { cookie }), noContext);
  const refund = (cookie: string | undefined, body: unknown) => refundRoute(jsonRequest("/api/refund-order", body, { cookie }), noContext);

  it("a shopper cancels only their own order; nobody signed out does; refunds are the admin's", async () => {
    const order = await paidOrder(1);
    expect((await cancel(undefined, order.orderId)).status).toBe(401);
    expect((await cancel((await shopper()).cookie, order.orderId)).status).toBe(404);
    const lines = [{ orderItemId: order.itemId, quantity: 1 }];
    expect((await refund(undefined, { orderId: order.orderId, lines })).status).toBe(401);
    expect((await refund(order.user.cookie, { orderId: order.orderId, lines })).status).toBe(403);
    expect(await orderRow(order.orderId)).toEqual({ status: "PAID", refundedAmount: 0 });
    const mine = await cancel(order.user.cookie, order.orderId);
    expect(mine.status).toBe(200);
    expect((await mine.json()).data).toMatchObject({ status: "CANCELLED", refund: { amount: order.total / 100, status: "SUCCEEDED" } });
  });

  it("refund-order validates its lines, then refunds at the snapshot price", async () => {
    const order = await paidOrder(2);
    const boss = await adminAccount();
    for (const body of [{ orderId: order.orderId, lines: [] }, { orderId: order.orderId, lines: [{ orderItemId: order.itemId, quantity: 0 }] }, { orderId: order.orderId, lines: [{ orderItemId: randomUUID(), quantity: 1 }] }]) {
      expect((await refund(boss.cookie, body)).status).toBe(400);
    }
    const answer = await refund(boss.cookie, { orderId: order.orderId, lines: [{ orderItemId: order.itemId, quantity: 2 }], restock: true });
    expect(answer.status).toBe(200);
    expect((await answer.json()).data).toMatchObject({ amount: (2 * PRICE) / 100, status: "SUCCEEDED" });
    expect(await stockOf(order.productId)).toBe(20);
  });
});

describe("the order answers", () => {
  it("gain the state, the tracking, the refunded amount and the timeline; the spec's fields stay", async () => {
    const order = await paidOrder(2);
    await shipOrder(order.orderId, admin, { carrier: "Blue Dart", trackingNumber: "BD12345678", trackingUrl: "https://www.bluedart.com/track/BD12345678" });
    await refundOrder(order.orderId, admin, { lines: [{ orderItemId: order.itemId, quantity: 1 }], restock: false, reason: "One arrived broken" });
    const [mine] = (await (await orderDetails(getRequest("/api/get-order-details", order.user.cookie), noContext)).json()).data;
    expect(mine).toMatchObject({
      _id: order.orderId,
      total_amount: order.total / 100,
      status: "SHIPPED",
      refunded_amount: PRICE / 100,
      tracking: { carrier: "Blue Dart", number: "BD12345678", url: "https://www.bluedart.com/track/BD12345678" },
    });
    expect(mine.timeline.map((entry: { type: string }) => entry.type)).toEqual(["paid", "shipped", "refunded"]);
    expect(mine.timeline[0]).toMatchObject({ actor: "stripe", amount: order.total / 100 });
    expect(mine.timeline[1]).toMatchObject({ actor: "admin", carrier: "Blue Dart", trackingNumber: "BD12345678" });
    expect(mine.timeline[2]).toMatchObject({ actor: "admin", amount: PRICE / 100, note: "One arrived broken" });
  });
});

describe("the shopper's mail about each step", () => {
  const subjects = async (email: string) => (await outbox(email)).map((mail) => mail.subject);

  it("shipped (with the tracking link), then delivered: one mail each, however often the senders run", async () => {
    const order = await paidOrder(1);
    await shipOrder(order.orderId, admin, { carrier: "Blue Dart", trackingNumber: "BD12345678", trackingUrl: "https://www.bluedart.com/track/BD12345678" });
    const shipped = await eventually(() => outbox(order.user.email), (mails) => mails.some((mail) => mail.subject.includes("has shipped")));
    const mail = shipped.find((candidate) => candidate.subject.includes("has shipped"))!;
    expect(mail.text).toContain("Tracking number: BD12345678");
    expect(mail.html).toContain('href="https://www.bluedart.com/track/BD12345678"');
    expect(mail.text).toContain("/user-panel/my-orders");
    // Every sender again, in parallel: nothing more goes.
    const [event] = await query<{ id: string }>(`SELECT id FROM "OrderEvent" WHERE "orderId" = $1 AND type = 'shipped'`, [order.orderId]);
    await Promise.all([sendStepEmail(event!.id), sendStepEmail(event!.id), sendPendingStepEmails({ orderId: order.orderId })]);
    await markDelivered(order.orderId, admin);
    await eventually(() => subjects(order.user.email), (list) => list.some((subject) => subject.includes("was delivered")));
    await sendPendingStepEmails({ orderId: order.orderId });
    const all = await subjects(order.user.email);
    expect(all.filter((subject) => subject.includes("has shipped"))).toHaveLength(1);
    expect(all.filter((subject) => subject.includes("was delivered"))).toHaveLength(1);
  });

  it("a cancellation's mail says the refund on its way; its refund sends no second mail; a line refund sends its own", async () => {
    const cancelled = await paidOrder(1);
    await cancelOrder(cancelled.orderId, { kind: "shopper", userId: cancelled.user.id });
    const mails = await eventually(() => outbox(cancelled.user.email), (list) => list.some((mail) => mail.subject.includes("is cancelled")));
    expect(mails.find((mail) => mail.subject.includes("is cancelled"))!.text).toContain(`A refund of ${formatRupees(cancelled.total)} is on its way`);
    await sendPendingStepEmails({ orderId: cancelled.orderId });
    expect((await subjects(cancelled.user.email)).filter((subject) => subject.startsWith("A refund of"))).toHaveLength(0);

    const partly = await paidOrder(2);
    await refundOrder(partly.orderId, admin, { lines: [{ orderItemId: partly.itemId, quantity: 1 }], restock: false });
    const refunds = await eventually(() => subjects(partly.user.email), (list) => list.some((subject) => subject.startsWith("A refund of")));
    expect(refunds.filter((subject) => subject.startsWith("A refund of"))).toEqual([`A refund of ${formatRupees(PRICE)} on your Volt Electronics order ${orderNumber(partly.orderId)}`]);
  });
});

describe("a step's mail that fails", () => {
  it("is kept, backs off, and is then sent once", async () => {
    const order = await paidOrder(1);
    // The confirmation has gone before the provider starts refusing (it is sent after the answer).
    expect(await eventually(() => outbox(order.user.email), (mails) => mails.length === 1)).toHaveLength(1);
    const from = process.env.EMAIL_FROM;
    process.env.EMAIL_FROM = "not an address"; // the provider refuses the mail (422)
    let eventId: string;
    try {
      await shipOrder(order.orderId, admin, { carrier: "Delhivery", trackingNumber: "DL-0000001" });
      const [event] = await eventually(
        () => query<{ id: string; mailAttempts: number; mailClaimedAt: Date | null; mailRetryAt: Date | null }>(`SELECT id, "mailAttempts", "mailClaimedAt", "mailRetryAt" FROM "OrderEvent" WHERE "orderId" = $1 AND type = 'shipped'`, [order.orderId]),
        (rows) => rows[0]?.mailAttempts === 1 && rows[0].mailClaimedAt === null,
      );
      eventId = event!.id;
      expect(event!.mailRetryAt!.getTime()).toBeGreaterThan(Date.now());
    } finally {
      if (from === undefined) delete process.env.EMAIL_FROM;
      else process.env.EMAIL_FROM = from;
    }
    // Not again before its retry time; then once, however often the round runs.
    expect(await sendPendingStepEmails({ orderId: order.orderId })).toBe(0);
    expect(await outbox(order.user.email)).toHaveLength(1); // the confirmation only
    const later = new Date(Date.now() + 2 * 60_000);
    expect(await sendPendingStepEmails({ orderId: order.orderId, now: later })).toBe(1);
    await sendPendingStepEmails({ orderId: order.orderId, now: new Date(Date.now() + 10 * 60_000) });
    expect((await outbox(order.user.email)).filter((mail) => mail.subject.includes("has shipped"))).toHaveLength(1);
    const [sent] = await query<{ mailSentAt: Date | null; mailRetryAt: Date | null }>(`SELECT "mailSentAt", "mailRetryAt" FROM "OrderEvent" WHERE id = $1`, [eventId]);
    expect(sent).toMatchObject({ mailRetryAt: null });
    expect(sent!.mailSentAt).not.toBeNull();
  });
});

describe("refunds of delivered orders follow the returns policy", () => {
  const DAY = 86_400_000;

  it("within the returns window a delivered order's lines are refunded; past it, only with the admin's word", async () => {
    const order = await paidOrder(2);
    await shipOrder(order.orderId, admin, { carrier: "Blue Dart", trackingNumber: "BD12345678" });
    const deliveredAt = new Date();
    await markDelivered(order.orderId, admin, deliveredAt);
    const line = [{ orderItemId: order.itemId, quantity: 1 }];
    // Day 6 of 7: a return.
    const returned = await refundOrder(order.orderId, admin, { lines: line, restock: true, reason: "Returned" }, new Date(deliveredAt.getTime() + 6 * DAY));
    expect(returned).toMatchObject({ status: "SUCCEEDED", amount: PRICE });
    // Day 8: refused with the window's dates, nothing written; then allowed when the admin says so.
    const late = new Date(deliveredAt.getTime() + 8 * DAY);
    await expect(refundOrder(order.orderId, admin, { lines: line, restock: false }, late)).rejects.toMatchObject({ status: 409, message: expect.stringContaining("outside the returns window") });
    expect(await orderRow(order.orderId)).toEqual({ status: "DELIVERED", refundedAmount: PRICE });
    expect(await refundOrder(order.orderId, admin, { lines: line, restock: false, outsideWindow: true }, late)).toMatchObject({ status: "SUCCEEDED" });
    expect(await orderRow(order.orderId)).toEqual({ status: "DELIVERED", refundedAmount: 2 * PRICE });
  });

  it("refunding everything left (all) gives back the rest with the shipping, and the order is refunded", async () => {
    const order = await paidOrder(3);
    const boss = await adminAccount();
    await refundOrder(order.orderId, admin, { lines: [{ orderItemId: order.itemId, quantity: 1 }], restock: false });
    const refund = (body: unknown) => refundRoute(jsonRequest("/api/refund-order", body, { cookie: boss.cookie }), noContext);
    // Lines and all at once, or neither: 400.
    expect((await refund({ orderId: order.orderId })).status).toBe(400);
    expect((await refund({ orderId: order.orderId, all: true, lines: [{ orderItemId: order.itemId, quantity: 1 }] })).status).toBe(400);
    const answer = await refund({ orderId: order.orderId, all: true, restock: true });
    expect(answer.status).toBe(200);
    expect((await answer.json()).data).toMatchObject({ amount: (2 * PRICE + SHIPPING) / 100, status: "SUCCEEDED" });
    expect(await orderRow(order.orderId)).toEqual({ status: "REFUNDED", refundedAmount: order.total });
    expect(await stockOf(order.productId)).toBe(19);
    expect((await refund({ orderId: order.orderId, all: true })).status).toBe(409);
    const [mine] = (await (await orderDetails(getRequest("/api/get-order-details", order.user.cookie), noContext)).json()).data;
    expect(mine.productDetails[0]).toMatchObject({ _id: order.itemId, quantity: 3, refunded_quantity: 3 });
    expect(mine.refunds.map((entry: { amount: number; status: string }) => [entry.amount, entry.status])).toEqual([
      [PRICE / 100, "SUCCEEDED"],
      [(2 * PRICE + SHIPPING) / 100, "SUCCEEDED"],
    ]);
  });
});

describe("findOrder", () => {
  it("shows an admin any order and a shopper only their own", async () => {
    const order = await paidOrder(1);
    const stranger = await shopper();
    expect(await findOrder(order.orderId, { userId: stranger.id })).toBeNull();
    expect(await findOrder("not-an-id", { admin: true })).toBeNull();
    expect(await findOrder(order.orderId, { userId: order.user.id })).toMatchObject({ _id: order.orderId, status: "PAID" });
    expect((await findOrder(order.orderId, { userId: order.user.id }))!.attention).toBeUndefined();
    expect(await findOrder(order.orderId, { admin: true })).toMatchObject({ _id: order.orderId, attention: null });
  });
});

describe("the amount the caller confirmed", () => {
  it("a refund or a cancellation that has come to another amount is refused, nothing changed; the page's 'left to refund' is what the server refunds", async () => {
    const order = await paidOrder(2);
    const boss = await adminAccount();
    const refund = (body: unknown) => refundRoute(jsonRequest("/api/refund-order", body, { cookie: boss.cookie }), noContext);
    const cancel = (body: unknown) => cancelRoute(jsonRequest("/api/cancel-order", body, { cookie: order.user.cookie }), noContext);
    const answer = async () => (await (await orderDetails(getRequest("/api/get-order-details", order.user.cookie), noContext)).json()).data.find((listed: { _id: string }) => listed._id === order.orderId);
    // A refund in Stripe's dashboard the page has not seen.
    const before = await answer();
    expect((await fetch(`${emulatorUrl()}/stripe/dashboard-refund`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ payment_intent: order.paymentIntentId, amount: 10_000 }) })).ok).toBe(true);
    const [dashboard] = (await stripeClient().refunds.list({ payment_intent: order.paymentIntentId })).data;
    const event = signedEvent("refund.created", dashboard);
    expect((await deliver(event.payload, event.header)).status).toBe(200);
    // The shopper confirmed the old sum: 409, still paid, nothing refunded.
    const stale = await cancel({ orderId: order.orderId, expectedAmount: refundableLeftPaise(before) / 100 });
    expect(stale.status).toBe(409);
    expect((await stale.json()).message).toBe(`The refund now comes to ${formatRupees(order.total - 10_000)}, not the ${formatRupees(order.total)} you confirmed: the order changed meanwhile. Check it and confirm again.`);
    expect(await orderRow(order.orderId)).toEqual({ status: "PAID", refundedAmount: 10_000 });
    // A line at a price it does not have: 409 as well.
    expect((await refund({ orderId: order.orderId, lines: [{ orderItemId: order.itemId, quantity: 1 }], expectedAmount: 1 })).status).toBe(409);
    // 'Everything left' as the fresh page states it is exactly what the server refunds.
    const now = await answer();
    const all = await refund({ orderId: order.orderId, all: true, expectedAmount: refundableLeftPaise(now) / 100 });
    expect(all.status).toBe(200);
    expect((await all.json()).data.amount * 100).toBe(refundableLeftPaise(now));
    expect(await orderRow(order.orderId)).toEqual({ status: "REFUNDED", refundedAmount: order.total });
    // Sums with more than 2 decimals are not amounts.
    expect((await refund({ orderId: order.orderId, all: true, expectedAmount: 1.001 })).status).toBe(400);
  });
});
