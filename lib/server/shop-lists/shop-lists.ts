import "server-only";
import { randomUUID } from "node:crypto";
import { CART_QUANTITY_MAX } from "@/lib/constants";
import { Prisma, type Product } from "@/lib/generated/prisma/client";
import { isRowId, toPublicProduct, type PublicProduct } from "../catalog/catalog";
import { db, hotQuery } from "../platform/db";
import { badRequest, notFound } from "../platform/http";
import { noLongerSold, requireAvailable } from "../catalog/stock";
import { dropUserLists, throughListCache } from "./list-cache";

// The signed-in shopper's cart and wishlist (docs/PRODUCT.md §3.5, §3.6, §7.2). Every read and write names the owner:
// a line of another user is exactly as absent as a line that does not exist (404), and is never
// changed. Adds are single statements on the (userId, productId) unique keys, so a double click
// or two tabs can never make two lines.

export type CartLine = { _id: string; userId: string; quantity: number; productId: PublicProduct; createdAt: string };
/** `priceAlert`, `stockAlert`: the line's wishlist alerts (beyond the spec; alerts.ts). */
export type WishlistLine = { _id: string; userId: string; productId: PublicProduct; createdAt: string; priceAlert: boolean; stockAlert: boolean };

const PRODUCT_NOT_FOUND = "Product not found";
const CART_LINE_NOT_FOUND = "This product is no longer in your cart.";
const WISHLIST_LINE_NOT_FOUND = "This product is no longer in your wishlist.";

type CartRow = { id: string; userId: string; quantity: number; createdAt: Date; product: Product };
type WishlistRow = { id: string; userId: string; createdAt: Date; priceAlert: boolean; stockAlert: boolean; product: Product };

const toCartLine = (row: CartRow): CartLine => ({
  _id: row.id,
  userId: row.userId,
  quantity: row.quantity,
  productId: toPublicProduct(row.product),
  createdAt: row.createdAt.toISOString(),
});

const toWishlistLine = (row: WishlistRow): WishlistLine => ({
  _id: row.id,
  userId: row.userId,
  productId: toPublicProduct(row.product),
  createdAt: row.createdAt.toISOString(),
  priceAlert: row.priceAlert,
  stockAlert: row.stockAlert,
});

async function requireProduct(productId: unknown): Promise<string> {
  if (!isRowId(productId)) throw badRequest("productId must be a product id");
  const product = await db.product.findUnique({ where: { id: productId }, select: { id: true, productName: true, archivedAt: true } });
  if (!product) throw notFound(PRODUCT_NOT_FOUND);
  if (product.archivedAt) throw noLongerSold(product.productName);
  return product.id;
}

type Stocked = { productName: string; stock: number; held: number; archivedAt: Date | null; inCart: number };

/**
 * The units of product `p` that the shopper's own open checkout holds. In their own cart those
 * count as theirs: a shopper who went back from Stripe's page to the cart sees the last unit as
 * still there for them (checkout takes their open checkout's place, and its holds, anyway).
 */
const ownHeld = (userId: string) => Prisma.sql`(
  SELECT COALESCE(SUM((l->>'quantity')::int), 0)::int FROM "Checkout" ch CROSS JOIN LATERAL jsonb_array_elements(ch."lines") AS l
  WHERE ch."userId" = ${userId}::uuid AND ch."holdState" = 'HELD' AND l->>'productId' = p."id"::text)`;

/** The units of product `p` that other shoppers' checkouts hold: what this shopper's cart counts as held. */
const heldByOthers = (userId: string) => Prisma.sql`GREATEST(p."held" - ${ownHeld(userId)}, 0)`;

/** The product `p` as the shopper's cart shows it: `held` counts only the units others hold. */
const productForShopper = (userId: string) => Prisma.sql`to_jsonb(p) || jsonb_build_object('held', ${heldByOthers(userId)})`;

/**
 * Refuses a cart quantity the shop cannot sell: an archived product, or more than is available
 * (stock less the units held by open checkouts). The cart holds nothing: checkout is where units
 * are held, and it checks again.
 */
function checkCartQuantity(product: Stocked | undefined, quantity: number, notThere: string): void {
  if (!product) throw notFound(notThere);
  requireAvailable(product, quantity);
}

/** A product removed between the check and the insert fails the foreign key: still a 404. */
function productGone(error: unknown): boolean {
  if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2003") return true;
  return /23503|foreign key|ForeignKeyConstraintViolation/i.test(error instanceof Error ? error.message : String(error));
}

/**
 * A write addressed by line id *and* owner (one UPDATE/DELETE … WHERE id AND userId): no row
 * means the line is not this user's or does not exist, which answer alike (404).
 */
async function ownLine<T>(write: Promise<T>, message: string): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2025") throw notFound(message);
    throw error;
  }
}

// Cart -----------------------------------------------------------------------------------------

// The cart's reads and writes are one statement each, the line and its product together (a
// signed-in shopper's cart is read on every page): the product comes as JSON beside the line.
type CartRowSql = { id: string; userId: string; quantity: number; createdAt: Date; product: ProductJson };
type ProductJson = Omit<Product, "createdAt" | "updatedAt"> & { createdAt: string; updatedAt: string };
const productFromJson = (json: ProductJson): Product => ({ ...json, createdAt: new Date(json.createdAt), updatedAt: new Date(json.updatedAt) });
const cartLineFromSql = (row: CartRowSql): CartLine => toCartLine({ ...row, product: productFromJson(row.product) });

/** The shopper's cart lines, oldest first (kept in memory for a few seconds: list-cache.ts). */
export function listCart(userId: string): Promise<readonly CartLine[]> {
  return throughListCache("cart", userId, async () => {
    const rows = await db.$queryRaw<CartRowSql[]>`
      SELECT c.id, c."userId", c.quantity, c."createdAt", ${productForShopper(userId)} AS product
      FROM "CartItem" c JOIN "Product" p ON p.id = c."productId"
      WHERE c."userId" = ${userId}::uuid
      ORDER BY c."createdAt", c.id`;
    return rows.map(cartLineFromSql);
  });
}

/** Adds one of the product: a new line, or one more on the line already there (at most 99). */
export async function addToCart(userId: string, productId: unknown): Promise<{ line: CartLine; added: boolean }> {
  if (!isRowId(productId)) throw badRequest("productId must be a product id");
  const [stocked] = await db.$queryRaw<Stocked[]>`
    SELECT p."productName", p."stock", ${heldByOthers(userId)} AS "held", p."archivedAt", COALESCE(c."quantity", 0) AS "inCart"
    FROM "Product" p LEFT JOIN "CartItem" c ON c."productId" = p."id" AND c."userId" = ${userId}::uuid
    WHERE p."id" = ${productId}::uuid`;
  if (stocked && stocked.inCart < CART_QUANTITY_MAX) checkCartQuantity(stocked, stocked.inCart + 1, PRODUCT_NOT_FOUND);
  let rows: (CartRowSql & { inserted: boolean })[];
  try {
    // An unknown product fails the foreign key (404 below); a line at the maximum is not updated
    // and so not returned.
    rows = await hotQuery<CartRowSql & { inserted: boolean }>(Prisma.sql`
      WITH line AS (
        INSERT INTO "CartItem" ("id", "userId", "productId", "quantity", "createdAt", "updatedAt")
        VALUES (${randomUUID()}::uuid, ${userId}::uuid, ${productId}::uuid, 1, now(), now())
        ON CONFLICT ("userId", "productId") DO UPDATE
          SET "quantity" = "CartItem"."quantity" + 1, "updatedAt" = now()
          WHERE "CartItem"."quantity" < ${CART_QUANTITY_MAX}
        RETURNING "id", "userId", "quantity", "createdAt", "productId", (xmax = 0) AS "inserted"
      )
      SELECT line.id, line."userId", line.quantity, line."createdAt", line.inserted, ${productForShopper(userId)} AS product
      FROM line JOIN "Product" p ON p.id = line."productId"`);
  } catch (error) {
    if (productGone(error)) throw notFound(PRODUCT_NOT_FOUND);
    throw error;
  }
  if (rows.length === 0) {
    if (!(await db.product.findUnique({ where: { id: productId }, select: { id: true } }))) throw notFound(PRODUCT_NOT_FOUND);
    throw badRequest(`You can have at most ${CART_QUANTITY_MAX} of a product in your cart.`);
  }
  dropUserLists(userId);
  return { line: cartLineFromSql(rows[0]!), added: rows[0]!.inserted };
}

export async function setCartQuantity(userId: string, lineId: unknown, quantity: number): Promise<CartLine> {
  if (!isRowId(lineId)) throw notFound(CART_LINE_NOT_FOUND);
  // One statement: the line and its product as they stand, and the update when the quantity may
  // be had. Lowering a quantity is always allowed (it is how a shopper fits the cart to what is
  // left); raising it needs the product on sale with that many available (requireAvailable).
  // The product's JSON is made once, from the row read before the update (the update changes the
  // line, not the product): a second join to the product and a second count of the shopper's
  // held units cost a sixth of the statement.
  const [row] = await hotQuery<Stocked & Partial<CartRowSql>>(Prisma.sql`
    WITH now_in_cart AS (
      SELECT c.id, c."quantity" AS "inCart", p."productName", p."stock", h."held", p."archivedAt",
        to_jsonb(p) || jsonb_build_object('held', h."held") AS product
      FROM "CartItem" c JOIN "Product" p ON p."id" = c."productId"
        CROSS JOIN LATERAL (SELECT ${heldByOthers(userId)} AS "held") h
      WHERE c."id" = ${lineId}::uuid AND c."userId" = ${userId}::uuid
    ), line AS (
      UPDATE "CartItem" c SET "quantity" = ${quantity}, "updatedAt" = now()
      FROM now_in_cart n
      WHERE c."id" = n.id AND c."userId" = ${userId}::uuid
        AND (${quantity} <= n."inCart" OR (n."archivedAt" IS NULL AND ${quantity} <= n."stock" - n."held"))
      RETURNING c."id", c."userId", c."quantity", c."createdAt"
    )
    SELECT n."productName", n."stock", n."held", n."archivedAt", n."inCart",
      line.id, line."userId", line.quantity, line."createdAt", CASE WHEN line.id IS NULL THEN NULL ELSE n.product END AS product
    FROM now_in_cart n LEFT JOIN line ON true`);
  if (!row) throw notFound(CART_LINE_NOT_FOUND);
  if (!row.product) {
    if (quantity > row.inCart) checkCartQuantity(row, quantity, CART_LINE_NOT_FOUND);
    throw notFound(CART_LINE_NOT_FOUND); // removed meanwhile (another tab)
  }
  dropUserLists(userId);
  return cartLineFromSql(row as CartRowSql);
}

export async function removeCartLine(userId: string, lineId: unknown): Promise<CartLine> {
  if (!isRowId(lineId)) throw notFound(CART_LINE_NOT_FOUND);
  const removed = await ownLine(db.cartItem.delete({ where: { id: lineId, userId }, include: { product: true } }), CART_LINE_NOT_FOUND);
  dropUserLists(userId);
  return toCartLine(removed);
}

// Wishlist -------------------------------------------------------------------------------------

/** How many products the shopper's wishlist holds (kept in memory for a few seconds: list-cache.ts). */
export function countWishlist(userId: string): Promise<number> {
  return throughListCache("wishlistCount", userId, () => db.wishlistItem.count({ where: { userId } }));
}

export async function listWishlist(userId: string): Promise<WishlistLine[]> {
  const rows = await db.wishlistItem.findMany({ where: { userId }, include: { product: true }, orderBy: [{ createdAt: "desc" }, { id: "desc" }] });
  return rows.map(toWishlistLine);
}

/** Adds the product once; adding it again keeps the one line and says so. */
export async function addToWishlist(userId: string, productId: unknown): Promise<{ line: WishlistLine; added: boolean }> {
  const id = await requireProduct(productId);
  let inserted: { id: string }[];
  try {
    inserted = await db.$queryRaw<{ id: string }[]>`
      INSERT INTO "WishlistItem" ("id", "userId", "productId", "createdAt")
      VALUES (${randomUUID()}::uuid, ${userId}::uuid, ${id}::uuid, now())
      ON CONFLICT ("userId", "productId") DO NOTHING
      RETURNING "id"`;
  } catch (error) {
    if (productGone(error)) throw notFound(PRODUCT_NOT_FOUND);
    throw error;
  }
  const row = await db.wishlistItem.findUnique({ where: { userId_productId: { userId, productId: id } }, include: { product: true } });
  if (!row) throw notFound(WISHLIST_LINE_NOT_FOUND); // removed by another tab in between
  if (inserted.length === 1) dropUserLists(userId);
  return { line: toWishlistLine(row), added: inserted.length === 1 };
}

export async function removeWishlistLine(userId: string, lineId: unknown): Promise<WishlistLine> {
  if (!isRowId(lineId)) throw notFound(WISHLIST_LINE_NOT_FOUND);
  const removed = await ownLine(db.wishlistItem.delete({ where: { id: lineId, userId }, include: { product: true } }), WISHLIST_LINE_NOT_FOUND);
  dropUserLists(userId);
  return toWishlistLine(removed);
}
