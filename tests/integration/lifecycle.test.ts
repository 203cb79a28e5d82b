// An order's life after payment, on the real database: each change a conditional UPDATE on the
// current state with its event; refused changes say what the order is instead; when two act at
// once, exactly one wins.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { markDelivered, orderTimeline, shipOrder, type Actor } from "@/lib/server/orders/lifecycle";
import { POST as deliverRoute } from "@/app/api/deliver-order/route";
import { POST as shipRoute } from "@/app/api/ship-order/route";
import { admin as adminAccount, jsonRequest, noContext, query, shopper } from "../helpers";
import { paidOrder as paidOrderOf } from "./checkout-kit";
import { CARRIER_TRACKING } from "@/lib/orders/order-lifecycle";

const admin: Actor = { kind: "admin", userId: randomUUID() };
const parcel = { carrier: "Delhivery", trackingNumber: "DL1234567890" };

/** A paid order of one unit, recorded by the webhook: its id. */
async function paidOrder(): Promise<string> {
  return (await paidOrderOf()).orderId;
}

async function statusOf(orderId: string): Promise<string> {
  const [row] = await query<{ status: string }>(`SELECT status FROM "Order" WHERE id = $1`, [orderId]);
  return row!.status;
}

describe("an order's life: paid → shipped → delivered", () => {
  it("starts paid, with its payment on the timeline", async () => {
    const orderId = await paidOrder();
    expect(await statusOf(orderId)).toBe("PAID");
    expect((await orderTimeline(orderId)).map((event) => [event.type, event.actor])).toEqual([["paid", "stripe"]]);
  });

  it("ships with its carrier and tracking, then is delivered; each step on the timeline with who did it", async () => {
    const orderId = await paidOrder();
    const shipped = await shipOrder(orderId, admin, { ...parcel, trackingUrl: "https://www.delhivery.com/track/package/DL1234567890" });
    expect(shipped).toMatchObject({ status: "SHIPPED", carrier: "Delhivery", trackingNumber: "DL1234567890" });
    expect(shipped.shippedAt).toBeInstanceOf(Date);
    const delivered = await markDelivered(orderId, admin);
    expect(delivered.status).toBe("DELIVERED");
    const timeline = await orderTimeline(orderId);
    expect(timeline.map((event) => event.type)).toEqual(["paid", "shipped", "delivered"]);
    expect(timeline[1]).toMatchObject({ actor: "admin", data: { carrier: "Delhivery", trackingNumber: "DL1234567890" } });
  });

  it("refuses the steps out of order with a 409 that says what the order is", async () => {
    const orderId = await paidOrder();
    await expect(markDelivered(orderId, admin)).rejects.toMatchObject({ status: 409, message: "This order has not shipped yet: mark it shipped first." });
    await shipOrder(orderId, admin, parcel);
    await expect(shipOrder(orderId, admin, parcel)).rejects.toMatchObject({ status: 409, message: "This order was already shipped (Delhivery DL1234567890). It cannot be marked shipped." });
    await markDelivered(orderId, admin);
    await expect(markDelivered(orderId, admin)).rejects.toMatchObject({ status: 409, message: "This order is delivered. It cannot be marked delivered." });
    await expect(shipOrder(orderId, admin, parcel)).rejects.toMatchObject({ status: 409 });
    await query(`UPDATE "Order" SET status = 'CANCELLED' WHERE id = $1`, [orderId]);
    await expect(shipOrder(orderId, admin, parcel)).rejects.toMatchObject({ status: 409, message: "This order is cancelled. It cannot be marked shipped." });
    expect((await orderTimeline(orderId)).map((event) => event.type)).toEqual(["paid", "shipped", "delivered"]);
  });

  it("answers 404 for an unknown or malformed order id", async () => {
    await expect(shipOrder(randomUUID(), admin, parcel)).rejects.toMatchObject({ status: 404 });
    await expect(markDelivered("not-an-id", admin)).rejects.toMatchObject({ status: 404 });
  });

  it("two admins shipping at once: exactly one wins, the other is told it already shipped", async () => {
    const orderId = await paidOrder();
    const results = await Promise.allSettled([
      shipOrder(orderId, admin, parcel),
      shipOrder(orderId, { kind: "admin", userId: randomUUID() }, { carrier: "Blue Dart", trackingNumber: "BD99887766" }),
    ]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((result) => result.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ status: 409 });
    expect((refused.reason as Error).message).toMatch(/^This order was already shipped \((Delhivery DL1234567890|Blue Dart BD99887766)\)/);
    expect((await orderTimeline(orderId)).filter((event) => event.type === "shipped")).toHaveLength(1);
  });
});

describe("POST /api/ship-order and /api/deliver-order", () => {
  const ship = (cookie: string | undefined, body: unknown) => shipRoute(jsonRequest("/api/ship-order", body, { cookie }), noContext);

  it("are the admin's: 401 signed out, 403 for a shopper, and nothing changes", async () => {
    const orderId = await paidOrder();
    expect((await ship(undefined, { orderId, ...parcel })).status).toBe(401);
    expect((await ship((await shopper()).cookie, { orderId, ...parcel })).status).toBe(403);
    expect((await deliverRoute(jsonRequest("/api/deliver-order", { orderId }), noContext)).status).toBe(401);
    expect(await statusOf(orderId)).toBe("PAID");
  });

  it("validate the carrier, the tracking number and the link, then ship and deliver", async () => {
    const orderId = await paidOrder();
    const boss = await adminAccount();
    const refusals: [unknown, string][] = [
      [{ orderId, carrier: "Pigeon", trackingNumber: "DL1234567890" }, "Choose a carrier from the list"],
      [{ orderId, carrier: "Other", trackingNumber: "DL1234567890" }, "Enter the carrier's name"],
      [{ orderId, carrier: "Delhivery", trackingNumber: "12 34" }, "A tracking number is 6 to 40 letters, digits or dashes"],
      [{ orderId, carrier: "Delhivery", trackingNumber: "DL1234567890", trackingUrl: "http://track.example/1" }, "The tracking link must be an https:// address"],
    ];
    for (const [body, message] of refusals) {
      const answer = await ship(boss.cookie, body);
      expect(answer.status, message).toBe(400);
      expect((await answer.json()).message).toBe(message);
    }
    expect(await statusOf(orderId)).toBe("PAID");
    const shipped = await ship(boss.cookie, { orderId, carrier: "Other", otherCarrier: "Local Courier", trackingNumber: "LC-000123" });
    expect(shipped.status).toBe(200);
    expect((await shipped.json()).data).toMatchObject({ status: "SHIPPED", carrier: "Local Courier", trackingNumber: "LC-000123" });
    const again = await ship(boss.cookie, { orderId, ...parcel });
    expect(again.status).toBe(409);
    expect((await again.json()).message).toBe("This order was already shipped (Local Courier LC-000123). It cannot be marked shipped.");
    const delivered = await deliverRoute(jsonRequest("/api/deliver-order", { orderId }, { cookie: boss.cookie }), noContext);
    expect(delivered.status).toBe(200);
    expect(await statusOf(orderId)).toBe("DELIVERED");
    expect((await orderTimeline(orderId)).map((event) => [event.type, event.actor])).toEqual([["paid", "stripe"], ["shipped", "admin"], ["delivered", "admin"]]);
  });

  it("build a listed carrier's tracking link from the number when none is typed, and refuse a typed one off the carrier's site", async () => {
    const boss = await adminAccount();
    const trackingOf = async (orderId: string) =>
      (await query<{ trackingUrl: string | null }>(`SELECT "trackingUrl" FROM "Order" WHERE id = $1`, [orderId]))[0]!.trackingUrl;

    // Listed, no link typed (absent or empty): the carrier's page for this number, on the order and its timeline.
    for (const [carrier, number, typed] of [["Delhivery", "DL1234567890", undefined], ["Blue Dart", "BD-87654321", ""], ["India Post", "EE123456789IN", "  "]] as const) {
      const orderId = await paidOrder();
      const answer = await ship(boss.cookie, { orderId, carrier, trackingNumber: number, ...(typed === undefined ? {} : { trackingUrl: typed }) });
      expect(answer.status, carrier).toBe(200);
      const built = CARRIER_TRACKING[carrier].url(number);
      expect(new URL(built).hostname.endsWith(CARRIER_TRACKING[carrier].site) && built.includes(number)).toBe(true);
      expect((await answer.json()).data.trackingUrl).toBe(built);
      expect(await trackingOf(orderId)).toBe(built);
      expect((await orderTimeline(orderId))[1]).toMatchObject({ data: { trackingUrl: built } });
    }

    // Another carrier, no link: none is made up.
    const other = await paidOrder();
    const otherAnswer = await ship(boss.cookie, { orderId: other, carrier: "Other", otherCarrier: "Local Courier", trackingNumber: "LC-000124" });
    expect((await otherAnswer.json()).data.trackingUrl).toBeNull();

    // A typed link must be on the listed carrier's site (or a subdomain); kept as typed when it is.
    const orderId = await paidOrder();
    for (const link of ["https://track.example.com/DL1234567890", "https://delhivery.com.evil.example/DL1234567890", "https://notdelhivery.com/x"]) {
      const refused = await ship(boss.cookie, { orderId, carrier: "Delhivery", trackingNumber: "DL1234567890", trackingUrl: link });
      expect(refused.status, link).toBe(400);
      const body = await refused.json();
      expect(body.message).toBe("A Delhivery tracking link is on delhivery.com");
      expect(body.errors).toMatchObject({ trackingUrl: "A Delhivery tracking link is on delhivery.com" });
    }
    expect(await statusOf(orderId)).toBe("PAID");
    const typed = "https://track.delhivery.com/p/DL1234567890";
    const kept = await ship(boss.cookie, { orderId, carrier: "Delhivery", trackingNumber: "DL1234567890", trackingUrl: typed });
    expect(kept.status).toBe(200);
    expect(await trackingOf(orderId)).toBe(typed);
    // "Other" takes any https:// link.
    const elsewhere = await paidOrder();
    expect((await ship(boss.cookie, { orderId: elsewhere, carrier: "Other", otherCarrier: "Local Courier", trackingNumber: "LC-000125", trackingUrl: "https://track.example.com/LC-000125" })).status).toBe(200);
  });
});
