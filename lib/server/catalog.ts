import "server-only";
import { db } from "./db";
import { paiseToRupees } from "@/lib/money";
import type { Product } from "@/lib/generated/prisma/client";

/** A product as the API shows it (SPEC 3): `_id`, prices in rupees. */
export type PublicProduct = {
  _id: string;
  productName: string;
  brandName: string;
  category: string;
  productImage: string[];
  productDesc: string;
  price: number;
  sellingPrice: number;
  createdAt: string;
  updatedAt: string;
};

export function toPublicProduct(product: Product): PublicProduct {
  return {
    _id: product.id,
    productName: product.productName,
    brandName: product.brandName,
    category: product.category,
    productImage: product.productImage,
    productDesc: product.productDesc,
    price: paiseToRupees(product.price),
    sellingPrice: paiseToRupees(product.sellingPrice),
    createdAt: product.createdAt.toISOString(),
    updatedAt: product.updatedAt.toISOString(),
  };
}

/** Newest first, bounded: a category can hold any number of products. */
export async function listProductsByCategory(category: string, limit = 20): Promise<PublicProduct[]> {
  const rows = await db.product.findMany({
    where: { category },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit,
  });
  return rows.map(toPublicProduct);
}
