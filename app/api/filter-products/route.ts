import { parseSelection, SelectionError } from "@/lib/catalog/facets";
import { API_PAGE_SIZE_MAX, CATEGORY_PAGE_SIZE } from "@/lib/constants";
import { renderPerRequest } from "@/lib/server/catalog/cache";
import { filterCatalog, refusal } from "@/lib/server/catalog/filters";
import { badRequest, handle, okWith } from "@/lib/server/platform/http";

// GET /api/filter-products — beyond the spec, public: the catalogue narrowed by filters, with every
// facet's counts (docs/PRODUCT.md, "Filters"). Parameters: category (repeated; none: every
// category), brand (repeated), price=MIN-MAX (rupees, either side open), stock=1, each filterable
// specification by its key (repeated options: a choice's text, yes/no, a range's lower edge),
// sort=newest|popular|asc|desc, page, limit (1–100). Unknown parameters, unknown options, a
// reversed price range or more than 30 options ticked: 400 naming the parameter.
export const GET = handle(async (request) => {
  await renderPerRequest();
  const params = new URL(request.url).searchParams;
  let selection;
  try {
    selection = parseSelection(params, { strict: true });
  } catch (error) {
    if (error instanceof SelectionError) throw refusal(error);
    throw error;
  }
  const limitText = params.get("limit");
  const limit = limitText === null ? CATEGORY_PAGE_SIZE : Number(limitText);
  if (!Number.isInteger(limit) || limit < 1 || limit > API_PAGE_SIZE_MAX) throw badRequest(`limit must be a whole number from 1 to ${API_PAGE_SIZE_MAX}`);
  const result = await filterCatalog(selection, { pageSize: limit, strict: true });
  return okWith({ data: result.products, total: result.total, page: result.page, pageSize: result.pageSize, facets: result.facets }, "Products");
});
