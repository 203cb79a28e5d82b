// Return requests on the real database, through the real route handlers and the Stripe SDK
// against the run's emulator: the returns window's edges (India time), units beyond what was
// bought or refunded, one open request per order, a request racing an admin's refund, another
// shopper's order, Mark received through the refund rules (restock, shipping only for the whole
// order back for a fault), each step's mail once; and the order mails' fixes.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { POST as requestRoute } from "@/app/api/request-return/route";
import { POST as photoSignatureRoute } from "@/app/api/return-photo-signature/route";
import { POST as approveRoute } from "@/app/api/approve-return/route";
import { POST as declineRoute } from "@/app/api/decline-return/route";
import { POST as receiveRoute } from "@/app/api/receive-return/route";
import { GET as allOrdersRoute } from "@/app/api/all-orders/route";
import { GET as orderDetails } from "@/app/api/get-order-details/route";
import { formatDate } from "@/lib/shared/dates";
import { formatRupees } from "@/lib/shared/money";
import { indiaToday } from "@/lib/shared/dates";
import { markDelivered, shipOrder, type Actor } from "@/lib/server/orders/lifecycle";
import { refundOrder, RETURN_OPEN } from "@/lib/server/orders/refunds";
import { approveReturn, declineReturn, receiveReturn, requestReturn } from "@/lib/server/orders/returns";
import { sendPendingStepEmails, sendStepEmail } from "@/lib/server/orders/step-email";
import { admin as adminAccount, getRequest, jsonRequest, noContext, png, query, shopper, type Shopper } from "../helpers";
import { eventually, outbox, paidOrder, type PaidOrder } from "./checkout-kit";

const admin: Actor = { kind: "admin", userId: randomUUID() };
const PRICE = 150_000;
const SHIPPING = 4900;
/** 01:30 on 21 Nov 2026 in India (still 20 Nov in UTC): the window ends 01:30 on 28 Nov, India time. */
const DELIVERED_AT = new Date("2026-11-20T20:00:00.000Z");
const WINDOW_END = new Date("2026-11-27T20:00:00.000Z");

/** A delivered order of `quantity` units at PRICE (stock 20 before the sale), delivered at `deliveredAt`. */
async function deliveredOrder(quantity = 2, deliveredAt = new Date()): Promise<PaidOrder> {
  const order = await paidOrder({ quantity, price: PRICE, stock: 20 });
  await shipOrder(order.orderId, admin, { carrier: "Blue Dart", trackingNumber: "BD12345678" }, new Date(deliveredAt.getTime() - 86_400_000));
  await markDelivered(order.orderId, admin, deliveredAt);
  return order;
}

const ask = (order: PaidOrder, quantity = 1, reason: "damaged" | "not_as_described" | "wrong_item" | "no_longer_needed" | "other" = "no_longer_needed") => ({
  lines: [{ orderItemId: order.itemId, quantity }],
  reason,
  photos: [] as string[],
});

const post = (route: typeof requestRoute, path: string, body: unknown, cookie: string) => route(jsonRequest(path, body, { cookie }), noContext);

async function stockOf(productId: string): Promise<number> {
  const [row] = await query<{ stock: number }>(`SELECT stock FROM "Product" WHERE id = $1`, [productId]);
  return row!.stock;
}

async function orderRow(orderId: string) {
  const [row] = await query<{ status: string; refundedAmount: number }>(`SELECT status, "refundedAmount" FROM "Order" WHERE id = $1`, [orderId]);
  return row!;
}

async function refundedUnits(itemId: string): Promise<number> {
  const [row] = await query<{ refundedQuantity: number }>(`SELECT "refundedQuantity" FROM "OrderItem" WHERE id = $1`, [itemId]);
  return row!.refundedQuantity;
}

/** Every step's mail sent, however often and however parallel the senders run. */
async function sendAllMails(orderId: string): Promise<void> {
  const events = await query<{ id: string }>(`SELECT id FROM "OrderEvent" WHERE "orderId" = $1`, [orderId]);
  await Promise.all([...events.map((event) => sendStepEmail(event.id)), sendPendingStepEmails({ orderId }), sendPendingStepEmails({ orderId })]);
  await sendPendingStepEmails({ orderId });
}

const subjectsOf = async (email: string) => (await outbox(email)).map((mail) => mail.subject);

describe("the returns window (India time)", () => {
  it("a request is taken up to the window's last instant and refused one millisecond after, naming the day in India", async () => {
    const order = await deliveredOrder(2, DELIVERED_AT);
    const late = await deliveredOrder(2, DELIVERED_AT);
    // The window's end as My Orders shows it: 28 Nov, though the UTC date is still the 27th.
    expect(formatDate(WINDOW_END.toISOString())).toBe("28 Nov 2026");
    const [details] = ((await (await orderDetails(getRequest("/api/get-order-details", order.user.cookie), noContext)).json()).data as { return_window_ends: string }[]);
    expect(details!.return_window_ends).toBe(WINDOW_END.toISOString());

    await expect(requestReturn(late.orderId, late.user.id, ask(late), new Date(WINDOW_END.getTime() + 1))).rejects.toMatchObject({
      status: 409,
      message: "The returns window for this order closed on 28 Nov 2026.",
    });
    const request = await requestReturn(order.orderId, order.user.id, ask(order), WINDOW_END);
    expect(request).toMatchObject({ status: "REQUESTED", reason: "no_longer_needed" });
  });

  it("an order not delivered yet, or refunded in full, is not returnable", async () => {
    const paid = await paidOrder({ quantity: 1, price: PRICE });
    await expect(requestReturn(paid.orderId, paid.user.id, ask(paid))).rejects.toMatchObject({ status: 409, message: "This order is paid, not yet shipped, not delivered: it cannot be returned." });
    const refunded = await deliveredOrder(1);
    await refundOrder(refunded.orderId, admin, { lines: "whole", restock: false });
    await expect(requestReturn(refunded.orderId, refunded.user.id, ask(refunded))).rejects.toMatchObject({ status: 409, message: "This order was refunded in full: it cannot be returned." });
  });
});

describe("units and requests", () => {
  it("never more units than bought less refunded; one open request per order; a line of another order is refused", async () => {
    const order = await deliveredOrder(2);
    await expect(requestReturn(order.orderId, order.user.id, ask(order, 3))).rejects.toMatchObject({ status: 409, message: expect.stringMatching(/^Only 2 of /) });
    await refundOrder(order.orderId, admin, { lines: [{ orderItemId: order.itemId, quantity: 1 }], restock: false });
    await expect(requestReturn(order.orderId, order.user.id, ask(order, 2))).rejects.toMatchObject({ status: 409, message: expect.stringMatching(/^Only 1 of /) });
    await expect(requestReturn(order.orderId, order.user.id, { ...ask(order), lines: [{ orderItemId: randomUUID(), quantity: 1 }] })).rejects.toMatchObject({ status: 400 });
    // Two at once: one is taken, the other told.
    const both = await Promise.allSettled([requestReturn(order.orderId, order.user.id, ask(order, 1)), requestReturn(order.orderId, order.user.id, ask(order, 1))]);
    expect(both.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    const refused = both.find((result) => result.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ status: 409, message: "A return is already open on this order." });
    // Declined, it is no longer open: the shopper may ask again.
    const [open] = await query<{ id: string }>(`SELECT id FROM "ReturnRequest" WHERE "orderId" = $1`, [order.orderId]);
    await declineReturn(open!.id, admin, "The seal is broken");
    expect(await requestReturn(order.orderId, order.user.id, ask(order, 1))).toMatchObject({ status: "REQUESTED" });
  });

  it("another shopper's order is a 404, as is one that does not exist; the body is checked first", async () => {
    const order = await deliveredOrder(1);
    const stranger = await shopper();
    const theirs = await post(requestRoute, "/api/request-return", { orderId: order.orderId, ...ask(order) }, stranger.cookie);
    expect(theirs.status).toBe(404);
    expect((await post(requestRoute, "/api/request-return", { orderId: randomUUID(), ...ask(order) }, stranger.cookie)).status).toBe(404);
    expect((await post(requestRoute, "/api/request-return", { orderId: order.orderId, ...ask(order), reason: "bored" }, order.user.cookie)).status).toBe(400);
    expect((await post(requestRoute, "/api/request-return", { orderId: order.orderId, ...ask(order), lines: [{ orderItemId: order.itemId, quantity: 0 }] }, order.user.cookie)).status).toBe(400);
    expect(await query(`SELECT id FROM "ReturnRequest" WHERE "orderId" = $1`, [order.orderId])).toHaveLength(0);
  });

  it("a request racing an admin's refund of the same units: never more refunded than bought, and whichever comes second is told", async () => {
    for (let round = 0; round < 3; round++) {
      const order = await deliveredOrder(1);
      const [asked, refunded] = await Promise.allSettled([
        requestReturn(order.orderId, order.user.id, ask(order, 1)),
        refundOrder(order.orderId, admin, { lines: [{ orderItemId: order.itemId, quantity: 1 }], restock: false }),
      ]);
      // Exactly one wins; the other is told.
      expect([asked.status, refunded.status].sort()).toEqual(["fulfilled", "rejected"]);
      if (asked.status === "rejected") {
        // The refund came first: nothing is left to return.
        expect(asked.reason).toMatchObject({ status: 409, message: expect.stringMatching(/was refunded already\.$/) });
      } else {
        // The request came first: the admin's refund is refused while it is open.
        expect((refunded as PromiseRejectedResult).reason).toMatchObject({ status: 409, message: RETURN_OPEN });
        await approveReturn(asked.value.id, admin, indiaToday());
        await receiveReturn(asked.value.id, admin);
        const [row] = await query<{ status: string }>(`SELECT status FROM "ReturnRequest" WHERE id = $1`, [asked.value.id]);
        expect(row!.status).toBe("RECEIVED");
      }
      expect(await refundedUnits(order.itemId)).toBe(1);
      expect((await orderRow(order.orderId)).refundedAmount).toBe(PRICE);
    }
  });
});

describe("the admin's answers", () => {
  it("request → approve (pickup date) → mark received: refunded at the snapshot price, restocked, every step on the timeline and mailed once", async () => {
    const order = await deliveredOrder(2);
    const adminUser = await adminAccount();
    const created = await post(requestRoute, "/api/request-return", { orderId: order.orderId, ...ask(order, 1, "not_as_described"), note: "The colour is not what the page showed SECRET-NOTE" }, order.user.cookie);
    const body = await created.json();
    expect(created.status, body.message).toBe(200);
    const returnId = body.data._id as string;
    expect(body.data).toMatchObject({ status: "REQUESTED", reason: "not_as_described", lines: [{ orderItemId: order.itemId, quantity: 1 }] });

    // The orders screen's filter finds it; a shopper may not answer it.
    const listed = await (await allOrdersRoute(getRequest(`/api/all-orders?status=returns&q=${order.orderId}`, adminUser.cookie), noContext)).json();
    expect(listed.data.map((row: { _id: string }) => row._id)).toEqual([order.orderId]);
    expect(listed.returns).toBe(1);
    expect((await post(approveRoute, "/api/approve-return", { returnId, pickupDate: indiaToday() }, order.user.cookie)).status).toBe(403);

    expect((await post(approveRoute, "/api/approve-return", { returnId, pickupDate: "2020-01-01" }, adminUser.cookie)).status).toBe(400);
    expect((await post(receiveRoute, "/api/receive-return", { returnId }, adminUser.cookie)).status).toBe(409); // not approved yet
    const pickupDate = indiaToday(new Date(Date.now() + 2 * 86_400_000));
    const approved = await post(approveRoute, "/api/approve-return", { returnId, pickupDate }, adminUser.cookie);
    expect(approved.status).toBe(200);
    expect((await approved.json()).data.pickup_date).toBe(pickupDate);
    const again = await post(approveRoute, "/api/approve-return", { returnId, pickupDate }, adminUser.cookie);
    expect(again.status).toBe(409);
    expect((await again.json()).message).toBe("This return was approved already: it cannot be approved.");

    const received = await post(receiveRoute, "/api/receive-return", { returnId }, adminUser.cookie);
    const receivedBody = await received.json();
    expect(received.status, receivedBody.message).toBe(200);
    expect(receivedBody.data).toMatchObject({ status: "RECEIVED", refund: { status: "SUCCEEDED", amount: PRICE / 100, shipping_amount: 0, restock: true, reason: "Return: Not as described" } });
    expect((await post(receiveRoute, "/api/receive-return", { returnId }, adminUser.cookie)).status).toBe(409);
    expect(await stockOf(order.productId)).toBe(19);
    expect(await orderRow(order.orderId)).toEqual({ status: "DELIVERED", refundedAmount: PRICE });

    const [mine] = (await (await orderDetails(getRequest("/api/get-order-details", order.user.cookie), noContext)).json()).data as { return_request: { status: string }; timeline: { type: string }[] }[];
    expect(mine!.return_request.status).toBe("RECEIVED");
    expect(mine!.timeline.map((entry) => entry.type)).toEqual(["paid", "shipped", "delivered", "return_requested", "return_approved", "return_received", "refunded"]);

    await sendAllMails(order.orderId);
    const mails = await eventually(() => outbox(order.user.email), (list) => list.some((mail) => mail.subject.startsWith("A refund of")));
    const subjects = mails.map((mail) => mail.subject);
    for (const words of ["Your return request for", "is approved", "has reached us", "A refund of"]) expect(subjects.filter((subject) => subject.includes(words)), words).toHaveLength(1);
    // The shopper's own note is never echoed in a mail: the store's words and the admin's reasons only.
    for (const mail of mails) expect(`${mail.html}${mail.text}`).not.toContain("SECRET-NOTE");
    const approvedMail = mails.find((mail) => mail.subject.includes("is approved"))!;
    expect(approvedMail.text).toContain(formatDate(`${pickupDate}T12:00:00+05:30`));
    expect(mails.find((mail) => mail.subject.startsWith("A refund of"))!.text).toContain("Reason: Return: Not as described");
  });

  it("a damaged unit is not restocked; the whole order back for a fault comes with its shipping; no longer needed, without", async () => {
    const damaged = await deliveredOrder(2);
    const whole = await requestReturn(damaged.orderId, damaged.user.id, ask(damaged, 2, "damaged"));
    await approveReturn(whole.id, admin, indiaToday());
    const { refund } = await receiveReturn(whole.id, admin);
    expect(refund).toMatchObject({ status: "SUCCEEDED", amount: 2 * PRICE + SHIPPING, shippingAmount: SHIPPING, restock: false });
    expect(await stockOf(damaged.productId)).toBe(18);
    expect(await orderRow(damaged.orderId)).toEqual({ status: "REFUNDED", refundedAmount: 2 * PRICE + SHIPPING });

    const unwanted = await deliveredOrder(2);
    const all = await requestReturn(unwanted.orderId, unwanted.user.id, ask(unwanted, 2, "no_longer_needed"));
    await approveReturn(all.id, admin, indiaToday());
    expect((await receiveReturn(all.id, admin)).refund).toMatchObject({ amount: 2 * PRICE, shippingAmount: 0, restock: true });
    expect(await stockOf(unwanted.productId)).toBe(20);
    expect(await orderRow(unwanted.orderId)).toEqual({ status: "DELIVERED", refundedAmount: 2 * PRICE });

    const part = await deliveredOrder(2);
    const one = await requestReturn(part.orderId, part.user.id, ask(part, 1, "wrong_item"));
    await approveReturn(one.id, admin, indiaToday());
    expect((await receiveReturn(one.id, admin)).refund).toMatchObject({ amount: PRICE, shippingAmount: 0, restock: true });
  });

  it("a decline carries the admin's reason to the shopper; an order refunded meanwhile cannot have its return approved", async () => {
    const order = await deliveredOrder(1);
    const request = await requestReturn(order.orderId, order.user.id, { ...ask(order), note: "SECRET-NOTE" });
    const adminUser = await adminAccount();
    expect((await post(declineRoute, "/api/decline-return", { returnId: request.id, reason: " " }, adminUser.cookie)).status).toBe(400);
    const declinedAnswer = await post(declineRoute, "/api/decline-return", { returnId: request.id, reason: "The box was opened and the seal broken" }, adminUser.cookie);
    expect((await declinedAnswer.json()).data).toMatchObject({ status: "DECLINED", decline_reason: "The box was opened and the seal broken" });
    await expect(approveReturn(request.id, admin, indiaToday())).rejects.toMatchObject({ status: 409, message: "This return was declined: it cannot be approved." });
    await sendAllMails(order.orderId);
    const mails = await eventually(() => outbox(order.user.email), (list) => list.some((mail) => mail.subject.includes("was declined")));
    const declined = mails.filter((mail) => mail.subject.includes("was declined"));
    expect(declined).toHaveLength(1);
    expect(declined[0]!.text).toContain("Reason: The box was opened and the seal broken");
    for (const mail of mails) expect(`${mail.html}${mail.text}`).not.toContain("SECRET-NOTE");

    // An admin's own refund waits for the open request: declined, the order may be refunded otherwise.
    const moved = await deliveredOrder(1);
    const open = await requestReturn(moved.orderId, moved.user.id, ask(moved));
    await expect(refundOrder(moved.orderId, admin, { lines: "whole", restock: false })).rejects.toMatchObject({ status: 409, message: RETURN_OPEN });
    expect((await orderRow(moved.orderId)).refundedAmount).toBe(0);
    await expect(approveReturn(randomUUID(), admin, indiaToday())).rejects.toMatchObject({ status: 404 });
    expect(await declineReturn(open.id, admin, "Refunded in full instead")).toMatchObject({ status: "DECLINED" });
    await refundOrder(moved.orderId, admin, { lines: "whole", restock: false });
    expect((await orderRow(moved.orderId)).refundedAmount).toBe(PRICE + SHIPPING);
  });
});

describe("photos", () => {
  /** What the shopper's browser does with a signature from /api/return-photo-signature. */
  async function uploadPhoto(user: Shopper, orderId: string): Promise<string> {
    const signed = (await (await post(photoSignatureRoute, "/api/return-photo-signature", { orderId }, user.cookie)).json()).data as { url: string; fields: Record<string, string> };
    const form = new FormData();
    for (const [name, value] of Object.entries(signed.fields)) form.append(name, value);
    form.append("file", new Blob([new Uint8Array(png(4, 4))], { type: "image/png" }), "photo.png");
    const answer = await fetch(signed.url, { method: "POST", body: form });
    expect(answer.status).toBe(200);
    return ((await answer.json()) as { secure_url: string }).secure_url;
  }

  it("up to 3 photos uploaded through a return's signature; a product image or another address is refused", async () => {
    const order = await deliveredOrder(1);
    const photo = await uploadPhoto(order.user, order.orderId);
    const refused = await post(requestRoute, "/api/request-return", { orderId: order.orderId, ...ask(order), photos: ["https://example.com/cat.png"] }, order.user.cookie);
    expect(refused.status).toBe(400);
    const product = await post(requestRoute, "/api/request-return", { orderId: order.orderId, ...ask(order), photos: ["/images/products/mobi-001-1.svg"] }, order.user.cookie);
    expect(product.status).toBe(400);
    expect((await post(requestRoute, "/api/request-return", { orderId: order.orderId, ...ask(order), photos: [photo, photo, photo, photo] }, order.user.cookie)).status).toBe(400);
    const taken = await post(requestRoute, "/api/request-return", { orderId: order.orderId, ...ask(order), photos: [photo] }, order.user.cookie);
    expect(taken.status).toBe(200);
    expect((await taken.json()).data.photos).toEqual([photo]);
  });
});

describe("photo signatures", () => {
  it("are given only for the shopper's own order that is open to a return, and a request takes only its own shopper's photos", async () => {
    const order = await deliveredOrder(1);
    const other = await deliveredOrder(1);
    const sign = (user: Shopper, orderId: unknown) => post(photoSignatureRoute, "/api/return-photo-signature", { orderId }, user.cookie);
    expect((await sign(order.user, undefined)).status).toBe(400);
    expect((await sign(order.user, other.orderId)).status).toBe(404);
    expect((await sign(order.user, randomUUID())).status).toBe(404);
    const notDelivered = await paidOrder({ quantity: 1, price: PRICE });
    expect((await sign(notDelivered.user, notDelivered.orderId)).status).toBe(409);
    const signed = (await (await sign(order.user, order.orderId)).json()).data as { fields: Record<string, string> };
    expect(signed.fields.public_id).toMatch(new RegExp(`^${order.user.id}_`));

    // Another shopper's photo (uploaded through their own signature) is refused on this request.
    const form = new FormData();
    const theirs = (await (await sign(other.user, other.orderId)).json()).data as { url: string; fields: Record<string, string> };
    for (const [name, value] of Object.entries(theirs.fields)) form.append(name, value);
    form.append("file", new Blob([new Uint8Array(png(4, 4))], { type: "image/png" }), "photo.png");
    const uploaded = (await (await fetch(theirs.url, { method: "POST", body: form })).json()) as { secure_url: string };
    const refused = await post(requestRoute, "/api/request-return", { orderId: order.orderId, ...ask(order), photos: [uploaded.secure_url] }, order.user.cookie);
    expect(refused.status).toBe(400);

    // Once a request is open, no more signatures for that order.
    expect((await post(requestRoute, "/api/request-return", { orderId: order.orderId, ...ask(order) }, order.user.cookie)).status).toBe(200);
    expect((await sign(order.user, order.orderId)).status).toBe(409);
  });
});

describe("the order mails", () => {
  it("the shipped mail gives its tracking link once; the delivered mail says until when a return may be asked for", async () => {
    const order = await paidOrder({ quantity: 1, price: PRICE });
    await shipOrder(order.orderId, admin, { carrier: "Blue Dart", trackingNumber: "BD87654321", trackingUrl: "https://www.bluedart.com/track/BD87654321" });
    const deliveredAt = new Date();
    await markDelivered(order.orderId, admin, deliveredAt);
    await sendAllMails(order.orderId);
    const mails = await eventually(() => outbox(order.user.email), (list) => list.some((mail) => mail.subject.includes("was delivered")));
    const shipped = mails.find((mail) => mail.subject.includes("has shipped"))!;
    expect(shipped.html.split("bluedart.com/track/BD87654321")).toHaveLength(2);
    expect(shipped.text.split("bluedart.com/track/BD87654321")).toHaveLength(2);
    const delivered = mails.find((mail) => mail.subject.includes("was delivered"))!;
    const until = formatDate(new Date(deliveredAt.getTime() + 7 * 86_400_000).toISOString());
    expect(delivered.text).toContain(`You can ask for a return from My Orders until ${until} (7 days from delivery): we pick it up free from your delivery address.`);
  });

  it("a refund's mail names the units and the admin's reason", async () => {
    const order = await paidOrder({ quantity: 2, price: PRICE });
    const [item] = await query<{ name: string }>(`SELECT name FROM "OrderItem" WHERE id = $1`, [order.itemId]);
    await refundOrder(order.orderId, admin, { lines: [{ orderItemId: order.itemId, quantity: 1 }], restock: false, reason: "Scratched screen" });
    await sendAllMails(order.orderId);
    const mails = await eventually(() => outbox(order.user.email), (list) => list.some((mail) => mail.subject.startsWith("A refund of")));
    const refund = mails.find((mail) => mail.subject.startsWith("A refund of"))!;
    expect(refund.text).toContain(`We have refunded ${formatRupees(PRICE)} on your order`);
    expect(refund.text).toContain(`for 1 × ${item!.name}.`);
    expect(refund.text).toContain("Reason: Scratched screen");
    expect(refund.html).toContain("Reason: Scratched screen");
    expect((await subjectsOf(order.user.email)).filter((subject) => subject.startsWith("A refund of"))).toHaveLength(1);
  });
});
