// GST on products (issue: lawful billing): the categories as rows with their HSN code and rate,
// a product's own overrides, and the rates copied onto each order line when the order is recorded.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { CATEGORIES } from "@/lib/catalog/categories";
import { POST as uploadRoute } from "@/app/api/upload-product/route";
import { PUT as updateRoute } from "@/app/api/update-product/route";
import { GET as singleRoute } from "@/app/api/get-single-product-details/[id]/route";
import { GST_RATE_MESSAGE, WARRANTY_MESSAGE } from "@/lib/schemas";
import { admin, getRequest, jsonRequest, noContext, query, shopper } from "../helpers";
import { addLine, checkout, completedEvent, deliver, paidOrder, pay } from "./checkout-kit";

type TaxedLine = { hsnCode: string | null; gstRateBp: number | null; cessRateBp: number | null };

async function linesOf(orderId: string): Promise<TaxedLine[]> {
  return query<TaxedLine>(`SELECT "hsnCode", "gstRateBp", "cessRateBp" FROM "OrderItem" WHERE "orderId" = $1`, [orderId]);
}

/** A paid order of one unit of a new product of `category`, with the product's own tax fields. */
async function orderOf(category: string, own: { hsnCode?: string; gstRateBp?: number; cessRateBp?: number } = {}): Promise<string> {
  const productId = randomUUID();
  await query(
    `INSERT INTO "Product" (id, "productName", "brandName", category, "productImage", price, "sellingPrice", "updatedAt", stock, "hsnCode", "gstRateBp", "cessRateBp")
     VALUES ($1, $2, 'Volt', $3, ARRAY['/images/products/mobi-001-1.svg'], 60000, 59999, now(), 5, $4, $5, $6)`,
    [productId, `Taxed ${productId.slice(0, 6)}`, category, own.hsnCode ?? null, own.gstRateBp ?? null, own.cessRateBp ?? null],
  );
  const user = await shopper();
  const line = await addLine(user, productId);
  const started = await (await checkout(user.cookie, { cartItems: [line] })).json();
  await pay(started.id);
  const event = await completedEvent(started.id);
  expect((await deliver(event.payload, event.header)).status).toBe(200);
  const [order] = await query<{ id: string }>(`SELECT id FROM "Order" WHERE "checkoutSessionId" = $1`, [started.id]);
  return order!.id;
}

describe("categories as rows", () => {
  it("holds the spec's twelve, values and labels unchanged and in order, each with an HSN code and 18 %", async () => {
    const rows = await query<{ value: string; label: string; hsnCode: string; gstRateBp: number; cessRateBp: number }>(
      `SELECT value, label, "hsnCode", "gstRateBp", "cessRateBp" FROM "Category" ORDER BY position`,
    );
    expect(rows.map(({ value, label }) => ({ label, value }))).toEqual(CATEGORIES.map(({ label, value }) => ({ label, value })));
    for (const row of rows) {
      expect(row.hsnCode, row.value).toMatch(/^\d{4}(\d{2}){0,2}$/);
      expect([row.gstRateBp, row.cessRateBp]).toEqual([1800, 0]);
    }
  });

  it("refuses a rate the law does not have, a malformed HSN code and a product of no category", async () => {
    await expect(query(`UPDATE "Category" SET "gstRateBp" = 1200 WHERE value = 'mobiles'`)).rejects.toThrow(/Category_gstRateBp_check/);
    await expect(query(`UPDATE "Category" SET "hsnCode" = '851' WHERE value = 'mobiles'`)).rejects.toThrow(/Category_hsnCode_check/);
    const id = randomUUID();
    await query(`INSERT INTO "Product" (id, "productName", "brandName", category, "productImage", price, "sellingPrice", "updatedAt") VALUES ($1, 'Checked', 'Volt', 'mouse', '{}', 100, 100, now())`, [id]);
    await expect(query(`UPDATE "Product" SET "gstRateBp" = 1750 WHERE id = $1`, [id])).rejects.toThrow(/Product_gstRateBp_check/);
    await expect(query(`UPDATE "Product" SET "hsnCode" = 'ABCD' WHERE id = $1`, [id])).rejects.toThrow(/Product_hsnCode_check/);
    await expect(query(`UPDATE "Product" SET category = 'toasters' WHERE id = $1`, [id])).rejects.toThrow(/Product_category_fkey/);
  });
});

describe("the rates on an order's lines", () => {
  it("are the category's when the product names none, and the product's own when it does", async () => {
    const [mobiles] = await query<{ hsnCode: string }>(`SELECT "hsnCode" FROM "Category" WHERE value = 'mobiles'`);
    const byCategory = await paidOrder();
    expect(await linesOf(byCategory.orderId)).toEqual([{ hsnCode: mobiles!.hsnCode, gstRateBp: 1800, cessRateBp: 0 }]);
    const own = await orderOf("television", { hsnCode: "85287219", gstRateBp: 2800, cessRateBp: 1500 });
    expect(await linesOf(own)).toEqual([{ hsnCode: "85287219", gstRateBp: 2800, cessRateBp: 1500 }]);
  });

  it("stay as they were when the order was recorded, whatever changes after", async () => {
    const orderId = await orderOf("speakers");
    const [before] = await linesOf(orderId);
    expect(before!.gstRateBp).toBe(1800);
    // speakers is this test's alone: no other test reads its rate.
    await query(`UPDATE "Category" SET "gstRateBp" = 2800, "hsnCode" = '85182900' WHERE value = 'speakers'`);
    try {
      await query(`UPDATE "Product" SET "gstRateBp" = 500 WHERE id = (SELECT "productId" FROM "OrderItem" WHERE "orderId" = $1)`, [orderId]);
      expect(await linesOf(orderId)).toEqual([before]);
      // A new order of a speaker takes the new rate.
      expect((await linesOf(await orderOf("speakers")))[0]).toMatchObject({ hsnCode: "85182900", gstRateBp: 2800 });
    } finally {
      await query(`UPDATE "Category" SET "gstRateBp" = 1800, "hsnCode" = '85182200' WHERE value = 'speakers'`);
    }
  });
});

describe("a product's own tax and legal details, through the admin's API", () => {
  const upload = (body: unknown, cookie: string) => uploadRoute(jsonRequest("/api/upload-product", body, { cookie }), noContext);
  const product = (extra: Record<string, unknown>) => ({
    productName: `Detailed ${randomUUID().slice(0, 6)}`, brandName: "Volt", category: "mobiles", productImage: ["/images/products/mobi-001-1.svg"], productDesc: "Details.", price: 1000, sellingPrice: 900, ...extra,
  });

  it("are saved, read back in the single product's answer, and cleared by an empty value", async () => {
    const boss = await admin();
    const answer = await upload(product({ hsnCode: "85171300", gstRate: "28", cessRate: 1, countryOfOrigin: "India", manufacturer: "Volt Devices, Noida", importer: "", warrantyMonths: "24", consumerCare: "1800 123 4567" }), boss.cookie);
    expect(answer.status, await answer.clone().text()).toBe(201);
    const { data } = await answer.json();
    expect(data.details).toEqual({ hsnCode: "85171300", gstRate: 28, cessRate: 1, countryOfOrigin: "India", manufacturer: "Volt Devices, Noida", importer: null, warrantyMonths: 24, consumerCare: "1800 123 4567", gtin: null, mpn: null });
    expect((await query(`SELECT "gstRateBp", "cessRateBp" FROM "Product" WHERE id = $1`, [data._id]))[0]).toEqual({ gstRateBp: 2800, cessRateBp: 100 });
    const single = await (await singleRoute(getRequest(`/api/get-single-product-details/${data._id}`), { params: Promise.resolve({ id: data._id }) })).json();
    expect(single.product?.details ?? single.data?.details).toMatchObject({ countryOfOrigin: "India", warrantyMonths: 24 });
    const updated = await updateRoute(jsonRequest("/api/update-product", { ...product({ gstRate: "", hsnCode: "", warrantyMonths: null }), _id: data._id }, { method: "PUT", cookie: boss.cookie }), noContext);
    expect((await updated.json()).data.details).toMatchObject({ hsnCode: null, gstRate: null, warrantyMonths: null, countryOfOrigin: "India" });
  });

  it.each([
    [{ gstRate: 12 }, "gstRate", GST_RATE_MESSAGE],
    [{ hsnCode: "851" }, "hsnCode", "HSN code must be 4, 6 or 8 digits"],
    [{ warrantyMonths: "two years" }, "warrantyMonths", WARRANTY_MESSAGE],
    [{ countryOfOrigin: "x".repeat(61) }, "countryOfOrigin", "Country of origin must be at most 60 characters"],
  ])("refuse %j with a 400 naming the field", async (extra, field, message) => {
    const boss = await admin();
    const answer = await upload(product(extra), boss.cookie);
    expect(answer.status).toBe(400);
    expect((await answer.json()).errors?.[field]).toBe(message);
  });
});
