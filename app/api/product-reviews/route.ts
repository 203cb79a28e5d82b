import { reviewListQuerySchema } from "@/lib/schemas";
import { renderPerRequest } from "@/lib/server/catalog/cache";
import { handle, notFound, ok, readQuery } from "@/lib/server/platform/http";
import { listProductReviews } from "@/lib/server/reviews/reviews";

// GET /api/product-reviews?productId=&sort=newest|helpful|highest|lowest&page= — beyond the spec,
// public (issue 40): one page of a product's published reviews, with the product's average, count
// and count per star level. Never an author's email or id.
export const GET = handle(async (request) => {
  await renderPerRequest();
  const query = readQuery(request, reviewListQuerySchema);
  const page = await listProductReviews(query.productId, query.sort, query.page);
  if (!page) throw notFound("Product not found");
  return ok(page, "Reviews");
});
