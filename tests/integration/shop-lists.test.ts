// Cart and wishlist through the real route handlers on a real Postgres: the access matrix
// (anonymous, user A, user B, an admin), quantities, parallel adds and racing tabs.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { absoluteUrl } from "@/lib/site-url";
import { POST as addToCart } from "@/app/api/add-to-cart/route";
import { GET as countCart } from "@/app/api/count-cart-product/[userId]/route";
import { POST as updateQuantity } from "@/app/api/update-cart-quantity/route";
import { POST as deleteCartLine } from "@/app/api/delete-cart-product/route";
import { GET as wishlistCount } from "@/app/api/get-wishlist-count/route";
import { GET as getWishlist } from "@/app/api/get-wishlist/route";
import { POST as addToWishlist } from "@/app/api/add-to-wishlist/route";
import { POST as deleteWishlistLine } from "@/app/api/delete-wishlist-product/route";
import { admin, getRequest, jsonRequest, noContext, query, shopper, type Shopper } from "../helpers";

let products: { id: string; sellingPrice: number }[] = [];
beforeAll(async () => {
  // Products of their own, so other test files' data never matters.
  products = [];
  for (let i = 0; i < 3; i++) {
    const id = randomUUID();
    await query(
      `INSERT INTO "Product" (id, "productName", "brandName", category, "productImage", price, "sellingPrice", "updatedAt", stock) VALUES ($1, $2, 'Volt', 'mobiles', ARRAY['/images/products/mobi-001-1.svg'], 1999900, $3, now(), 1000)`,
      [id, `Cart test phone ${i} ${id.slice(0, 6)}`, 1499900 + i * 100],
    );
    products.push({ id, sellingPrice: (1499900 + i * 100) / 100 });
  }
});

const post = (handler: typeof addToCart, path: string, body: unknown, cookie?: string) => handler(jsonRequest(path, body, { cookie }), noContext);
const cartOf = (userId: string, cookie?: string) => countCart(getRequest(`/api/count-cart-product/${userId}`, cookie), { params: Promise.resolve({ userId }) });
const lines = async (user: Shopper) => (await (await cartOf(user.id, user.cookie)).json()).data as { _id: string; quantity: number; productId: { _id: string; productName: string; sellingPrice: number; category: string; productImage: string[] } }[];

describe("who may call: anonymous 401, admin 403, another user's lines 404/403", () => {
  let a: Shopper;
  let b: Shopper;
  let cartLineOfA = "";
  let wishlistLineOfA = "";
  beforeAll(async () => {
    a = await shopper();
    b = await shopper();
    cartLineOfA = (await (await post(addToCart, "/api/add-to-cart", { productId: products[0]!.id }, a.cookie)).json()).data._id;
    wishlistLineOfA = (await (await post(addToWishlist, "/api/add-to-wishlist", { productId: products[0]!.id }, a.cookie)).json()).data._id;
  });

  it("answers 401 to anonymous calls on every endpoint", async () => {
    const statuses = [
      (await post(addToCart, "/api/add-to-cart", { productId: products[0]!.id })).status,
      (await cartOf(a.id)).status,
      (await post(updateQuantity, "/api/update-cart-quantity", { productId: cartLineOfA, quantity: 2 })).status,
      (await post(deleteCartLine, "/api/delete-cart-product", { cartProductId: cartLineOfA })).status,
      (await wishlistCount(getRequest("/api/get-wishlist-count"), noContext)).status,
      (await getWishlist(getRequest("/api/get-wishlist"), noContext)).status,
      (await post(addToWishlist, "/api/add-to-wishlist", { productId: products[0]!.id })).status,
      (await post(deleteWishlistLine, "/api/delete-wishlist-product", { wishlistId: wishlistLineOfA })).status,
    ];
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 401, 401]);
    expect(await lines(a)).toEqual([expect.objectContaining({ _id: cartLineOfA, quantity: 1 })]);
  });

  it("answers 403 to an admin: carts and wishlists are for shoppers", async () => {
    const boss = await admin();
    expect((await post(addToCart, "/api/add-to-cart", { productId: products[0]!.id }, boss.cookie)).status).toBe(403);
    expect((await wishlistCount(getRequest("/api/get-wishlist-count", boss.cookie), noContext)).status).toBe(403);
  });

  it("refuses B reading A's cart with 403", async () => {
    const response = await cartOf(a.id, b.cookie);
    expect(response.status).toBe(403);
    expect(JSON.stringify(await response.json())).not.toContain(cartLineOfA);
  });

  it("treats A's lines as absent for B (404) and never changes them", async () => {
    const unknown = randomUUID();
    for (const id of [cartLineOfA, unknown]) {
      const update = await post(updateQuantity, "/api/update-cart-quantity", { productId: id, quantity: 5 }, b.cookie);
      const remove = await post(deleteCartLine, "/api/delete-cart-product", { cartProductId: id }, b.cookie);
      expect([update.status, remove.status]).toEqual([404, 404]);
      expect((await update.json()).message).toBe((await remove.json()).message);
    }
    for (const id of [wishlistLineOfA, unknown]) {
      expect((await post(deleteWishlistLine, "/api/delete-wishlist-product", { wishlistId: id }, b.cookie)).status).toBe(404);
    }
    expect(await lines(a)).toEqual([expect.objectContaining({ _id: cartLineOfA, quantity: 1 })]);
    const [row] = await query<{ n: number }>('SELECT count(*)::int AS n FROM "WishlistItem" WHERE id = $1', [wishlistLineOfA]);
    expect(row?.n).toBe(1);
  });

  it("B's own lists stay empty", async () => {
    expect(await lines(b)).toEqual([]);
    const count = await (await wishlistCount(getRequest("/api/get-wishlist-count", b.cookie), noContext)).json();
    expect(count.data).toEqual({ count: 0 });
  });
});

describe("cart", () => {
  it("adds a line with quantity 1, then raises it and says so; lines carry the product", async () => {
    const me = await shopper();
    const first = await post(addToCart, "/api/add-to-cart", { productId: products[1]!.id }, me.cookie);
    expect(first.status).toBe(201);
    expect((await first.json()).message).toBe("Product added to cart");
    const second = await post(addToCart, "/api/add-to-cart", { productId: products[1]!.id }, me.cookie);
    expect(second.status).toBe(200);
    expect((await second.json()).message).toBe("Product already in cart: quantity raised to 2");
    const [line] = await lines(me);
    expect(line).toMatchObject({ quantity: 2, productId: { _id: products[1]!.id, sellingPrice: products[1]!.sellingPrice, category: "mobiles" } });
    expect(line!.productId.productImage).toEqual([absoluteUrl("/images/products/mobi-001-1.svg")]);
  });

  it("ten parallel adds make one line with quantity 10", async () => {
    const me = await shopper();
    const answers = await Promise.all(Array.from({ length: 10 }, () => post(addToCart, "/api/add-to-cart", { productId: products[2]!.id }, me.cookie)));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
    expect(await lines(me)).toEqual([expect.objectContaining({ quantity: 10 })]);
  });

  it("answers 400 for a malformed product id and 404 for an unknown one, adding nothing", async () => {
    const me = await shopper();
    expect((await post(addToCart, "/api/add-to-cart", { productId: "'; DROP TABLE x; --" }, me.cookie)).status).toBe(400);
    expect((await post(addToCart, "/api/add-to-cart", {}, me.cookie)).status).toBe(400);
    expect((await post(addToCart, "/api/add-to-cart", { productId: randomUUID() }, me.cookie)).status).toBe(404);
    expect(await lines(me)).toEqual([]);
  });

  it.each([
    ["0", 0],
    ["-1", -1],
    ["1.5", 1.5],
    ["100", 100],
    ["'2' (a string)", "2"],
    ["missing", undefined],
    ["null", null],
  ])("refuses quantity %s with 400 and changes nothing", async (_label, quantity) => {
    const me = await shopper();
    const line = (await (await post(addToCart, "/api/add-to-cart", { productId: products[0]!.id }, me.cookie)).json()).data._id;
    const response = await post(updateQuantity, "/api/update-cart-quantity", { productId: line, quantity }, me.cookie);
    expect(response.status).toBe(400);
    expect((await response.json()).message).toMatch(/quantity must be a whole number from 1 to 99/);
    expect(await lines(me)).toEqual([expect.objectContaining({ quantity: 1 })]);
  });

  it("sets quantities 1 and 99, and stops adds at 99", async () => {
    const me = await shopper();
    const line = (await (await post(addToCart, "/api/add-to-cart", { productId: products[0]!.id }, me.cookie)).json()).data._id;
    expect((await post(updateQuantity, "/api/update-cart-quantity", { productId: line, quantity: 99 }, me.cookie)).status).toBe(200);
    const over = await post(addToCart, "/api/add-to-cart", { productId: products[0]!.id }, me.cookie);
    expect(over.status).toBe(400);
    expect(await lines(me)).toEqual([expect.objectContaining({ quantity: 99 })]);
    expect((await post(updateQuantity, "/api/update-cart-quantity", { productId: line, quantity: 1 }, me.cookie)).status).toBe(200);
    expect(await lines(me)).toEqual([expect.objectContaining({ quantity: 1 })]);
  });

  it("a line deleted while another tab changes its quantity stays deleted", async () => {
    const me = await shopper();
    const line = (await (await post(addToCart, "/api/add-to-cart", { productId: products[0]!.id }, me.cookie)).json()).data._id;
    const [removed, changed] = await Promise.all([
      post(deleteCartLine, "/api/delete-cart-product", { cartProductId: line }, me.cookie),
      post(updateQuantity, "/api/update-cart-quantity", { productId: line, quantity: 7 }, me.cookie),
    ]);
    expect(removed.status).toBe(200);
    expect([200, 404]).toContain(changed.status);
    expect(await lines(me)).toEqual([]);
    // And afterwards, in either order:
    const late = await post(updateQuantity, "/api/update-cart-quantity", { productId: line, quantity: 3 }, me.cookie);
    expect(late.status).toBe(404);
    expect(await lines(me)).toEqual([]);
    expect((await post(deleteCartLine, "/api/delete-cart-product", { cartProductId: line }, me.cookie)).status).toBe(404);
  });
});

describe("wishlist", () => {
  it("adds once, says so on the second add, counts and lists newest first, and removes", async () => {
    const me = await shopper();
    const first = await post(addToWishlist, "/api/add-to-wishlist", { productId: products[0]!.id }, me.cookie);
    expect(first.status).toBe(201);
    const again = await post(addToWishlist, "/api/add-to-wishlist", { productId: products[0]!.id }, me.cookie);
    expect((await again.json()).message).toBe("Product is already in your wishlist");
    await post(addToWishlist, "/api/add-to-wishlist", { productId: products[1]!.id }, me.cookie);

    const count = await (await wishlistCount(getRequest("/api/get-wishlist-count", me.cookie), noContext)).json();
    expect(count.data.count).toBe(2);
    const list = (await (await getWishlist(getRequest("/api/get-wishlist", me.cookie), noContext)).json()).data as { _id: string; productId: { _id: string } }[];
    expect(list.map((line) => line.productId._id)).toEqual([products[1]!.id, products[0]!.id]);

    const removed = await post(deleteWishlistLine, "/api/delete-wishlist-product", { wishlistId: list[0]!._id }, me.cookie);
    expect(removed.status).toBe(200);
    const after = await (await wishlistCount(getRequest("/api/get-wishlist-count", me.cookie), noContext)).json();
    expect(after.data.count).toBe(1);
  });

  it("parallel adds keep one line", async () => {
    const me = await shopper();
    const answers = await Promise.all(Array.from({ length: 8 }, () => post(addToWishlist, "/api/add-to-wishlist", { productId: products[2]!.id }, me.cookie)));
    expect(answers.every((r) => r.status === 200 || r.status === 201)).toBe(true);
    const [row] = await query<{ n: number }>('SELECT count(*)::int AS n FROM "WishlistItem" WHERE "userId" = $1', [me.id]);
    expect(row?.n).toBe(1);
  });

  it("answers 400 for a malformed product id and 404 for an unknown one", async () => {
    const me = await shopper();
    expect((await post(addToWishlist, "/api/add-to-wishlist", { productId: 42 }, me.cookie)).status).toBe(400);
    expect((await post(addToWishlist, "/api/add-to-wishlist", { productId: "not-a-uuid" }, me.cookie)).status).toBe(400);
    expect((await post(addToWishlist, "/api/add-to-wishlist", { productId: randomUUID() }, me.cookie)).status).toBe(404);
  });
});
