import "server-only";
import { API_PAGE_SIZE_MAX } from "@/lib/constants";
import { rupeesToPaise } from "@/lib/money";
import { PRODUCT_IMAGE_MESSAGE, type ProductInput } from "@/lib/schemas";
import type { Category } from "@/lib/categories";
import { Prisma } from "@/lib/generated/prisma/client";
import { changeCatalog } from "./cache";
import { isRowId, searchProducts, toPublicProduct, type PublicProduct } from "./catalog";
import { db } from "../platform/db";
import { HttpError, notFound } from "../platform/http";
import { checkHostedImages, isProductImageUrl, storedImageAddress } from "../providers/images";

// The admin's writes to the catalogue (docs/PRODUCT.md §7.2 upload-product, update-product) and the admin's
// product list. Every write is validated whole before anything is stored, and then invalidates
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
  };
}

export async function createProduct(input: ProductInput): Promise<PublicProduct> {
  const data = productData(input);
  await checkHostedImages(data.productImage);
  const product = await changeCatalog(db.product.create({ data }));
  return toPublicProduct(product);
}

export async function updateProduct(id: string, input: ProductInput): Promise<PublicProduct> {
  if (!isRowId(id)) throw notFound(PRODUCT_NOT_FOUND);
  const data = productData(input);
  const current = await db.product.findUnique({ where: { id }, select: { productImage: true } });
  if (!current) throw notFound(PRODUCT_NOT_FOUND);
  await checkHostedImages(data.productImage, current.productImage);
  try {
    const product = await changeCatalog(db.product.update({ where: { id }, data }));
    return toPublicProduct(product);
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2025") throw notFound(PRODUCT_NOT_FOUND);
    throw error;
  }
}

/**
 * The admin's product list, newest first, a page at a time, in one category or all. With `q`,
 * the store's own search (typo-tolerant, ranked, within the category when one is chosen) decides
 * the order, bounded to its best API_PAGE_SIZE_MAX matches.
 */
export async function listProductsForAdmin(options: { page: number; limit: number; q?: string; category?: Category }): Promise<{ products: PublicProduct[]; total: number }> {
  const { page, limit, q, category } = options;
  if (q) {
    const found = await searchProducts(q, API_PAGE_SIZE_MAX, category);
    return { products: found.slice((page - 1) * limit, page * limit), total: found.length };
  }
  const where = category ? { category } : {};
  const [rows, total] = await Promise.all([
    db.product.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "desc" }], skip: (page - 1) * limit, take: limit }),
    db.product.count({ where }),
  ]);
  return { products: rows.map(toPublicProduct), total };
}
