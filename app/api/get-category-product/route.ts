import { handle, ok } from "@/lib/server/http";
import { listCategoryStrip } from "@/lib/server/catalog";

// GET /api/get-category-product — SPEC 7: one { category, productImage } per category with products.
export const GET = handle(async () => ok(await listCategoryStrip(), "Category products"));
