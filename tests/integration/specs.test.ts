// Specifications (issue 39): each category's definitions, managed by admins; a product's values
// checked against them on every write; retired definitions leave the answers but keep their
// values; EAN and model number validated, and found first by search.
import { randomUUID } from "node:crypto";
import pg from "pg";
import { beforeAll, describe, expect, it } from "vitest";
import { NextRequest } from "next/server";
import { GET as publicDefinitions } from "@/app/api/spec-definitions/route";
import { GET as adminDefinitions, POST as createDefinition, PUT as updateDefinition } from "@/app/api/admin-spec-definitions/route";
import { POST as retireDefinition } from "@/app/api/retire-spec-definition/route";
import { POST as reorderDefinitions } from "@/app/api/reorder-spec-definitions/route";
import { POST as uploadProduct } from "@/app/api/upload-product/route";
import { PUT as updateProduct } from "@/app/api/update-product/route";
import { GET as searchProduct } from "@/app/api/search-product/route";
import { GET as adminProducts } from "@/app/api/admin-products/route";
import { gtinCheckDigit } from "@/lib/catalog/specs";
import { getProductWithSpecs } from "@/lib/server/catalog/specs";
import { seed } from "@/prisma/seed";
import { SEED_SPEC_DEFINITIONS } from "@/prisma/spec-definitions";
import { admin, BASE, getRequest, jsonRequest, noContext, onOwnDatabase, query, shopper, type Shopper } from "../helpers";

onOwnDatabase("specs");

let boss: Shopper;
beforeAll(async () => {
  await seed(process.env.DATABASE_URL!, { quiet: true, demoAccounts: false });
  boss = await admin();
}, 60_000);

const IMAGE = "/images/products/mobi-001-1.svg";
const phone = (overrides: Record<string, unknown> = {}) => ({
  productName: `Spec phone ${randomUUID().slice(0, 6)}`,
  brandName: "Volt",
  category: "mobiles",
  productImage: [IMAGE],
  productDesc: "A phone with specifications.",
  price: 19999,
  sellingPrice: 17999,
  ...overrides,
});
const upload = (body: unknown, cookie = boss.cookie) => uploadProduct(jsonRequest("/api/upload-product", body, { cookie }), noContext);
const update = (body: unknown) => updateProduct(jsonRequest("/api/update-product", body, { method: "PUT", cookie: boss.cookie }), noContext);
const definitionsOf = async (category: string) => (await (await publicDefinitions(getRequest(`/api/spec-definitions?category=${category}`), noContext)).json()).data as { key: string; label: string }[];
const allDefinitionsOf = async (category: string) =>
  (await (await adminDefinitions(getRequest(`/api/admin-spec-definitions?category=${category}`, boss.cookie), noContext)).json()).data as { id: string; key: string; retired: boolean; choices: string[]; position: number }[];
const storedSpecs = async (id: string) => (await query<{ specs: Record<string, unknown> }>(`SELECT specs FROM "Product" WHERE id = $1`, [id]))[0]!.specs;
const ean = (body12: string) => `${body12}${gtinCheckDigit(body12)}`;

describe("spec definitions", () => {
  it("are seeded for every category and answered publicly in order, without row ids", async () => {
    for (const [category, seeded] of Object.entries(SEED_SPEC_DEFINITIONS)) {
      const answered = await definitionsOf(category);
      expect(answered.map((definition) => definition.key)).toEqual(seeded.map((definition) => definition.key));
    }
    const [first] = await definitionsOf("mobiles");
    expect(first).not.toHaveProperty("id");
    expect((await publicDefinitions(getRequest("/api/spec-definitions?category=toasters"), noContext)).status).toBe(400);
  });

  it("are managed by admins only: anonymous 401, shoppers 403", async () => {
    const me = await shopper();
    const body = { category: "mobiles", key: "weight_g", label: "Weight", group: "General", type: "number", unit: "g", unitCode: "GRM", min: 50, max: 500, buckets: [150, 200], better: "lower" };
    expect((await createDefinition(jsonRequest("/api/admin-spec-definitions", body), noContext)).status).toBe(401);
    expect((await createDefinition(jsonRequest("/api/admin-spec-definitions", body, { cookie: me.cookie }), noContext)).status).toBe(403);
    expect((await adminDefinitions(getRequest("/api/admin-spec-definitions?category=mobiles", me.cookie), noContext)).status).toBe(403);
    expect((await retireDefinition(jsonRequest("/api/retire-spec-definition", { id: randomUUID(), retired: true }, { cookie: me.cookie }), noContext)).status).toBe(403);
  });

  it("are added at the end of their category, once per key, and checked whole", async () => {
    const body = { category: "television", key: "usb_ports", label: "USB ports", group: "Connectivity", type: "number", min: 0, max: 8, buckets: [1, 2, 3, 4], better: "higher" };
    const created = await createDefinition(jsonRequest("/api/admin-spec-definitions", body, { cookie: boss.cookie }), noContext);
    expect(created.status).toBe(201);
    const all = await allDefinitionsOf("television");
    expect(all.at(-1)).toMatchObject({ key: "usb_ports", retired: false, position: all.length - 1 });

    const again = await createDefinition(jsonRequest("/api/admin-spec-definitions", body, { cookie: boss.cookie }), noContext);
    expect(again.status).toBe(409);
    expect((await again.json()).errors).toEqual({ key: "This category already has a specification with the key usb_ports" });

    const refusals: [Record<string, unknown>, string, string][] = [
      [{ key: "HDMI Ports" }, "key", "Key must start with a letter and have only lower-case letters, digits and _ (at most 40)"],
      [{ key: "panel_finish", type: "choice", choices: ["Matte"] }, "choices", "List 2 to 40 choices"],
      [{ key: "panel_finish", type: "choice", choices: ["Matte", "matte"] }, "choices", "Each choice must be listed once"],
      [{ key: "weight_kg", buckets: [10, 5] }, "buckets", "Range edges must be numbers in ascending order"],
      [{ key: "weight_kg", min: 10, max: 5 }, "min", "The lowest value must not be above the highest"],
      [{ key: "remote", type: "boolean", unit: "pcs", buckets: [] }, "unit", "Only a number has a unit"],
      [{ key: "tagline", type: "text", filterable: true, buckets: [], better: null }, "filterable", "Short text cannot be filtered by"],
    ];
    for (const [change, field, message] of refusals) {
      const answer = await createDefinition(jsonRequest("/api/admin-spec-definitions", { ...body, ...change }, { cookie: boss.cookie }), noContext);
      expect(answer.status, JSON.stringify(change)).toBe(400);
      expect((await answer.json()).errors?.[field], JSON.stringify(change)).toBe(message);
    }
  });

  it("keep their key and type, and refuse to drop a choice that products use", async () => {
    const panel = (await allDefinitionsOf("television")).find((definition) => definition.key === "panel")!;
    expect(panel).toBeDefined();
    const definitions = (await (await adminDefinitions(getRequest("/api/admin-spec-definitions?category=television", boss.cookie), noContext)).json()).data as Record<string, unknown>[];
    const full = definitions.find((definition) => definition.key === "panel")!;
    const { id, category: _category, retired: _retired, position: _position, ...input } = full;

    const retyped = await updateDefinition(jsonRequest("/api/admin-spec-definitions", { ...input, id, type: "text", choices: [], filterable: false }, { method: "PUT", cookie: boss.cookie }), noContext);
    expect(retyped.status).toBe(400);

    const used = (await query<{ n: number }>(`SELECT count(*)::int AS n FROM "Product" WHERE category = 'television' AND specs->>'panel' = 'OLED'`))[0]!.n;
    expect(used).toBeGreaterThan(0);
    const dropped = await updateDefinition(jsonRequest("/api/admin-spec-definitions", { ...input, id, choices: (input.choices as string[]).filter((choice) => choice !== "OLED") }, { method: "PUT", cookie: boss.cookie }), noContext);
    expect(dropped.status).toBe(409);
    expect((await dropped.json()).message).toBe(`${used} product${used === 1 ? " uses" : "s use"} the choice "OLED": change ${used === 1 ? "it" : "them"} first`);

    const relabelled = await updateDefinition(jsonRequest("/api/admin-spec-definitions", { ...input, id, label: "Panel type", choices: [...(input.choices as string[]), "Mini LED"] }, { method: "PUT", cookie: boss.cookie }), noContext);
    expect(relabelled.status).toBe(200);
    expect((await definitionsOf("television")).find((definition) => definition.key === "panel")?.label).toBe("Panel type");
  });

  it("wait for a product write in flight before looking for products that use a choice they drop", async () => {
    const definitions = (await (await adminDefinitions(getRequest("/api/admin-spec-definitions?category=television", boss.cookie), noContext)).json()).data as Record<string, unknown>[];
    const { id, category: _category, retired: _retired, position: _position, ...input } = definitions.find((definition) => definition.key === "panel")!;
    const withChoice = await updateDefinition(jsonRequest("/api/admin-spec-definitions", { ...input, id, choices: [...(input.choices as string[]).filter((c) => c !== "Micro LED"), "Micro LED"] }, { method: "PUT", cookie: boss.cookie }), noContext);
    expect(withChoice.status).toBe(200);
    const choices = ((await withChoice.json()).data as { choices: string[] }).choices;
    const [target] = await query<{ id: string }>(`SELECT id FROM "Product" WHERE category = 'television' ORDER BY id LIMIT 1`);

    // A product write that has checked its values against the definition (holding the category's
    // shared lock, as createProduct and updateProduct do) and not yet committed.
    const writer = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await writer.connect();
    try {
      await writer.query("BEGIN");
      await writer.query(`SELECT pg_advisory_xact_lock_shared(hashtextextended('spec-definitions:television', 0))`);
      await writer.query(`UPDATE "Product" SET specs = specs || '{"panel":"Micro LED"}'::jsonb WHERE id = $1`, [target!.id]);
      let settled = false;
      const dropping = updateDefinition(jsonRequest("/api/admin-spec-definitions", { ...input, id, choices: choices.filter((c) => c !== "Micro LED") }, { method: "PUT", cookie: boss.cookie }), noContext).finally(() => {
        settled = true;
      });
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(settled).toBe(false);
      await writer.query("COMMIT");
      const dropped = await dropping;
      expect(dropped.status).toBe(409);
      expect((await dropped.json()).message).toBe('1 product uses the choice "Micro LED": change it first');
    } finally {
      await writer.end();
    }
  });

  it("refuse bounds or decimals that products' values would no longer fit", async () => {
    const created = await upload(phone({ specs: { display_size_in: 6.7 } }));
    expect(created.status).toBe(201);
    const definitions = (await (await adminDefinitions(getRequest("/api/admin-spec-definitions?category=mobiles", boss.cookie), noContext)).json()).data as Record<string, unknown>[];
    const { id, category: _category, retired: _retired, position: _position, ...input } = definitions.find((definition) => definition.key === "display_size_in")!;
    const put = (change: Record<string, unknown>) => updateDefinition(jsonRequest("/api/admin-spec-definitions", { ...input, id, ...change }, { method: "PUT", cookie: boss.cookie }), noContext);
    const narrower = await put({ max: 6.5 });
    expect(narrower.status).toBe(409);
    expect((await narrower.json()).message).toMatch(/^\d+ products? (has|have) a value outside these bounds or decimals/);
    expect((await put({ decimals: 0 })).status).toBe(409);
    expect((await put({ max: input.max })).status).toBe(200);
  });

  it("are reordered with every key once", async () => {
    const keys = (await allDefinitionsOf("speakers")).map((definition) => definition.key);
    const reversed = [...keys].reverse();
    const answer = await reorderDefinitions(jsonRequest("/api/reorder-spec-definitions", { category: "speakers", keys: reversed }, { cookie: boss.cookie }), noContext);
    expect(answer.status).toBe(200);
    expect((await definitionsOf("speakers")).map((definition) => definition.key)).toEqual(reversed);
    const partial = await reorderDefinitions(jsonRequest("/api/reorder-spec-definitions", { category: "speakers", keys: reversed.slice(1) }, { cookie: boss.cookie }), noContext);
    expect(partial.status).toBe(400);
  });
});

describe("a product's specification values", () => {
  it("are checked by type against the category's definitions, and answered cleaned", async () => {
    const created = await upload(phone({ specs: { ram_gb: "8", storage_gb: 256, five_g: "true", operating_system: "android" } }));
    expect(created.status).toBe(201);
    const { data } = await created.json();
    expect(data.specs).toMatchObject({ ram_gb: 8, storage_gb: 256, operating_system: "Android" });
    expect(await storedSpecs(data._id)).toEqual(data.specs);

    const refusals: [Record<string, unknown>, string][] = [
      [{ ram_gb: 4096 }, "specs.ram_gb"],
      [{ ram_gb: 7.5 }, "specs.ram_gb"],
      [{ ram_gb: "lots" }, "specs.ram_gb"],
      [{ operating_system: "Symbian" }, "specs.operating_system"],
      [{ colour_depth: 10 }, "specs.colour_depth"],
    ];
    for (const [specs, field] of refusals) {
      const answer = await upload(phone({ specs }));
      expect(answer.status, JSON.stringify(specs)).toBe(400);
      const body = await answer.json();
      expect(Object.keys(body.errors ?? {}), JSON.stringify(specs)).toEqual([field]);
    }
    // A definition of another category is not this one's.
    const wrongCategory = await upload(phone({ specs: { panel: "OLED" } }));
    expect(wrongCategory.status).toBe(400);
    expect((await wrongCategory.json()).errors).toEqual({ "specs.panel": "panel is not a specification of this category" });
  });

  it("of a retired definition leave the answers but stay stored, through edits, until it comes back", async () => {
    const created = await (await upload(phone({ specs: { ram_gb: 12, battery_mah: 5000 } }))).json();
    const battery = (await allDefinitionsOf("mobiles")).find((definition) => definition.key === "battery_mah")!;
    expect((await retireDefinition(jsonRequest("/api/retire-spec-definition", { id: battery.id, retired: true }, { cookie: boss.cookie }), noContext)).status).toBe(200);
    try {
      expect((await definitionsOf("mobiles")).map((definition) => definition.key)).not.toContain("battery_mah");
      // The product page's read: the product and its category's live definitions, in order.
      const page = await getProductWithSpecs(created.data._id);
      expect(page?.product.specs).toEqual({ ram_gb: 12, battery_mah: 5000 });
      expect(page?.definitions.map((definition) => definition.key)).toEqual((await definitionsOf("mobiles")).map((definition) => definition.key));
      expect(page?.definitions.find((definition) => definition.key === "ram_gb")).toMatchObject({ type: "number", unit: "GB", unitCode: "E34", buckets: [4, 6, 8, 12], retired: false });
      // An edit that sends the live values keeps the retired one.
      const edited = await update({ ...phone(), _id: created.data._id, productName: created.data.productName, specs: { ram_gb: 16 } });
      expect(edited.status).toBe(200);
      expect(await storedSpecs(created.data._id)).toEqual({ ram_gb: 16, battery_mah: 5000 });
      // A value for it now is neither checked nor stored.
      const again = await update({ ...phone(), _id: created.data._id, productName: created.data.productName, specs: { ram_gb: 16, battery_mah: 1 } });
      expect(again.status).toBe(200);
      expect(await storedSpecs(created.data._id)).toEqual({ ram_gb: 16, battery_mah: 5000 });
    } finally {
      expect((await retireDefinition(jsonRequest("/api/retire-spec-definition", { id: battery.id, retired: false }, { cookie: boss.cookie }), noContext)).status).toBe(200);
    }
    expect((await definitionsOf("mobiles")).map((definition) => definition.key)).toContain("battery_mah");
  });

  it("stay as they are when an edit does not send them (a client written before specifications)", async () => {
    const created = await (await upload(phone({ specs: { ram_gb: 6 } }))).json();
    const edited = await update({ ...phone(), _id: created.data._id, sellingPrice: 16999 });
    expect(edited.status).toBe(200);
    expect(await storedSpecs(created.data._id)).toEqual({ ram_gb: 6 });
  });

  it("moved to another category without new values, keep only those that are its specifications", async () => {
    const created = await (await upload(phone({ specs: { ram_gb: 6, refresh_rate_hz: 120, display_size_in: 6.5 } }))).json();
    // A television has refresh_rate_hz too (50–240 Hz); RAM and a phone's display size are not a television's.
    const moved = await update({ ...phone(), _id: created.data._id, productName: created.data.productName, category: "television" });
    expect(moved.status).toBe(200);
    expect(await storedSpecs(created.data._id)).toEqual({ refresh_rate_hz: 120 });
  });
});

describe("the admin's product list", () => {
  it("answers a search's products with their details and specifications, as its other pages (the edit form saves them back)", async () => {
    const name = `Spec searched ${randomUUID().slice(0, 6)}`;
    await upload(phone({ productName: name, specs: { ram_gb: 12 }, countryOfOrigin: "India", hsnCode: "85171300" }));
    const answer = await adminProducts(getRequest(`/api/admin-products?q=${encodeURIComponent(name)}`, boss.cookie), noContext);
    const [found] = (await answer.json()).data;
    expect(found.specs).toEqual({ ram_gb: 12 });
    expect(found.details).toMatchObject({ countryOfOrigin: "India", hsnCode: "85171300" });
  });
});

describe("EAN and model number", () => {
  it("are validated: the EAN-13 by its check digit", async () => {
    const good = ean("890123456789");
    const bad = `${good.slice(0, 12)}${(Number(good[12]) + 1) % 10}`;
    const refused = await upload(phone({ gtin: bad }));
    expect(refused.status).toBe(400);
    expect((await refused.json()).errors).toEqual({ gtin: "EAN must be the 13 digits of the barcode, with the right check digit (the last digit)" });
    expect((await upload(phone({ mpn: "<script>" }))).status).toBe(400);
    const created = await upload(phone({ gtin: good, mpn: "VX-9000/B" }));
    expect(created.status).toBe(201);
    expect((await created.json()).data.details).toMatchObject({ gtin: good, mpn: "VX-9000/B" });
  });

  it("find their product first when typed whole into search", async () => {
    const code = ean(`2999${String(Date.now()).slice(-8)}`);
    const mpn = `ZQ-${randomUUID().slice(0, 6).toUpperCase()}`;
    const created = (await (await upload(phone({ productName: "Volt Phone Zeta", gtin: code, mpn }))).json()).data;
    // Many other phones match "phone" by name; the code alone names this one.
    const search = async (q: string) => (await (await searchProduct(new NextRequest(`${BASE}/api/search-product?q=${encodeURIComponent(q)}`), noContext)).json()).data as { _id: string }[];
    expect((await search(code))[0]?._id).toBe(created._id);
    expect((await search(mpn.toLowerCase()))[0]?._id).toBe(created._id);
    expect((await search(`${code.slice(0, 12)}0`)).map((product) => product._id)).not.toContain(created._id);
  });
});
