// The front door's two ways around Next for signed-in traffic (lib/server/front-door/front-door.ts): the
// `direct` routes, whose handlers it calls itself, and the signed-in page shells it keeps.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { close, listen } from "./test-server";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { API_ROUTES, findApiRoute, routeParams, type ApiRoute } from "@/lib/api-routes";
import { frontDoor, type DirectHandler } from "@/lib/server/front-door/front-door";
import { HttpError, readRawBody } from "@/lib/server/platform/http";
import { PageCache } from "@/lib/server/front-door/page-cache";

const SHELL = `<!DOCTYPE html><html><head><script>self.__next_f=[]</script></head><body>${"<div>cart</div>".repeat(200)}</body></html>`;

let reached: string[] = [];
let calls: { method: string; url: string; params: Record<string, string>; body: string; cookie: string | null }[] = [];
let signedIn = true;
const cache = new PageCache({ maxSeconds: 60, maxBytes: 512 * 1024 });
let server: Server;
let base: string;

/** A stand-in handler: echoes what it was given, sets two cookies, and answers the way handle() does. */
const echo: DirectHandler = async (request, context) => {
  const params = await context.params;
  // ?unread: refused before the body is read, as a handler refusing an anonymous caller is.
  if (request.url.endsWith("?capped")) {
    try {
      await readRawBody(request, 1000);
    } catch (error) {
      return new Response(JSON.stringify({ message: (error as Error).message }), { status: (error as HttpError).status, headers: { "content-type": "application/json" } });
    }
  }
  const body = request.method === "GET" || request.url.endsWith("?unread") ? "" : await request.text();
  calls.push({ method: request.method, url: request.url, params, body, cookie: request.headers.get("cookie") });
  const headers = new Headers({ "content-type": "application/json", "cache-control": "no-store" });
  headers.append("set-cookie", "a=1; Path=/");
  headers.append("set-cookie", "b=2; Path=/");
  return new Response(JSON.stringify({ success: true, params, body, padding: "x".repeat(2000) }), { status: request.method === "POST" ? 201 : 200, headers });
};

beforeAll(async () => {
  const upstream = (request: IncomingMessage, response: ServerResponse) => {
    reached.push(`${request.method} ${request.url}`);
    response.writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "s-maxage=31536000" }).end(SHELL);
  };
  server = createServer(
    frontDoor({
      cache,
      upstream,
      policy: () => "script-src 'self'",
      signedIn: async () => signedIn,
      direct: {
        handler: (route: ApiRoute, method: string) => (route.direct && (method === "GET" || method === "POST") ? echo : undefined),
        configHeaders: (path): Record<string, string> => (path.startsWith("/api/") ? { "x-content-type-options": "nosniff", "content-security-policy": "default-src 'none'" } : {}),
      },
    }),
  );
  base = await listen(server);
});

afterAll(async () => {
  cache.close();
  await close(server);
});

beforeEach(() => {
  cache.clear();
  reached = [];
  calls = [];
  signedIn = true;
});

describe("direct routes", () => {
  it("are exactly the signed-in reads and cart/wishlist writes, and the probes, and their params are read as Next reads them", () => {
    expect(API_ROUTES.filter((route) => route.direct).map((route) => route.path)).toEqual([
      "/api/user-details", "/api/add-to-cart", "/api/count-cart-product/:userId", "/api/update-cart-quantity",
      "/api/delete-cart-product", "/api/add-to-wishlist", "/api/get-wishlist", "/api/get-wishlist-count",
      "/api/delete-wishlist-product", "/api/get-order-details", "/api/health", "/api/ready",
    ]);
    expect(routeParams(findApiRoute("/api/count-cart-product/abc")!, "/api/count-cart-product/abc")).toEqual({ userId: "abc" });
    expect(routeParams(findApiRoute("/api/count-cart-product/a b/")!, "/api/count-cart-product/a b/")).toEqual({ userId: "a b" });
  });

  it("call the handler without Next: query, decoded params, cookies in; status, every Set-Cookie and Next's config headers out", async () => {
    const answer = await fetch(`${base}/api/count-cart-product/u-s?x=1`, { headers: { cookie: "s=abc", "accept-encoding": "identity" } });
    expect(answer.status).toBe(200);
    expect(reached).toEqual([]);
    expect(calls).toEqual([{ method: "GET", url: "http://localhost/api/count-cart-product/u-s?x=1", params: { userId: "u-s" }, body: "", cookie: "s=abc" }]);
    expect(answer.headers.getSetCookie()).toEqual(["a=1; Path=/", "b=2; Path=/"]);
    expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
    expect(answer.headers.get("content-security-policy")).toBe("default-src 'none'");
    expect(answer.headers.get("cache-control")).toBe("no-store");
    expect((await answer.json()).params).toEqual({ userId: "u-s" });
  });

  it("stream a POST body to the handler and compress the answer like every other", async () => {
    const { request } = await import("node:http");
    const { status, encoding, body } = await new Promise<{ status: number; encoding: string | undefined; body: Buffer }>((resolve, reject) => {
      const sent = request(`${base}/api/add-to-cart`, { method: "POST", headers: { "content-type": "application/json", "accept-encoding": "gzip" } }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ status: response.statusCode!, encoding: response.headers["content-encoding"] as string | undefined, body: Buffer.concat(chunks) }));
      });
      sent.on("error", reject);
      sent.write('{"productId":');
      sent.end('"p1"}');
    });
    expect(status).toBe(201);
    expect(encoding).toBe("gzip");
    expect(JSON.parse(gunzipSync(body).toString()).body).toBe('{"productId":"p1"}');
    expect(reached).toEqual([]);
  });

  it("drop a body the handler did not read, so the next request on the same connection is answered", async () => {
    const { Agent, request } = await import("node:http");
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const send = (path: string, body?: Buffer) =>
      new Promise<number>((resolve, reject) => {
        // Chunked: a declared length past the route's cap is refused by the gate before any handler.
        const sent = request(`${base}${path}`, { method: body ? "POST" : "GET", agent, headers: body ? { "content-type": "application/json", "transfer-encoding": "chunked" } : {} }, (response) => {
          response.resume();
          response.on("end", () => resolve(response.statusCode!));
        });
        sent.on("error", reject);
        sent.end(body);
      });
    expect(await send("/api/add-to-cart?unread", Buffer.alloc(3_000_000, 32))).toBe(201);
    expect(await send("/api/get-wishlist-count")).toBe(200);
    agent.destroy();
    expect(calls.map((call) => call.url.replace("http://localhost", ""))).toEqual(["/api/add-to-cart?unread", "/api/get-wishlist-count"]);
  });

  it("keep the gate's CORS headers (and their Vary) on a compressed answer, and take the URL's origin from no Host header", async () => {
    process.env.ALLOWED_ORIGINS = "https://app.example";
    try {
      const { request } = await import("node:http");
      const headers = await new Promise<Record<string, unknown>>((resolve, reject) => {
        request(`${base}/api/get-wishlist`, { headers: { origin: "https://app.example", "accept-encoding": "gzip", host: "user@evil.example" } }, (response) => {
          response.resume();
          resolve(response.headers);
        })
          .on("error", reject)
          .end();
      });
      expect(headers["access-control-allow-origin"]).toBe("https://app.example");
      expect(headers["content-encoding"]).toBe("gzip");
      expect(headers.vary).toBe("Origin, Accept-Encoding");
      expect(calls[0]!.url).toMatch(/^http:\/\/localhost\/api\/get-wishlist$/);
    } finally {
      delete process.env.ALLOWED_ORIGINS;
    }
  });

  it("answer only the route's own address: a trailing slash goes to Next, an escaped letter is sent to the real address", async () => {
    await fetch(`${base}/api/user-details/`);
    const escaped = await fetch(`${base}/api/user%2Ddetails`, { redirect: "manual" });
    expect(escaped.status).toBe(308);
    expect(escaped.headers.get("location")).toBe("/api/user-details");
    expect(calls).toEqual([]);
    expect(reached).toEqual(["GET /api/user-details/"]);
  });

  it("answer a chunked body that grows past the handler's limit with its 413, and keep the connection", async () => {
    const { Agent, request } = await import("node:http");
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const answer = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const sent = request(`${base}/api/add-to-cart?capped`, { method: "POST", agent, headers: { "content-type": "application/json", "transfer-encoding": "chunked" } }, (response) => {
        let text = "";
        response.on("data", (chunk: Buffer) => (text += chunk.toString()));
        response.on("end", () => resolve({ status: response.statusCode!, text }));
      });
      sent.on("error", reject);
      for (let i = 0; i < 40; i++) sent.write("x".repeat(1000));
      sent.end();
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.text).message).toBe("The request body must be at most 1000 bytes");
    const next = await new Promise<number>((resolve, reject) => {
      request(`${base}/api/get-wishlist-count`, { agent }, (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode!));
      })
        .on("error", reject)
        .end();
    });
    expect(next).toBe(200);
    agent.destroy();
  });

  it("leave other methods and other routes to Next, and still gate unknown paths first", async () => {
    await fetch(`${base}/api/user-details`, { method: "HEAD" });
    await fetch(`${base}/api/checkout`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    expect(reached).toEqual(["HEAD /api/user-details", "POST /api/checkout"]);
    expect((await fetch(`${base}/api/user-details/extra`)).status).toBe(404);
    expect((await fetch(`${base}/api/user-details`, { method: "DELETE" })).status).toBe(405);
    expect(calls).toEqual([]);
  });
});

describe("signed-in page shells", () => {
  it("are kept for signed-in requests and served private, without Next", async () => {
    const first = await fetch(`${base}/user-panel/cart`);
    expect(first.headers.get("cache-control")).toBe("private, no-store");
    expect(first.headers.get("x-page-cache")).toBeNull();
    const second = await fetch(`${base}/user-panel/cart?from=menu`);
    expect(second.headers.get("x-page-cache")).toBe("HIT");
    expect(second.headers.get("cache-control")).toBe("private, no-store");
    expect(second.headers.get("content-security-policy")).toBe("script-src 'self'");
    expect(await second.text()).toBe(SHELL);
    expect(reached).toEqual(["GET /user-panel/cart"]);
  });

  it("go to Next (and proxy.ts's redirect) for a request whose session cookie does not decode, which never fills the cache", async () => {
    signedIn = false;
    await fetch(`${base}/user-panel/wishlist`);
    await fetch(`${base}/user-panel/wishlist`);
    expect(reached).toEqual(["GET /user-panel/wishlist", "GET /user-panel/wishlist"]);
    signedIn = true;
    expect((await fetch(`${base}/user-panel/wishlist`)).headers.get("x-page-cache")).toBeNull();
    // A kept shell is still not given to a visitor who is not signed in.
    signedIn = false;
    expect((await fetch(`${base}/user-panel/wishlist`)).headers.get("x-page-cache")).toBeNull();
    expect(reached).toHaveLength(4);
  });

  it("are only the shopper's pages: the admin panel and other personal pages are never kept", async () => {
    for (const path of ["/admin-panel/all-users", "/admin-panel/all-users", "/success", "/success", "/user-panel/cart/x", "/user-panel/cart/x"]) await fetch(`${base}${path}`);
    expect(reached).toHaveLength(6);
  });
});
