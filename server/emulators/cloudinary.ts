// The part of Cloudinary that the store calls: the signed image upload the `cloudinary` SDK sends
// to `${upload_prefix}/v1_1/<cloud>/image/upload`, and the delivery of what was uploaded at
// `/cloudinary/<cloud>/image/upload/v<version>/<public_id>.<format>`. GET /cloudinary/uploads lists
// what is stored (newest first, without the bytes) for tests and developers. Kept in memory, or
// with `dir` in files there too (`<dir>/<cloud>/<public_id>.<format>` and a `.json` beside it),
// read back at the next start: the launcher keeps development and demo uploads in
// .data/uploads/cloudinary, so product images outlive a restart.
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { EmulatorRequest, EmulatorResponse, EmulatorRoute } from "./http";

export type ImageFormat = "png" | "jpg" | "gif" | "webp" | "avif";

/** The emulator's one account; the store signs with this secret when CLOUDINARY_URL is absent. */
export const EMULATOR_CLOUDINARY_ACCOUNT = { cloud_name: "volt-demo", api_key: "emulator", api_secret: "emulator-secret" } as const;
/** What signed uploads may not carry past: an hour, as Cloudinary allows. */
const SIGNATURE_MAX_AGE_SECONDS = 3600;
/** Cloudinary's image size limit on the free plan. */
const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
const NOT_SIGNED = new Set(["file", "api_key", "signature", "signature_algorithm", "resource_type", "cloud_name"]);

/** Cloudinary's request signature: sorted `key=value` pairs joined by & (& inside escaped), the secret appended, SHA-1 (or SHA-256). */
export function signCloudinaryParams(params: Record<string, string>, secret: string, algorithm: "sha1" | "sha256" = "sha1"): string {
  const text = Object.entries(params)
    .filter(([key, value]) => !NOT_SIGNED.has(key) && value !== "")
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, value]) => `${key}=${value}`.replace(/&/g, "%26"))
    .join("&");
  return createHash(algorithm).update(text + secret).digest("hex");
}

export type StoredUpload = {
  public_id: string;
  version: number;
  width?: number;
  height?: number;
  format: ImageFormat;
  resource_type: "image";
  bytes: number;
  secure_url: string;
  url: string;
  created_at: string;
};

const CONTENT_TYPES: Record<ImageFormat, string> = { png: "image/png", jpg: "image/jpeg", gif: "image/gif", webp: "image/webp", avif: "image/avif" };

const json = (status: number, body: unknown): EmulatorResponse => ({
  status,
  headers: { "content-type": "application/json" },
  body: JSON.stringify(body),
});
const cloudinaryError = (status: number, message: string) => json(status, { error: { message } });

type FormValue = string | Buffer;

/** multipart/form-data (what the SDK sends) or application/x-www-form-urlencoded. */
function readForm(request: EmulatorRequest): Map<string, FormValue> | undefined {
  const type = request.headers["content-type"] ?? "";
  const form = new Map<string, FormValue>();
  if (type.startsWith("application/x-www-form-urlencoded")) {
    for (const [key, value] of new URLSearchParams(request.body.toString("utf8"))) form.set(key, value);
    return form;
  }
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(type);
  if (!type.startsWith("multipart/form-data") || !boundary) return undefined;
  const delimiter = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
  const body = request.body;
  let start = body.indexOf(delimiter);
  while (start >= 0) {
    const partStart = start + delimiter.length;
    if (body.subarray(partStart, partStart + 2).toString() === "--") break;
    const next = body.indexOf(delimiter, partStart);
    if (next < 0) break;
    const part = body.subarray(partStart + 2, next - 2); // after CRLF, before CRLF
    const headerEnd = part.indexOf("\r\n\r\n");
    if (headerEnd >= 0) {
      const headers = part.subarray(0, headerEnd).toString("utf8");
      const content = part.subarray(headerEnd + 4);
      const name = /name="([^"]*)"/i.exec(headers)?.[1];
      if (name !== undefined) form.set(name, /filename="/i.test(headers) ? Buffer.from(content) : content.toString("utf8"));
    }
    start = next;
  }
  return form;
}

/** The image format by its magic number, or undefined when the bytes are no image we serve. */
export function sniffImage(bytes: Buffer): ImageFormat | undefined {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return "png";
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpg";
  if (bytes.length >= 6 && /^GIF8[79]a$/.test(bytes.subarray(0, 6).toString("latin1"))) return "gif";
  if (bytes.length >= 12 && bytes.subarray(0, 4).toString("latin1") === "RIFF" && bytes.subarray(8, 12).toString("latin1") === "WEBP") return "webp";
  if (bytes.length >= 12 && bytes.subarray(4, 8).toString("latin1") === "ftyp" && /^avi[fs]$/.test(bytes.subarray(8, 12).toString("latin1"))) return "avif";
  return undefined;
}

function dimensions(bytes: Buffer, format: ImageFormat): { width?: number; height?: number } {
  try {
    if (format === "png" && bytes.length >= 24) return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
    if (format === "gif" && bytes.length >= 10) return { width: bytes.readUInt16LE(6), height: bytes.readUInt16LE(8) };
    if (format === "jpg") {
      let offset = 2;
      while (offset + 9 < bytes.length && bytes[offset] === 0xff) {
        const marker = bytes[offset + 1]!;
        const length = bytes.readUInt16BE(offset + 2);
        // SOF0..SOF15, except DHT (C4), JPG (C8) and DAC (CC)
        if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
          return { height: bytes.readUInt16BE(offset + 5), width: bytes.readUInt16BE(offset + 7) };
        }
        offset += 2 + length;
      }
    }
    if (format === "webp" && bytes.length >= 30) {
      const chunk = bytes.subarray(12, 16).toString("latin1");
      if (chunk === "VP8X") return { width: 1 + bytes.readUIntLE(24, 3), height: 1 + bytes.readUIntLE(27, 3) };
      if (chunk === "VP8 ") return { width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff };
      if (chunk === "VP8L") {
        const bits = bytes.readUInt32LE(21);
        return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
      }
    }
  } catch {
    // A truncated header: the size stays unknown, as it may for Cloudinary's own answers.
  }
  return {};
}

const DATA_URL = /^data:([\w.+-]+\/[\w.+-]+)?((?:;[\w.+-]+=[\w.+-]+)*);base64,([A-Za-z0-9+/\s]*={0,2})$/;

function decodeFile(file: FormValue): Buffer | string {
  if (Buffer.isBuffer(file)) return file;
  const data = DATA_URL.exec(file.trim());
  if (data) return Buffer.from(data[3]!.replace(/\s/g, ""), "base64");
  if (/^(https?|ftp|s3|gs):/i.test(file)) return "The emulator does not fetch remote files; upload the bytes or a data URL";
  return `Invalid file parameter`;
}

/** A cloud name or public id that is safe as a file path under the uploads folder (no dots). */
const SAFE_NAME = /^[\w-]+(?:\/[\w-]+)*$/;

type Entry = { upload: StoredUpload; bytes: Buffer };

/**
 * The uploaded images by `<cloud>/<public_id>`: in memory, and with `dir` also on disk (each
 * image's bytes and its answer as JSON, written before the upload is answered), read back here.
 */
function uploadStore(dir: string | undefined) {
  const entries = new Map<string, Entry>();
  const files = (key: string, format: ImageFormat) => ({ bytes: path.join(dir!, `${key}.${format}`), meta: path.join(dir!, `${key}.json`) });
  const writeAtomically = (file: string, data: string | Buffer) => {
    const temporary = `${file}.${randomBytes(4).toString("hex")}.tmp`;
    writeFileSync(temporary, data);
    renameSync(temporary, file);
  };
  if (dir && existsSync(dir)) {
    const loaded: [string, Entry][] = [];
    for (const name of readdirSync(dir, { recursive: true, encoding: "utf8" })) {
      if (!name.endsWith(".json")) continue;
      const key = name.slice(0, -".json".length).split(path.sep).join("/");
      try {
        const upload = JSON.parse(readFileSync(path.join(dir, name), "utf8")) as StoredUpload;
        loaded.push([key, { upload, bytes: readFileSync(files(key, upload.format).bytes) }]);
      } catch {
        // Half-written or removed by hand: that image is gone, as it would be on the host.
      }
    }
    loaded.sort(([, a], [, b]) => a.upload.created_at.localeCompare(b.upload.created_at));
    for (const [key, entry] of loaded) entries.set(key, entry);
  }
  return {
    get: (key: string) => entries.get(key),
    set(key: string, entry: Entry) {
      if (dir) {
        const { bytes, meta } = files(key, entry.upload.format);
        mkdirSync(path.dirname(bytes), { recursive: true });
        writeAtomically(bytes, entry.bytes);
        writeAtomically(meta, JSON.stringify(entry.upload));
      }
      entries.delete(key);
      entries.set(key, entry);
    },
    clear() {
      entries.clear();
      if (dir) rmSync(dir, { recursive: true, force: true });
    },
    values: () => entries.values(),
  };
}

/**
 * Routes of one Cloudinary emulator, with its own store of uploaded images: in memory, or kept
 * in `options.dir` across restarts.
 */
export function cloudinaryRoutes(options: { dir?: string } = {}): EmulatorRoute[] {
  const store = uploadStore(options.dir);

  const upload: EmulatorRoute = (request) => {
    const match = request.method === "POST" ? /^\/v1_1\/([^/]+)\/image\/upload$/.exec(request.path) : null;
    if (!match) return undefined;
    const cloud = decodeURIComponent(match[1]!);
    const form = readForm(request);
    if (!form) return cloudinaryError(400, "Unsupported request body; send multipart/form-data or a urlencoded form");
    const field = (name: string) => {
      const value = form.get(name);
      return typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;
    };
    if (!field("api_key")) return cloudinaryError(401, "Must supply api_key");
    if (!field("timestamp")) return cloudinaryError(401, "Missing required parameter - timestamp");
    if (!field("signature")) return cloudinaryError(401, "Missing required parameter - signature");
    if (field("api_key") !== EMULATOR_CLOUDINARY_ACCOUNT.api_key) return cloudinaryError(401, `Unknown API key ${field("api_key")}`);
    const age = Math.floor(Date.now() / 1000) - Number(field("timestamp"));
    if (!Number.isFinite(age) || age > SIGNATURE_MAX_AGE_SECONDS) return cloudinaryError(401, "Stale request - reported time is more than 1 hour ago");
    const signed: Record<string, string> = {};
    for (const [key, value] of form) if (typeof value === "string") signed[key] = value;
    const algorithm = field("signature_algorithm") === "sha256" ? "sha256" : "sha1";
    const expected = Buffer.from(signCloudinaryParams(signed, EMULATOR_CLOUDINARY_ACCOUNT.api_secret, algorithm));
    const given = Buffer.from(field("signature")!);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return cloudinaryError(401, "Invalid Signature");
    const file = form.get("file");
    if (file === undefined || file === "") return cloudinaryError(400, "Missing required parameter - file");
    const bytes = decodeFile(file);
    if (typeof bytes === "string") return cloudinaryError(400, bytes);
    const format = sniffImage(bytes);
    if (!format) return cloudinaryError(400, "Invalid image file");
    const allowed = field("allowed_formats")?.split(",").map((f) => f.trim().toLowerCase().replace("jpeg", "jpg"));
    if (allowed && !allowed.includes(format)) return cloudinaryError(400, `Image format ${format} not allowed`);
    if (bytes.length > MAX_IMAGE_BYTES) return cloudinaryError(400, `File size too large. Got ${bytes.length}. Maximum is ${MAX_IMAGE_BYTES}.`);

    const folder = field("folder")?.replace(/^\/+|\/+$/g, "");
    const name = field("public_id") ?? randomBytes(10).toString("hex");
    if (!/^[\w\-/]+$/.test(name) || (folder !== undefined && !/^[\w\-/]+$/.test(folder))) {
      return cloudinaryError(400, "Invalid public_id or folder");
    }
    const publicId = folder ? `${folder}/${name}` : name;
    if (!SAFE_NAME.test(cloud) || !SAFE_NAME.test(publicId) || cloud.includes("/")) return cloudinaryError(400, "Invalid cloud name, public_id or folder");
    // overwrite=false: an id already taken keeps its file, and the answer is the existing asset.
    const existing = store.get(`${cloud}/${publicId}`);
    if (existing && field("overwrite") === "false") return json(200, { ...existing.upload, type: "upload", existing: true });
    const version = Math.floor(Date.now() / 1000);
    const base = `http://${request.headers.host ?? "127.0.0.1"}`;
    const deliveryUrl = `${base}/cloudinary/${encodeURIComponent(cloud)}/image/upload/v${version}/${publicId}.${format}`;
    const stored: StoredUpload = {
      public_id: publicId,
      version,
      ...dimensions(bytes, format),
      format,
      resource_type: "image",
      bytes: bytes.length,
      secure_url: deliveryUrl,
      url: deliveryUrl,
      created_at: new Date().toISOString(),
    };
    store.set(`${cloud}/${publicId}`, { upload: stored, bytes });
    return json(200, { ...stored, type: "upload", signature: randomBytes(20).toString("hex"), etag: randomBytes(16).toString("hex") });
  };

  const deliver: EmulatorRoute = (request): EmulatorResponse | undefined => {
    const match = request.method === "GET" || request.method === "HEAD" ? /^\/cloudinary\/([^/]+)\/image\/upload\/(.+)$/.exec(request.path) : null;
    if (!match) return undefined;
    const cloud = decodeURIComponent(match[1]!);
    // Leading segments may be transformations or the version (v123); the rest is public_id.format.
    const segments = match[2]!.split("/").map(decodeURIComponent);
    for (let skip = 0; skip < segments.length; skip++) {
      const rest = segments.slice(skip).join("/");
      const publicId = rest.replace(/\.[a-z0-9]+$/i, "");
      const found = store.get(`${cloud}/${publicId}`);
      if (found) {
        return {
          status: 200,
          headers: {
            "content-type": CONTENT_TYPES[found.upload.format],
            "content-length": String(found.bytes.length),
            "cache-control": "public, max-age=31536000, immutable",
          },
          body: request.method === "HEAD" ? "" : found.bytes,
        };
      }
    }
    return { status: 404, headers: { "content-type": "text/plain" }, body: "Resource not found" };
  };

  const list: EmulatorRoute = (request) => {
    if (request.path !== "/cloudinary/uploads") return undefined;
    if (request.method === "DELETE") {
      store.clear();
      return json(200, { deleted: true });
    }
    if (request.method !== "GET") return undefined;
    return json(200, [...store.values()].map((entry) => entry.upload).reverse());
  };

  return [upload, deliver, list];
}
