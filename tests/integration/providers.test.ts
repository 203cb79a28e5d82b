// Mail and pictures through the real SDKs (Resend, Cloudinary) against the run's emulators,
// read back over HTTP: no mocks.
import { Resend } from "resend";
import type { OutboxEmail } from "../../server/emulators/resend";
import { signCloudinaryParams } from "../../server/emulators/cloudinary";
import { describe, expect, inject, it } from "vitest";
import { PROFILE_PICTURE_MAX_BYTES } from "@/lib/constants";
import { HttpError } from "@/lib/server/platform/http";
import { uploadProfilePicture } from "@/lib/server/providers/images";
import { otpEmail, passwordChangedEmail, sendMail } from "@/lib/server/providers/mail";
import { dataUrl, png, uniqueEmail } from "../helpers";

const emulator = inject("emulatorUrl");

type StoredUpload = { public_id: string; bytes: number; format: string; secure_url: string };

async function getJson<T>(path: string): Promise<T> {
  const response = await fetch(`${emulator}${path}`);
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}

const outbox = (to?: string) => getJson<OutboxEmail[]>(`/resend/outbox${to ? `?to=${encodeURIComponent(to)}` : ""}`);
const uploads = () => getJson<StoredUpload[]>("/cloudinary/uploads");


async function refusal(promise: Promise<unknown>): Promise<HttpError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HttpError);
  return error as HttpError;
}

describe("sendMail through the Resend SDK and the emulator", () => {
  it("delivers to the outbox with html and text", async () => {
    const to = uniqueEmail("mail");
    const { id } = await sendMail({ to, ...(await otpEmail("482913", 5)) });
    expect(id).toMatch(/^[0-9a-f-]{36}$/);

    const [email, ...rest] = await outbox(to);
    expect(rest).toHaveLength(0);
    expect(email).toMatchObject({ id, to: [to], subject: "Your Volt Electronics verification code" });
    expect(email!.from).toContain("Volt Electronics");
    expect(email!.html).toContain("482913");
    expect(email!.text).toContain("482913");
    expect(email!.text).toContain("5 minutes");
    expect(Date.parse(email!.created_at)).not.toBeNaN();
  });

  it("filters the outbox by recipient, case-insensitively, newest first", async () => {
    const first = uniqueEmail("filter");
    const second = uniqueEmail("other");
    await sendMail({ to: first, ...(await passwordChangedEmail("Asha <Rao>")) });
    await sendMail({ to: second, ...(await otpEmail("111111", 5)) });
    const { id: newest } = await sendMail({ to: first, ...(await otpEmail("222222", 5)) });

    const mine = await outbox(first.toUpperCase());
    expect(mine.map((e) => e.id)[0]).toBe(newest);
    expect(mine).toHaveLength(2);
    expect(mine.every((e) => e.to.includes(first))).toBe(true);
    expect(mine[1]!.html).toContain("Asha &lt;Rao&gt;");
    expect(mine[1]!.html).not.toContain("<Rao>");

    const all = await outbox();
    expect(all.findIndex((e) => e.id === newest)).toBeLessThan(all.findIndex((e) => e.to.includes(second)));

    const page = await fetch(`${emulator}/resend/outbox.html`);
    expect(page.headers.get("content-type")).toContain("text/html");
    const html = await page.text();
    expect(html).toContain(first);
    expect(html).not.toContain("Asha <Rao>");
  });

  it("surfaces the provider's refusals as errors", async () => {
    const resend = new Resend("re_emulator", { baseUrl: emulator });
    const payload = { from: "Volt <no-reply@volt.local>", to: uniqueEmail("nokey"), subject: "Hi", text: "Hello" };
    const noBearer = await resend.emails.send(payload, { headers: { Authorization: "" } });
    expect(noBearer.data).toBeNull();
    expect(noBearer.error).toMatchObject({ statusCode: 401, name: "missing_api_key" });
    expect(await outbox(payload.to)).toHaveLength(0);

    const missingSubject = await resend.emails.send({ ...payload, subject: "" });
    expect(missingSubject.error).toMatchObject({ statusCode: 422, name: "missing_required_field" });

    await expect(sendMail({ to: "not-an-address", subject: "Hi", html: "<p>Hi</p>", text: "Hi" })).rejects.toThrow(/422.*validation_error/);
  });
});

describe("uploadProfilePicture through the Cloudinary SDK and the emulator", () => {
  it("uploads a PNG and its URL serves the same bytes", async () => {
    const image = png(3, 2);
    const url = await uploadProfilePicture(dataUrl("image/png", image));
    expect(url).toMatch(new RegExp(`^${emulator}/cloudinary/volt-demo/image/upload/v\\d+/volt/profiles/[\\w-]+\\.png$`));

    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(Buffer.from(await response.arrayBuffer()).equals(image)).toBe(true);

    const stored = (await uploads()).find((u) => u.secure_url === url);
    expect(stored).toMatchObject({ format: "png", bytes: image.length, width: 3, height: 2 });
    expect(stored!.public_id).toMatch(/^volt\/profiles\//);
  });

  it("refuses an image over 2 MB before uploading it", async () => {
    const big = Buffer.concat([png(1, 1), Buffer.alloc(PROFILE_PICTURE_MAX_BYTES)]);
    const error = await refusal(uploadProfilePicture(dataUrl("image/png", big)));
    expect(error.status).toBe(400);
    expect(error.message).toBe("Profile picture must be at most 2 MB");
    expect((await uploads()).some((u) => u.bytes === big.length)).toBe(false);
  });

  it("accepts exactly 2 MB", async () => {
    const image = png(1, 1);
    const limit = Buffer.concat([image, Buffer.alloc(PROFILE_PICTURE_MAX_BYTES - image.length)]);
    await expect(uploadProfilePicture(dataUrl("image/png", limit))).resolves.toMatch(/\.png$/);
  });

  it("refuses a text file disguised as a PNG", async () => {
    const text = Buffer.from("just some text, not a picture at all\n");
    const error = await refusal(uploadProfilePicture(dataUrl("image/png", text)));
    expect(error.status).toBe(400);
    expect(error.message).toBe("Profile picture must be a PNG, JPEG, WebP or GIF image");
    expect((await uploads()).some((u) => u.bytes === text.length)).toBe(false);
  });

  it("refuses a PNG declared as a JPEG", async () => {
    const error = await refusal(uploadProfilePicture(dataUrl("image/jpeg", png(1, 1))));
    expect(error.message).toBe("Profile picture must be a PNG, JPEG, WebP or GIF image");
  });

  it.each([
    ["a non-image data URL", dataUrl("text/plain", Buffer.from("hello"))],
    ["an SVG", dataUrl("image/svg+xml", Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"))],
    ["a remote URL", "https://example.com/me.png"],
    ["broken base64", "data:image/png;base64,iVBOR*w0KGgo"],
    ["an empty string", ""],
  ])("refuses %s", async (_name, input) => {
    const error = await refusal(uploadProfilePicture(input));
    expect(error.status).toBe(400);
    expect(error.message).toBe("Profile picture must be a PNG, JPEG, WebP or GIF image");
  });
});

describe("the Cloudinary emulator", () => {
  it("answers like Cloudinary to unsigned or non-image uploads", async () => {
    const form = (fields: Record<string, string>) => {
      const body = new FormData();
      for (const [key, value] of Object.entries(fields)) body.set(key, value);
      return fetch(`${emulator}/v1_1/volt-demo/image/upload`, { method: "POST", body });
    };
    const unsigned = await form({ file: dataUrl("image/png", png(1, 1)), timestamp: "1" });
    expect(unsigned.status).toBe(401);
    expect(await unsigned.json()).toEqual({ error: { message: "Must supply api_key" } });

    const now = String(Math.floor(Date.now() / 1000));
    const forged = await form({ file: dataUrl("image/png", png(1, 1)), timestamp: now, api_key: "emulator", signature: "s".repeat(40) });
    expect(forged.status).toBe(401);
    expect(await forged.json()).toEqual({ error: { message: "Invalid Signature" } });
    const stale = String(Math.floor(Date.now() / 1000) - 3700);
    const old = await form({ file: dataUrl("image/png", png(1, 1)), timestamp: stale, api_key: "emulator", signature: signCloudinaryParams({ timestamp: stale }, "emulator-secret") });
    expect(old.status).toBe(401);

    const signed = (fields: Record<string, string>) => form({ ...fields, timestamp: now, api_key: "emulator", signature: signCloudinaryParams({ ...fields, timestamp: now }, "emulator-secret") });
    const text = await signed({ file: dataUrl("image/png", Buffer.from("hello")) });
    expect(text.status).toBe(400);
    expect(await text.json()).toEqual({ error: { message: "Invalid image file" } });
    const gif = await signed({ file: dataUrl("image/gif", Buffer.from("GIF89a\x01\x00\x01\x00", "latin1")), allowed_formats: "jpg,png,webp,avif" });
    expect(gif.status).toBe(400);
    expect(await gif.json()).toEqual({ error: { message: "Image format gif not allowed" } });
    expect((await signed({ file: dataUrl("image/png", png(2, 2)), allowed_formats: "jpg,png,webp,avif", folder: "volt/products" })).status).toBe(200);

    expect((await fetch(`${emulator}/cloudinary/volt-demo/image/upload/v1/nothing-here.png`)).status).toBe(404);
  });
});
