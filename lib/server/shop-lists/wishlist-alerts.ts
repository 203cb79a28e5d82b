import "server-only";
import { paiseToRupees } from "@/lib/shared/money";
import { db } from "../platform/db";
import { notFound } from "../platform/http";
import { addToWishlist } from "./shop-lists";

// The shopper's wishlist alerts (docs/PRODUCT.md §3.6a): per wishlisted product, a price-drop
// alert and a back-in-stock alert, set from the wishlist, the product page's "Notify me" (which
// adds the product when absent) and My Account; alerts.ts sends them. Turning an alert on sets its
// baseline: the selling price now (a drop is measured from it) and the time now (a restock after
// it counts); turning it on again while on keeps them. "since" is when the line's alerts were last
// set or sent (stockSince: the schema keeps one time per line).

export type WishlistAlert = {
  /** The wishlist line's id. */
  _id: string;
  product: { _id: string; productName: string; productImage: string[]; sellingPrice: number; inStock: boolean; archived: boolean };
  priceAlert: boolean;
  stockAlert: boolean;
  /** The selling price (rupees) a drop is measured from; null while the price alert is off. */
  priceBaseline: number | null;
  /** When the alerts were last set or sent (ISO). */
  since: string | null;
};

type AlertRow = {
  id: string;
  priceAlert: boolean;
  stockAlert: boolean;
  priceBaseline: number | null;
  stockSince: Date | null;
  product: { id: string; productName: string; productImage: string[]; sellingPrice: number; stock: number; held: number; archivedAt: Date | null };
};

const toAlert = (row: AlertRow): WishlistAlert => ({
  _id: row.id,
  product: {
    _id: row.product.id,
    productName: row.product.productName,
    productImage: row.product.productImage,
    sellingPrice: paiseToRupees(row.product.sellingPrice),
    inStock: row.product.stock - row.product.held > 0,
    archived: row.product.archivedAt !== null,
  },
  priceAlert: row.priceAlert,
  stockAlert: row.stockAlert,
  priceBaseline: row.priceAlert && row.priceBaseline !== null ? paiseToRupees(row.priceBaseline) : null,
  since: row.stockSince?.toISOString() ?? null,
});

const PRODUCT_FIELDS = { select: { id: true, productName: true, productImage: true, sellingPrice: true, stock: true, held: true, archivedAt: true } } as const;

const NOT_IN_WISHLIST = "This product is no longer in your wishlist.";

/**
 * Sets the line's alerts (`undefined`: left as it is). Turning one on adds the product to the
 * wishlist first when it is not there (an archived product is refused as adding it is); turning
 * alerts off only changes a line that is there (archived or not). `added`: whether it was added.
 */
export async function setWishlistAlert(userId: string, productId: string, change: { price?: boolean; stock?: boolean }): Promise<{ alert: WishlistAlert; added: boolean }> {
  let lineId: string;
  let added = false;
  if (change.price === true || change.stock === true) {
    const result = await addToWishlist(userId, productId);
    lineId = result.line._id;
    added = result.added;
  } else {
    const existing = await db.wishlistItem.findUnique({ where: { userId_productId: { userId, productId } }, select: { id: true } });
    if (!existing) throw notFound(NOT_IN_WISHLIST);
    lineId = existing.id;
  }
  const now = new Date();
  // One statement: a baseline is taken only where the alert goes from off to on.
  const updated = await db.$executeRaw`
    UPDATE "WishlistItem" w SET
      "priceBaseline" = CASE WHEN ${change.price === true} AND NOT w."priceAlert" THEN p."sellingPrice" ELSE w."priceBaseline" END,
      "stockSince" = CASE WHEN (${change.price === true} AND NOT w."priceAlert" AND NOT w."stockAlert") OR (${change.stock === true} AND NOT w."stockAlert") THEN ${now} ELSE w."stockSince" END,
      "priceAlert" = COALESCE(${change.price ?? null}::boolean, w."priceAlert"),
      "stockAlert" = COALESCE(${change.stock ?? null}::boolean, w."stockAlert")
    FROM "Product" p
    WHERE w."id" = ${lineId}::uuid AND w."userId" = ${userId}::uuid AND p."id" = w."productId"`;
  const row = updated === 1 ? await db.wishlistItem.findFirst({ where: { id: lineId, userId }, include: { product: PRODUCT_FIELDS } }) : null;
  if (!row) throw notFound(NOT_IN_WISHLIST);
  return { alert: toAlert(row), added };
}

/** The shopper's lines with an alert on, newest first. */
export async function listWishlistAlerts(userId: string): Promise<WishlistAlert[]> {
  const rows = await db.wishlistItem.findMany({
    where: { userId, OR: [{ priceAlert: true }, { stockAlert: true }] },
    include: { product: PRODUCT_FIELDS },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
  return rows.map(toAlert);
}
