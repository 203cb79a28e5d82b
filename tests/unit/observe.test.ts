// What server/serve.ts wraps around every request (lib/server/front-door/observe.ts): the request
// id, the request's log line, the metrics and GET /metrics behind its token; the route patterns
// the metrics count by (route-label.ts); the logger's request context and error fields (log.ts).
import { readdirSync, statSync } from "node:fs";
import { createServer, type Server, type ServerResponse } from "node:http";
import path from "node:path";
import { Writable } from "node:stream";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_ROUTES } from "@/lib/api-routes";
import { bearerMatches, flushObserved, observe, ObservedResponse, requestLine } from "@/lib/server/front-door/observe";
import { FIXED_LABELS, routeLabeller } from "@/lib/server/front-door/route-label";
import { createLogger, errorFields, isoTime } from "@/lib/server/platform/log";
import { markCache, requestIdFor, runInRequest, currentRequest } from "@/lib/server/platform/request-context";
import { readConfig } from "@/lib/server/platform/config";
import { close, listen } from "./test-server";

/** The app's routes as the build lists them (app-path-routes-manifest.json), from the app directory. */
function appRoutes(dir = path.resolve("app"), prefix = ""): string[] {
  const found: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) found.push(...appRoutes(full, `${prefix}/${name}`));
    else if (/^(page|route)\.tsx?$/.test(name)) found.push(prefix || "/");
    else if (name === "robots.ts") found.push(`${prefix}/robots.txt`);
    else if (name === "icon.svg") found.push(`${prefix}/icon.svg`);
  }
  return found;
}

const ROUTES = appRoutes();
const label = routeLabeller(ROUTES);
const ALLOWED = new Set<string>([...FIXED_LABELS, ...API_ROUTES.map((route) => route.path), ...ROUTES, "/category-product", "/search"]);

describe("route patterns (the metrics' route label)", () => {
  it.each([
    ["/", "/"],
    ["/product/0196e8a1-aaaa-7bbb-8ccc-123456789abc", "/product/[id]"],
    ["/category-product/eyJjIjpbIm1vYmlsZXMiXX0", "/category-product/[view]"],
    ["/category-product", "/category-product"],
    ["/search", "/search"],
    ["/search/qcGhvbmU", "/search/[key]"],
    ["/admin-panel/orders/0196e8a1-aaaa-7bbb-8ccc-123456789abc", "/admin-panel/orders/[id]"],
    ["/admin-panel/orders", "/admin-panel/orders"],
    ["/user-panel/cart", "/user-panel/cart"],
    ["/robots.txt", "/robots.txt"],
    ["/sitemaps/3.xml", "/sitemaps/[file]"],
    ["/api/get-single-product-details/abc", "/api/get-single-product-details/:id"],
    ["/api/count-cart-product/abc", "/api/count-cart-product/:userId"],
    ["/api/auth/session", "/api/auth/*"],
    ["/api/signin", "/api/signin"],
    ["/api/no-such-thing/1", "/api/*"],
    ["/api/%E0%A4%A", "/api/*"],
    ["/_next/static/chunks/abc123.js", "/_next/static/*"],
    ["/_next/image", "/_next/*"],
    ["/metrics", "/metrics"],
    ["/product/a/b", "other"],
    ["/wp-login.php", "other"],
    ["/product/", "other"],
  ])("%s is counted as %s", (path, expected) => {
    expect(label(path)).toBe(expected);
  });

  it("never makes a label of a raw path (fuzz)", () => {
    const pieces = ["product", "api", "search", "category-product", "_next", "static", "user-panel", "admin-panel", "orders", "get-product", "..", "%2F", "x".repeat(40), "", "metrics", "auth", "sitemaps", "?q=1"];
    let seed = 28;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const seen = new Set<string>();
    for (let i = 0; i < 5000; i += 1) {
      const length = 1 + Math.floor(random() * 5);
      const segments = Array.from({ length }, () => (random() < 0.2 ? Math.random().toString(36).slice(2) : pieces[Math.floor(random() * pieces.length)]!));
      const result = label(`/${segments.join("/")}`);
      expect(ALLOWED.has(result), `${segments.join("/")} → ${result}`).toBe(true);
      seen.add(result);
    }
    // A bounded set of series, whatever the paths.
    expect(seen.size).toBeLessThanOrEqual(ALLOWED.size);
  });
});

describe("request ids", () => {
  it("takes a trusted proxy's sane X-Request-Id, and makes one otherwise", () => {
    expect(requestIdFor("abc-123.x:y_z", 1)).toBe("abc-123.x:y_z");
    const made = requestIdFor("abc-123", 0);
    expect(made).not.toBe("abc-123");
    expect(made).toMatch(/^[0-9a-f-]{36}$/);
    for (const bad of ["a b", "x".repeat(129), "<script>", "a\nb", "", "ü"]) expect(requestIdFor(bad, 1)).not.toBe(bad);
    expect(requestIdFor(["a", "b"], 1)).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe("the logger", () => {
  function captured() {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString("utf8")) as Record<string, unknown>);
        done();
      },
    });
    return { lines, logger: createLogger(stream, "info") };
  }

  it("stamps every line written inside a request with its id, and none outside", async () => {
    const { lines, logger } = captured();
    logger.info("outside");
    await runInRequest({ id: "req-1" }, async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      logger.info({ orderId: "o1" }, "inside");
      await Promise.resolve().then(() => logger.warn("later"));
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines.map((line) => [line.msg, line.requestId])).toEqual([
      ["outside", undefined],
      ["inside", "req-1"],
      ["later", "req-1"],
    ]);
    expect(lines[1]).toMatchObject({ level: "info", orderId: "o1" });
    expect(typeof lines[1]!.time).toBe("string");
  });

  it("writes the request's line by hand exactly as pino would write it, field for field and in order", async () => {
    const raw: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        raw.push(chunk.toString("utf8"));
        done();
      },
    });
    const logger = createLogger(stream, "debug");
    const cases = [
      { requestId: "req-1", method: "GET", path: "/product/abc", route: "/product/[id]", status: 200, ms: 0.3, bytes: 10223, cache: "hit" },
      { requestId: "req-2", method: "POST", path: '/odd "path"\\ é\u0001', route: "other", status: 404, ms: 12, bytes: 0, cache: "bypass", aborted: true, userId: "0196e8a1-aaaa-7bbb-8ccc-123456789abc" },
    ];
    for (const fields of cases) {
      const { aborted, userId, ...rest } = fields as typeof fields & { aborted?: boolean; userId?: string };
      // As observe.ts wrote it with pino: inside the request (its id from the context), the optional fields last.
      runInRequest({ id: fields.requestId }, () => logger.info({ ...rest, ...(aborted ? { aborted } : {}), ...(userId ? { userId } : {}) }, "request"));
      const byPino = raw.at(-1)!;
      const time = Date.parse((JSON.parse(byPino) as { time: string }).time);
      expect(requestLine("info", time, fields)).toBe(byPino);
    }
    runInRequest({ id: "req-3" }, () => logger.debug({ ...cases[0], requestId: "req-3" }, "request"));
    expect(requestLine("debug", Date.parse((JSON.parse(raw.at(-1)!) as { time: string }).time), { ...cases[0]!, requestId: "req-3" })).toBe(raw.at(-1));
  });

  it("logs an error's type, message, code and stack (and its cause), not its other fields", () => {
    const { lines, logger } = captured();
    const error = Object.assign(new Error("boom", { cause: new TypeError("inner") }), { code: "E1", raw: { card: "4242424242424242" }, headers: { authorization: "Bearer sk_test_x" } });
    logger.error({ err: error }, "failed");
    const err = lines[0]!.err as Record<string, unknown>;
    expect(err).toMatchObject({ type: "Error", message: "boom", code: "E1" });
    expect(String(err.stack)).toContain("observe.test.ts");
    expect((err.cause as Record<string, unknown>).message).toBe("inner");
    expect(JSON.stringify(lines)).not.toMatch(/4242|sk_test_x/);
    expect(errorFields("plain")).toEqual({ message: "plain" });
  });

  it("keeps a Prisma error's first line only: the rest prints the call's arguments", () => {
    const error = new Error("\nInvalid `prisma.user.create()` invocation:\n\n{\n  data: {\n    passwordHash: \"$argon2id$secret-hash\",\n    otp: \"493817\"\n  }\n}\n\nUnknown argument `otp`.");
    error.name = "PrismaClientValidationError";
    const fields = errorFields(error);
    expect(fields.message).toBe("Invalid `prisma.user.create()` invocation:");
    expect(String(fields.stack)).toMatch(/^PrismaClientValidationError: Invalid `prisma\.user\.create\(\)` invocation:\n\s+at /);
    expect(JSON.stringify(fields)).not.toMatch(/secret-hash|493817/);
  });

});

describe("configuration", () => {
  it("checks LOG_LEVEL and METRICS_TOKEN", () => {
    expect(() => readConfig({ NODE_ENV: "development", LOG_LEVEL: "verbose" })).toThrow(/LOG_LEVEL must be one of trace, debug, info, warn, error, fatal, silent/);
    expect(() => readConfig({ NODE_ENV: "development", METRICS_TOKEN: "short" })).toThrow(/METRICS_TOKEN must be 16 to 256/);
    expect(() => readConfig({ NODE_ENV: "development", METRICS_TOKEN: "has a space in it ok" })).toThrow(/METRICS_TOKEN/);
    expect(readConfig({ NODE_ENV: "development", LOG_LEVEL: "debug", METRICS_TOKEN: "a".repeat(16) }).metricsToken).toBe("a".repeat(16));
    expect(readConfig({ NODE_ENV: "development" }).metricsToken).toBeUndefined();
  });

  it("compares the bearer token whole", () => {
    const token = "t".repeat(20);
    expect(bearerMatches(`Bearer ${token}`, token)).toBe(true);
    expect(bearerMatches(`bearer ${token}`, token)).toBe(true);
    for (const header of [undefined, "", token, `Bearer ${token}x`, `Bearer ${token.slice(1)}`, `Basic ${token}`, "Bearer "]) expect(bearerMatches(header, token)).toBe(false);
  });
});

describe("isoTime", () => {
  it("writes every time as Date's ISO text, in order or not, the same millisecond twice or a new second", () => {
    const times = [0, 1, 9, 10, 99, 100, 999, 1000, 1001, Date.UTC(2026, 10, 26, 23, 59, 59, 999), Date.UTC(2026, 10, 27), Date.UTC(2026, 10, 27), 253_402_300_799_999, 253_402_300_800_000, -1, 1.5, Date.now()];
    for (let i = 0; i < 2000; i++) times.push(Math.floor(Math.random() * 4_102_444_800_000));
    for (let at = Date.UTC(2026, 0, 1, 0, 0, 58, 990); at < Date.UTC(2026, 0, 1, 0, 1, 0, 20); at += 1) times.push(at);
    for (const ms of times) expect(isoTime(ms), String(ms)).toBe(new Date(ms).toISOString());
  });
});

let slowArrived: (() => void) | undefined;

describe("ObservedResponse: the request id added when the headers are written", () => {
  const PAGE_HEADERS = ["content-type", "text/html; charset=utf-8", "etag", '"abc"', "x-multi", ["1", "2"]];
  /** Each way a handler (Next, the front door, the page cache) writes an answer's headers. */
  const WRITERS: Record<string, (response: ServerResponse) => void> = {
    "a flat list (the page cache's)": (response) => response.writeHead(200, PAGE_HEADERS).end("page"),
    "a flat list with a reason": (response) => response.writeHead(200, "Fine", PAGE_HEADERS).end("page"),
    "a flat list after an undefined reason": (response) => response.writeHead(200, undefined, PAGE_HEADERS).end("page"),
    "an object": (response) => response.writeHead(201, { "content-type": "text/plain" }).end("made"),
    "setHeader, then an object": (response) => {
      response.setHeader("cache-control", "no-store");
      response.writeHead(200, { "content-type": "text/plain" }).end("ok");
    },
    "setHeader, then a flat list": (response) => {
      response.setHeader("cache-control", "no-store");
      response.writeHead(200, PAGE_HEADERS).end("page");
    },
    "[name, value] pairs": (response) => response.writeHead(200, [["content-type", "text/plain"]] as unknown as string[]).end("ok"),
    "no writeHead (implicit headers)": (response) => {
      response.statusCode = 404;
      response.setHeader("content-type", "text/plain");
      response.end("missing");
    },
    "write, then end": (response) => {
      response.write("part ");
      response.end("two");
    },
    "writeHead with no headers": (response) => response.writeHead(204).end(),
    // Answers nothing: its client gives up once it is here (slowArrived).
    "too slow for its client": () => slowArrived?.(),
  };
  let server: Server;
  let base: string;
  const ids: string[] = [];
  const written: string[] = [];
  /** The request's log line, once its batch is written. */
  const lineOf = async (id: string) => {
    for (let i = 0; i < 100; i++) {
      const line = written.join("").split("\n").find((text) => text.includes(`"requestId":"${id}"`));
      if (line) return JSON.parse(line) as Record<string, unknown>;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`no log line for ${id}`);
  };

  beforeAll(async () => {
    server = createServer(
      { ServerResponse: ObservedResponse },
      observe({
        trustedProxyHops: 0,
        metricsToken: undefined,
        routeLabel: label,
        writeLines: (text) => written.push(text),
        handler: (request, response) => {
          ids.push(currentRequest()!.id);
          WRITERS[decodeURIComponent(request.url!.slice(1))]!(response);
        },
      }),
    );
    base = await listen(server);
  });
  afterAll(() => close(server));

  for (const name of Object.keys(WRITERS).filter((name) => name !== "too slow for its client")) {
    it(`sends X-Request-Id once, with the handler's headers, for ${name}`, async () => {
      const answer = await fetch(`${base}/${encodeURIComponent(name)}`);
      await answer.arrayBuffer();
      expect(answer.headers.get("x-request-id")).toBe(ids.at(-1));
      if (name.includes("flat list")) {
        expect(answer.headers.get("etag")).toBe('"abc"');
        expect(answer.headers.get("x-multi")).toBe("1, 2");
      }
      if (name.startsWith("setHeader")) expect(answer.headers.get("cache-control")).toBe("no-store");
    });
  }

  it("counts the body bytes written, by write and by end, for the log line", async () => {
    const bytesOf = async (name: string) => {
      const answer = await fetch(`${base}/${encodeURIComponent(name)}`);
      await answer.arrayBuffer();
      return (await lineOf(answer.headers.get("x-request-id")!)).bytes;
    };
    expect(await bytesOf("write, then end")).toBe("part two".length);
    expect(await bytesOf("a flat list (the page cache's)")).toBe("page".length);
    expect(await bytesOf("writeHead with no headers")).toBe(0);
  });

  it("writes the line of a request its client gave up on, marked aborted", async () => {
    const arrived = new Promise<void>((resolve) => (slowArrived = resolve));
    const giveUp = new AbortController();
    const asked = fetch(`${base}/${encodeURIComponent("too slow for its client")}`, { signal: giveUp.signal });
    await arrived;
    giveUp.abort();
    await expect(asked).rejects.toThrow();
    expect(await lineOf(ids.at(-1)!)).toMatchObject({ path: "/too%20slow%20for%20its%20client", aborted: true });
  });

  it("never adds it to a caller's list (the page cache sends the same one to everyone)", async () => {
    const before = [...PAGE_HEADERS];
    await (await fetch(`${base}/${encodeURIComponent("a flat list (the page cache's)")}`)).arrayBuffer();
    expect(PAGE_HEADERS).toEqual(before);
  });
});

describe("observe (over real HTTP)", () => {
  const TOKEN = "metrics-token-for-tests-0123";
  let server: Server;
  let base: string;
  const seen: { id: string | undefined; context: string | undefined }[] = [];

  beforeAll(async () => {
    server = createServer(
      observe({
        trustedProxyHops: 0,
        metricsToken: TOKEN,
        routeLabel: label,
        handler: (request, response) => {
          seen.push({ id: request.headers["x-request-id"] as string | undefined, context: currentRequest()?.id });
          if (request.url === "/") markCache("hit", "page");
          // The unknown-path answer (Next's not-found page in the store).
          const found = request.url === "/" || request.url?.startsWith("/product/");
          setTimeout(() => response.writeHead(found ? 200 : 404, { "content-type": "text/plain" }).end(found ? "page" : "This page could not be found."), 2);
        },
      }),
    );
    base = await listen(server);
  });
  afterAll(() => close(server));

  it("gives every answer an id, the handler's request context the same one, and ignores a client's own without a trusted proxy", async () => {
    const answer = await fetch(`${base}/product/abc?secret=1`, { headers: { "x-request-id": "chosen-by-client" } });
    const id = answer.headers.get("x-request-id");
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(seen.at(-1)).toEqual({ id, context: id });
  });

  it("answers /metrics with a 404 like an unknown path without the token, with a wrong one, or when none is set", async () => {
    const unknown = await fetch(`${base}/no-such-page`);
    const unknownBody = await unknown.text();
    for (const headers of [{} as Record<string, string>, { authorization: "Bearer wrong-token-wrong-token" }, { authorization: `Bearer ${TOKEN}x` }, { authorization: TOKEN }]) {
      const answer = await fetch(`${base}/metrics`, { headers });
      expect(answer.status).toBe(404);
      expect(await answer.text()).toBe(unknownBody);
      expect(answer.headers.get("content-type")).toBe(unknown.headers.get("content-type"));
    }
    const off = createServer(observe({ trustedProxyHops: 0, metricsToken: undefined, routeLabel: label, handler: (_request, response) => response.writeHead(404).end("nope") }));
    const offBase = await listen(off);
    try {
      expect((await fetch(`${offBase}/metrics`, { headers: { authorization: "Bearer " } })).status).toBe(404);
    } finally {
      await close(off);
    }
  });

  it("counts requests by route pattern and status class, and the page cache's outcome", async () => {
    await fetch(`${base}/`);
    await fetch(`${base}/product/some-id-1`);
    await fetch(`${base}/product/some-id-2?x=1`);
    const answer = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await answer.text();
    expect(text).toMatch(/volt_http_requests_total\{route="\/product\/\[id\]",method="GET",status="2xx"\} [3-9]/);
    expect(text).toMatch(/volt_http_requests_total\{route="other",method="GET",status="4xx"\} \d/);
    expect(text).toMatch(/volt_http_request_duration_seconds_bucket\{le="0.005",route="\/",method="GET",status="2xx"\}/);
    expect(text).toMatch(/volt_page_cache_requests_total\{kind="page",outcome="hit"\} [1-9]/);
    expect(text).toMatch(/nodejs_eventloop_lag_seconds/);
    expect(text).toMatch(/process_resident_memory_bytes/);
    expect(text).not.toMatch(/some-id|no-such-page|secret/);
  });

  it("writes one line per request, those finished together in one write, with the user the handler found or the cookie names", async () => {
    const writes: { text: string; level: string }[] = [];
    const together: ServerResponse[] = [];
    const logged = createServer(
      observe({
        trustedProxyHops: 0,
        metricsToken: undefined,
        routeLabel: label,
        userOf: async (request) => (request.headers.cookie === "session=u2" ? "u2" : null),
        writeLines: (text, level) => writes.push({ text, level }),
        handler: (request, response) => {
          if (request.url === "/signed-in") currentRequest()!.userId = "u1";
          if (request.url === "/") markCache("hit", "page");
          if (request.url?.startsWith("/together/")) {
            // Answered at once when all three have arrived: they finish in the same turn.
            together.push(response);
            if (together.length === 3) for (const waiting of together) waiting.writeHead(200, { "content-type": "text/plain" }).end("ok");
            return;
          }
          response.writeHead(200, { "content-type": "text/plain" }).end("ok");
        },
      }),
    );
    const loggedBase = await listen(logged);
    try {
      const ids = await Promise.all(["/", "/product/a?secret=1", "/signed-in", "/api/health"].map(async (path) => (await fetch(`${loggedBase}${path}`)).headers.get("x-request-id")));
      await fetch(`${loggedBase}/cookie`, { headers: { cookie: "session=u2" } });
      await new Promise((resolve) => setTimeout(resolve, 20));
      const lines = writes.flatMap(({ text }) => text.split("\n").filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>));
      // The probe's line is left out at info; every other request has exactly one.
      expect(lines.map((line) => line.path).sort()).toEqual(["/", "/cookie", "/product/a", "/signed-in"]);
      expect(lines.find((line) => line.path === "/")).toMatchObject({ msg: "request", level: "info", requestId: ids[0], method: "GET", route: "/", status: 200, bytes: 2, cache: "hit" });
      expect(lines.find((line) => line.path === "/signed-in")!.userId).toBe("u1");
      expect(lines.find((line) => line.path === "/cookie")!.userId).toBe("u2");
      expect(lines.find((line) => line.path === "/product/a")!.userId).toBeUndefined();
      expect(JSON.stringify(lines)).not.toMatch(/secret/);
      expect(writes.every(({ level, text }) => level === "info" && text.endsWith("\n"))).toBe(true);
      // Requests finished in the same turn of the event loop share a write.
      writes.length = 0;
      await Promise.all([1, 2, 3].map((n) => fetch(`${loggedBase}/together/${n}`)));
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(writes).toHaveLength(1);
      expect(writes[0]!.text.match(/"path":"\/together\/\d"/g)).toHaveLength(3);
    } finally {
      await close(logged);
    }
  });

  it("counts a finished request before the scrape that follows it (flushObserved)", async () => {
    await fetch(`${base}/product/flushed`);
    flushObserved();
    const text = await (await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).text();
    expect(text).toMatch(/volt_http_requests_total\{route="\/product\/\[id\]",method="GET",status="2xx"\} [1-9]/);
  });

  it("reports the heap's live set after a full collection (volt_heap_live_bytes), and a larger one while more is kept", async () => {
    // The test process's own collector, reachable through V8's flag (vitest runs without --expose-gc).
    setFlagsFromString("--expose-gc");
    const collect = runInNewContext("gc") as () => void;
    const live = async () => {
      collect();
      await new Promise((resolve) => setTimeout(resolve, 20)); // the gc observer's entries arrive on a later turn
      const text = await (await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).text();
      return Number(/^volt_heap_live_bytes (\d+)$/m.exec(text)?.[1]);
    };
    const before = await live();
    expect(before).toBeGreaterThan(1_000_000);
    const kept = Array.from({ length: 200 }, (_, i) => new Array<number>(10_000).fill(i)); // about 16 MB of doubles
    const during = await live();
    expect(during - before).toBeGreaterThan(10_000_000);
    expect(kept.length).toBe(200);
  });
});
