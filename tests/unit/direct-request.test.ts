// The request the front door gives a direct route's handler (lib/server/front-door/direct-request.ts)
// reads as a real web Request made from the same Node request would.
import { describe, expect, it } from "vitest";
import type { IncomingHttpHeaders } from "node:http";
import { Readable } from "node:stream";
import { directRequest, NodeBody } from "@/lib/server/front-door/direct-request";
import { readRawBody } from "@/lib/server/platform/http";
import { clientAddress } from "@/lib/server/platform/client-address";

// As Node's parser leaves them: lower-case names, repeats joined (cookie with "; "), set-cookie a list.
const NODE_HEADERS: IncomingHttpHeaders = {
  host: "shop.example",
  "content-type": "application/json",
  cookie: "a=1; b=2",
  "x-forwarded-for": "203.0.113.9, 198.51.100.7",
  "accept-encoding": "br, gzip",
};

function webRequest(path: string, method = "GET", body?: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(NODE_HEADERS)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  return new Request(new URL(path, "http://localhost"), { method, headers, body, duplex: "half" } as RequestInit);
}

const stream = (...pieces: string[]) => new NodeBody(Readable.from(pieces.map((piece) => Buffer.from(piece))));

describe("a direct route's request", () => {
  it("has the method, URL and headers a web Request made from the same request has", () => {
    const mine = directRequest("GET", "/api/count-cart-product/42?x=1&y=%20", NODE_HEADERS, null);
    const real = webRequest("/api/count-cart-product/42?x=1&y=%20");
    expect(mine.method).toBe(real.method);
    expect(mine.url).toBe(real.url);
    expect(new URL(mine.url).searchParams.get("y")).toBe(" ");
    for (const name of ["Content-Type", "cookie", "X-Forwarded-For", "accept-encoding", "origin", "host"]) {
      expect([name, mine.headers.get(name), mine.headers.has(name)]).toEqual([name, real.headers.get(name), real.headers.has(name)]);
    }
    expect([...mine.headers.entries()]).toEqual([...real.headers.entries()]);
    expect([...mine.headers]).toEqual([...real.headers]);
    expect([...mine.headers.values()]).toEqual([...real.headers.values()]);
    const seen: [string, string][] = [];
    mine.headers.forEach((value, name) => seen.push([name, value]));
    expect(seen).toEqual([...real.headers.entries()]);
    const cookies = directRequest("GET", "/", { ...NODE_HEADERS, "set-cookie": ["x=1", "y=2"] }, null);
    expect(cookies.headers.getSetCookie()).toEqual(["x=1", "y=2"]);
    expect(mine.headers.getSetCookie()).toEqual([]);
    // Names that are no header, though every object has them.
    for (const name of ["constructor", "toString", "__proto__", "hasOwnProperty"]) expect([name, mine.headers.get(name), mine.headers.has(name)]).toEqual([name, null, false]);
  });

  it("keeps a path that looks like another host on the fixed origin", () => {
    expect(new URL(directRequest("GET", "//evil.example/api/user-details", NODE_HEADERS, null).url).host).toBe("localhost");
  });

  it("reads its body as JSON or text, once", async () => {
    const mine = directRequest("POST", "/api/add-to-cart", NODE_HEADERS, stream('{"productId":"p1"}'));
    expect(mine.bodyUsed).toBe(false);
    expect(await mine.json()).toEqual({ productId: "p1" });
    expect(mine.bodyUsed).toBe(true);
    expect(await directRequest("POST", "/x", NODE_HEADERS, stream("pla", "in")).text()).toBe("plain");
    const streamed = directRequest("POST", "/x", NODE_HEADERS, stream("a", "b"));
    expect(streamed.body).toBe(streamed.body); // one stream, as a Request has
  });

  it("gives readRawBody its body in one piece, and refuses it once past the cap", async () => {
    const body = '{"productId":"p1","quantity":2}';
    const mine = directRequest("POST", "/api/update-cart-quantity", NODE_HEADERS, stream(body.slice(0, 10), body.slice(10)));
    expect((await readRawBody(mine, 1024)).toString()).toBe(body);
    expect(mine.bodyUsed).toBe(true);
    await expect(mine.text()).rejects.toThrow(TypeError); // read once, as a Request's body
    // No Content-Length: the cap is met while reading (a 413, nothing more read).
    const big = directRequest("POST", "/x", NODE_HEADERS, stream("x".repeat(600), "y".repeat(600), "z".repeat(600)));
    await expect(readRawBody(big, 1000)).rejects.toMatchObject({ status: 413 });
    expect((await readRawBody(directRequest("POST", "/x", NODE_HEADERS, stream("x".repeat(1000))), 1000)).length).toBe(1000);
    // As a real Request's body reads.
    const real = webRequest("/x", "POST", body);
    expect((await readRawBody(real, 1024)).toString()).toBe(body);
  });

  it("rejects a body whose client went away before it ended", async () => {
    const source = new Readable({ read() {} });
    const reading = readRawBody(directRequest("POST", "/x", NODE_HEADERS, new NodeBody(source)), 1000);
    source.push(Buffer.from("{"));
    source.destroy();
    await expect(reading).rejects.toThrow();
  });

  it("has headers that cannot be changed, a signal that never aborts, and a client address read from it", () => {
    const mine = directRequest("GET", "/api/user-details", NODE_HEADERS, null);
    expect(() => mine.headers.set("cookie", "c=3")).toThrow(TypeError);
    expect(() => mine.headers.append("x", "1")).toThrow(TypeError);
    expect(() => mine.headers.delete("cookie")).toThrow(TypeError);
    expect(mine.signal.aborted).toBe(false);
    expect(clientAddress(mine.headers, 1)).toBe(clientAddress(webRequest("/").headers, 1));
  });
});
