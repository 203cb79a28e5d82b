// Development and demo mode: images uploaded to the image-host emulator outlive its restart. The
// launcher starts the emulators on a fixed port with the uploads kept under .data/ (the product
// rows hold the emulator's address); here an emulator of this file's own is started the same way
// (a fixed port, a folder), pictures go through the store's real Cloudinary SDK path and the
// admin browser's signed upload, then the emulator is stopped and started again and the images
// load from the same addresses.
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startEmulators, type RunningEmulators } from "../../server/emulators/server";
import { DATA_DIR } from "../../server/database/database";
import { freePort } from "../../server/database/embedded-postgres";
import { checkHostedImages, isProductImageUrl, signProductUpload, uploadProfilePicture } from "@/lib/server/providers/images";
import { dataUrl, png } from "../helpers";

let folder: string;
let port: number;
let emulators: RunningEmulators | undefined;
const runEmulatorUrl = process.env.EMULATOR_URL;

const start = async (dir = folder) => {
  emulators = await startEmulators({ port, uploadsDir: dir });
  return emulators;
};
const stop = async () => {
  await emulators?.stop();
  emulators = undefined;
};

beforeAll(async () => {
  folder = mkdtempSync(path.join(DATA_DIR, "tmp", "uploads-"));
  port = await freePort();
  // The store's image code reads EMULATOR_URL at each call: this file's emulator, not the run's.
  process.env.EMULATOR_URL = `http://127.0.0.1:${port}`;
});

afterEach(stop);

afterAll(async () => {
  process.env.EMULATOR_URL = runEmulatorUrl;
  rmSync(folder, { recursive: true, force: true });
});

/**
 * fetch on a connection of its own: the emulator's restart ends every connection, and fetch's
 * pool could otherwise send on one it has not yet seen closed.
 */
async function send(url: string, init: RequestInit = {}): Promise<{ status: number; bytes: Buffer; type: string | undefined }> {
  const request = new Request(url, init);
  const body = init.body === undefined ? undefined : Buffer.from(await request.arrayBuffer());
  return new Promise((resolve, reject) => {
    const outgoing = http.request(url, { method: request.method, headers: Object.fromEntries(request.headers), agent: false }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on("data", (chunk: Buffer) => chunks.push(chunk));
      answer.on("end", () => resolve({ status: answer.statusCode ?? 0, bytes: Buffer.concat(chunks), type: answer.headers["content-type"] }));
      answer.on("error", reject);
    });
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}

/** What the admin's browser does with a signature from /api/upload-signature. */
async function uploadAsTheAdminBrowser(bytes: Buffer, url = signProductUpload().url): Promise<{ status: number; secureUrl: string }> {
  const { fields } = signProductUpload();
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append("file", new Blob([new Uint8Array(bytes)], { type: "image/png" }), "product.png");
  const answer = await send(url, { method: "POST", body: form });
  return { status: answer.status, secureUrl: answer.status === 200 ? (JSON.parse(answer.bytes.toString("utf8")) as { secure_url: string }).secure_url : "" };
}

const load = (url: string) => send(url);
const listed = async () => JSON.parse((await send(`http://127.0.0.1:${port}/cloudinary/uploads`)).bytes.toString("utf8")) as unknown[];

describe("the image-host emulator with an uploads folder", () => {
  it("serves a product image and a profile picture at the same address after a restart", async () => {
    await start();
    const productBytes = png(12, 7);
    const pictureBytes = png(5, 5);
    const product = await uploadAsTheAdminBrowser(productBytes);
    expect(product.status).toBe(200);
    const productUrl = product.secureUrl;
    // The store's own path: the Cloudinary SDK, as sign-up with a picture calls it.
    const pictureUrl = await uploadProfilePicture(dataUrl("image/png", pictureBytes));
    expect(productUrl.startsWith(`http://127.0.0.1:${port}/cloudinary/`)).toBe(true);
    expect(isProductImageUrl(productUrl)).toBe(true);
    await checkHostedImages([productUrl]);
    const before = await listed();
    expect(before).toHaveLength(2);

    await stop();
    // Nothing answers in between: the image does not come from anything still running.
    await expect(load(productUrl)).rejects.toThrow();
    await start();

    expect(await load(productUrl)).toEqual({ status: 200, bytes: productBytes, type: "image/png" });
    expect(await load(pictureUrl)).toEqual({ status: 200, bytes: pictureBytes, type: "image/png" });
    // What a product write does with an image it did not have before: asks the host.
    await checkHostedImages([productUrl]);
    // The list (newest first) is the one of before the restart.
    expect(await listed()).toEqual(before);
  });

  it("keeps uploads in memory only without a folder (the throwaway store of the browser tests)", async () => {
    emulators = await startEmulators({ port });
    const { secureUrl } = await uploadAsTheAdminBrowser(png(3, 3));
    expect((await load(secureUrl)).status).toBe(200);
    await stop();
    emulators = await startEmulators({ port });
    expect((await load(secureUrl)).status).toBe(404);
  });

  it("refuses a cloud name that would be a path outside the folder", async () => {
    await start();
    const answer = await uploadAsTheAdminBrowser(png(2, 2), `http://127.0.0.1:${port}/v1_1/..%2Fescaped/image/upload`);
    expect(answer.status).toBe(400);
    expect(await listed()).toHaveLength(2);
  });
});
