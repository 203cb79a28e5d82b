import { handle, ok, readQuery } from "@/lib/server/http";
import { listProducts } from "@/lib/server/catalog";
import { pageQuerySchema } from "@/lib/schemas";
import { API_PAGE_SIZE_DEFAULT } from "@/lib/constants";

// GET /api/get-product[?page=&limit=] — SPEC 7: all products, newest first, one page at a time.
export const GET = handle(async (request) => {
  const { page, limit } = readQuery(request, pageQuerySchema);
  return ok(await listProducts(page ?? 1, limit ?? API_PAGE_SIZE_DEFAULT), "All products");
});
