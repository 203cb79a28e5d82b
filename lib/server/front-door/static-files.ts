import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import path from "node:path";
import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib";
import { chooseEncoding, notModified, type Encoding } from "./negotiation";

// The build's hashed files (`/_next/static/…`), compressed once and served from memory: `npm run
// build` writes brotli and gzip copies and a manifest to `.next/volt-static/`; the front door loads
// them at start and answers them itself (immutable, best encoding, an ETag per encoding, 304s).
// Only names in the manifest are served (the path is a key in a map, never a file path); a file it
// does not hold is left to Next. Why and how: docs/ENGINEERING.md §10a.
// No "server-only": it runs outside Next's bundles (the launcher and the front door).

/** Where the requests for the build's hashed files arrive. */
export const STATIC_PREFIX = "/_next/static/";
/** The compressed copies and the manifest, inside Next's build directory. */
export const COMPRESSED_DIR = "volt-static";
const MANIFEST = "manifest.json";
const MANIFEST_VERSION = 1;
/**
 * The most the copies in memory may take: 3 % of the 512 MB the store is sized for (the share of
 * each of Next's caches, server/memory.ts). A build of this store takes under 2 MB (every file with
 * its brotli and gzip copies); a file past the bound is left to Next.
 */
export const STATIC_FILES_MAX_BYTES = 16 * 1024 * 1024;

/** What compresses (text); fonts and pictures in compressed formats are served as they are. */
const TYPES: Record<string, { type: string; compress: boolean }> = {
  ".js": { type: "application/javascript; charset=utf-8", compress: true },
  ".mjs": { type: "application/javascript; charset=utf-8", compress: true },
  ".css": { type: "text/css; charset=utf-8", compress: true },
  ".svg": { type: "image/svg+xml", compress: true },
  ".json": { type: "application/json; charset=utf-8", compress: true },
  ".map": { type: "application/json; charset=utf-8", compress: true },
  ".txt": { type: "text/plain; charset=utf-8", compress: true },
  ".html": { type: "text/html; charset=utf-8", compress: true },
  ".xml": { type: "application/xml; charset=utf-8", compress: true },
  ".wasm": { type: "application/wasm", compress: true },
  ".ttf": { type: "font/ttf", compress: true },
  ".otf": { type: "font/otf", compress: true },
  ".woff2": { type: "font/woff2", compress: false },
  ".woff": { type: "font/woff", compress: false },
  ".png": { type: "image/png", compress: false },
  ".jpg": { type: "image/jpeg", compress: false },
  ".jpeg": { type: "image/jpeg", compress: false },
  ".gif": { type: "image/gif", compress: false },
  ".webp": { type: "image/webp", compress: false },
  ".avif": { type: "image/avif", compress: false },
  ".ico": { type: "image/x-icon", compress: false },
};
const OTHER = { type: "application/octet-stream", compress: false };

/** The suffix of each compressed copy in COMPRESSED_DIR. */
const SUFFIX = { br: ".br", gzip: ".gz" } as const;

export type ManifestEntry = {
  /** Content type sent with it. */
  type: string;
  /** Bytes of the file as the build wrote it. */
  size: number;
  /** SHA-256 of those bytes (base64url): the ETag's core, and the check that the copy matches. */
  hash: string;
  /** Bytes of each compressed copy written (only those smaller than the file). */
  br?: number;
  gzip?: number;
};

export type StaticManifest = { version: number; buildId: string | null; files: Record<string, ManifestEntry> };

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("base64url");

/** Every file under `dir`, as `/`-separated names relative to it (symbolic links are not followed). */
function listFiles(dir: string, prefix = ""): string[] {
  if (!existsSync(dir)) return [];
  const names: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) names.push(...listFiles(path.join(dir, entry.name), `${prefix}${entry.name}/`));
    else if (entry.isFile()) names.push(`${prefix}${entry.name}`);
  }
  return names.sort();
}

function readManifest(nextDir: string): StaticManifest | null {
  try {
    const manifest = JSON.parse(readFileSync(path.join(nextDir, COMPRESSED_DIR, MANIFEST), "utf8")) as StaticManifest;
    return manifest.version === MANIFEST_VERSION && manifest.files && typeof manifest.files === "object" ? manifest : null;
  } catch {
    return null;
  }
}

function readBuildId(nextDir: string): string | null {
  try {
    return readFileSync(path.join(nextDir, "BUILD_ID"), "utf8").trim();
  } catch {
    return null;
  }
}

export type CompressReport = { files: number; compressed: number; reused: number; bytes: number; brBytes: number; gzipBytes: number; ms: number };

/**
 * `npm run build`'s step: every file under `<nextDir>/static` that compresses, compressed with
 * brotli (quality 11) and gzip (level 9) into `<nextDir>/volt-static/<name>.br|.gz`, and the
 * manifest of every file. Idempotent: a file whose content hash is unchanged keeps its copies
 * (run it twice and the second run compresses nothing); copies of files gone are removed.
 */
export function compressStaticFiles(nextDir: string): CompressReport {
  const started = performance.now();
  const staticDir = path.join(nextDir, "static");
  const outDir = path.join(nextDir, COMPRESSED_DIR);
  const previous = readManifest(nextDir);
  const files: Record<string, ManifestEntry> = {};
  const written = new Set<string>();
  const report: CompressReport = { files: 0, compressed: 0, reused: 0, bytes: 0, brBytes: 0, gzipBytes: 0, ms: 0 };
  for (const name of listFiles(staticDir)) {
    const body = readFileSync(path.join(staticDir, name));
    const { type, compress } = TYPES[path.extname(name).toLowerCase()] ?? OTHER;
    const entry: ManifestEntry = { type, size: body.length, hash: sha256(body) };
    report.files += 1;
    report.bytes += body.length;
    if (compress) {
      const before = previous?.files[name];
      const copy = (encoding: "br" | "gzip") => path.join(outDir, name + SUFFIX[encoding]);
      const kept = (encoding: "br" | "gzip") => before?.[encoding] === undefined || (existsSync(copy(encoding)) && statSync(copy(encoding)).size === before[encoding]);
      if (before && before.hash === entry.hash && kept("br") && kept("gzip")) {
        if (before.br !== undefined) entry.br = before.br;
        if (before.gzip !== undefined) entry.gzip = before.gzip;
        report.reused += 1;
      } else {
        const variants = {
          br: brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } }),
          gzip: gzipSync(body, { level: 9 }),
        };
        for (const encoding of ["br", "gzip"] as const) {
          rmSync(copy(encoding), { force: true });
          // A copy no smaller than the file is not worth its header.
          if (variants[encoding].length >= body.length) continue;
          mkdirSync(path.dirname(copy(encoding)), { recursive: true });
          writeFileSync(copy(encoding), variants[encoding]);
          entry[encoding] = variants[encoding].length;
        }
        report.compressed += 1;
      }
      for (const encoding of ["br", "gzip"] as const) if (entry[encoding] !== undefined) written.add(name + SUFFIX[encoding]);
      report.brBytes += entry.br ?? 0;
      report.gzipBytes += entry.gzip ?? 0;
    }
    files[name] = entry;
  }
  // Copies of files that are gone.
  for (const name of listFiles(outDir)) if (name !== MANIFEST && !written.has(name)) rmSync(path.join(outDir, name));
  mkdirSync(outDir, { recursive: true });
  const manifest: StaticManifest = { version: MANIFEST_VERSION, buildId: readBuildId(nextDir), files };
  // Whole or not at all: a server starting meanwhile reads the old manifest or the new one.
  const temporary = path.join(outDir, `${MANIFEST}.${process.pid}.tmp`);
  writeFileSync(temporary, `${JSON.stringify(manifest, null, 1)}\n`);
  renameSync(temporary, path.join(outDir, MANIFEST));
  report.ms = Math.round(performance.now() - started);
  return report;
}

type Variant = { body: Buffer; etag: string; ok: OutgoingHttpHeaders; notModified: OutgoingHttpHeaders };
type Loaded = { variants: Partial<Record<Encoding, Variant>> & { identity: Variant }; br: boolean; gzip: boolean };

export type StaticFilesOptions = {
  /** Bound on the bytes held (every copy); files past it are left to Next. */
  maxBytes: number;
  /** Headers a path gets besides these answers' own (next.config.mjs's, as Next would add them). */
  headers?: (path: string) => Record<string, string>;
};

const IMMUTABLE = "public, max-age=31536000, immutable";
const NOT_FOUND_BODY = Buffer.from("Not Found\n");
const NOT_FOUND: OutgoingHttpHeaders = { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store", "x-content-type-options": "nosniff", "content-length": NOT_FOUND_BODY.length };
const WRONG_METHOD: OutgoingHttpHeaders = { allow: "GET, HEAD", "content-type": "text/plain; charset=utf-8", "cache-control": "no-store", "x-content-type-options": "nosniff", "content-length": 0 };

/** The manifest's name as a request spells it: each segment percent-encoded (names are plain in practice). */
const requestName = (name: string) => name.split("/").map(encodeURIComponent).join("/");

/** The build's static files in memory, answering `/_next/static/…` (see the top of this file). */
export class StaticFiles {
  private readonly files = new Map<string, Loaded>();
  /** Every file of the build, by its request name: one not in `files` is Next's to serve. */
  private readonly onDisk = new Set<string>();
  /** Bytes held (every copy of every file). */
  readonly bytes: number = 0;
  /** Files of the build left to Next: not in the manifest, not matching it, or past the bound. */
  readonly leftToNext: number = 0;

  private constructor(nextDir: string, manifest: StaticManifest, options: StaticFilesOptions) {
    const staticDir = path.join(nextDir, "static");
    const outDir = path.join(nextDir, COMPRESSED_DIR);
    let bytes = 0;
    for (const name of listFiles(staticDir)) {
      this.onDisk.add(requestName(name));
      const entry = manifest.files[name];
      if (!entry) continue;
      const body = readFileSync(path.join(staticDir, name));
      // A file changed after the manifest was written is Next's (it serves what is on disk).
      if (body.length !== entry.size || sha256(body) !== entry.hash) continue;
      const copies: Partial<Record<"br" | "gzip", Buffer>> = {};
      for (const encoding of ["br", "gzip"] as const) {
        if (entry[encoding] === undefined) continue;
        try {
          const copy = readFileSync(path.join(outDir, name + SUFFIX[encoding]));
          if (copy.length === entry[encoding]) copies[encoding] = copy;
        } catch {
          // A copy gone missing: the other encodings still serve.
        }
      }
      const size = body.length + (copies.br?.length ?? 0) + (copies.gzip?.length ?? 0);
      if (bytes + size > options.maxBytes) continue;
      bytes += size;
      const urlPath = STATIC_PREFIX + requestName(name);
      const compressed = copies.br !== undefined || copies.gzip !== undefined;
      const common: OutgoingHttpHeaders = {
        ...options.headers?.(urlPath),
        "cache-control": IMMUTABLE,
        "x-content-type-options": "nosniff",
        ...(compressed ? { vary: "Accept-Encoding" } : {}),
      };
      const tag = entry.hash.slice(0, 32);
      const variant = (encoding: Encoding, data: Buffer): Variant => {
        const etag = `"${tag}${encoding === "identity" ? "" : `-${encoding === "br" ? "br" : "gz"}`}"`;
        return {
          body: data,
          etag,
          ok: { ...common, etag, "content-type": entry.type, ...(encoding === "identity" ? {} : { "content-encoding": encoding }), "content-length": data.length },
          notModified: { ...common, etag },
        };
      };
      const variants: Loaded["variants"] = { identity: variant("identity", body) };
      if (copies.br) variants.br = variant("br", copies.br);
      if (copies.gzip) variants.gzip = variant("gzip", copies.gzip);
      this.files.set(requestName(name), { variants, br: copies.br !== undefined, gzip: copies.gzip !== undefined });
    }
    this.bytes = bytes;
    this.leftToNext = this.onDisk.size - this.files.size;
  }

  /**
   * The build in `nextDir` (Next's `.next`), or null when it has no manifest of its own (a build
   * not made by `npm run build`, or made again by `next build` since): Next serves everything then.
   */
  static load(nextDir: string, options: StaticFilesOptions): StaticFiles | null {
    const manifest = readManifest(nextDir);
    if (!manifest || manifest.buildId !== readBuildId(nextDir)) return null;
    return new StaticFiles(nextDir, manifest, options);
  }

  /** chooseEncoding's answers by header and the encodings a file has: browsers send a handful of headers. */
  private readonly choices = new Map<string, Encoding>();

  private encodingFor(acceptEncoding: string | string[] | undefined, file: Loaded): Encoding {
    if (acceptEncoding === undefined || Array.isArray(acceptEncoding)) return chooseEncoding(acceptEncoding, file);
    const key = `${file.br ? "b" : ""}${file.gzip ? "g" : ""}:${acceptEncoding}`;
    let choice = this.choices.get(key);
    if (choice === undefined) {
      choice = chooseEncoding(acceptEncoding, file);
      // Bounded: made-up headers cannot grow it.
      if (this.choices.size >= 256) this.choices.clear();
      this.choices.set(key, choice);
    }
    return choice;
  }

  /** Files served from memory. */
  get size(): number {
    return this.files.size;
  }

  /**
   * Answers a request for `path` (its canonical spelling, under STATIC_PREFIX), or false to leave
   * it to Next (a file of the build this does not hold).
   */
  serve(request: IncomingMessage, response: ServerResponse, urlPath: string): boolean {
    if (!urlPath.startsWith(STATIC_PREFIX)) return false;
    const name = urlPath.slice(STATIC_PREFIX.length);
    const file = this.files.get(name);
    if (!file && this.onDisk.has(name)) return false;
    const method = request.method;
    // Files, read only: nothing else means anything here (Next answers a POST with a 500).
    if (method !== "GET" && method !== "HEAD") {
      response.writeHead(405, WRONG_METHOD).end();
      return true;
    }
    if (!file) {
      response.writeHead(404, NOT_FOUND).end(method === "HEAD" ? undefined : NOT_FOUND_BODY);
      return true;
    }
    const variant = file.variants[this.encodingFor(request.headers["accept-encoding"], file)] ?? file.variants.identity;
    if (notModified(request.headers, variant.etag)) {
      response.writeHead(304, variant.notModified).end();
      return true;
    }
    response.writeHead(200, variant.ok).end(method === "HEAD" ? undefined : variant.body);
    return true;
  }
}
