// Issue 35: what the store says about delivery and returns comes from one place (lib/constants.ts),
// so the product page, its structured data, the checkout and the returns policy cannot say one
// thing and charge another; and the seed's descriptions make no promise of their own.
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { POST as buyNow } from "@/app/api/buy-now/route";
import { RETURN_WINDOW_DAYS, SHIPPING_AMOUNT_PAISE } from "@/lib/constants";
import { deliverySummary } from "@/lib/orders/delivery";
import { deliveryTerms } from "@/lib/delivery/settings";
import { readDeliverySettings } from "@/lib/server/delivery/delivery-settings";
import { formatRupees, rupeesToPaise } from "@/lib/shared/money";
import { productJsonLd } from "@/lib/catalog/product-json-ld";
import { returnsPolicyText, returnsSummary } from "@/lib/orders/returns-policy";
import { getProduct } from "@/lib/server/catalog/catalog";
import { SEED_PRODUCTS } from "../../prisma/catalogue";
import { retrieve } from "./checkout-kit";
import { jsonRequest, noContext, query, shopper } from "../helpers";

/** Delivery or returns terms in a product's own text: the store states those, from the constants. */
const STORE_TERMS = /\b(free (delivery|shipping)|delivery (charges?|fees?)|shipping (charges?|fees?)|replacements?|returns?|refunds?|exchanges?)\b/i;

async function makeProduct(sellingPrice: number, productDesc = "A phone for the promises test."): Promise<string> {
  const id = randomUUID();
  await query(
    `INSERT INTO "Product" (id, "productName", "brandName", category, "productImage", "productDesc", price, "sellingPrice", "updatedAt", stock)
     VALUES ($1, $2, 'Volt', 'mobiles', ARRAY['/images/products/mobi-001-1.svg'], $3, $4, $5, now(), 50)`,
    [id, `Promise phone ${id.slice(0, 8)}`, productDesc, sellingPrice + 10_000, sellingPrice],
  );
  return id;
}

describe("delivery and returns: one source for the page, the structured data, the checkout and the policy", () => {
  it("the seed's descriptions promise no delivery or returns terms", () => {
    const promising = SEED_PRODUCTS.filter((product) => STORE_TERMS.test(product.productDesc)).map((product) => `${product.sku}: ${product.productDesc}`);
    expect(promising).toEqual([]);
  });

  it("the delivery fee Buy Now charges is the one the product page and its JSON-LD state", async () => {
    const sellingPrice = 123_400;
    const productId = await makeProduct(sellingPrice);
    const user = await shopper();
    const response = await buyNow(jsonRequest("/api/buy-now", { productId }, { cookie: user.cookie }), noContext);
    expect(response.status).toBe(200);
    const session = await retrieve(((await response.json()).data as { id: string }).id);
    const charged = session.amount_total! - sellingPrice;
    expect(session.shipping_options.map((option) => option.shipping_amount)).toEqual([charged]);

    const product = (await getProduct(productId))!;
    // The terms the product page reads: the delivery settings in force.
    const terms = deliveryTerms((await readDeliverySettings()).settings);
    const offer = productJsonLd(product, { categoryName: "Mobiles", delivery: terms }).offers as { shippingDetails: { shippingRate: { value: number; currency: string } } };
    expect(rupeesToPaise(offer.shippingDetails.shippingRate.value)).toBe(charged);
    expect(offer.shippingDetails.shippingRate.currency).toBe("INR");
    // The product page's line beside the price.
    expect(deliverySummary(terms)).toBe(`${formatRupees(charged)} delivery`);
    expect(charged).toBe(SHIPPING_AMOUNT_PAISE);
    // A cancelled Buy Now leads back to its product (issue 35).
    expect(session.cancel_url).toBe(`http://localhost:3000/cancel?checkout=${session.metadata!.checkoutId}&product=${productId}`);
  });

  it("the returns window the page, the JSON-LD and the policy state is the constants' one", async () => {
    const product = (await getProduct(await makeProduct(9_900)))!;
    const offer = productJsonLd(product, { categoryName: "Mobiles" }).offers as { hasMerchantReturnPolicy: { merchantReturnDays: number } };
    expect(offer.hasMerchantReturnPolicy.merchantReturnDays).toBe(RETURN_WINDOW_DAYS);
    expect(returnsSummary()).toMatch(new RegExp(`^${RETURN_WINDOW_DAYS}-day returns`));
    expect(returnsPolicyText()[0]).toContain(`within ${RETURN_WINDOW_DAYS} days of its delivery`);
    expect(returnsPolicyText().join(" ")).not.toMatch(/replace/i);
  });

  it("the migration drops the old promise from descriptions that still carry it, and leaves others alone", async () => {
    const old = await makeProduct(49_900, "Great sound. Sold by Volt Electronics with a 1-year manufacturer warranty, free delivery on orders above ₹499 and easy 7-day replacement.");
    const own = await makeProduct(49_900, "An admin's own words about free delivery on orders above ₹499 and easy 7-day replacement, mid-sentence.");
    const sql = readFileSync(path.join(process.cwd(), "prisma/migrations/20261126130000_seed_descriptions_without_promises/migration.sql"), "utf8");
    await query(sql);
    const rows = await query<{ id: string; productDesc: string }>(`SELECT id, "productDesc" FROM "Product" WHERE id = ANY($1::uuid[])`, [[old, own]]);
    const byId = new Map(rows.map((row) => [row.id, row.productDesc]));
    expect(byId.get(old)).toBe("Great sound. Sold by Volt Electronics with a 1-year manufacturer warranty.");
    expect(byId.get(own)).toBe("An admin's own words about free delivery on orders above ₹499 and easy 7-day replacement, mid-sentence.");
  });
});
