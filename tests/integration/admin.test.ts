// The admin endpoints through the real route handlers, on a database of this file's own (the
// last-admin rules count every ADMIN, so other files' admins must not be in it).
import { randomUUID } from "node:crypto";
import { NextRequest } from "next/server";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as allUsers } from "@/app/api/all-users/route";
import { PUT as updateRole } from "@/app/api/update-role/[userId]/route";
import { DELETE as deleteUserRoute } from "@/app/api/delete-user/[userId]/route";
import { POST as uploadProduct } from "@/app/api/upload-product/route";
import { PUT as updateProductRoute } from "@/app/api/update-product/route";
import { POST as uploadSignature } from "@/app/api/upload-signature/route";
import { GET as allOrders } from "@/app/api/all-orders/route";
import { GET as adminProducts } from "@/app/api/admin-products/route";
import { PUT as updateUser } from "@/app/api/update-user/route";
import { POST as addToCart } from "@/app/api/add-to-cart/route";
import { GET as singleProduct } from "@/app/api/get-single-product-details/[id]/route";
import { BASE, dataUrl, getRequest, jsonRequest, noContext, png, query, shopper, type Shopper, onOwnDatabase } from "../helpers";

onOwnDatabase("admin");

async function promote(user: Shopper): Promise<Shopper> {
  await query(`UPDATE "User" SET role = 'ADMIN' WHERE id = $1`, [user.id]);
  return user;
}

const userParams = (userId: string) => ({ params: Promise.resolve({ userId }) });
const put = (path: string, body: unknown, cookie?: string) => jsonRequest(path, body, { method: "PUT", cookie });
const del = (path: string, cookie?: string) => new NextRequest(`${BASE}${path}`, { method: "DELETE", headers: cookie ? { cookie } : {} });

const IMAGE = "/images/products/mobi-001-1.svg";
const validProduct = (overrides: Record<string, unknown> = {}) => ({
  productName: `Admin phone ${randomUUID().slice(0, 6)}`,
  brandName: "Volt",
  category: "mobiles",
  productImage: [IMAGE],
  productDesc: "A phone made by the admin tests.",
  price: 19999,
  sellingPrice: 14999.5,
  ...overrides,
});

describe("who may call the admin endpoints", () => {
  let user: Shopper;
  let boss: Shopper;
  let demoted: Shopper;
  let productId = "";
  beforeAll(async () => {
    user = await shopper();
    boss = await promote(await shopper());
    demoted = await promote(await shopper());
    const created = await uploadProduct(jsonRequest("/api/upload-product", validProduct(), { cookie: boss.cookie }), noContext);
    productId = (await created.json()).data._id;
    // Demoted through the endpoint: the old cookie stops working at once.
    expect((await updateRole(put(`/api/update-role/${demoted.id}`, { role: "USER" }, boss.cookie), userParams(demoted.id))).status).toBe(200);
  });

  const calls: [string, (cookie?: string) => Promise<Response>][] = [
    ["GET /api/all-users", (cookie) => allUsers(getRequest("/api/all-users", cookie), noContext)],
    ["PUT /api/update-role", (cookie) => updateRole(put(`/api/update-role/${randomUUID()}`, { role: "USER" }, cookie), userParams(randomUUID()))],
    ["DELETE /api/delete-user", (cookie) => deleteUserRoute(del(`/api/delete-user/${randomUUID()}`, cookie), userParams(randomUUID()))],
    ["POST /api/upload-product", (cookie) => uploadProduct(jsonRequest("/api/upload-product", validProduct(), { cookie }), noContext)],
    ["PUT /api/update-product", (cookie) => updateProductRoute(put("/api/update-product", { ...validProduct(), _id: productId }, cookie), noContext)],
    ["POST /api/upload-signature", (cookie) => uploadSignature(jsonRequest("/api/upload-signature", {}, { cookie }), noContext)],
    ["GET /api/all-orders", (cookie) => allOrders(getRequest("/api/all-orders", cookie), noContext)],
    ["GET /api/admin-products", (cookie) => adminProducts(getRequest("/api/admin-products", cookie), noContext)],
  ];

  it.each(calls)("%s: anonymous 401, USER 403, a demoted admin's old cookie 401, ADMIN allowed", async (_name, call) => {
    expect((await call()).status).toBe(401);
    expect((await call(user.cookie)).status).toBe(403);
    expect((await call(demoted.cookie)).status).toBe(401);
    expect((await call(boss.cookie)).status).toBeLessThan(500);
    expect([200, 201, 404]).toContain((await call(boss.cookie)).status);
  });

  it("a USER cannot raise their own role through update-user, update-role or signup", async () => {
    const me = await shopper();
    const asked = await updateUser(put("/api/update-user", { name: "Me", email: me.email, contact: "", role: "ADMIN", profilepic: "" }, me.cookie), noContext);
    expect(asked.status).toBeLessThan(500);
    expect((await updateRole(put(`/api/update-role/${me.id}`, { role: "ADMIN" }, me.cookie), userParams(me.id))).status).toBe(403);
    expect((await updateRole(put(`/api/update-role/${me.id}`, { role: "ADMIN" }), userParams(me.id))).status).toBe(401);
    expect(await query(`SELECT role FROM "User" WHERE id = $1`, [me.id])).toEqual([{ role: "USER" }]);
  });
});

describe("users and roles", () => {
  it("pages the accounts newest first, 8 at a time, with the total; caps the limit", async () => {
    const boss = await promote(await shopper());
    for (let i = 0; i < 9; i++) await shopper();
    const page1 = await (await allUsers(getRequest("/api/all-users?page=1&limit=8", boss.cookie), noContext)).json();
    expect(page1.data).toHaveLength(8);
    expect(page1.total).toBeGreaterThanOrEqual(10);
    const created = page1.data.map((u: { createdAt: string }) => Date.parse(u.createdAt));
    expect([...created].sort((a, b) => b - a)).toEqual(created);
    expect(page1.data[0]).not.toHaveProperty("passwordHash");
    const page2 = await (await allUsers(getRequest("/api/all-users?page=2&limit=8", boss.cookie), noContext)).json();
    expect(page2.data.map((u: { _id: string }) => u._id)).not.toContain(page1.data[0]._id);
    expect((await allUsers(getRequest("/api/all-users?limit=101", boss.cookie), noContext)).status).toBe(400);
    const unpaged = await (await allUsers(getRequest("/api/all-users", boss.cookie), noContext)).json();
    expect(unpaged.data.length).toBe(Math.min(unpaged.total, 500));
  });

  it("changes a role (the user's sessions end), refuses an unknown role, and never demotes or deletes the last admin", async () => {
    await query(`UPDATE "User" SET role = 'USER' WHERE role = 'ADMIN'`);
    const only = await promote(await shopper());
    // The promotion above went straight to the database; sign in again for a cookie that says ADMIN.
    const member = await shopper();
    expect((await updateRole(put(`/api/update-role/${member.id}`, { role: "OWNER" }, only.cookie), userParams(member.id))).status).toBe(400);
    const lastDemote = await updateRole(put(`/api/update-role/${only.id}`, { role: "USER" }, only.cookie), userParams(only.id));
    expect(lastDemote.status).toBe(409);
    expect((await lastDemote.json()).message).toBe("The store must keep at least one admin.");
    expect((await deleteUserRoute(del(`/api/delete-user/${only.id}`, only.cookie), userParams(only.id))).status).toBe(400);
    // Not even spelled in upper case, with another admin around.
    const second = await promote(await shopper());
    const shouting = only.id.toUpperCase();
    expect((await deleteUserRoute(del(`/api/delete-user/${shouting}`, only.cookie), userParams(shouting))).status).toBe(400);
    await query(`UPDATE "User" SET role = 'USER' WHERE id = $1`, [second.id]);

    const promoted = await updateRole(put(`/api/update-role/${member.id}`, { role: "ADMIN" }, only.cookie), userParams(member.id));
    expect(promoted.status).toBe(200);
    expect((await promoted.json()).message).toBe("Role updated successfully");
    // The member's old cookie (a USER session) has ended with the change.
    expect((await allUsers(getRequest("/api/all-users", member.cookie), noContext)).status).toBe(401);
    // Two admins now: each may be demoted, but not both at once.
    const both = await Promise.all([
      updateRole(put(`/api/update-role/${only.id}`, { role: "USER" }, only.cookie), userParams(only.id)),
      updateRole(put(`/api/update-role/${member.id}`, { role: "USER" }, only.cookie), userParams(member.id)),
    ]);
    // One wins; the other finds either the last admin (409) or itself demoted (403).
    const statuses = both.map((r) => r.status).sort();
    expect(statuses[0]).toBe(200);
    expect([403, 409]).toContain(statuses[1]);
    expect(await query(`SELECT count(*)::int AS admins FROM "User" WHERE role = 'ADMIN'`)).toEqual([{ admins: 1 }]);
  });

  it("deletes an account with its cart and wishlist, and keeps its orders, detached", async () => {
    const boss = await promote(await shopper());
    const customer = await shopper();
    const created = await uploadProduct(jsonRequest("/api/upload-product", validProduct(), { cookie: boss.cookie }), noContext);
    const product = (await created.json()).data._id as string;
    await addToCart(jsonRequest("/api/add-to-cart", { productId: product }, { cookie: customer.cookie }), noContext);
    const orderId = randomUUID();
    await query(
      `INSERT INTO "Order" (id, "userId", "customerEmail", "checkoutSessionId", "paymentMethodTypes", "paymentStatus", "totalAmount", "expectedAmount") VALUES ($1, $2, $3, $4, ARRAY['card'], 'paid', 1504850, 1504850)`,
      [orderId, customer.id, customer.email, `cs_test_${orderId.replace(/-/g, "")}`],
    );
    const answer = await deleteUserRoute(del(`/api/delete-user/${customer.id}`, boss.cookie), userParams(customer.id));
    expect(answer.status).toBe(200);
    expect(await query(`SELECT id FROM "User" WHERE id = $1`, [customer.id])).toEqual([]);
    expect(await query(`SELECT id FROM "CartItem" WHERE "userId" = $1`, [customer.id])).toEqual([]);
    expect(await query(`SELECT "userId", "customerEmail", "totalAmount" FROM "Order" WHERE id = $1`, [orderId])).toEqual([{ userId: null, customerEmail: customer.email, totalAmount: 1504850 }]);
    expect((await deleteUserRoute(del(`/api/delete-user/${customer.id}`, boss.cookie), userParams(customer.id))).status).toBe(404);
  });
});

describe("products", () => {
  let boss: Shopper;
  beforeAll(async () => {
    boss = await promote(await shopper());
  });
  const upload = (body: unknown) => uploadProduct(jsonRequest("/api/upload-product", body, { cookie: boss.cookie }), noContext);

  it("takes back the absolute image addresses its own answers give, and stores them site-relative", async () => {
    const site = process.env.SITE_URL!.replace(/\/+$/, "");
    const created = await upload(validProduct({ productImage: [`${site}${IMAGE}`] }));
    expect(created.status).toBe(201);
    const product = (await created.json()).data;
    expect(product.productImage).toEqual([`${site}${IMAGE}`]);
    const [row] = await query<{ productImage: string[] }>(`SELECT "productImage" FROM "Product" WHERE id = $1`, [product._id]);
    expect(row!.productImage).toEqual([IMAGE]);
    // Another site's copy of the path is still foreign.
    expect((await upload(validProduct({ productImage: [`https://evil.example.com${IMAGE}`] }))).status).toBe(400);
  });

  it.each([
    ["productName", { productName: "" }, "Product name is required"],
    ["productName", { productName: "x".repeat(201) }, "Product name must be at most 200 characters"],
    ["brandName", { brandName: undefined }, "Brand name is required"],
    ["category", { category: "toasters" }, "Choose a category from the list"],
    ["productImage", { productImage: [] }, "*Please Upload Product image"],
    ["productImage", { productImage: Array(9).fill(IMAGE) }, "At most 8 images"],
    ["productImage.0", { productImage: ["https://evil.example.com/x.png"] }, "Each image must be uploaded through the product form"],
    ["productImage.0", { productImage: ["/images/products/../../api/logout"] }, "Each image must be uploaded through the product form"],
    ["productImage.0", { productImage: ["javascript:alert(1)"] }, "Each image must be uploaded through the product form"],
    ["productImage.1", { productImage: [IMAGE, `${process.env.EMULATOR_URL}/cloudinary/volt-demo/image/upload/../../../evil/image/upload/x.png`] }, "Each image must be uploaded through the product form"],
    ["productImage.0", { productImage: [`${process.env.EMULATOR_URL}/cloudinary/volt-demo/image/upload/v1/volt/products/a%2e%2e.png`] }, "Each image must be uploaded through the product form"],
    ["productImage.0", { productImage: [`${process.env.EMULATOR_URL}/cloudinary/other-cloud/image/upload/v1/x.png`] }, "Each image must be uploaded through the product form"],
    ["productDesc", { productDesc: " " }, "Description is required"],
    ["price", { price: -5 }, "Price must be a positive amount with at most 2 decimals"],
    ["price", { price: "12.345" }, "Price must be a positive amount with at most 2 decimals"],
    ["price", { price: 0 }, "Price must be more than 0"],
    ["sellingPrice", { sellingPrice: 30000 }, "Selling price cannot be above the price"],
  ])("refuses a bad %s (%o) with its message, and stores nothing", async (field, overrides, message) => {
    const name = `Refused ${randomUUID().slice(0, 6)}`;
    const answer = await upload(validProduct({ productName: name, ...overrides }));
    expect(answer.status).toBe(400);
    const body = await answer.json();
    expect(body.errors[field]).toBe(message);
    expect(await query(`SELECT id FROM "Product" WHERE "productName" = $1`, [name])).toEqual([]);
  });

  it("stores text as text: a name with markup comes back literally", async () => {
    const answer = await upload(validProduct({ productName: `<script>alert(1)</script> ${randomUUID().slice(0, 4)}` }));
    expect(answer.status).toBe(201);
    const { data } = await answer.json();
    expect(data.productName).toMatch(/^<script>alert\(1\)<\/script> /);
  });

  it("uploads an image with a server-signed upload, creates the product with it, and edits its price", async () => {
    const signed = await (await uploadSignature(jsonRequest("/api/upload-signature", {}, { cookie: boss.cookie }), noContext)).json();
    expect(signed.data.fields).toMatchObject({ folder: "volt/products", allowed_formats: "jpg,png,webp,avif", api_key: "emulator", overwrite: "false", public_id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    const form = new FormData();
    for (const [key, value] of Object.entries(signed.data.fields as Record<string, string>)) form.set(key, value);
    form.set("file", new Blob([new Uint8Array(png(4, 4))], { type: "image/png" }), "phone.png");
    const hosted = await fetch(signed.data.url, { method: "POST", body: form });
    expect(hosted.status).toBe(200);
    const { secure_url: url } = (await hosted.json()) as { secure_url: string };
    // The signature is for one file: sent again with another file, it stores nothing new.
    const replay = new FormData();
    for (const [key, value] of Object.entries(signed.data.fields as Record<string, string>)) replay.set(key, value);
    replay.set("file", new Blob([new Uint8Array(png(9, 9))], { type: "image/png" }), "other.png");
    const replayed = (await (await fetch(signed.data.url, { method: "POST", body: replay })).json()) as { secure_url: string; existing?: boolean; width: number };
    expect(replayed).toMatchObject({ secure_url: url, existing: true, width: 4 });
    // A signature is for its own parameters: another folder is refused.
    const tampered = new FormData();
    for (const [key, value] of Object.entries(signed.data.fields as Record<string, string>)) tampered.set(key, value);
    tampered.set("folder", "elsewhere");
    tampered.set("file", dataUrl("image/png", png(1, 1)));
    expect((await fetch(signed.data.url, { method: "POST", body: tampered })).status).toBe(401);

    const created = await upload(validProduct({ productImage: [url, IMAGE], price: "25000", sellingPrice: "19999.99" }));
    expect(created.status).toBe(201);
    const product = (await created.json()).data;
    expect(product).toMatchObject({ productImage: [url, `${process.env.SITE_URL!.replace(/\/+$/, "")}${IMAGE}`], price: 25000, sellingPrice: 19999.99 });
    expect(await query(`SELECT price, "sellingPrice" FROM "Product" WHERE id = $1`, [product._id])).toEqual([{ price: 2500000, sellingPrice: 1999999 }]);

    const edited = await updateProductRoute(put("/api/update-product", { ...validProduct({ productImage: [url] }), _id: product._id, price: 25000, sellingPrice: 17999 }, boss.cookie), noContext);
    expect(edited.status).toBe(200);
    expect((await edited.json()).message).toBe("Product updated successfully");
    const shown = await (await singleProduct(getRequest(`/api/get-single-product-details/${product._id}`), { params: Promise.resolve({ id: product._id }) })).json();
    expect(shown.product.sellingPrice).toBe(17999);
    const missing = await updateProductRoute(put("/api/update-product", { ...validProduct(), _id: randomUUID() }, boss.cookie), noContext);
    expect(missing.status).toBe(404);
  });

  it("refuses, on the server, an image over 5 MB or one the image host does not have", async () => {
    const signed = await (await uploadSignature(jsonRequest("/api/upload-signature", {}, { cookie: boss.cookie }), noContext)).json();
    const form = new FormData();
    for (const [key, value] of Object.entries(signed.data.fields as Record<string, string>)) form.set(key, value);
    // 6 MB: under the image host's own plan limit (the emulator's 10 MB, as Cloudinary's free plan), over the store's.
    const big = Buffer.concat([png(4, 4), Buffer.alloc(6 * 1024 * 1024)]);
    form.set("file", new Blob([new Uint8Array(big)], { type: "image/png" }), "big.png");
    const hosted = await fetch(signed.data.url, { method: "POST", body: form });
    expect(hosted.status).toBe(200);
    const { secure_url: bigUrl } = (await hosted.json()) as { secure_url: string };
    const absent = `${process.env.EMULATOR_URL}/cloudinary/volt-demo/image/upload/v1/volt/products/${randomUUID()}.png`;
    const name = `Too big ${randomUUID()}`;
    const answer = await upload(validProduct({ productName: name, productImage: [IMAGE, bigUrl, absent] }));
    expect(answer.status).toBe(400);
    expect((await answer.json()).errors).toEqual({
      "productImage.1": "Each image must be at most 5 MB",
      "productImage.2": "This image is not on the image host: upload it again",
    });
    expect(await query(`SELECT id FROM "Product" WHERE "productName" = $1`, [name])).toEqual([]);
  });

  it("lists products for the admin, newest first, by category and by search, with paging bounds", async () => {
    const tag = randomUUID().slice(0, 6);
    for (const category of ["camera", "camera", "mouse"]) await upload(validProduct({ category, productName: `Listed ${category} ${tag}` }));
    const cameras = await (await adminProducts(getRequest("/api/admin-products?category=camera&limit=100", boss.cookie), noContext)).json();
    expect(cameras.data.every((p: { category: string }) => p.category === "camera")).toBe(true);
    expect(cameras.total).toBe(cameras.data.length);
    const found = await (await adminProducts(getRequest(`/api/admin-products?q=${tag}`, boss.cookie), noContext)).json();
    expect(found.data.map((p: { productName: string }) => p.productName).sort()).toEqual([`Listed camera ${tag}`, `Listed camera ${tag}`, `Listed mouse ${tag}`]);
    // Search and category together: the search runs inside the category, so more than the search's bound of other matches cannot hide one.
    for (let i = 0; i < 3; i++) await upload(validProduct({ category: "mobiles", productName: `Listed mobile ${tag}` }));
    const miceOnly = await (await adminProducts(getRequest(`/api/admin-products?q=${tag}&category=mouse&limit=1`, boss.cookie), noContext)).json();
    expect(miceOnly).toMatchObject({ total: 1, data: [{ productName: `Listed mouse ${tag}`, category: "mouse" }] });
    expect((await adminProducts(getRequest("/api/admin-products?limit=1000", boss.cookie), noContext)).status).toBe(400);
    expect((await adminProducts(getRequest("/api/admin-products?category=toasters", boss.cookie), noContext)).status).toBe(400);
  });
});
