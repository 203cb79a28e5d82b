// The page cache in front of Next (lib/server/front-door/page-cache.ts), wired as server/serve.ts wires it,
// over real HTTP: an upstream handler stands in for Next and counts what reaches it.
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type OutgoingHttpHeaders, type Server, type ServerResponse } from "node:http";
import { close, listen } from "./test-server";
import { brotliDecompressSync, createGzip, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createHash } from "node:crypto";
import { PEER_ADDRESS_HEADER } from "@/lib/server/platform/client-address";
import { frontDoor } from "@/lib/server/front-door/front-door";
import { PageCache, pageCacheKey, pickEncoding, postCacheKey, storableSeconds } from "@/lib/server/front-door/page-cache";
import { purgePageCache } from "@/lib/server/platform/answers";

/** `compressing`: the handler gzips its answer as Next's compression does (write and end wrapped after the front door's, the bytes sent through the ones it found). */
type Upstream = { status: number; headers: OutgoingHttpHeaders; body: string; chunks?: number; bytes?: Buffer; compressing?: boolean };

const PAGE = `<!DOCTYPE html><html><body>${"<p>Volt Electronics</p>".repeat(400)}</body></html>`;
const CACHED_PAGE: Upstream = { status: 200, headers: { "content-type": "text/html; charset=utf-8", "cache-control": "s-maxage=3600, stale-while-revalidate=82800", vary: "rsc, Accept-Encoding", "x-frame-options": "DENY" }, body: PAGE };

let clock = 1_000_000;
let upstream: Upstream = CACHED_PAGE;
let reached: { url: string; headers: IncomingHttpHeaders }[] = [];
/** When set, the upstream reads each request's body into it. */
let reachedBodies: string[] | null = null;
const cache = new PageCache({ maxSeconds: 60, maxBytes: 512 * 1024, now: () => clock });
let server: Server;
let base: string;

beforeAll(async () => {
  const upstreamHandler = async (request: IncomingMessage, response: ServerResponse) => {
    reached.push({ url: request.url!, headers: { ...request.headers } });
    if (reachedBodies) {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      reachedBodies.push(Buffer.concat(chunks).toString("utf8"));
    }
    const { status, headers, body, chunks = 1, bytes, compressing } = upstream;
    if (compressing && /gzip/.test(String(request.headers["accept-encoding"] ?? ""))) {
      const [write, end] = [response.write, response.end];
      const gzip = createGzip();
      gzip.on("data", (chunk: Buffer) => (write as (chunk: Buffer) => boolean).call(response, chunk));
      gzip.on("end", () => (end as () => ServerResponse).call(response));
      response.write = ((chunk: string | Buffer) => gzip.write(chunk)) as ServerResponse["write"];
      response.end = ((chunk?: string | Buffer) => {
        if (chunk) gzip.write(chunk);
        gzip.end();
        return response;
      }) as ServerResponse["end"];
      response.writeHead(status, { ...headers, "content-encoding": "gzip" });
    } else response.writeHead(status, headers);
    if (bytes) return void response.end(bytes);
    const size = Math.ceil(body.length / chunks);
    for (let i = 0; i < chunks - 1; i++) response.write(Buffer.from(body.slice(i * size, (i + 1) * size)));
    response.end(body.slice((chunks - 1) * size));
  };
  server = createServer(frontDoor({ cache, upstream: upstreamHandler, policy: (hashes) => `script-src 'self' ${hashes.join(" ")}`.trim() }));
  base = await listen(server);
});

afterAll(async () => {
  cache.close();
  await close(server);
});

beforeEach(() => {
  cache.clear();
  upstream = CACHED_PAGE;
  reached = [];
  clock = 1_000_000;
});

// fetch decodes bodies itself; node's http client shows the bytes as sent.
async function raw(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${base}${path}`, { headers: { "accept-encoding": "identity", ...headers } });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

async function bytes(path: string, acceptEncoding: string, headers: Record<string, string> = {}): Promise<{ encoding: string | null; body: Buffer }> {
  const { request } = await import("node:http");
  return new Promise((resolve, reject) => {
    request(`${base}${path}`, { headers: { "accept-encoding": acceptEncoding, ...headers } }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ encoding: (response.headers["content-encoding"] as string | undefined) ?? null, body: Buffer.concat(chunks) }));
    })
      .on("error", reject)
      .end();
  });
}

describe("page cache", () => {
  it("answers a repeated catalogue page without reaching the upstream, with the page's headers", async () => {
    const first = await raw("/product/abc");
    expect(first.status).toBe(200);
    expect(first.headers.get("x-page-cache")).toBeNull();
    const second = await raw("/product/abc");
    expect(second.text).toBe(PAGE);
    expect(second.headers.get("x-page-cache")).toBe("HIT");
    expect(second.headers.get("x-frame-options")).toBe("DENY");
    expect(second.headers.get("cache-control")).toBe("s-maxage=3600, stale-while-revalidate=82800");
    expect(second.headers.get("content-length")).toBe(String(Buffer.byteLength(PAGE)));
    expect(reached).toHaveLength(1);
  });

  it("keeps a page written in many chunks whole", async () => {
    upstream = { ...CACHED_PAGE, chunks: 7 };
    await raw("/");
    expect((await raw("/")).text).toBe(PAGE);
    expect(reached).toHaveLength(1);
  });

  it("asks the upstream for the plain page on a miss and serves brotli, gzip or plain by Accept-Encoding", async () => {
    await bytes("/category-product?category=mobiles", "gzip, deflate, br");
    expect(reached[0]!.headers["accept-encoding"]).toBeUndefined();
    const br = await bytes("/category-product?category=mobiles", "gzip, deflate, br");
    expect(br.encoding).toBe("br");
    expect(brotliDecompressSync(br.body).toString()).toBe(PAGE);
    const gzip = await bytes("/category-product?category=mobiles", "gzip");
    expect(gzip.encoding).toBe("gzip");
    expect(gunzipSync(gzip.body).toString()).toBe(PAGE);
    const plain = await bytes("/category-product?category=mobiles", "identity");
    expect(plain.encoding).toBeNull();
    expect(plain.body.toString()).toBe(PAGE);
    expect(reached).toHaveLength(1);
  });

  it("answers 304 to a client that holds the same page", async () => {
    await raw("/");
    const { headers } = await raw("/");
    const etag = headers.get("etag")!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await fetch(`${base}/`, { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    expect(reached).toHaveLength(1);
  });

  it("keys on the query string: each category selection and search is its own page", async () => {
    await raw("/search?q=samsung");
    await raw("/search?q=apple");
    await raw("/search?q=samsung");
    expect(reached.map((r) => r.url)).toEqual(["/search?q=samsung", "/search?q=apple"]);
  });

  it("never keeps per-request, cookie-setting, failed or non-HTML answers", async () => {
    const refused: Upstream[] = [
      { ...CACHED_PAGE, headers: { ...CACHED_PAGE.headers, "cache-control": "private, no-cache, no-store, max-age=0, must-revalidate" } },
      { ...CACHED_PAGE, headers: { ...CACHED_PAGE.headers, "set-cookie": "session=1" } },
      { ...CACHED_PAGE, status: 404 },
      { ...CACHED_PAGE, headers: { ...CACHED_PAGE.headers, "content-type": "text/x-component" } },
      { ...CACHED_PAGE, headers: { "content-type": "text/html" } },
    ];
    for (const [index, answer] of refused.entries()) {
      upstream = answer;
      await raw(`/product/${index}`);
      await raw(`/product/${index}`);
    }
    expect(reached).toHaveLength(refused.length * 2);
    expect(cache.size).toBe(0);
  });

  it("lets Next's own navigations, other paths and other methods through", async () => {
    await raw("/");
    reached = [];
    await raw("/", { rsc: "1" });
    await raw("/", { "next-router-prefetch": "1" });
    await raw("/?_rsc=abc");
    await raw("/", { cookie: "a=1; __prerender_bypass=x" });
    await fetch(`${base}/`, { method: "HEAD" });
    await raw("/signin");
    await raw("/signin");
    await raw("/user-panel/cart");
    await raw("/api/get-product");
    expect(reached).toHaveLength(9);
  });

  it("serves a page no longer than the shorter of its s-maxage and maxSeconds", async () => {
    await raw("/");
    clock += 59_000;
    await raw("/");
    expect(reached).toHaveLength(1);
    clock += 2_000;
    await raw("/");
    expect(reached).toHaveLength(2);

    upstream = { ...CACHED_PAGE, headers: { ...CACHED_PAGE.headers, "cache-control": "s-maxage=5" } };
    await raw("/product/short");
    clock += 6_000;
    await raw("/product/short");
    expect(reached.filter((r) => r.url === "/product/short")).toHaveLength(2);
  });

  it("drops everything on purgePageCache (what catalogue writes call)", async () => {
    await raw("/");
    await raw("/product/abc");
    purgePageCache();
    await raw("/");
    await raw("/product/abc");
    expect(reached).toHaveLength(4);
  });

  it("stays within its byte bound, dropping the least recently used pages first", async () => {
    // Compressed copies of this repetitive page are tiny: two entries fit, three do not.
    const small = new PageCache({ maxSeconds: 60, maxBytes: 2.5 * Buffer.byteLength(PAGE), now: () => clock });
    try {
      const headers = { ...CACHED_PAGE.headers, "content-security-policy": "script-src 'self'" };
      const body = Buffer.from(PAGE);
      expect(small.store("/a", 200, headers, body)).toBe(true);
      expect(small.store("/b", 200, headers, body)).toBe(true);
      expect(small.size).toBe(2);
      expect(small.store("/c", 200, headers, body)).toBe(true);
      expect(small.size).toBe(2);
      // "/a" went first; a page larger than the whole bound is not kept at all.
      expect(small.store("/huge", 200, headers, Buffer.from(PAGE.repeat(10) + Math.random()))).toBe(false);
      expect(small.size).toBe(2);
    } finally {
      small.close();
    }
  });
});

describe("page cache rules", () => {
  it("reads s-maxage and refuses private answers", () => {
    const html = { "content-type": "text/html" };
    expect(storableSeconds(200, { ...html, "cache-control": "s-maxage=31536000" }, 60)).toBe(60);
    expect(storableSeconds(200, { ...html, "cache-control": "s-maxage=30, stale-while-revalidate=10" }, 60)).toBe(30);
    expect(storableSeconds(200, { ...html, "cache-control": "public, max-age=60" }, 60)).toBe(0);
    expect(storableSeconds(200, { ...html, "cache-control": "private, s-maxage=60" }, 60)).toBe(0);
    expect(storableSeconds(200, { ...html, "cache-control": "s-maxage=60", "content-encoding": "gzip" }, 60)).toBe(0);
  });

  it("picks the encoding by the client's preferences, q=0 meaning no", () => {
    expect(pickEncoding("gzip, deflate, br")).toBe("br");
    expect(pickEncoding("gzip, br;q=0")).toBe("gzip");
    expect(pickEncoding("deflate")).toBe("identity");
    expect(pickEncoding("*")).toBe("br");
    expect(pickEncoding("*, br;q=0, gzip;q=0")).toBe("identity");
    expect(pickEncoding(undefined)).toBe("identity");
  });

  it("keys only GET requests for catalogue paths", () => {
    const get = (url: string, headers: IncomingHttpHeaders = {}) => pageCacheKey({ method: "GET", url, headers });
    expect(get("/")).toBe("/");
    // What the page shows, not the raw address: a random query cannot force renders or evict pages.
    expect(get("/?r=123")).toBe("/");
    expect(get("/product/x?utm=1")).toBe("/product/x");
    const category = get("/category-product?category=mouse&category=camera&sort=asc&page=1&utm_source=x&gclid=y");
    expect(category).toBe(get("/category-product?sort=asc&category=camera&category=mouse"));
    // Any other parameter may be a specification filter, so it is part of the key: the page sends
    // one the categories do not have to the address without it, and a redirect is never kept here.
    expect(get("/category-product?category=camera&r=9")).not.toBe(get("/category-product?category=camera"));
    expect(get("/category-product?category=camera&zoom=2&zoom=10&brand=B&brand=A")).toBe(get("/category-product?brand=A&zoom=10&category=camera&brand=B&zoom=2"));
    expect(category).not.toBe(get("/category-product?category=camera&sort=asc"));
    expect(get("/search?q=Samsung%20%20TV%20&r=1")).toBe(get("/search?q=Samsung TV"));
    expect(get("/search?q=phone")).not.toBe(get("/search?q=tv"));
    expect(get("/product/x/y")).toBeNull();
    expect(get("/products")).toBeNull();
    expect(get("/search/qabc")).toBeNull();
    expect(pageCacheKey({ method: "POST", url: "/", headers: {} })).toBeNull();
  });
});

describe("catalogue API answers in the same cache", () => {
  const JSON_ANSWER = JSON.stringify({ success: true, error: false, message: "All products", data: [{ _id: "p1" }], total: 1 });
  const marked: Upstream = { status: 200, headers: { "content-type": "application/json", "cache-control": "no-store", "x-volt-cacheable": "3600", "access-control-allow-origin": "https://app.example.com", "access-control-allow-credentials": "true" }, body: JSON_ANSWER };

  it("keeps a marked catalogue answer, keyed by the parameters the endpoint reads, and never shows the mark", async () => {
    upstream = marked;
    const miss = await raw("/api/get-product?page=1&limit=5");
    expect(miss.text).toBe(JSON_ANSWER);
    expect(miss.headers.get("x-volt-cacheable")).toBeNull();
    const hit = await raw("/api/get-product?limit=5&page=1&r=99");
    expect(hit.headers.get("x-page-cache")).toBe("HIT");
    expect(hit.text).toBe(JSON_ANSWER);
    expect(hit.headers.get("cache-control")).toBe("no-store");
    expect(hit.headers.get("x-volt-cacheable")).toBeNull();
    // One caller's CORS answer goes to that caller, and is not kept for the next one.
    expect(miss.headers.get("access-control-allow-origin")).toBe("https://app.example.com");
    expect(hit.headers.get("access-control-allow-origin")).toBeNull();
    // The front door told the handler it would keep the answer.
    expect(reached[0]!.headers["x-volt-cache-candidate"]).toBe("1");
    expect(reached).toHaveLength(1);
    expect((await raw("/api/get-product?page=2&limit=5")).headers.get("x-page-cache")).toBeNull();
    expect((await raw("/api/search-product?q=tv")).headers.get("x-page-cache")).toBeNull();
    expect((await raw("/api/search-product?q=tv")).headers.get("x-page-cache")).toBe("HIT");
    expect((await raw("/api/search-product?q=phone")).headers.get("x-page-cache")).toBeNull();
  });

  it("keeps fiter-product's answers by their body, and hands the body to the upstream on a miss", async () => {
    const bodies: string[] = [];
    upstream = marked;
    const post = (body: string) => fetch(`${base}/api/fiter-product`, { method: "POST", headers: { "content-type": "application/json", "accept-encoding": "identity" }, body });
    reachedBodies = bodies;
    const miss = await post(JSON.stringify({ category: ["mouse", "camera"], sort: "asc" }));
    expect(await miss.text()).toBe(JSON_ANSWER);
    expect(bodies).toEqual([JSON.stringify({ category: ["mouse", "camera"], sort: "asc" })]);
    const hit = await post(JSON.stringify({ sort: "asc", category: ["camera", "mouse"] }));
    expect(hit.headers.get("x-page-cache")).toBe("HIT");
    expect((await post(JSON.stringify({ category: ["camera", "mouse"], sort: "desc" }))).headers.get("x-page-cache")).toBeNull();
    expect((await post("{not json")).headers.get("x-page-cache")).toBeNull();
    expect((await post("{not json")).headers.get("x-page-cache")).toBeNull();
    expect(bodies).toHaveLength(4);
    expect(bodies[2]).toBe("{not json");
    reachedBodies = null;
  });

  it("keeps nothing for a repeated parameter, an overlong key, or a body that only looks like a kept one", async () => {
    upstream = marked;
    for (const path of ["/api/get-product?page=1&page=2", "/api/search-product?q=a&q=b"]) {
      await raw(path);
      expect((await raw(path)).headers.get("x-page-cache"), path).toBeNull();
    }
    const key = (body: unknown) => postCacheKey("/api/fiter-product", Buffer.from(JSON.stringify(body)));
    expect(key({ category: '"mobiles"' })).not.toBe(key({ category: ["mobiles"] }));
    expect(key({ category: "mobiles" })).toBe(key({ category: ["mobiles", "mobiles"] }));
    expect(key({ category: ["a", "b"], page: 1 })).not.toBe(key({ category: ["a", "b"], page: "1" }));
  });

  it("keys each read on the values the endpoint reads: other spellings of a number, an id or a query share one entry", async () => {
    upstream = marked;
    const id = "0f8a1c2e-3b4d-4e5f-8a9b-0c1d2e3f4a5b";
    const spellings: [string, string[]][] = [
      ["/api/get-product?page=1&limit=5", ["/api/get-product?page=0001&limit=5", "/api/get-product?page=1e0&limit=5.0", "/api/get-product?limit=%205&page=01"]],
      [`/api/get-single-product-details/${id}`, [`/api/get-single-product-details/${id.toUpperCase()}`]],
      ["/api/search-product?q=samsung%20tv", ["/api/search-product?q=SAMSUNG%20%20TV%20", "/api/search-product?q=%20Samsung%09tv"]],
      [`/api/search-product?q=${"x".repeat(100)}`, [`/api/search-product?q=${"x".repeat(600)}`]],
    ];
    for (const [first, others] of spellings) {
      await raw(first);
      for (const other of others) expect((await raw(other)).headers.get("x-page-cache"), other).toBe("HIT");
    }
    expect(reached).toHaveLength(spellings.length);
    expect(cache.size).toBe(spellings.length);
    // A value the endpoint refuses (400) is not a key at all: no spelling of it can make an entry.
    const key = (url: string) => pageCacheKey({ method: "GET", url, headers: {} });
    for (const refused of ["/api/get-product?page=abc", "/api/get-product?page=1.5", "/api/get-product?limit=", "/api/get-product?page=Infinity"]) expect(key(refused), refused).toBeNull();
    // Absent is not 1: without page and limit the endpoint answers the whole list.
    expect(key("/api/get-product")).not.toBe(key("/api/get-product?page=1"));
  });

  it("counts what an entry costs beyond its bodies, so many small entries cannot pass the bound", () => {
    const small = new PageCache({ maxSeconds: 60, maxBytes: 64 * 1024 });
    const headers = { "content-type": "application/json", "x-volt-cacheable": "60" };
    for (let i = 0; i < 200; i++) small.store(`api:/api/get-category-wise-product/mobiles?page=${i}`, 200, headers, Buffer.from("{}"));
    expect(small.size).toBeLessThan(64);
    small.close();
  });

  it("ignores a cache-candidate header a client sends", async () => {
    upstream = { status: 200, headers: { "content-type": "application/json" }, body: "{}" };
    await fetch(`${base}/api/user-details`, { headers: { "x-volt-cache-candidate": "1" } });
    expect(reached[0]!.headers["x-volt-cache-candidate"]).toBeUndefined();
  });

  it("drops them with the pages on a purge", async () => {
    upstream = marked;
    await raw("/api/get-category-product");
    purgePageCache();
    expect((await raw("/api/get-category-product")).headers.get("x-page-cache")).toBeNull();
    expect(reached).toHaveLength(2);
  });

  it("never keeps an unmarked answer, nor anything from an endpoint outside the catalogue list, marked or not", async () => {
    upstream = { ...marked, headers: { "content-type": "application/json", "cache-control": "no-store" } };
    await raw("/api/get-product");
    expect((await raw("/api/get-product")).headers.get("x-page-cache")).toBeNull();
    upstream = marked;
    for (const path of ["/api/user-details", "/api/count-cart-product/u1", "/api/get-wishlist", "/api/all-orders"]) {
      await raw(path);
      const again = await raw(path);
      expect(again.headers.get("x-page-cache"), path).toBeNull();
    }
    expect(pageCacheKey({ method: "POST", url: "/api/fiter-product", headers: {} })).toBeNull();
  });
});

/** A GET with the path exactly as written (fetch would resolve its dot segments first). */
function rawGet(path: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: IncomingHttpHeaders; text: string }> {
  return new Promise((resolve, reject) => {
    void import("node:http").then(({ request }) =>
      request(`${base}/`, { path, headers: { "accept-encoding": "identity", ...headers } }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ status: response.statusCode!, headers: response.headers, text: Buffer.concat(chunks).toString("utf8") }));
      })
        .on("error", reject)
        .end(),
    );
  });
}

describe("front door: one spelling of every address", () => {
  const ID = "6a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d";

  it("sends a dot-segment spelling of a page to its real address instead of rendering it, so no page is kept without its CSP", async () => {
    const sneaky = await rawGet(`/_next/%2e%2e/product/${ID}`);
    expect(sneaky.status).toBe(308);
    expect(sneaky.headers.location).toBe(`/product/${ID}`);
    expect(reached).toHaveLength(0);
    expect(cache.size).toBe(0);
    // The real address, asked next, is rendered and kept with its policy.
    const real = await rawGet(`/product/${ID}`);
    expect(real.headers["content-security-policy"]).toMatch(/^script-src 'self'/);
    expect((await rawGet(`/product/${ID}`)).headers["x-page-cache"]).toBe("HIT");
  });

  it("decides a personal page's headers on the address it is (never a public s-maxage)", async () => {
    const sneaky = await rawGet("/x/%2e%2e/user-panel/cart?tab=1");
    expect(sneaky.status).toBe(308);
    expect(sneaky.headers.location).toBe("/user-panel/cart?tab=1");
    expect(sneaky.headers["cache-control"]).toBe("no-store");
    expect(reached).toHaveLength(0);
  });

  it("decodes escaped letters (Next's router would), and decides on the decoded path where an escaped slash stays", async () => {
    const letter = await rawGet("/user-pane%6c/cart");
    expect(letter.status).toBe(308);
    expect(letter.headers.location).toBe("/user-panel/cart");
    expect((await rawGet("/product/a%2fb")).headers.location).toBe("/product/a%2Fb");
    upstream = { ...CACHED_PAGE };
    const slash = await rawGet("/user-panel%2Fcart");
    expect(slash.status).toBe(200);
    expect(slash.headers["cache-control"]).toBe("private, no-store");
  });

  it("never redirects to another host, however the path is spelt", async () => {
    for (const path of ["//evil.example/%2e%2e/x", "/%2e%2e//evil.example", "/\\evil.example/"]) {
      const answer = await rawGet(path);
      expect(answer.status, path).toBe(308);
      expect(answer.headers.location, path).toMatch(/^\/(?!\/)/);
    }
  });

  it("keys a product page on its canonical id: other spellings are redirected, not kept as entries of their own", async () => {
    for (const spelling of [`/product/${ID.toUpperCase()}`, `/product/%36${ID.slice(1)}`]) {
      const answer = await rawGet(spelling);
      expect(answer.status, spelling).toBe(308);
      expect(answer.headers.location, spelling).toBe(`/product/${ID}`);
    }
    expect(reached).toHaveLength(0);
    expect(cache.size).toBe(0);
  });

  it("keeps nothing under a key its address does not spell, should such a request reach the cache", () => {
    expect(pageCacheKey({ method: "GET", url: `/_next/%2e%2e/product/${ID}`, headers: {} })).toBeNull();
    expect(pageCacheKey({ method: "GET", url: `/product/${ID}`, headers: {} })).toBe(`/product/${ID}`);
  });

  it("refuses to keep an HTML page that lacks its policy", () => {
    const page = Buffer.from(PAGE);
    expect(cache.store("/", 200, CACHED_PAGE.headers, page)).toBe(false);
    expect(cache.store("/", 200, { ...CACHED_PAGE.headers, "content-security-policy": "script-src 'self'" }, page)).toBe(true);
  });
});

describe("front door: CSP, addresses, malformed paths", () => {
  const SCRIPTED = `<!DOCTYPE html><html><head><script src="/_next/static/a.js"></script><script>self.__next_f=[]</script></head><body><script type="application/ld+json">{"@type":"Product"}</script><script>self.__next_f.push([1,"x"])</script><script>self.__next_f.push([1,"x"])</script></body></html>`;
  // As sent: the two adjacent flight scripts are one (csp.ts mergeFlightScripts).
  const SENT = SCRIPTED.replace('"])</script><script>self.__next_f.push', '"]);self.__next_f.push');
  const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

  it("gives a page the hashes of exactly its inline scripts, on a miss and on a hit", async () => {
    upstream = { ...CACHED_PAGE, body: SCRIPTED };
    const expected = `script-src 'self' ${sha("self.__next_f=[]")} ${sha('self.__next_f.push([1,"x"]);self.__next_f.push([1,"x"])')}`;
    const miss = await raw("/product/with-scripts");
    expect(miss.headers.get("content-security-policy")).toBe(expected);
    const hit = await raw("/product/with-scripts");
    expect(hit.headers.get("x-page-cache")).toBe("HIT");
    expect(hit.headers.get("content-security-policy")).toBe(expected);
  });

  it("holds and compresses uncacheable pages too (personal pages), with their CSP", async () => {
    upstream = { status: 200, headers: { "content-type": "text/html; charset=utf-8", "cache-control": "private, no-store" }, body: SCRIPTED + PAGE };
    const page = await bytes("/user-panel/my-account", "gzip");
    expect(page.encoding).toBe("gzip");
    expect(gunzipSync(page.body).toString()).toBe(SENT + PAGE);
    const again = await raw("/user-panel/my-account");
    expect(again.headers.get("content-security-policy")).toContain(sha("self.__next_f=[]"));
    expect(again.headers.get("x-page-cache")).toBeNull();
    expect(reached).toHaveLength(2);
  });

  it("holds every answer that may be a page: a query such as _rsc or a dotted path cannot shed the CSP", async () => {
    upstream = { status: 200, headers: { "content-type": "text/html; charset=utf-8", "cache-control": "private, no-store" }, body: SCRIPTED };
    for (const path of ["/search?q=x&_rsc=1", "/user-panel/cart?_rsc=abc", "/product/a.b", "/x.html"]) {
      expect((await raw(path)).headers.get("content-security-policy"), path).toContain(sha("self.__next_f=[]"));
    }
    expect((await raw("/user-panel/cart?_rsc=abc")).headers.get("cache-control")).toBe("private, no-store");
  });

  it("gives every other HTML answer its policy too: a POST or PUT to a page, Next's 404 under /_next/, a navigation answered with HTML", async () => {
    upstream = { status: 200, headers: { "content-type": "text/html; charset=utf-8", "cache-control": "private, no-store" }, body: SCRIPTED };
    for (const method of ["POST", "PUT", "DELETE"]) {
      const answer = await fetch(`${base}/search?q=x`, { method, body: method === "DELETE" ? undefined : "a=1", headers: { "accept-encoding": "identity" } });
      expect(answer.headers.get("content-security-policy"), method).toContain(sha("self.__next_f=[]"));
      expect(await answer.text()).toBe(SENT);
    }
    upstream = { status: 404, headers: { "content-type": "text/html; charset=utf-8" }, body: SCRIPTED };
    for (const path of ["/_next/nothing", "/_next/static/chunks/missing.js", "/_next/image?url=%2Fx.png&w=64&q=75"]) {
      const answer = await raw(path);
      expect(answer.status, path).toBe(404);
      expect(answer.headers.get("content-security-policy"), path).toContain(sha("self.__next_f=[]"));
    }
    expect((await raw("/search?q=x", { rsc: "1" })).headers.get("content-security-policy")).toContain(sha("self.__next_f=[]"));
    // Compressed by the upstream: hashed as the browser reads it, and sent compressed.
    upstream = { status: 404, headers: { "content-type": "text/html; charset=utf-8", "content-encoding": "gzip" }, body: "", bytes: gzipSync(SCRIPTED + PAGE) };
    const compressed = await bytes("/_next/nothing", "gzip");
    expect(compressed.encoding).toBe("gzip");
    expect(gunzipSync(compressed.body).toString()).toBe(SENT + PAGE);
    expect((await raw("/_next/nothing")).headers.get("content-security-policy")).toContain(sha("self.__next_f=[]"));
    // Anything else streams through as it was: Next's navigation payloads, its build files.
    upstream = { status: 200, headers: { "content-type": "text/x-component" }, body: "0:{}\n1:[]", chunks: 3 };
    const payload = await raw("/search?q=x", { rsc: "1" });
    expect(payload.text).toBe("0:{}\n1:[]");
    expect(payload.headers.get("content-security-policy")).toBeNull();
    upstream = { status: 200, headers: { "content-type": "application/javascript" }, body: "x()", chunks: 2 };
    expect((await raw("/_next/static/chunks/a.js")).headers.get("content-security-policy")).toBeNull();
  });

  it("leaves the handler's own compression hooked: a streamed payload it gzips arrives whole, and a page it gzips is held with its policy", async () => {
    // A router.refresh()'s payload once never ended: the originals were put back over the wrappers
    // that Next's compression had put on top of the front door's.
    const payload = "0:{}\n".repeat(500);
    upstream = { status: 200, headers: { "content-type": "text/x-component" }, body: payload, chunks: 4, compressing: true };
    const streamed = await bytes("/admin-panel/orders/x?_rsc=1", "gzip", { rsc: "1" });
    expect(streamed.encoding).toBe("gzip");
    expect(gunzipSync(streamed.body).toString()).toBe(payload);
    upstream = { status: 200, headers: { "content-type": "text/html; charset=utf-8", "cache-control": "private, no-store" }, body: SCRIPTED + PAGE, chunks: 3, compressing: true };
    const page = await fetch(`${base}/search?q=x`, { method: "POST", body: "a=1", headers: { "accept-encoding": "gzip" } });
    expect(await page.text()).toBe(SENT + PAGE);
    expect(page.headers.get("content-security-policy")).toContain(sha("self.__next_f=[]"));
  });

  it("marks personal pages no-store even when their shell was prerendered (and never keeps them)", async () => {
    upstream = { ...CACHED_PAGE, body: SCRIPTED };
    for (const path of ["/user-panel/cart", "/admin-panel/all-users", "/success"]) {
      const answer = await raw(path);
      expect(answer.headers.get("cache-control"), path).toBe("private, no-store");
    }
    expect((await raw("/user-panel/cart")).headers.get("x-page-cache")).toBeNull();
  });

  it("leaves other API answers alone (streamed through, no page CSP); catalogue reads are held and compressed", async () => {
    upstream = { status: 200, headers: { "content-type": "application/json" }, body: '{"ok":true}', chunks: 3 };
    const api = await raw("/api/user-details");
    expect(api.text).toBe('{"ok":true}');
    expect(api.headers.get("content-security-policy")).toBeNull();
    expect(reached[0]!.headers["accept-encoding"]).toBe("identity");
    upstream = { status: 200, headers: { "content-type": "application/json" }, body: JSON.stringify({ data: "x".repeat(4000) }), chunks: 3 };
    const catalogue = await bytes("/api/get-product", "gzip");
    expect(catalogue.encoding).toBe("gzip");
    expect(JSON.parse(gunzipSync(catalogue.body).toString()).data).toHaveLength(4000);
    expect(reached[1]!.headers["accept-encoding"]).toBeUndefined();
  });

  it("gates the API before Next: JSON 404, 405 and 400 without reaching the upstream", async () => {
    const unknown = await raw("/api/nowhere");
    expect(unknown.status).toBe(404);
    expect(JSON.parse(unknown.text)).toEqual({ success: false, error: true, message: "There is no API endpoint at /api/nowhere" });
    const wrong = await fetch(`${base}/api/get-product`, { method: "DELETE" });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
    expect((await raw("/api/get-single-product-details/%ED%A0%80")).status).toBe(400);
    expect(reached).toHaveLength(0);
  });

  it("records the socket address for the limits, replacing one a client sent under that name", async () => {
    await raw("/api/get-product", { [PEER_ADDRESS_HEADER]: "203.0.113.66" });
    expect(reached[0]!.headers[PEER_ADDRESS_HEADER]).toMatch(/^(::ffff:)?127\.0\.0\.1$/);
  });

  it("answers a page path that is not valid percent-encoding with the not-found page as a 400", async () => {
    upstream = { status: 404, headers: { "content-type": "text/html" }, body: "<html>not found</html>" };
    const answer = await raw("/product/%ED%A0%80");
    expect(answer.status).toBe(400);
    expect(answer.text).toBe("<html>not found</html>");
    expect(reached[0]!.url).toBe("/__malformed-address");
  });
});

