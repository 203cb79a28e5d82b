import "server-only";
import { API_PAGE_SIZE_MAX } from "@/lib/constants";
import { rupeesToPaise } from "@/lib/shared/money";
import { PRODUCT_IMAGE_MESSAGE, type ProductInput } from "@/lib/schemas";
import type { Category } from "@/lib/catalog/categories";
import { Prisma } from "@/lib/generated/prisma/client";
import { changeCatalog, changeCatalogIn } from "./cache";
import { checkProductSpecs, lockSpecDefinitions, specsForNewCategory } from "./specs";
import type { SpecValues } from "@/lib/catalog/specs";
import { countCatalog, isRowId, productsInOrder, searchProducts, toPublicProduct, toDetailedProduct, type PublicProduct } from "./catalog";
import { db } from "../platform/db";
import { HttpError, notFound } from "../platform/http";
import type { ProductState } from "@/lib/schemas";
import { checkHostedImages, isProductImageUrl, storedImageAddress } from "../providers/images";

// The admin's writes to the catalogue (docs/PRODUCT.md §7.2 upload-product, update-product; beyond
// the spec: units in stock, archiving) and the admin's product list. Every write is validated whole before anything is stored, and then invalidates
// the cached catalogue on every instance (changeCatalog) so shoppers see it on their next request.

const PRODUCT_NOT_FOUND = "Product not found";

/** Each image must come from our image host (or be one of the store's own seed images). */
function checkImages(urls: string[]): void {
  const foreign = urls.findIndex((url) => !isProductImageUrl(url));
  if (foreign >= 0) {
    const message = "Each image must be uploaded through the product form";
    throw new HttpError(400, message, undefined, { [`productImage.${foreign}`]: message });
  }
  if (urls.length === 0) throw new HttpError(400, PRODUCT_IMAGE_MESSAGE, undefined, { productImage: PRODUCT_IMAGE_MESSAGE });
}

function productData(input: ProductInput) {
  const productImage = input.productImage.map(storedImageAddress);
  checkImages(productImage);
  return {
    productName: input.productName,
    brandName: input.brandName,
    category: input.category,
    productImage,
    productDesc: input.productDesc,
    price: rupeesToPaise(input.price),
    sellingPrice: rupeesToPaise(input.sellingPrice),
    ...(input.stock !== undefined ? { stock: input.stock } : {}),
    // The tax and legal details, each only when given (a client written before them keeps them as they are).
    ...(input.hsnCode !== undefined ? { hsnCode: input.hsnCode } : {}),
    ...(input.gstRate !== undefined ? { gstRateBp: input.gstRate === null ? null : Math.round(input.gstRate * 100) } : {}),
    ...(input.cessRate !== undefined ? { cessRateBp: input.cessRate === null ? null : Math.round(input.cessRate * 100) } : {}),
    ...(input.countryOfOrigin !== undefined ? { countryOfOrigin: input.countryOfOrigin } : {}),
    ...(input.manufacturer !== undefined ? { manufacturer: input.manufacturer } : {}),
    ...(input.importer !== undefined ? { importer: input.importer } : {}),
    ...(input.warrantyMonths !== undefined ? { warrantyMonths: input.warrantyMonths } : {}),
    ...(input.consumerCare !== undefined ? { consumerCare: input.consumerCare } : {}),
    ...(input.gtin !== undefined ? { gtin: input.gtin } : {}),
    ...(input.mpn !== undefined ? { mpn: input.mpn } : {}),
  };
}

/** Setting units on hand below what open checkouts hold would take units from shoppers mid-payment. */
function belowHeld(now: StockNow): HttpError {
  const message = `${now.held} unit${now.held === 1 ? " is" : "s are"} held by open checkouts: stock can go no lower than ${now.held}.`;
  return new HttpError(409, message, undefined, { stock: message }, now);
}

/** The units now, in a stock refusal's `data`: the form shows them and saves against them next. */
type StockNow = { stock: number; held: number };

export async function createProduct(input: ProductInput): Promise<PublicProduct> {
  const data = productData(input);
  await checkHostedImages(data.productImage);
  const product = await changeCatalogIn(async (tx) => {
    // Values are checked under the category's definitions lock, with the write (see lockSpecDefinitions).
    if (input.specs === undefined) return tx.product.create({ data });
    await lockSpecDefinitions(tx, input.category, true);
    const specs = await checkProductSpecs(tx, input.category, input.specs);
    return tx.product.create({ data: { ...data, specs } });
  });
  return toDetailedProduct(product);
}

/**
 * `stockWas`: the units in stock the admin's form was opened with. A new `stock` is then written
 * only if the count is still that (units sold meanwhile would otherwise come back on sale).
 */
export async function updateProduct(id: string, input: ProductInput, stockWas?: number): Promise<PublicProduct> {
  if (!isRowId(id)) throw notFound(PRODUCT_NOT_FOUND);
  const current = await db.product.findUnique({ where: { id }, select: { productImage: true, specs: true, category: true } });
  if (!current) throw notFound(PRODUCT_NOT_FOUND);
  const data = productData(input);
  await checkHostedImages(data.productImage, current.productImage);
  // One conditional UPDATE: a stock below the units held right now (a checkout may hold more
  // between a read and this write) matches no row and is refused with the number held.
  const guarded = data.stock !== undefined && stockWas !== undefined;
  const where: Prisma.ProductWhereInput = data.stock !== undefined ? { id, held: { lte: data.stock }, ...(guarded ? { stock: stockWas } : {}) } : { id };
  const [updated] = await changeCatalogIn(async (tx) => {
    // New values replace the old (the form sends them all), but those of retired specifications
    // stay as they were; moved to another category without new values, only those it has stay.
    // Checked under the category's definitions lock, with the write (see lockSpecDefinitions).
    const moved = input.category !== current.category;
    if (input.specs === undefined && !moved) return tx.product.updateManyAndReturn({ where, data });
    await lockSpecDefinitions(tx, input.category, true);
    const specs =
      input.specs !== undefined
        ? await checkProductSpecs(tx, input.category, input.specs, current.specs as SpecValues)
        : await specsForNewCategory(tx, input.category, current.specs as SpecValues);
    return tx.product.updateManyAndReturn({ where, data: { ...data, specs } });
  });
  if (updated) return toDetailedProduct(updated);
  const now = await db.product.findUnique({ where: { id }, select: { held: true, stock: true } });
  if (!now) throw notFound(PRODUCT_NOT_FOUND);
  if (guarded && now.stock !== stockWas) throw stockChanged(now);
  throw belowHeld(now);
}

function stockChanged(now: StockNow): HttpError {
  const message = `Units in stock changed to ${now.stock} since this form was opened (units were sold, or another admin changed them). Check the count and save again.`;
  return new HttpError(409, message, undefined, { stock: message }, now);
}

/**
 * Retires a product (archived) or puts it back on sale. An archived product leaves every
 * shopper-facing list, page and search; carts and wishlists that hold it show it unavailable and
 * checkout refuses it; orders keep it. Its open holds run their course (a checkout already on
 * Stripe's page may still be paid).
 */
export async function setProductArchived(id: string, archived: boolean): Promise<PublicProduct> {
  if (!isRowId(id)) throw notFound(PRODUCT_NOT_FOUND);
  const [product] = await changeCatalog(
    db.product.updateManyAndReturn({ where: { id }, data: archived ? { archivedAt: new Date() } : { archivedAt: null } }),
  );
  if (!product) throw notFound(PRODUCT_NOT_FOUND);
  return toPublicProduct(product);
}

/**
 * A place in the admin's list (newest first) that a next page starts after: the last product's
 * creation time in milliseconds and its id, `1764033600123.0193c0de-…`. Opaque to clients; keyset
 * paging from it reads one page by index whatever its depth, and rows inserted meanwhile never
 * shift a page (no repeats, no gaps), unlike `page`'s OFFSET.
 */
export type ProductCursor = { createdAt: Date; id: string };

export function encodeProductCursor(product: { createdAt: Date | string; id: string }): string {
  return `${new Date(product.createdAt).getTime()}.${product.id}`;
}

export function decodeProductCursor(cursor: string): ProductCursor | null {
  const match = /^(\d{1,15})\.([0-9a-f-]{36})$/i.exec(cursor);
  if (!match || !isRowId(match[2])) return null;
  return { createdAt: new Date(Number(match[1])), id: match[2]!.toLowerCase() };
}

export type AdminProductPage = {
  products: PublicProduct[];
  /** Every match, exact (kept counts; see countCatalog). */
  total: number;
  /** Pass as `after` for the next page; null on the last page (and for a search, which pages by `page`). */
  nextCursor: string | null;
};

/**
 * The admin's product list, newest first, a page at a time, in one category or all. With `q`,
 * the store's own search (typo-tolerant, ranked, within the category when one is chosen) decides
 * the order, bounded to its best API_PAGE_SIZE_MAX matches. Pages go by `after` (keyset: the
 * page after that cursor) or by `page` (OFFSET, kept for older clients; slower the deeper it goes).
 */
export async function listProductsForAdmin(options: {
  page: number;
  limit: number;
  after?: string;
  q?: string;
  category?: Category;
  state?: ProductState;
}): Promise<AdminProductPage> {
  const { page, limit, q, category, state = "all" } = options;
  const inState = (product: PublicProduct) => state === "all" || product.archived === (state === "archived");
  if (q) {
    const found = (await searchProducts(q, API_PAGE_SIZE_MAX, category, true)).filter(inState);
    // With their details and specifications, as the list's other pages: the edit form opened from
    // a search shows (and saves back) what the product has, never blanks in their place.
    const shown = found.slice((page - 1) * limit, page * limit).map((product) => product._id);
    return { products: await productsInOrder(shown, true), total: found.length, nextCursor: null };
  }
  const after = options.after === undefined ? undefined : decodeProductCursor(options.after);
  if (after === null) throw new HttpError(400, "after is not a cursor this list gave", undefined, { after: "after is not a cursor this list gave" });
  const where = Prisma.join(
    [
      category ? Prisma.sql`category = ${category}` : Prisma.sql`TRUE`,
      state === "active" ? Prisma.sql`"archivedAt" IS NULL` : state === "archived" ? Prisma.sql`"archivedAt" IS NOT NULL` : Prisma.sql`TRUE`,
      after ? Prisma.sql`("createdAt", id) < (${after.createdAt}, ${after.id}::uuid)` : Prisma.sql`TRUE`,
    ],
    " AND ",
  );
  // The page's ids (and one more: is there a next page?) from the index alone, then their rows.
  const [keys, total] = await Promise.all([
    db.$queryRaw<{ id: string; createdAt: Date }[]>`
      SELECT id, "createdAt" FROM "Product" WHERE ${where}
      ORDER BY "createdAt" DESC, id DESC
      LIMIT ${limit + 1} OFFSET ${after ? 0 : (page - 1) * limit}`,
    countCatalog({ categories: category ? [category] : [], state }),
  ]);
  const pageKeys = keys.slice(0, limit);
  const last = pageKeys[pageKeys.length - 1];
  return {
    products: await productsInOrder(pageKeys.map((key) => key.id), true),
    total,
    nextCursor: keys.length > limit && last ? encodeProductCursor(last) : null,
  };
}
