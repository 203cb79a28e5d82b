// The admin's delivery settings: defaults from the seller's city until saved; every field checked;
// each save recorded with the admin; the estimate follows them. Admins only. On a database of its
// own: the settings are one row every file would otherwise share.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { POST as placeRoute } from "@/app/api/place-order/route";
import { GET as readRoute, PUT as saveRoute } from "@/app/api/delivery-settings/route";
import { GET as estimateRoute } from "@/app/api/delivery-estimate/route";
import type { DeliverySettingsAnswer } from "@/lib/delivery/settings-answer";
import { admin, getRequest, jsonRequest, noContext, onOwnDatabase, query, shopper, type Shopper } from "../helpers";

onOwnDatabase("delivery_settings");

const read = async (user: Shopper) => readRoute(getRequest("/api/delivery-settings", user.cookie), noContext);
import { deliverySummary } from "@/lib/orders/delivery";
import { readDeliveryTerms } from "@/lib/server/delivery/delivery-settings";

const save = (user: Shopper, body: unknown) => saveRoute(jsonRequest("/api/delivery-settings", body, { cookie: user.cookie, method: "PUT" }), noContext);

describe("delivery settings", () => {
  it("start from the defaults, refuse bad values by field, and save with a record of the change", async () => {
    const boss = await admin();
    await query(`INSERT INTO "SellerSettings" ("id", "city", "state", "postalCode", "updatedAt") VALUES (1, 'Pune', 'MH', '411001', now()) ON CONFLICT ("id") DO UPDATE SET "city" = 'Pune', "state" = 'MH', "postalCode" = '411001'`);
    const defaults = (await (await read(boss)).json()).data as DeliverySettingsAnswer & { saved: boolean };
    expect(defaults).toMatchObject({ saved: false, dispatchCity: "Pune", dispatchState: "MH", cutoff: "14:00", closedWeekdays: [0], shippingFee: 49, codEnabled: true, codMaxOrder: 20000, codFee: 0 });
    expect(defaults.zones.city.prefixes).toEqual(["411"]);

    const refused = await save(boss, { ...defaults, cutoff: "25:00", handlingDays: -1, holidays: ["2026-13-40"], shippingFee: -5, notServed: ["0123"], zones: { ...defaults.zones, metro: { ...defaults.zones.metro, transitMin: 5, transitMax: 2 } } });
    expect(refused.status).toBe(400);
    expect((await refused.json()).errors).toMatchObject({
      cutoff: "Cut-off time must be HH:MM (24-hour, India time)",
      handlingDays: "Handling days must be at least 0",
      "holidays.0": "Each holiday is a real date",
      shippingFee: "Delivery fee must be an amount from ₹0 to ₹10,000, with at most 2 decimals",
      "notServed.0": "Areas not served: each entry is a PIN code or its first digits (1 to 6 digits, not starting with 0)",
      "zones.metro.transitMax": "The most days in transit cannot be fewer than the fewest",
    });
    expect((await query(`SELECT 1 FROM "DeliverySettings"`)).length).toBe(0);

    const saved = await save(boss, { ...defaults, cutoff: "11:30", holidays: ["2026-12-25", "2026-12-25"], notServed: ["744301", "7443"], shippingFee: "59", freeShippingAbove: 999, codMaxOrder: 15000, codFee: 25 });
    expect(saved.status).toBe(200);
    expect((await saved.json()).data).toMatchObject({ saved: true, cutoff: "11:30", holidays: ["2026-12-25"], shippingFee: 59, freeShippingAbove: 999, codFee: 25, changed: expect.arrayContaining(["delivery.cutoffMinutes", "delivery.shippingFee"]) });
    const [change] = await query<{ changedBy: string; changes: Record<string, unknown> }>(`SELECT "changedBy", changes FROM "SellerSettingsChange" ORDER BY "changedAt" DESC LIMIT 1`);
    expect(change).toMatchObject({ changedBy: boss.id, changes: { "delivery.cutoffMinutes": [840, 690], "delivery.shippingFee": [4900, 5900] } });
    // The same again changes nothing and records nothing.
    const again = (await (await read(boss)).json()).data;
    expect((await (await save(boss, again)).json()).message).toBe("Nothing changed");
    expect((await query(`SELECT 1 FROM "SellerSettingsChange"`)).length).toBe(1);

    // The estimate follows them: not served, free delivery, the cash limit with its fee.
    const quote = async (pin: string, value: number) => (await (await estimateRoute(getRequest(`/api/delivery-estimate?pin=${pin}&value=${value}`), noContext)).json()).data;
    expect(await quote("744301", 100)).toMatchObject({ serviceable: false, message: "We don't deliver to 744301 yet" });
    expect(await quote("411001", 999)).toMatchObject({ zone: "city", shippingFee: 0, cod: { available: true, fee: 25 } });
    expect(await quote("411001", 998)).toMatchObject({ shippingFee: 59 });
    expect(await quote("400001", 14_980)).toMatchObject({ zone: "state", cod: { available: false, reason: "Cash on delivery is available up to ₹15,000" } });
    // So do the product pages' line and structured data.
    expect(deliverySummary(await readDeliveryTerms())).toBe("₹59 delivery, free from ₹999");
  });

  it("are the admins' alone", async () => {
    const user = await shopper();
    expect((await read(user)).status).toBe(403);
    expect((await save(user, {})).status).toBe(403);
    expect((await readRoute(getRequest("/api/delivery-settings"), noContext)).status).toBe(401);
  });
});

describe("a composition seller", () => {
  it("delivers only within its own state: the checkout refuses an address in another, with nothing held", async () => {
    await query(
      `INSERT INTO "SellerSettings" ("id", "city", "state", "postalCode", "registration", "updatedAt") VALUES (1, 'Pune', 'MH', '411001', 'COMPOSITION', now())
       ON CONFLICT ("id") DO UPDATE SET "city" = 'Pune', "state" = 'MH', "postalCode" = '411001', "registration" = 'COMPOSITION'`,
    );
    const user = await shopper();
    const productId = randomUUID();
    await query(
      `INSERT INTO "Product" (id, "productName", "brandName", category, "productImage", price, "sellingPrice", "updatedAt", stock) VALUES ($1, 'Composition phone', 'Volt', 'mobiles', ARRAY['/images/products/mobi-001-1.svg'], 20000, 15000, now(), 5)`,
      [productId],
    );
    const address = { name: "Meera Iyer", phone: "9845012345", line1: "12 MG Road", area: "Ashok Nagar", city: "Bengaluru", district: "Bengaluru", state: "KA", postalCode: "560001" };
    const place = (body: unknown) => placeRoute(jsonRequest("/api/place-order", body, { cookie: user.cookie }), noContext);
    const refused = await place({ productId, address, saveAddress: false, paymentMethod: "card" });
    expect(refused.status).toBe(422);
    expect((await refused.json()).errors).toEqual({ addressId: "We can deliver only within Maharashtra: as a composition taxpayer, the store may not sell to other states." });
    expect((await query<{ held: number }>(`SELECT held FROM "Product" WHERE id = $1`, [productId]))[0]!.held).toBe(0);
    const within = await place({ productId, address: { ...address, city: "Pune", district: "Pune", state: "MH", postalCode: "411001" }, saveAddress: false, paymentMethod: "card" });
    expect(within.status).toBe(200);
  });
});
