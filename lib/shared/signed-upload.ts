import { postJson } from "../api-client";

/** What the store's signature endpoints answer: where to post the file, and the signed fields. */
type Signature = { url: string; fields: Record<string, string> };

/**
 * Uploads one file straight to the image host with a signature the store made for it
 * (`signaturePath`: `/api/upload-signature` for products, `/api/return-photo-signature` for a
 * return's photos, with `body` naming the order), and answers the file's address there.
 */
export async function uploadSigned(signaturePath: string, file: File, body: Record<string, string> = {}): Promise<string> {
  const { data: signature } = await postJson<Signature>(signaturePath, body);
  const form = new FormData();
  for (const [key, value] of Object.entries(signature.fields)) form.set(key, value);
  form.set("file", file);
  const response = await fetch(signature.url, { method: "POST", body: form });
  const answer = (await response.json().catch(() => ({}))) as { secure_url?: string; error?: { message?: string } };
  if (!response.ok || !answer.secure_url) throw new Error(answer.error?.message ?? `The image host answered ${response.status}`);
  return answer.secure_url;
}
