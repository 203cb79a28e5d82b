// The build's hashed files, compressed by `npm run build` and served by the front door from memory
// (lib/server/front-door/static-files.ts): the build step, the encoding choice, and the answers
// over real HTTP through frontDoor().
import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from "node:http";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { frontDoor } from "@/lib/server/front-door/front-door";
import { chooseEncoding } from "@/lib/server/front-door/negotiation";
import { compressStaticFiles, COMPRESSED_DIR, StaticFiles, type StaticManifest } from "@/lib/server/front-door/static-files";
import { close, listen } from "./test-server";

const SCRIPT = `/* a chunk */\n${Array.from({ length: 400 }, (_, i) => `export function f${i}(a){return a*${i}+"${"x".repeat(i % 17)}";}`).join("\n")}`;
const STYLES = `.a{color:red}\n`.repeat(300);
const FONT = randomBytes(3000);
const BUILD_ID = "build-1";

/** A stand-in for Next's `.next`: BUILD_ID and a few static files. */
function makeBuild(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "static-files-"));
  mkdirSync(path.join(dir, "static/chunks"), { recursive: true });
  mkdirSync(path.join(dir, "static/media"), { recursive: true });
  mkdirSync(path.join(dir, `static/${BUILD_ID}`), { recursive: true });
  writeFileSync(path.join(dir, "BUILD_ID"), BUILD_ID);
  writeFileSync(path.join(dir, "static/chunks/main.js"), SCRIPT);
  writeFileSync(path.join(dir, "static/chunks/styles.css"), STYLES);
  writeFileSync(path.join(dir, "static/media/font.woff2"), FONT);
  writeFileSync(path.join(dir, `static/${BUILD_ID}/_ssgManifest.js`), "self.__SSG_MANIFEST=new Set;");
  // Outside static/: never to be served, whatever the request spells.
  writeFileSync(path.join(dir, "secret.json"), '{"secret":true}');
  return dir;
}

const manifestOf = (dir: string) => JSON.parse(readFileSync(path.join(dir, COMPRESSED_DIR, "manifest.json"), "utf8")) as StaticManifest;

describe("compressing the build's static files (npm run build)", () => {
  let dir: string;
  beforeAll(() => {
    dir = makeBuild();
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("writes brotli and gzip copies that decompress to the very bytes, and a manifest of every file", () => {
    const report = compressStaticFiles(dir);
    expect(report).toMatchObject({ files: 4, compressed: 3, reused: 0 });
    const manifest = manifestOf(dir);
    expect(manifest.buildId).toBe(BUILD_ID);
    expect(Object.keys(manifest.files).sort()).toEqual([`${BUILD_ID}/_ssgManifest.js`, "chunks/main.js", "chunks/styles.css", "media/font.woff2"]);
    for (const name of ["chunks/main.js", "chunks/styles.css"]) {
      const original = readFileSync(path.join(dir, "static", name));
      const br = readFileSync(path.join(dir, COMPRESSED_DIR, `${name}.br`));
      const gz = readFileSync(path.join(dir, COMPRESSED_DIR, `${name}.gz`));
      expect(brotliDecompressSync(br).equals(original)).toBe(true);
      expect(gunzipSync(gz).equals(original)).toBe(true);
      expect(manifest.files[name]).toMatchObject({ size: original.length, br: br.length, gzip: gz.length });
      expect(br.length).toBeLessThan(gz.length);
    }
    expect(manifest.files["chunks/main.js"]!.type).toBe("application/javascript; charset=utf-8");
    expect(manifest.files["chunks/styles.css"]!.type).toBe("text/css; charset=utf-8");
    // A compressed format is served as it is.
    expect(manifest.files["media/font.woff2"]).toMatchObject({ type: "font/woff2", size: FONT.length });
    expect(manifest.files["media/font.woff2"]!.br).toBeUndefined();
    expect(existsSync(path.join(dir, COMPRESSED_DIR, "media/font.woff2.br"))).toBe(false);
  });

  it("is idempotent: a second run compresses nothing and writes the same manifest", () => {
    const before = readFileSync(path.join(dir, COMPRESSED_DIR, "manifest.json"), "utf8");
    expect(compressStaticFiles(dir)).toMatchObject({ files: 4, compressed: 0, reused: 3 });
    expect(readFileSync(path.join(dir, COMPRESSED_DIR, "manifest.json"), "utf8")).toBe(before);
  });

  it("compresses a changed file again and drops the copies of a file gone", () => {
    writeFileSync(path.join(dir, "static/chunks/styles.css"), `${STYLES}.b{color:blue}\n`);
    rmSync(path.join(dir, "static/chunks/main.js"));
    expect(compressStaticFiles(dir)).toMatchObject({ files: 3, compressed: 1, reused: 1 });
    expect(gunzipSync(readFileSync(path.join(dir, COMPRESSED_DIR, "chunks/styles.css.gz"))).toString()).toBe(`${STYLES}.b{color:blue}\n`);
    expect(existsSync(path.join(dir, COMPRESSED_DIR, "chunks/main.js.br"))).toBe(false);
    expect(existsSync(path.join(dir, COMPRESSED_DIR, "chunks/main.js.gz"))).toBe(false);
    expect(manifestOf(dir).files["chunks/main.js"]).toBeUndefined();
  });
});

describe("choosing the encoding from Accept-Encoding", () => {
  const both = { br: true, gzip: true };
  it.each([
    [undefined, "identity"],
    ["", "identity"],
    ["gzip, deflate, br, zstd", "br"],
    ["gzip, br", "br"],
    ["gzip", "gzip"],
    ["x-gzip", "gzip"],
    ["deflate", "identity"],
    ["br;q=0, gzip", "gzip"],
    ["br;q=0.5, gzip;q=0.8", "gzip"],
    ["br;q=0.8, gzip;q=0.8", "br"],
    ["BR;Q=1", "br"],
    ["gzip;q=0, br;q=0", "identity"],
    ["*", "br"],
    ["*;q=0", "identity"],
    ["*;q=0, gzip", "gzip"],
    ["br;q=0, *", "gzip"],
    ["identity, br;q=0.5", "identity"],
    ["identity;q=0.5, br", "br"],
    ["identity;q=0, gzip;q=0.1", "gzip"],
    ["br;q=2", "identity"],
    ["br;q=abc, gzip", "gzip"],
    ["gzip;q=0.001", "gzip"],
  ])("%j → %s", (header, expected) => {
    expect(chooseEncoding(header, both)).toBe(expected);
  });

  it("only picks an encoding the file has", () => {
    expect(chooseEncoding("br, gzip", { br: false, gzip: true })).toBe("gzip");
    expect(chooseEncoding("br", { br: false, gzip: true })).toBe("identity");
    expect(chooseEncoding("br, gzip", { br: false, gzip: false })).toBe("identity");
  });
});

type Answer = { status: number; headers: IncomingHttpHeaders; body: Buffer };

/** A request exactly as written (no URL normalisation, unlike fetch), its answer as sent. */
function raw(base: string, rawPath: string, options: { method?: string; headers?: Record<string, string> } = {}): Promise<Answer> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    httpRequest({ host: url.hostname, port: url.port, path: rawPath, method: options.method ?? "GET", headers: options.headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }));
    })
      .on("error", reject)
      .end();
  });
}

describe("serving them from the front door", () => {
  let dir: string;
  let server: Server;
  let base: string;
  let files: StaticFiles;
  const reached: string[] = [];
  const CHUNK = "/_next/static/chunks/main.js";

  beforeAll(async () => {
    dir = makeBuild();
    compressStaticFiles(dir);
    // Written after the build step: not in the manifest, so Next's to serve.
    writeFileSync(path.join(dir, "static/chunks/late.js"), "late()");
    files = StaticFiles.load(dir, { maxBytes: 1024 * 1024, headers: () => ({ "x-frame-options": "DENY", "x-content-type-options": "nosniff" }) })!;
    server = createServer(
      frontDoor({
        cache: null,
        staticFiles: (request, response, pathname) => files.serve(request, response, pathname),
        upstream: (request, response) => {
          reached.push(`${request.method} ${request.url}`);
          response.writeHead(200, { "content-type": "text/plain" }).end("from next");
        },
        policy: () => "script-src 'self'",
        headers: { "Strict-Transport-Security": "max-age=63072000; includeSubDomains" },
      }),
    );
    base = await listen(server);
  });
  afterAll(async () => {
    await close(server);
    rmSync(dir, { recursive: true, force: true });
  });

  it("loads every file of the manifest, with its copies, within its bound", () => {
    expect(files.size).toBe(4);
    expect(files.leftToNext).toBe(1);
    expect(files.bytes).toBeGreaterThan(SCRIPT.length + STYLES.length + FONT.length);
    expect(files.bytes).toBeLessThan(2 * (SCRIPT.length + STYLES.length) + FONT.length);
  });

  it("sends brotli to a browser, with the immutable, type, Vary, ETag, length and front-door headers", async () => {
    const answer = await raw(base, CHUNK, { headers: { "accept-encoding": "gzip, deflate, br, zstd" } });
    expect(answer.status).toBe(200);
    expect(answer.headers).toMatchObject({
      "cache-control": "public, max-age=31536000, immutable",
      "content-type": "application/javascript; charset=utf-8",
      "content-encoding": "br",
      vary: "Accept-Encoding",
      "x-content-type-options": "nosniff",
      "x-frame-options": "DENY",
      "strict-transport-security": "max-age=63072000; includeSubDomains",
      "content-length": String(answer.body.length),
    });
    expect(answer.headers.etag).toMatch(/^"[\w-]{32}-br"$/);
    expect(brotliDecompressSync(answer.body).toString()).toBe(SCRIPT);
    expect(reached).toEqual([]);
  });

  it("sends gzip or the file itself as the client asks, each with an ETag of its own", async () => {
    const gzip = await raw(base, CHUNK, { headers: { "accept-encoding": "gzip" } });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.body).toString()).toBe(SCRIPT);
    const plain = await raw(base, CHUNK, { headers: { "accept-encoding": "br;q=0, gzip;q=0" } });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toBe("Accept-Encoding");
    expect(plain.body.toString()).toBe(SCRIPT);
    const none = await raw(base, CHUNK);
    expect(none.body.toString()).toBe(SCRIPT);
    const br = await raw(base, CHUNK, { headers: { "accept-encoding": "br" } });
    expect(new Set([gzip.headers.etag, plain.headers.etag, br.headers.etag]).size).toBe(3);
    expect(none.headers.etag).toBe(plain.headers.etag);
  });

  it("answers 304 without a body to a matching If-None-Match, and 200 to another variant's ETag", async () => {
    const first = await raw(base, CHUNK, { headers: { "accept-encoding": "br" } });
    const again = await raw(base, CHUNK, { headers: { "accept-encoding": "br", "if-none-match": first.headers.etag! } });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers).toMatchObject({ etag: first.headers.etag, "cache-control": "public, max-age=31536000, immutable", vary: "Accept-Encoding" });
    expect(again.headers["content-encoding"]).toBeUndefined();
    const listed = await raw(base, CHUNK, { headers: { "accept-encoding": "br", "if-none-match": `"other", W/${first.headers.etag!}` } });
    expect(listed.status).toBe(304);
    const other = await raw(base, CHUNK, { headers: { "accept-encoding": "gzip", "if-none-match": first.headers.etag! } });
    expect(other.status).toBe(200);
    expect(other.headers["content-encoding"]).toBe("gzip");
  });

  it("answers HEAD with the headers and length, and no body", async () => {
    const head = await raw(base, CHUNK, { method: "HEAD", headers: { "accept-encoding": "br" } });
    const get = await raw(base, CHUNK, { headers: { "accept-encoding": "br" } });
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers["content-length"]).toBe(String(get.body.length));
    expect(head.headers.etag).toBe(get.headers.etag);
  });

  it("serves a file that does not compress as it is, and the build's own manifest files", async () => {
    const font = await raw(base, "/_next/static/media/font.woff2", { headers: { "accept-encoding": "br, gzip" } });
    expect(font.status).toBe(200);
    expect(font.headers["content-type"]).toBe("font/woff2");
    expect(font.headers["content-encoding"]).toBeUndefined();
    expect(font.headers.vary).toBeUndefined();
    expect(font.body.equals(FONT)).toBe(true);
    const ssg = await raw(base, `/_next/static/${BUILD_ID}/_ssgManifest.js`);
    expect(ssg.body.toString()).toBe("self.__SSG_MANIFEST=new Set;");
  });

  it("answers an unknown name with a plain 404 that no cache keeps, without Next", async () => {
    for (const name of ["/_next/static/chunks/nope.js", "/_next/static/", "/_next/static/chunks", "/_next/static/chunks/main.js/x"]) {
      const answer = await raw(base, name, { headers: { accept: "text/html" } });
      expect(answer.status, name).toBe(404);
      expect(answer.headers["content-type"]).toBe("text/plain; charset=utf-8");
      expect(answer.headers["cache-control"]).toBe("no-store");
      expect(answer.headers["x-content-type-options"]).toBe("nosniff");
      expect(answer.body.toString()).toBe("Not Found\n");
    }
    const head = await raw(base, "/_next/static/chunks/nope.js", { method: "HEAD" });
    expect(head.status).toBe(404);
    expect(head.body.length).toBe(0);
    expect(reached).toEqual([]);
  });

  it("answers other methods 405 with Allow", async () => {
    for (const method of ["POST", "PUT", "DELETE", "OPTIONS"]) {
      const answer = await raw(base, CHUNK, { method });
      expect(answer.status, method).toBe(405);
      expect(answer.headers.allow).toBe("GET, HEAD");
    }
    expect(reached).toEqual([]);
  });

  it("leaves a file of the build that the manifest does not hold to Next", async () => {
    const answer = await raw(base, "/_next/static/chunks/late.js?v=1");
    expect(answer.body.toString()).toBe("from next");
    expect(reached).toEqual(["GET /_next/static/chunks/late.js?v=1"]);
    reached.length = 0;
  });

  it("never serves anything outside the manifest, however the path is spelt", async () => {
    // Dot segments, escaped or not, and backslashes are redirected to their one spelling first (the
    // front door's canonical path), which is outside /_next/static: Next's to answer.
    for (const [spelling, location] of [
      ["/_next/static/../../secret.json", "/secret.json"],
      ["/_next/static/chunks/../../../secret.json", "/secret.json"],
      ["/_next/static/%2e%2e/%2e%2e/secret.json", "/secret.json"],
      ["/_next/static/%2E%2E/%2E%2E/BUILD_ID", "/BUILD_ID"],
      ["/_next/static/.%2e/.%2e/secret.json", "/secret.json"],
      ["/_next/static/..\\..\\secret.json", "/secret.json"],
      ["/_next/static/chunks/./main.js", CHUNK],
      ["/_next/static/chunks/%6dain.js", CHUNK],
    ]) {
      const answer = await raw(base, spelling!);
      expect(answer.status, spelling).toBe(308);
      expect(answer.headers.location, spelling).toBe(location);
    }
    // Escaped slashes stay escaped: a name no file has.
    for (const spelling of ["/_next/static/..%2F..%2Fsecret.json", "/_next/static/chunks%2Fmain.js", "/_next/static/%2e%2e%2f%2e%2e%2fsecret.json", "/_next/static/chunks/main.js%00", "/_next/static/chunks/%ZZ"]) {
      const answer = await raw(base, spelling);
      expect([404, 308], spelling).toContain(answer.status);
      if (answer.status === 308) {
        const followed = await raw(base, answer.headers.location!);
        expect(followed.status, spelling).toBe(404);
      }
      expect(answer.body.toString()).not.toContain("secret");
    }
    expect(reached).toEqual([]);
  });

  it("is off for a build without its manifest, or whose manifest is another build's", () => {
    const other = makeBuild();
    try {
      expect(StaticFiles.load(other, { maxBytes: 1024 * 1024 })).toBeNull();
      compressStaticFiles(other);
      expect(StaticFiles.load(other, { maxBytes: 1024 * 1024 })).not.toBeNull();
      // `next build` run again without the launcher: a new BUILD_ID.
      writeFileSync(path.join(other, "BUILD_ID"), "build-2");
      expect(StaticFiles.load(other, { maxBytes: 1024 * 1024 })).toBeNull();
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });

  it("leaves to Next a file changed since the manifest, and files past the memory bound", () => {
    const other = makeBuild();
    try {
      compressStaticFiles(other);
      writeFileSync(path.join(other, "static/chunks/styles.css"), "changed");
      const loaded = StaticFiles.load(other, { maxBytes: 1024 * 1024 })!;
      expect(loaded.size).toBe(3);
      expect(loaded.leftToNext).toBe(1);
      const small = StaticFiles.load(other, { maxBytes: FONT.length + 100 })!;
      expect(small.bytes).toBeLessThanOrEqual(FONT.length + 100);
      expect(small.leftToNext).toBeGreaterThanOrEqual(2);
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });
});
