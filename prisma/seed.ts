// The catalogue and the two demo accounts, safe to run again (it upserts); optionally N generated
// products for benchmarks. Run by `npm run db:seed [-- --synthetic N]` (scripts/db.ts) and by the launcher.
import pg from "pg";
import { randomUUID } from "node:crypto";
import { SEED_PRODUCTS, seedImagePaths } from "./catalogue";
import { SEED_SPECS } from "./catalogue-specs";
import { SEED_SPEC_DEFINITIONS } from "./spec-definitions";
import { gtinCheckDigit } from "../lib/catalog/specs";
import { DEMO_ADMIN, DEMO_GUEST } from "../lib/accounts/demo-accounts";
import { DEMO_SELLER } from "../lib/billing/demo-seller";
import type { SellerDetails } from "../lib/billing/seller";
import { CATEGORY_VALUES } from "../lib/catalog/categories";
import { hashPassword } from "../lib/server/accounts/passwords";

/**
 * `demoAccounts`: create the demo guest and admin (development, tests, STORE_DEMO=1). An account
 * that already has one of their emails is left exactly as it is: someone could have registered
 * the demo admin's address first, and the seed must never make them ADMIN.
 */
export async function seed(databaseUrl: string, options: { synthetic?: number; quiet?: boolean; demoAccounts?: boolean } = {}) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const log = (line: string) => options.quiet || console.log(line);
  try {
    await client.query("BEGIN");
    for (const account of options.demoAccounts === false ? [] : [DEMO_GUEST, DEMO_ADMIN]) {
      await client.query(
        // The demo addresses count as confirmed (nobody can receive their mail to confirm them).
        `INSERT INTO "User" (id, name, email, role, "passwordHash", "updatedAt", "emailConfirmedAt")
         VALUES ($1, $2, $3, $4::"Role", $5, now(), now())
         ON CONFLICT (email) DO NOTHING`,
        [randomUUID(), account.name, account.email, account.role, await hashPassword(account.password)],
      );
    }
    if (options.demoAccounts !== false) {
      // A fictional seller, so that invoices can be issued in development and the demo; never
      // over details an admin has saved.
      await seedSeller(client, DEMO_SELLER);
    }
    await seedSpecDefinitions(client);
    for (const product of SEED_PRODUCTS) {
      await client.query(
        `INSERT INTO "Product" (id, sku, "productName", "brandName", category, "productImage", "productDesc", price, "sellingPrice", "createdAt", "updatedAt", stock,
           "countryOfOrigin", manufacturer, importer, "warrantyMonths", specs, gtin, mpn, "unitsSold")
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, now() - make_interval(secs => $10), now(), $11, $12, $13, $14, $15, $16, $17, $18, $19)
         ON CONFLICT (sku) DO UPDATE SET "productName" = EXCLUDED."productName", "brandName" = EXCLUDED."brandName",
           "countryOfOrigin" = EXCLUDED."countryOfOrigin", manufacturer = EXCLUDED.manufacturer, importer = EXCLUDED.importer, "warrantyMonths" = EXCLUDED."warrantyMonths",
           -- Specifications and codes an admin has filled stay theirs.
           specs = CASE WHEN "Product".specs = '{}'::jsonb THEN EXCLUDED.specs ELSE "Product".specs END,
           gtin = coalesce("Product".gtin, EXCLUDED.gtin), mpn = coalesce("Product".mpn, EXCLUDED.mpn),
           category = EXCLUDED.category, "productImage" = EXCLUDED."productImage", "productDesc" = EXCLUDED."productDesc",
           price = EXCLUDED.price, "sellingPrice" = EXCLUDED."sellingPrice", "updatedAt" = now(),
           -- Units sold or set by the admin stay; a product with none and none held gets the seed's again.
           stock = CASE WHEN "Product".stock = 0 AND "Product".held = 0 THEN EXCLUDED.stock ELSE "Product".stock END`,
        [
          randomUUID(),
          product.sku,
          product.productName,
          product.brandName,
          product.category,
          seedImagePaths(product),
          product.productDesc,
          product.price,
          product.sellingPrice,
          // Distinct creation times, so "newest first" is a stable order.
          SEED_PRODUCTS.indexOf(product),
          product.stock,
          product.legal.countryOfOrigin,
          product.legal.manufacturer,
          product.legal.importer,
          product.legal.warrantyMonths,
          JSON.stringify(SEED_SPECS[product.sku]?.specs ?? {}),
          seedGtin(SEED_PRODUCTS.indexOf(product)),
          SEED_SPECS[product.sku]?.mpn ?? null,
          // A past of sales, so that "popularity" orders the demo's products (orders add to it).
          (SEED_PRODUCTS.indexOf(product) * 53) % 400,
        ],
      );
    }
    await client.query("COMMIT");
    log(`Seeded ${SEED_PRODUCTS.length} products in ${CATEGORY_VALUES.length} categories${options.demoAccounts === false ? "" : " and 2 demo accounts:"}`);
    if (options.demoAccounts !== false) {
      log(`  USER   ${DEMO_GUEST.email} / ${DEMO_GUEST.password}`);
      log(`  ADMIN  ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password}`);
    }

    if (options.synthetic && options.synthetic > 0) {
      const started = Date.now();
      await insertSynthetic(client, options.synthetic);
      // Fresh statistics now, not whenever autovacuum gets to it: with none, the planner
      // picks scans that make search several times slower for the first minutes. VACUUM also
      // marks the pages all-visible, so the index-only scans (the sitemap's) read no table rows.
      await client.query('VACUUM (ANALYZE) "Product", "SearchTerm"');
      log(`Added ${options.synthetic} synthetic products in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
    }
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
}

/**
 * A seed product's EAN-13: fictional, from GS1's prefix 20–29 for numbers a store assigns itself
 * (never a real product's), "2000" and the product's index, with the right check digit.
 */
export function seedGtin(index: number): string {
  const body = `2000${String(index + 1).padStart(8, "0")}`;
  return `${body}${gtinCheckDigit(body)}`;
}

/** Each category's specification definitions, added when missing (an admin's changes to one are kept). */
async function seedSpecDefinitions(client: pg.Client) {
  for (const [category, definitions] of Object.entries(SEED_SPEC_DEFINITIONS)) {
    for (const [position, definition] of definitions.entries()) {
      await client.query(
        `INSERT INTO "SpecDefinition" (id, category, key, label, "group", type, unit, "unitCode", choices, min, max, decimals, buckets, filterable, comparable, better, position, "updatedAt")
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, now())
         ON CONFLICT (category, key) DO NOTHING`,
        [
          randomUUID(),
          category,
          definition.key,
          definition.label,
          definition.group,
          definition.type,
          definition.unit,
          definition.unitCode,
          definition.choices,
          definition.min,
          definition.max,
          definition.decimals,
          definition.buckets,
          definition.filterable,
          definition.comparable,
          definition.better,
          position,
        ],
      );
    }
  }
}

/**
 * The synthetic products' specification values, in SQL: for the g-th product (its category is
 * the (g % 12)-th), each definition of the category takes one of its seed samples, picked by g with
 * a multiplier of its own, so the values of one product vary independently of each other.
 */
function syntheticSpecsSql(samplesParam: string): string {
  const cases = CATEGORY_VALUES.map((category, index) => {
    const pairs = SEED_SPEC_DEFINITIONS[category].map((definition, k) => {
      const n = definition.samples.length;
      const multiplier = SAMPLE_MULTIPLIERS[k % SAMPLE_MULTIPLIERS.length]!;
      return `'${definition.key}', ${samplesParam}::jsonb #> '{${category},${definition.key}}' -> ((((g / 12) * ${multiplier}::bigint + (g / 12) / ${k + 3} + ${k * 31}) % ${n})::int)`;
    });
    return `WHEN ${index} THEN jsonb_strip_nulls(jsonb_build_object(${pairs.join(", ")}))`;
  });
  return `CASE (g % 12) ${cases.join(" ")} ELSE '{}'::jsonb END`;
}

/** Primes that pick each definition's sample: no two of a product's values move in step. */
const SAMPLE_MULTIPLIERS = [7919, 104729, 1299709, 15485863, 179424673, 32452843, 49979687, 67867967, 86028121, 982451653];

/** The samples the synthetic generator picks from, by category and key. */
function syntheticSamples(): string {
  return JSON.stringify(Object.fromEntries(CATEGORY_VALUES.map((category) => [category, Object.fromEntries(SEED_SPEC_DEFINITIONS[category].map((definition) => [definition.key, definition.samples]))])));
}

/** Generated in SQL, in batches, so 100 000 products take seconds. */
async function insertSynthetic(client: pg.Client, count: number) {
  const batch = 20_000;
  const brands = ["Volt", "Nimbus", "Orbit", "Zenith", "Pulse", "Aero", "Quanta", "Lumen", "Vertex", "Helix"];
  const words = ["Pro", "Max", "Lite", "Neo", "Ultra", "Air", "Plus", "Prime", "Edge", "Mini", "Flex", "Core"];
  const images = Object.fromEntries(
    CATEGORY_VALUES.map((category) => {
      const first = SEED_PRODUCTS.find((p) => p.category === category)!;
      return [category, seedImagePaths(first)[0]!];
    }),
  );
  const run = randomUUID().slice(0, 8);
  for (let offset = 0; offset < count; offset += batch) {
    const size = Math.min(batch, count - offset);
    await client.query(
      `INSERT INTO "Product" (id, sku, "productName", "brandName", category, "productImage", "productDesc", price, "sellingPrice", "createdAt", "updatedAt", stock, specs, "unitsSold")
       SELECT gen_random_uuid(),
              'SYN-' || $6 || '-' || (g + $1),
              ($2::text[])[1 + (g % 10)] || ' ' || ($3::text[])[1 + (g % 12)] || ' ' || initcap(($4::text[])[1 + (g % 12)]) || ' ' || (g + $1),
              ($2::text[])[1 + (g % 10)],
              ($4::text[])[1 + (g % 12)],
              ARRAY[($5::jsonb ->> ($4::text[])[1 + (g % 12)])],
              'Synthetic product for benchmarks.',
              p.price,
              p.price - (p.price * (g % 40) / 100),
              now() - make_interval(secs => 1000 + g + $1),
              now(),
              CASE WHEN g % 20 = 0 THEN 0 WHEN g % 20 = 1 THEN 3 ELSE 10 + g % 90 END,
              ${syntheticSpecsSql("$8")},
              (g * 7) % 1000
       FROM generate_series(1, $7::int) AS g,
            LATERAL (SELECT (49900 + ((g * 7919) % 5000000))::int AS price) AS p`,
      [offset, brands, words, CATEGORY_VALUES, JSON.stringify(images), run, size, syntheticSamples()],
    );
  }
  // Each insert noted its product for the filters' indexes (FacetChange): a store started after the
  // seed reads them whole, so the notes are dropped (a store running now sees them at its next full read).
  await client.query(`DELETE FROM "FacetChange" f USING "Product" p WHERE p.id = f."productId" AND p.sku LIKE $1`, [`SYN-${run}-%`]);
}

/** Gives the store these seller details unless it has some already (an admin's are never replaced). */
export async function seedSeller(client: pg.ClientBase, seller: SellerDetails): Promise<boolean> {
  const fields = Object.keys(seller) as (keyof SellerDetails)[];
  const inserted = await client.query(
    `INSERT INTO "SellerSettings" (id, ${fields.map((field) => `"${field}"`).join(", ")}, "updatedAt")
     VALUES (1, ${fields.map((field, index) => (field === "registration" ? `$${index + 1}::"GstRegistration"` : `$${index + 1}`)).join(", ")}, now())
     ON CONFLICT (id) DO NOTHING`,
    fields.map((field) => seller[field]),
  );
  return inserted.rowCount === 1;
}

/** The environment variable that gives each of the seller's details a first value (SELLER_LEGAL_NAME …). */
export const SELLER_ENVIRONMENT: Record<keyof SellerDetails, string> = {
  legalName: "SELLER_LEGAL_NAME",
  tradeName: "SELLER_TRADE_NAME",
  addressLine1: "SELLER_ADDRESS_LINE1",
  addressLine2: "SELLER_ADDRESS_LINE2",
  city: "SELLER_CITY",
  state: "SELLER_STATE",
  postalCode: "SELLER_POSTAL_CODE",
  email: "SELLER_EMAIL",
  phone: "SELLER_PHONE",
  gstin: "SELLER_GSTIN",
  registration: "SELLER_REGISTRATION",
  grievanceName: "SELLER_GRIEVANCE_NAME",
  grievanceDesignation: "SELLER_GRIEVANCE_DESIGNATION",
  grievanceEmail: "SELLER_GRIEVANCE_EMAIL",
  grievancePhone: "SELLER_GRIEVANCE_PHONE",
};

/**
 * The seller's details from SELLER_* variables, checked as the Settings screen checks them, for a
 * store that has none saved yet (an admin's are never replaced: Settings is where they change).
 * Whether they were saved (false: no SELLER_* variable set, or details saved already); an Error
 * naming the variable when one is wrong.
 */
export async function seedSellerFromEnvironment(databaseUrl: string, env: Record<string, string | undefined> = process.env): Promise<boolean> {
  const given = Object.entries(SELLER_ENVIRONMENT).filter(([, name]) => env[name]?.trim());
  if (given.length === 0) return false;
  const { sellerSettingsSchema } = await import("../lib/schemas");
  const raw = Object.fromEntries(Object.entries(SELLER_ENVIRONMENT).map(([field, name]) => [field, env[name]?.trim() || (field === "registration" ? "REGULAR" : null)]));
  const parsed = sellerSettingsSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`${SELLER_ENVIRONMENT[issue.path[0] as keyof SellerDetails] ?? "SELLER_*"}: ${issue.message}`);
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await seedSeller(client, parsed.data);
  } finally {
    await client.end();
  }
}
