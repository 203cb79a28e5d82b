// The spec's list calls for clients written against it (no paging parameters, `data.length` shown
// as the count, `productImage` put straight into <img src>): complete lists up to API_LIST_MAX
// with `total`, paging on request, absolute image addresses. On a database of this file's own,
// filled past the bound.
import { beforeAll, describe, expect, it } from "vitest";
import { GET as getCategoryWise } from "@/app/api/get-category-wise-product/[category]/route";
import { POST as filterProducts } from "@/app/api/fiter-product/route";
import { GET as getProducts } from "@/app/api/get-product/route";
import { GET as searchProducts } from "@/app/api/search-product/route";
import { GET as categoryStrip } from "@/app/api/get-category-product/route";
import { API_LIST_MAX } from "@/lib/constants";
import type { PublicProduct } from "@/lib/server/catalog/catalog";
import { getRequest, jsonRequest, noContext, onOwnDatabase, query } from "../helpers";

onOwnDatabase("lists");

const MICE = API_LIST_MAX + 7;
const CAMERAS = 3;
const HOSTED = "https://res.cloudinary.com/demo/image/upload/v1/volt/products/cam.png";

beforeAll(async () => {
  await query(
    `INSERT INTO "Product" (id, "productName", "brandName", category, "productImage", "productDesc", price, "sellingPrice", "searchText", "createdAt", "updatedAt")
     SELECT gen_random_uuid(), 'Listmouse ' || n, 'Volt', 'mouse', ARRAY['/images/products/mouse-' || n || '.svg'], 'A mouse', 100000, 50000 + n, 'listmouse ' || n || ' volt mouse', now() - n * interval '1 second', now()
     FROM generate_series(1, $1::int) AS n`,
    [MICE],
  );
  await query(
    `INSERT INTO "Product" (id, "productName", "brandName", category, "productImage", "productDesc", price, "sellingPrice", "searchText", "createdAt", "updatedAt")
     SELECT gen_random_uuid(), 'Listcam ' || n, 'Volt', 'camera', ARRAY[$2::text], 'A camera', 100000, 90000, 'listcam ' || n || ' volt camera', now() - n * interval '1 second', now()
     FROM generate_series(1, $1::int) AS n`,
    [CAMERAS, HOSTED],
  );
}, 60_000);

const json = async (response: Response) => ({ status: response.status, body: await response.json() });
const all = (q = "") => getProducts(getRequest(`/api/get-product${q}`), noContext).then(json);
const category = (name: string, q = "") => getCategoryWise(getRequest(`/api/get-category-wise-product/${name}${q}`), { params: Promise.resolve({ category: name }) }).then(json);
const filter = (body: unknown) => filterProducts(jsonRequest("/api/fiter-product", body), noContext).then(json);
const search = (q: string) => searchProducts(getRequest(`/api/search-product?q=${encodeURIComponent(q)}`), noContext).then(json);
const ids = (products: PublicProduct[]) => products.map((product) => product._id);

describe("list calls without paging", () => {
  it("get-product answers the first API_LIST_MAX of every product, newest first, with the total", async () => {
    const { status, body } = await all();
    expect(status).toBe(200);
    expect(body.total).toBe(MICE + CAMERAS);
    expect(body.data).toHaveLength(API_LIST_MAX);
    expect(new Set(ids(body.data)).size).toBe(API_LIST_MAX);
  });

  it("fiter-product answers every match up to the bound, sorted across all of them", async () => {
    const { body } = await filter({ category: ["camera"], sort: "asc" });
    expect(body).toMatchObject({ total: CAMERAS });
    expect(body.data).toHaveLength(CAMERAS);
    const mice = await filter({ category: ["mouse"], sort: "desc" });
    expect(mice.body.total).toBe(MICE);
    expect(mice.body.data).toHaveLength(API_LIST_MAX);
    // Sorted over the whole selection: the dearest mouse of all leads.
    expect(mice.body.data[0].productName).toBe(`Listmouse ${MICE}`);
  });

  it("get-category-wise-product answers the whole category up to the bound", async () => {
    const { body } = await category("mouse");
    expect(body.total).toBe(MICE);
    expect(body.product).toHaveLength(API_LIST_MAX);
    expect((await category("camera")).body.product).toHaveLength(CAMERAS);
  });

  it("search-product answers up to the bound", async () => {
    const { body } = await search("listmouse");
    expect(body.data).toHaveLength(API_LIST_MAX);
    expect(body.total).toBe(API_LIST_MAX);
    expect((await search("listcam")).body.data).toHaveLength(CAMERAS);
  });

  it("page when asked, as before", async () => {
    const first = await all("?page=1&limit=10");
    const second = await all("?page=2&limit=10");
    expect(first.body.data).toHaveLength(10);
    expect(first.body.total).toBe(MICE + CAMERAS);
    expect(ids(first.body.data).filter((id) => ids(second.body.data).includes(id))).toEqual([]);
    expect((await category("mouse", "?limit=4")).body.product).toHaveLength(4);
    expect((await filter({ category: ["mouse"], page: 3 })).body.data).toHaveLength(50);
  });
});

describe("image addresses in API answers", () => {
  it("are absolute: the store's own from SITE_URL, the image host's as they are", async () => {
    const site = process.env.SITE_URL!.replace(/\/+$/, "");
    const { body } = await all();
    const images = (body.data as PublicProduct[]).flatMap((product) => product.productImage);
    expect(images.every((image) => image.startsWith(`${site}/images/products/`) || image === HOSTED)).toBe(true);
    expect(images).toContain(HOSTED);
    const strip = (await categoryStrip(getRequest("/api/get-category-product"), noContext).then(json)).body.data as { productImage: string[] }[];
    expect(strip.flatMap((item) => item.productImage).every((image) => /^https?:\/\//.test(image))).toBe(true);
  });
});
