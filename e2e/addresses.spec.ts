import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { expect, test } from "./fixtures";

// One spelling of every address, on the production server: another spelling of a page is sent
// to its real address before Next renders it, so nothing is cached without its CSP or under a key
// its address does not spell. (Browsers and Playwright's own client resolve `%2e%2e` before
// sending, so these requests go out as written through node:http.)

function rawGet(baseURL: string, path: string): Promise<{ status: number; headers: IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    httpRequest(baseURL, { path }, (response) => {
      response.resume();
      response.on("end", () => resolve({ status: response.statusCode!, headers: response.headers }));
    })
      .on("error", reject)
      .end();
  });
}

test("dot-segment and capitalised spellings of pages are redirected to their one address, which keeps its CSP", async ({ request, baseURL }) => {
  const products = await (await request.get("/api/get-product?limit=1")).json();
  const id = products.data[0]._id as string;
  for (const [path, location] of [
    [`/_next/%2e%2e/product/${id}`, `/product/${id}`],
    [`/product/${id.toUpperCase()}`, `/product/${id}`],
    ["/x/%2e%2e/user-panel/cart", "/user-panel/cart"],
    ["//evil.example/%2e%2e/search?q=phone", "/search?q=phone"],
  ] as const) {
    const answer = await rawGet(baseURL!, path);
    expect(answer.status, path).toBe(308);
    expect(answer.headers.location, path).toBe(location);
  }
  // The real address, twice (the second from the page cache), has its policy both times.
  for (let i = 0; i < 2; i++) {
    const page = await rawGet(baseURL!, `/product/${id}`);
    expect(page.status).toBe(200);
    expect(page.headers["content-security-policy"]).toMatch(/script-src 'self' 'sha256-/);
  }
});
