import { parseViewedIds, RECENTLY_VIEWED_MAX } from "@/lib/catalog/recently-viewed";
import { renderPerRequest } from "@/lib/server/catalog/cache";
import { productsInOrder } from "@/lib/server/catalog/catalog";
import { badRequest, handle, ok } from "@/lib/server/platform/http";

// GET /api/recently-viewed?ids=<id>,<id>,… — beyond the spec, public: the products a visitor's
// browser remembers opening (issue 40), in the order given; unknown and archived ones left out.
// The browser keeps the list; this only renders it. At most RECENTLY_VIEWED_MAX ids.
export const GET = handle(async (request) => {
  await renderPerRequest();
  const ids = parseViewedIds(new URL(request.url).searchParams.get("ids"));
  if (ids === null) throw badRequest(`ids must be up to ${RECENTLY_VIEWED_MAX} product ids, separated by commas`);
  const products = (await productsInOrder(ids)).filter((product) => !product.archived);
  return ok(products, "Recently viewed");
});
