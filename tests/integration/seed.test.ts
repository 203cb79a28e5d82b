// The seed: the whole catalogue and the demo accounts, safe to run twice, images on disk.
import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { seed, seedSellerFromEnvironment, SELLER_ENVIRONMENT } from "../../prisma/seed";
import { CATEGORY_VALUES } from "@/lib/catalog/categories";
import { DEMO_ADMIN, DEMO_GUEST } from "@/lib/accounts/demo-accounts";
import { DEMO_SELLER } from "@/lib/billing/demo-seller";
import { missingSellerFields, type SellerDetails } from "@/lib/billing/seller";
import { sellerSettingsSchema } from "@/lib/schemas";
import { verifyPassword } from "@/lib/server/accounts/passwords";
import { createDatabase, query } from "../helpers";
import { randomUUID } from "node:crypto";
import pg from "pg";

async function usersIn(url: string): Promise<{ email: string; role: string }[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<{ email: string; role: string }>(`SELECT email, role FROM "User" ORDER BY email`)).rows;
  } finally {
    await client.end();
  }
}

async function sellerIn(url: string): Promise<SellerDetails | null> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const row = (await client.query(`SELECT * FROM "SellerSettings" WHERE id = 1`)).rows[0];
    if (!row) return null;
    return Object.fromEntries(Object.keys(DEMO_SELLER).map((field) => [field, row[field]])) as SellerDetails;
  } finally {
    await client.end();
  }
}

describe("seed", () => {
  it("is safe to run twice and fills every category with at least 8 products with 1 to 4 shipped images", async () => {
    await seed(process.env.DATABASE_URL!, { quiet: true });
    const first = await query<{ n: string }>(`SELECT count(*) AS n FROM "Product" WHERE sku NOT LIKE 'SYN-%'`);
    await seed(process.env.DATABASE_URL!, { quiet: true });
    const second = await query<{ n: string }>(`SELECT count(*) AS n FROM "Product" WHERE sku NOT LIKE 'SYN-%'`);
    expect(second).toEqual(first);

    const perCategory = await query<{ category: string; n: string }>(
      `SELECT category, count(*) AS n FROM "Product" WHERE sku NOT LIKE 'SYN-%' GROUP BY category`,
    );
    expect(perCategory.map((r) => r.category).sort()).toEqual([...CATEGORY_VALUES].sort());
    for (const row of perCategory) expect(Number(row.n)).toBeGreaterThanOrEqual(8);

    const products = await query<{ productImage: string[]; price: number; sellingPrice: number }>(
      `SELECT "productImage", price, "sellingPrice" FROM "Product" WHERE sku NOT LIKE 'SYN-%'`,
    );
    for (const product of products) {
      expect(product.productImage.length).toBeGreaterThanOrEqual(1);
      expect(product.productImage.length).toBeLessThanOrEqual(4);
      for (const image of product.productImage) expect(existsSync(path.join("public", image)), image).toBe(true);
      expect(product.sellingPrice).toBeLessThanOrEqual(product.price);
    }
  });

  it("creates the demo USER and ADMIN with their documented passwords, once", async () => {
    await seed(process.env.DATABASE_URL!, { quiet: true });
    const users = await query<{ email: string; role: string; passwordHash: string }>(
      `SELECT email, role, "passwordHash" FROM "User" WHERE email IN ('${DEMO_GUEST.email}', '${DEMO_ADMIN.email}') ORDER BY role`,
    );
    expect(users.map((u) => [u.email, u.role])).toEqual([
      [DEMO_ADMIN.email, "ADMIN"],
      [DEMO_GUEST.email, "USER"],
    ]);
    expect(await verifyPassword(users[0]!.passwordHash, DEMO_ADMIN.password)).toBe(true);
    expect(await verifyPassword(users[1]!.passwordHash, DEMO_GUEST.password)).toBe(true);
  });

  it("never promotes an account that registered the demo admin's email first", async () => {
    const url = await createDatabase("seed");
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`INSERT INTO "User" (id, name, email, role, "passwordHash", "updatedAt") VALUES ($1, 'Squatter', $2, 'USER', 'x', now())`, [randomUUID(), DEMO_ADMIN.email]);
    await client.end();
    await seed(url, { quiet: true });
    expect(await usersIn(url)).toEqual([
      { email: DEMO_ADMIN.email, role: "USER" },
      { email: DEMO_GUEST.email, role: "USER" },
    ]);
  }, 60_000);

  it("creates no demo accounts when told not to (production without STORE_DEMO=1), and no seller either", async () => {
    const url = await createDatabase("seed");
    await seed(url, { quiet: true, demoAccounts: false });
    expect(await usersIn(url)).toEqual([]);
    expect(await sellerIn(url)).toBeNull();
  }, 60_000);

  it("gives development and the demo the fictional seller, complete and valid, and never replaces one an admin saved", async () => {
    const url = await createDatabase("seed");
    await seed(url, { quiet: true });
    const seeded = await sellerIn(url);
    expect(seeded).toEqual(DEMO_SELLER);
    expect(missingSellerFields(seeded!)).toEqual([]);
    expect(sellerSettingsSchema.safeParse(seeded).success).toBe(true);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`UPDATE "SellerSettings" SET "legalName" = 'Owner''s Own Pvt Ltd' WHERE id = 1`);
    await client.end();
    await seed(url, { quiet: true });
    expect((await sellerIn(url))!.legalName).toBe("Owner's Own Pvt Ltd");
  }, 60_000);

  it("takes the seller's first details from SELLER_* variables, checked, and never over details saved", async () => {
    const url = await createDatabase("seed");
    const env = Object.fromEntries(Object.entries(SELLER_ENVIRONMENT).map(([field, name]) => [name, String(DEMO_SELLER[field as keyof typeof DEMO_SELLER] ?? "")]));
    await expect(seedSellerFromEnvironment(url, { ...env, SELLER_GSTIN: "29AAKCV4821M1ZQ" })).rejects.toThrow("SELLER_GSTIN: This GSTIN's check character is wrong: check it for a typing error");
    expect(await sellerIn(url)).toBeNull();
    expect(await seedSellerFromEnvironment(url, {})).toBe(false);
    expect(await seedSellerFromEnvironment(url, { ...env, SELLER_GSTIN: DEMO_SELLER.gstin!.toLowerCase() })).toBe(true);
    expect(await sellerIn(url)).toEqual(DEMO_SELLER);
    expect(await seedSellerFromEnvironment(url, { ...env, SELLER_LEGAL_NAME: "Someone Else Pvt Ltd" })).toBe(false);
    expect((await sellerIn(url))!.legalName).toBe(DEMO_SELLER.legalName);
  }, 60_000);

  it("adds N synthetic products spread over the categories", async () => {
    const before = await query<{ n: string }>(`SELECT count(*) AS n FROM "Product" WHERE sku LIKE 'SYN-%'`);
    await seed(process.env.DATABASE_URL!, { quiet: true, synthetic: 120 });
    const after = await query<{ n: string }>(`SELECT count(*) AS n FROM "Product" WHERE sku LIKE 'SYN-%'`);
    expect(Number(after[0]!.n) - Number(before[0]!.n)).toBe(120);
    const categories = await query<{ n: string }>(`SELECT count(DISTINCT category) AS n FROM "Product" WHERE sku LIKE 'SYN-%'`);
    expect(Number(categories[0]!.n)).toBe(CATEGORY_VALUES.length);
  });
});
