import "server-only";
import { siteUrl } from "@/lib/site-url";
import { randomUUID } from "node:crypto";
import http from "node:http";
import { v2 as cloudinary, type UploadApiOptions, type UploadApiResponse } from "cloudinary";
import { PRODUCT_IMAGE_MAX_BYTES, PROFILE_PICTURE_MAX_BYTES } from "@/lib/constants";
import { readConfig } from "../platform/config";
import { badRequest, HttpError, unavailable } from "../platform/http";
import { log } from "../platform/log";

// Pictures go through the Cloudinary SDK: to Cloudinary with CLOUDINARY_URL, otherwise to the
// local emulator at EMULATOR_URL (development, tests, the demo). The SDK's global config is left
// alone; every call carries its own account options.

const PROFILE_FOLDER = "volt/profiles";
const UPLOAD_TIMEOUT_MS = 20_000;
const EMULATOR_ACCOUNT = { cloud_name: "volt-demo", api_key: "emulator", api_secret: "emulator-secret" };

export const PROFILE_PICTURE_TYPE_MESSAGE = "Profile picture must be a PNG, JPEG, WebP or GIF image";
export const PROFILE_PICTURE_SIZE_MESSAGE = "Profile picture must be at most 2 MB";

type ImageType = "png" | "jpeg" | "webp" | "gif";

const DATA_URL = /^data:image\/(png|jpeg|webp|gif);base64,([A-Za-z0-9+/]*={0,2})$/;

function matchesMagic(bytes: Buffer, type: ImageType): boolean {
  const ascii = (start: number, end: number) => bytes.subarray(start, end).toString("latin1");
  switch (type) {
    case "png":
      return bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    case "jpeg":
      return bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
    case "gif":
      return bytes.length >= 6 && (ascii(0, 6) === "GIF87a" || ascii(0, 6) === "GIF89a");
    case "webp":
      return bytes.length >= 12 && ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP";
  }
}

/** Checks a profile picture data URL: type, size (before decoding) and magic number. */
export function checkProfilePicture(dataUrl: string): { type: ImageType; bytes: Buffer } {
  const match = DATA_URL.exec(dataUrl);
  const base64 = match?.[2];
  if (!match || !base64 || base64.length % 4 !== 0) throw badRequest(PROFILE_PICTURE_TYPE_MESSAGE);
  const padding = base64.endsWith("==") ? 2 : base64.endsWith("=") ? 1 : 0;
  if ((base64.length / 4) * 3 - padding > PROFILE_PICTURE_MAX_BYTES) throw badRequest(PROFILE_PICTURE_SIZE_MESSAGE);
  const type = match[1] as ImageType;
  const bytes = Buffer.from(base64, "base64");
  if (!matchesMagic(bytes, type)) throw badRequest(PROFILE_PICTURE_TYPE_MESSAGE);
  return { type, bytes };
}

function accountOptions(): UploadApiOptions {
  const config = readConfig();
  if (config.cloudinaryUrl) {
    const url = new URL(config.cloudinaryUrl);
    const options: UploadApiOptions = {
      cloud_name: url.hostname,
      api_key: decodeURIComponent(url.username),
      api_secret: decodeURIComponent(url.password),
    };
    const prefix = url.searchParams.get("upload_prefix");
    if (prefix) options.upload_prefix = prefix;
    return options;
  }
  if (config.emulatorUrl) {
    // The SDK picks http or https once, when it loads; an explicit http agent makes it speak plain
    // http to the emulator whatever it picked.
    return { ...EMULATOR_ACCOUNT, upload_prefix: config.emulatorUrl, agent: http.globalAgent };
  }
  throw new Error("Image uploads are not configured: set CLOUDINARY_URL, or run the store with `npm run dev` so EMULATOR_URL points at the local emulator.");
}

type SdkError = { message?: unknown; http_code?: unknown };

/** Uploads a checked profile picture; resolves to its https URL (http on the local emulator). */
export async function uploadProfilePicture(dataUrl: string): Promise<string> {
  checkProfilePicture(dataUrl);
  const options: UploadApiOptions = {
    ...accountOptions(),
    folder: PROFILE_FOLDER,
    resource_type: "image",
    timeout: UPLOAD_TIMEOUT_MS,
  };
  let result: UploadApiResponse;
  try {
    result = await cloudinary.uploader.upload(dataUrl, options);
  } catch (caught) {
    const error = (caught ?? {}) as SdkError;
    const message = typeof error.message === "string" ? error.message : String(caught);
    // The bytes passed our checks but the image itself is broken: still the shopper's input.
    if (error.http_code === 400 && /invalid image|unsupported|corrupt/i.test(message)) throw badRequest(PROFILE_PICTURE_TYPE_MESSAGE);
    // No answer, or a failure on the host's side: nothing was stored (the account is made after
    // the upload), and the shopper can try again.
    if (typeof error.http_code !== "number" || error.http_code >= 500) {
      log.error({ provider: "cloudinary", status: error.http_code ?? null, message }, "images: the image host failed a profile picture upload");
      throw unavailable(IMAGE_HOST_DOWN_MESSAGE);
    }
    throw new Error(`Uploading the profile picture failed${typeof error.http_code === "number" ? ` (${error.http_code})` : ""}: ${message}`);
  }
  if (typeof result.secure_url !== "string" || !result.secure_url) throw new Error("Uploading the profile picture failed: no secure_url in the answer");
  return result.secure_url;
}

// Product images: the admin's browser uploads each file straight to the image host with a
// signature made here (the secret never leaves the server), into one fixed folder, images only.

const PRODUCT_FOLDER = "volt/products";
/** Cloudinary's names for the formats a product image may have. */
export const PRODUCT_IMAGE_FORMATS = ["jpg", "png", "webp", "avif"] as const;

export type UploadSignature = { url: string; fields: Record<string, string>; maxBytes: number };

/**
 * A signed upload for one product image, valid for the next hour (Cloudinary's limit). The public
 * id is chosen here and may not be overwritten, so the signature stores one file, once.
 */
export function signProductUpload(now = Date.now(), folder = PRODUCT_FOLDER, idPrefix = ""): UploadSignature {
  const account = accountOptions();
  const params = {
    timestamp: String(Math.floor(now / 1000)),
    folder,
    public_id: `${idPrefix}${randomUUID()}`,
    overwrite: "false",
    allowed_formats: PRODUCT_IMAGE_FORMATS.join(","),
  };
  const signature = cloudinary.utils.api_sign_request(params, String(account.api_secret));
  const url = cloudinary.utils.api_url("upload", { cloud_name: account.cloud_name, resource_type: "image", upload_prefix: account.upload_prefix });
  return { url, fields: { ...params, api_key: String(account.api_key), signature }, maxBytes: PRODUCT_IMAGE_MAX_BYTES };
}

const SEED_IMAGE = /^\/images\/products\/[A-Za-z0-9_-]+\.(svg|png|jpe?g|webp|avif)$/;
const HOSTED_FILE = /^(v\d+\/)?[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*\.(jpg|jpeg|png|webp|avif|gif)$/;

/**
 * The address to store for an image a client sent back: API answers make the store's own images
 * absolute (lib/server/platform/http.ts), so the admin's own form, or any client, may send them so; they
 * are kept site-relative, as the seed wrote them.
 */
export function storedImageAddress(value: string): string {
  const site = `${siteUrl()}/`;
  return value.startsWith(site) && SEED_IMAGE.test(value.slice(site.length - 1)) ? value.slice(site.length - 1) : value;
}

/**
 * Whether a product image URL is ours: a delivery URL of our image host (Cloudinary's for the
 * configured cloud, or the emulator's) for a plain public id, or one of the seed images. Parsed,
 * not prefix-matched: no dot segments, escapes, query or fragment can make it point elsewhere.
 */
export function isProductImageUrl(value: string): boolean {
  if (SEED_IMAGE.test(value)) return true;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  // A URL that parses to something else than was written (dot segments, escapes) is refused.
  if (url.href !== value || url.search || url.hash || url.username || url.password) return false;
  const account = accountOptions();
  const config = readConfig();
  const host = config.cloudinaryUrl
    ? { origin: "https://res.cloudinary.com", path: `/${account.cloud_name}/image/upload/` }
    : { origin: new URL(config.emulatorUrl ?? "http://127.0.0.1").origin, path: `/cloudinary/${account.cloud_name}/image/upload/` };
  return url.origin === host.origin && url.pathname.startsWith(host.path) && HOSTED_FILE.test(url.pathname.slice(host.path.length));
}

const IMAGE_CHECK_TIMEOUT_MS = 5_000;
const IMAGE_HOST_DOWN_MESSAGE = "The image host is not answering; please try again in a moment";
export const PRODUCT_IMAGE_MISSING_MESSAGE = "This image is not on the image host: upload it again";
export const PRODUCT_IMAGE_SIZE_MESSAGE = `Each image must be at most ${PRODUCT_IMAGE_MAX_BYTES / 1024 / 1024} MB`;

/**
 * The size bound of product images, on the server. Cloudinary's upload API has no per-upload size
 * parameter (its plan limit is larger), so a product write asks the image host for each image it
 * has not stored before (HEAD on the delivery URL of the original) and refuses one that is missing
 * or larger than PRODUCT_IMAGE_MAX_BYTES. Seed images and images the product already had are not
 * asked again. An image host that does not answer is a 503: nothing is written.
 */
export async function checkHostedImages(urls: string[], alreadyStored: readonly string[] = []): Promise<void> {
  const known = new Set(alreadyStored);
  const checks = urls.map(async (url, index): Promise<[number, string] | null> => {
    if (known.has(url) || SEED_IMAGE.test(url)) return null;
    let answer: Response;
    try {
      answer = await fetch(url, { method: "HEAD", redirect: "error", signal: AbortSignal.timeout(IMAGE_CHECK_TIMEOUT_MS) });
    } catch (error) {
      log.error({ err: error, url }, "images: HEAD of a product image failed");
      throw unavailable(IMAGE_HOST_DOWN_MESSAGE);
    }
    if (answer.status === 404) return [index, PRODUCT_IMAGE_MISSING_MESSAGE];
    if (!answer.ok) {
      log.error({ url, status: answer.status }, "images: HEAD of a product image failed");
      throw unavailable(IMAGE_HOST_DOWN_MESSAGE);
    }
    const length = Number(answer.headers.get("content-length"));
    if (!Number.isFinite(length) || length > PRODUCT_IMAGE_MAX_BYTES) return [index, PRODUCT_IMAGE_SIZE_MESSAGE];
    return null;
  });
  const refused = (await Promise.all(checks)).filter((entry): entry is [number, string] => entry !== null);
  if (refused.length === 0) return;
  const fields = Object.fromEntries(refused.map(([index, message]) => [`productImage.${index}`, message]));
  throw new HttpError(400, refused[0]![1], undefined, fields);
}

// A shopper's photos of a return: signed like product images, into their own folder, so a return
// request accepts only photos uploaded through such a signature (never a product image or any
// other address).

const RETURN_FOLDER = "volt/returns";

/**
 * A signed, one-hour upload of one photo for a return request (the shopper's browser posts it).
 * Its public id starts with the shopper's id, so a request accepts only its own shopper's photos.
 */
export function signReturnPhotoUpload(userId: string, now = Date.now()): UploadSignature {
  return signProductUpload(now, RETURN_FOLDER, `${userId}_`);
}

/** Whether `value` is a delivery URL of our image host for a photo that `userId` uploaded into the returns folder. */
export function isReturnPhotoUrl(value: string, userId: string): boolean {
  if (!isProductImageUrl(value) || SEED_IMAGE.test(value) || !/^[0-9a-f-]{36}$/.test(userId)) return false;
  return new RegExp(`/image/upload/(v\\d+/)?${RETURN_FOLDER}/${userId}_[A-Za-z0-9-]+\\.[a-z]+$`).test(new URL(value).pathname);
}
