// The admin's Orders list (GET /api/all-orders) on the real database: one state or all, each in
// its order (waiting to ship: oversold first, then oldest first), the search by order number,
// email and phone, paging, the counts per state, admins only, and a 400 that says what is wrong.
// On a database of its own: the counts are of every order in it.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as allOrders } from "@/app/api/all-orders/route";
import { orderNumber } from "@/lib/orders/order-number";
import { admin, getRequest, noContext, onOwnDatabase, query, shopper, type Shopper } from "../helpers";
import { emulatorUrl, paidOrder } from "./checkout-kit";
import { shipOrder } from "@/lib/server/orders/lifecycle";
import { cancelOrder, recordStripeRefund, refundOrder } from "@/lib/server/orders/refunds";
import { stripeClient } from "@/lib/server/providers/stripe";

onOwnDatabase("admin_orders");

type Listed = { _id: string; status: string; email: string; attention: string | null; productDetails: { name: string; quantity: number }[] };
type Answer = { success: boolean; message: string; data: Listed[]; total: number; counts: Record<string, number>; attention: number };

const DAY = 24 * 60 * 60 * 1000;
const T0 = Date.parse("2026-01-01T10:00:00Z");

/** An order written straight into the table, `day` days after T0, with one line. */
async function order(name: string, fields: { status: string; day: number; email?: string; phone?: string | null; oversold?: boolean }): Promise<string> {
  const id = randomUUID();
  const delivery = fields.phone === null ? null : { name: "Meera Iyer", phone: fields.phone ?? "+919000000000", line1: "12 MG Road", line2: null, city: "Bengaluru", state: "KA", postalCode: "560001", country: "IN" };
  await query(
    `INSERT INTO "Order" (id, "customerEmail", "checkoutSessionId", "paymentStatus", "totalAmount", "expectedAmount", delivery, status, attention, "attentionNote", "createdAt")
     VALUES ($1, $2, $3, 'paid', 154900, 154900, $4::jsonb, $5::"OrderStatus", $6, $7, $8)`,
    [id, fields.email ?? `${name}@example.com`, `cs_test_${id.replace(/-/g, "")}`, delivery ? JSON.stringify(delivery) : null, fields.status, fields.oversold ? "oversold" : null, fields.oversold ? "1 × Phone could not be taken from stock" : null, new Date(T0 + fields.day * DAY)],
  );
  await query(`INSERT INTO "OrderItem" (id, "orderId", name, image, price, quantity) VALUES ($1, $2, $3, ARRAY[]::text[], 150000, 1)`, [randomUUID(), id, `Phone for ${name}`]);
  return id;
}

let boss: Shopper;
const ids: Record<string, string> = {};

async function list(params = "", cookie = boss.cookie): Promise<{ status: number; body: Answer }> {
  const response = await allOrders(getRequest(`/api/all-orders${params}`, cookie), noContext);
  return { status: response.status, body: (await response.json()) as Answer };
}

/** The fixtures' names of the orders listed, in order. */
async function names(params: string): Promise<string[]> {
  const { status, body } = await list(params);
  expect(status, body.message).toBe(200);
  const byId = new Map(Object.entries(ids).map(([name, id]) => [id, name]));
  return body.data.map((listed) => byId.get(listed._id) ?? listed._id);
}

beforeAll(async () => {
  boss = await admin();
  ids.p1 = await order("p1", { status: "PAID", day: 1, email: "asha.k@example.in", phone: "+919800000001" });
  ids.p2 = await order("p2", { status: "PAID", day: 3, email: "Rahul.Verma@Example.com", phone: "+919800000002", oversold: true });
  ids.p3 = await order("p3", { status: "PAID", day: 2, phone: null });
  ids.s1 = await order("s1", { status: "SHIPPED", day: 4 });
  ids.s2 = await order("s2", { status: "SHIPPED", day: 6, email: "underXscore@example.com" });
  ids.d1 = await order("d1", { status: "DELIVERED", day: 5, oversold: true });
  ids.c1 = await order("c1", { status: "CANCELLED", day: 7, email: "rahul.verma@example.com.au" });
  ids.r1 = await order("r1", { status: "REFUNDED", day: 8, email: "under_score@example.com" });
  // One order the real way (checkout, the emulator's hosted page, the signed webhook): its phone
  // is stored by fulfilment as the search looks for it. Paid now, so the newest.
  const paid = await paidOrder();
  ids.real = paid.orderId;
}, 60_000);

describe("GET /api/all-orders: states and their order", () => {
  it("without a state: every order, the oversold ones first, then newest first, with the counts (as old clients expect)", async () => {
    expect(await names("")).toEqual(["d1", "p2", "real", "r1", "c1", "s2", "s1", "p3", "p1"]);
    expect(await names("?status=all")).toEqual(await names(""));
    const { body } = await list();
    expect(body.total).toBe(9);
    expect(body.counts).toEqual({ PLACED: 0, PAID: 4, SHIPPED: 2, DELIVERED: 1, CANCELLED: 1, REFUNDED: 1, RETURNED_TO_ORIGIN: 0 });
    const flagged = body.data.find((listed) => listed._id === ids.d1)!;
    expect(flagged.attention).toBe("oversold");
    expect(flagged.productDetails).toEqual([expect.objectContaining({ name: "Phone for d1", quantity: 1 })]);
  });

  it("waiting to ship (PAID): the oversold ones on top, then the oldest first", async () => {
    expect(await names("?status=PAID")).toEqual(["p2", "p1", "p3", "real"]);
    const { body } = await list("?status=PAID");
    expect(body.total).toBe(4);
    expect(body.data.every((listed) => listed.status === "PAID")).toBe(true);
  });

  it("another state: only its orders, newest first (oversold or not)", async () => {
    expect(await names("?status=SHIPPED")).toEqual(["s2", "s1"]);
    expect(await names("?status=DELIVERED")).toEqual(["d1"]);
    expect(await names("?status=CANCELLED")).toEqual(["c1"]);
    expect(await names("?status=REFUNDED")).toEqual(["r1"]);
    expect((await list("?status=SHIPPED")).body).toMatchObject({ total: 2, counts: { PAID: 4, SHIPPED: 2 } });
  });

  it("needing attention: the flagged orders of every state, the oldest first, with their count", async () => {
    expect(await names("?status=attention")).toEqual(["p2", "d1"]);
    const { body } = await list("?status=attention");
    expect(body).toMatchObject({ total: 2, attention: 2 });
    expect((await list("")).body.attention).toBe(2);
    // With a search: of the matches only.
    expect((await list("?status=attention&q=rahul.verma")).body).toMatchObject({ total: 1, attention: 1 });
  });

  it("pages through a state without a gap or a repeat; 'Showing' counts the whole state", async () => {
    const pages = [await names("?status=all&page=1&limit=4"), await names("?status=all&page=2&limit=4"), await names("?status=all&page=3&limit=4")];
    expect(pages.map((page) => page.length)).toEqual([4, 4, 1]);
    expect(pages.flat()).toEqual(await names("?status=all"));
    expect(await names("?status=PAID&page=2&limit=3")).toEqual(["real"]);
    expect(await names("?status=PAID&page=3&limit=3")).toEqual([]);
    expect((await list("?status=PAID&page=2&limit=3")).body.total).toBe(4);
  });
});

describe("GET /api/all-orders?q=: the search", () => {
  it("finds an order by the number shoppers quote, with or without '#', in any case, or by its whole id", async () => {
    const number = orderNumber(ids.s1!); // "#1A2B3C4D"
    expect(await names(`?q=${encodeURIComponent(number)}`)).toEqual(["s1"]);
    expect(await names(`?q=${number.slice(1).toLowerCase()}`)).toEqual(["s1"]);
    expect(await names(`?q=${encodeURIComponent(`  ${number}  `)}`)).toEqual(["s1"]);
    expect(await names(`?q=${ids.s1!.toUpperCase()}`)).toEqual(["s1"]);
    // Within a state: the tab narrows, the counts say where it is.
    const other = await list(`?status=PAID&q=${encodeURIComponent(number)}`);
    expect(other.body.data).toEqual([]);
    expect(other.body.total).toBe(0);
    expect(other.body.counts).toEqual({ PLACED: 0, PAID: 0, SHIPPED: 1, DELIVERED: 0, CANCELLED: 0, REFUNDED: 0, RETURNED_TO_ORIGIN: 0 });
  });

  it("finds orders by email, whole or its beginning, whatever the case", async () => {
    expect(await names("?q=rahul.verma@example.com")).toEqual(["p2", "c1"]);
    expect(await names("?q=RAHUL.VERMA%40EXAMPLE.COM.AU")).toEqual(["c1"]);
    expect(await names("?q=asha")).toEqual(["p1"]);
    expect(await names("?q=nobody@example.com")).toEqual([]);
    // LIKE's wildcards are letters like any other.
    expect(await names("?q=under_")).toEqual(["r1"]);
    expect(await names("?q=%25")).toEqual([]);
    const { body } = await list("?q=rahul");
    expect(body).toMatchObject({ total: 2, counts: { PAID: 1, SHIPPED: 0, DELIVERED: 0, CANCELLED: 1, REFUNDED: 0 } });
  });

  it("finds orders by the delivery phone, however the admin writes it", async () => {
    for (const phone of ["9800000002", "98000 00002", "+91 98000 00002", "+919800000002", "098000-00002"]) {
      expect(await names(`?q=${encodeURIComponent(phone)}`), phone).toEqual(["p2"]);
    }
    // The order paid through checkout: the phone its hosted page collected (TEST_DELIVERY_FORM).
    expect(await names(`?q=${encodeURIComponent("98765 43210")}`)).toEqual(["real"]);
    expect(await names("?q=9999999999")).toEqual([]);
  });
});

describe("GET /api/all-orders: who may ask, and what is refused", () => {
  it("answers admins only", async () => {
    expect((await list("?status=PAID", "")).status).toBe(401);
    const user = await shopper();
    expect((await list("?status=PAID", user.cookie)).status).toBe(403);
  });

  it.each([
    ["?status=paid-ish", "status must be one of PLACED, PAID, SHIPPED, DELIVERED, CANCELLED, REFUNDED, RETURNED_TO_ORIGIN, attention, returns, cash-due, all"],
    ["?status=", "status must be one of PLACED, PAID, SHIPPED, DELIVERED, CANCELLED, REFUNDED, RETURNED_TO_ORIGIN, attention, returns, cash-due, all"],
    [`?q=${"a".repeat(101)}`, "The search is at most 100 characters"],
    ["?page=0", "page must be at least 1"],
    ["?limit=many", "limit must be a whole number"],
    ["?status=PAID&page=100000&limit=100", "page × limit may be at most 250000; narrow the selection instead"],
  ])("%s is a 400 saying why", async (params, message) => {
    const { status, body } = await list(params);
    expect(status).toBe(400);
    expect(body).toMatchObject({ success: false, error: true, message });
  });
});

describe("the counts per state, kept by the database", () => {
  /** What counting every order says. */
  async function counted(): Promise<Record<string, number>> {
    const rows = await query<{ status: string; n: number }>(`SELECT status, count(*)::int AS n FROM "Order" GROUP BY status`);
    return { PLACED: 0, PAID: 0, SHIPPED: 0, DELIVERED: 0, CANCELLED: 0, REFUNDED: 0, RETURNED_TO_ORIGIN: 0, ...Object.fromEntries(rows.map((row) => [row.status, row.n])) };
  }

  it("follow each order into its new state (shipped, cancelled), as counting every order would say", async () => {
    const before = (await list()).body.counts;
    await shipOrder(ids.real!, { kind: "admin", userId: boss.id }, { carrier: "Delhivery", trackingNumber: "DL1234567890" });
    const another = await paidOrder();
    await cancelOrder(another.orderId, { kind: "shopper", userId: another.user.id });
    const after = await list();
    expect(after.body.counts).toEqual({ ...before, PAID: before.PAID! - 1, SHIPPED: before.SHIPPED! + 1, CANCELLED: before.CANCELLED! + 1 });
    expect(after.body.counts).toEqual(await counted());
    expect(after.body.total).toBe(10);
    expect(await names("?status=SHIPPED")).toEqual(["real", "s2", "s1"]);
  });

  it("follow a whole refund (refunded), a refund that fails later (back to paid), a deleted order, and stay exact", async () => {
    const order = await paidOrder();
    const refund = await refundOrder(order.orderId, { kind: "admin", userId: boss.id }, { lines: "whole", restock: false });
    expect((await list()).body.counts).toEqual(await counted());
    expect((await list()).body.counts.REFUNDED).toBe(2);
    // Stripe fails it later: the order is paid again.
    expect((await fetch(`${emulatorUrl()}/stripe/refunds/${refund.stripeRefundId}/fail`, { method: "POST" })).ok).toBe(true);
    const failed = await stripeClient().refunds.retrieve(refund.stripeRefundId!);
    expect(await recordStripeRefund(failed)).toBe("settled");
    const afterFailure = (await list()).body.counts;
    expect(afterFailure).toEqual(await counted());
    expect(afterFailure.REFUNDED).toBe(1);
    // An order deleted by hand leaves its state's count.
    await query(`DELETE FROM "Order" WHERE id = $1`, [ids.p3]);
    delete ids.p3;
    expect((await list()).body.counts).toEqual(await counted());
  });
});
