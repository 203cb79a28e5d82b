// Bodies that used to be 500s and are 400s with a clear message: a NUL byte (or another control
// character) in a text field, which PostgreSQL refuses in text, and a refund naming the same line
// twice. Nothing is written by the refusal.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { POST as signup } from "@/app/api/signup/route";
import { PUT as updateUser } from "@/app/api/update-user/route";
import { POST as uploadProduct } from "@/app/api/upload-product/route";
import { PUT as updateProduct } from "@/app/api/update-product/route";
import { POST as shipRoute } from "@/app/api/ship-order/route";
import { POST as refundRoute } from "@/app/api/refund-order/route";
import { GET as allOrders } from "@/app/api/all-orders/route";
import { GET as adminProducts } from "@/app/api/admin-products/route";
import { GET as searchProduct } from "@/app/api/search-product/route";
import { POST as filterProduct } from "@/app/api/fiter-product/route";
import { approveReturnSchema, declineReturnSchema, DUPLICATE_REFUND_LINE_MESSAGE, requestReturnSchema } from "@/lib/schemas";
import { admin, getRequest, jsonRequest, noContext, query, shopper, TEST_PASSWORD, uniqueEmail } from "../helpers";
import { paidOrder } from "./checkout-kit";

const NUL = "\u0000";

const product = (overrides: Record<string, unknown> = {}) => ({
  productName: `Text phone ${randomUUID().slice(0, 6)}`,
  brandName: "Volt",
  category: "mobiles",
  productImage: ["/images/products/mobi-001-1.svg"],
  productDesc: "A phone.",
  price: 19999,
  sellingPrice: 14999,
  ...overrides,
});

async function refused(response: Response, message: RegExp | string): Promise<void> {
  const answer = await response.json();
  expect(response.status, JSON.stringify(answer)).toBe(400);
  if (typeof message === "string") expect(answer.message).toBe(message);
  else expect(answer.message).toMatch(message);
}

describe("control characters in text fields", () => {
  it("an admin's product with a NUL in its description, name or image is refused with a 400; tab and new lines stay allowed", async () => {
    const boss = await admin();
    const post = (body: unknown) => uploadProduct(jsonRequest("/api/upload-product", body, { cookie: boss.cookie }), noContext);
    const name = `NUL phone ${randomUUID().slice(0, 6)}`;
    await refused(await post(product({ productName: name, productDesc: `Fast${NUL}charging` })), "Description must not contain control characters (such as a NUL byte)");
    await refused(await post(product({ productName: `${name}${NUL}` })), "Product name must not contain control characters (such as a NUL byte)");
    await refused(await post(product({ productName: name, brandName: `Vo\u0007lt` })), /Brand name must not contain control characters/);
    await refused(await post(product({ productName: name, productImage: [`/images/products/mobi-001-1.svg${NUL}`] })), /An image URL must not contain control characters/);
    expect(await query(`SELECT id FROM "Product" WHERE "productName" LIKE $1`, [`${name}%`])).toHaveLength(0);

    const created = await post(product({ productName: name, productDesc: "Line one\n\tLine two\r\nLine three" }));
    expect(created.status).toBe(201);
    const id = (await created.json()).data._id as string;
    const put = (body: unknown) => updateProduct(jsonRequest("/api/update-product", body, { method: "PUT", cookie: boss.cookie }), noContext);
    await refused(await put({ ...product({ productName: name, productDesc: `Edited${NUL}` }), _id: id }), "Description must not contain control characters (such as a NUL byte)");
    expect((await query<{ productDesc: string }>(`SELECT "productDesc" FROM "Product" WHERE id = $1`, [id]))[0]?.productDesc).toBe("Line one\n\tLine two\r\nLine three");
  });

  it("a tracking link or a note with a NUL is refused with a 400 and the order stays unshipped", async () => {
    const { orderId } = await paidOrder();
    const boss = await admin();
    const ship = (body: unknown) => shipRoute(jsonRequest("/api/ship-order", body, { cookie: boss.cookie }), noContext);
    const parcel = { orderId, carrier: "Delhivery", trackingNumber: "DL1234567890" };
    await refused(await ship({ ...parcel, trackingUrl: `https://track.example/DL1234567890${NUL}` }), "The tracking link must not contain control characters (such as a NUL byte)");
    await refused(await ship({ ...parcel, note: `Left at the door${NUL}` }), "The note must not contain control characters (such as a NUL byte)");
    await refused(await ship({ ...parcel, carrier: "Other", otherCarrier: `Pigeon${NUL}` }), /The carrier's name must not contain control characters/);
    expect((await query<{ status: string }>(`SELECT status FROM "Order" WHERE id = $1`, [orderId]))[0]?.status).toBe("PAID");
  });

  it("a shopper's name with a control character is refused at sign-up and in the profile", async () => {
    const email = uniqueEmail("nul");
    await refused(
      await signup(jsonRequest("/api/signup", { name: `Asha${NUL}`, email, contact: "", password: TEST_PASSWORD, confirmPwd: TEST_PASSWORD, profilepic: "" }), noContext),
      "Name must not contain control characters (such as a NUL byte)",
    );
    expect(await query(`SELECT id FROM "User" WHERE email = $1`, [email])).toHaveLength(0);
    const me = await shopper();
    await refused(await updateUser(jsonRequest("/api/update-user", { name: "Asha\nRao", email: me.email }, { method: "PUT", cookie: me.cookie }), noContext), /Name must not contain control characters/);
  });

  it("a shopper's search or filter with a NUL is never a 5xx", async () => {
    expect((await searchProduct(getRequest(`/api/search-product?q=${encodeURIComponent(`pho${NUL}ne`)}`), noContext)).status).toBeLessThan(500);
    await refused(await filterProduct(jsonRequest("/api/fiter-product", { category: [`mobiles${NUL}`] }), noContext), /A category name must not contain control characters/);
  });

  it("the admin's searches with a NUL are refused with a 400", async () => {
    const boss = await admin();
    await refused(await allOrders(getRequest(`/api/all-orders?q=${encodeURIComponent(`ab${NUL}`)}`, boss.cookie), noContext), /The search must not contain control characters/);
    await refused(await adminProducts(getRequest(`/api/admin-products?q=${encodeURIComponent(`ab${NUL}`)}`, boss.cookie), noContext), /The search must not contain control characters/);
  });
});

describe("a refund naming the same line twice", () => {
  it("is refused with a 400 and refunds nothing", async () => {
    const order = await paidOrder({ quantity: 2 });
    const boss = await admin();
    const line = { orderItemId: order.itemId, quantity: 1 };
    await refused(await refundRoute(jsonRequest("/api/refund-order", { orderId: order.orderId, lines: [line, line], restock: false }, { cookie: boss.cookie }), noContext), DUPLICATE_REFUND_LINE_MESSAGE);
    expect((await query<{ refundedAmount: number }>(`SELECT "refundedAmount" FROM "Order" WHERE id = $1`, [order.orderId]))[0]?.refundedAmount).toBe(0);
    expect(await query(`SELECT id FROM "Refund" WHERE "orderId" = $1`, [order.orderId])).toHaveLength(0);
  });
});

describe("return requests' text and dates", () => {
  const orderId = randomUUID();
  const lines = [{ orderItemId: randomUUID(), quantity: 1 }];
  it("a return's note and a decline's reason with a NUL are refused by their schemas (they reached PostgreSQL and answered 500); line breaks stay allowed", () => {
    const asked = requestReturnSchema.safeParse({ orderId, lines, reason: "damaged", note: `Cracked${NUL}screen` });
    expect(asked.success).toBe(false);
    expect(asked.error?.issues[0]?.message).toBe("The note must not contain control characters (such as a NUL byte)");
    expect(requestReturnSchema.safeParse({ orderId, lines, reason: "damaged", note: "Cracked\nscreen" }).success).toBe(true);
    const declined = declineReturnSchema.safeParse({ returnId: randomUUID(), reason: `Used${NUL}` });
    expect(declined.success).toBe(false);
    expect(declined.error?.issues[0]?.message).toBe("The reason must not contain control characters (such as a NUL byte)");
  });

  it("a pickup date that is not a day of the calendar is refused (31 February used to be stored as 3 March)", () => {
    const approve = (pickupDate: string) => approveReturnSchema.safeParse({ returnId: randomUUID(), pickupDate }).success;
    expect(approve("2026-02-31")).toBe(false);
    expect(approve("2026-13-01")).toBe(false);
    expect(approve("2028-02-29")).toBe(true);
    expect(approve("2026-12-01")).toBe(true);
  });
});
