// The shoppers' list cache (lib/server/shop-lists/list-cache.ts) with the listener server/serve.ts
// wires to it, on a real PostgreSQL: the wishlist count and the cart's lines are answered from
// memory after a first read, and every change reaches the cache, whether this instance made it
// (dropped at once) or another one did (a change straight in the database stands for one).
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as addToCart } from "@/app/api/add-to-cart/route";
import { GET as countCart } from "@/app/api/count-cart-product/[userId]/route";
import { POST as updateQuantity } from "@/app/api/update-cart-quantity/route";
import { POST as deleteCartLine } from "@/app/api/delete-cart-product/route";
import { GET as wishlistCount } from "@/app/api/get-wishlist-count/route";
import { POST as addToWishlist } from "@/app/api/add-to-wishlist/route";
import { POST as deleteWishlistLine } from "@/app/api/delete-wishlist-product/route";
import { CatalogListener } from "@/lib/server/platform/catalog-broadcast";
import { cachedList, dropAllCarts, dropUserLists, keepList, listsChanged, setListCacheEnabled, startListRead } from "@/lib/server/shop-lists/list-cache";
import { getRequest, jsonRequest, noContext, onOwnDatabase, query, shopper, type Shopper } from "../helpers";

onOwnDatabase("listcache");

let listener: CatalogListener;
const products: string[] = [];
/** Every payload the listener delivered (a shopper's id, or "*"), in order. */
const heard: string[] = [];

beforeAll(async () => {
  for (let i = 0; i < 2; i++) {
    const id = randomUUID();
    await query(
      `INSERT INTO "Product" (id, "productName", "brandName", category, "productImage", price, "sellingPrice", "updatedAt", stock) VALUES ($1, $2, 'Volt', 'mobiles', ARRAY['/images/products/mobi-001-1.svg'], 1999900, 1499900, now(), 1000)`,
      [id, `List cache phone ${i}`],
    );
    products.push(id);
  }
  listener = new CatalogListener({
    connectionString: process.env.DATABASE_URL!,
    onChange: dropAllCarts, // as serve.ts: a catalogue change drops every cart first
    onListsChange: (payload) => {
      heard.push(payload);
      listsChanged(payload);
    },
    onState: setListCacheEnabled,
    minDelayMs: 50,
  });
  await listener.start();
});

afterAll(async () => {
  await listener.stop();
  setListCacheEnabled(false);
});

const post = (handler: typeof addToCart, path: string, body: unknown, cookie: string) => handler(jsonRequest(path, body, { cookie }), noContext);
const cart = async (user: Shopper) =>
  (await (await countCart(getRequest(`/api/count-cart-product/${user.id}`, user.cookie), { params: Promise.resolve({ userId: user.id }) })).json()).data as {
    _id: string;
    quantity: number;
    productId: { _id: string; sellingPrice: number };
  }[];
const count = async (user: Shopper) => (await (await wishlistCount(getRequest("/api/get-wishlist-count", user.cookie), noContext)).json()).data.count as number;
async function until(condition: () => boolean, ms = 2000): Promise<void> {
  const end = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe("the list cache", () => {
  it("keeps a shopper's cart and wishlist count after their first read, and answers them from memory", async () => {
    const user = await shopper();
    await post(addToCart, "/api/add-to-cart", { productId: products[0] }, user.cookie);
    // The add's own notification comes back through the listener a moment later; a read under
    // way when it lands is rightly not kept (it may be older than the change), so read after it.
    await until(() => heard.includes(user.id));
    expect(cachedList("cart", user.id)).toBeUndefined();
    expect(await cart(user)).toHaveLength(1);
    expect(await count(user)).toBe(0);
    expect(cachedList("cart", user.id)).toHaveLength(1);
    expect(cachedList("wishlistCount", user.id)).toBe(0);
    // From memory: a kept answer stands in for the database's until something drops it.
    keepList(startListRead("wishlistCount", user.id), 5);
    expect(await count(user)).toBe(5);
    dropUserLists(user.id);
    expect(await count(user)).toBe(0);
  });

  it("drops the shopper's lists at once on this instance's own writes", async () => {
    // Without the listener (its notification could otherwise arrive first): only the writer's own drop.
    await listener.stop();
    setListCacheEnabled(true);
    try {
      const user = await shopper();
      expect(await cart(user)).toEqual([]);
      expect(await count(user)).toBe(0);
      const line = (await (await post(addToCart, "/api/add-to-cart", { productId: products[0] }, user.cookie)).json()).data._id as string;
      expect((await cart(user)).map((l) => l.quantity)).toEqual([1]);
      expect((await post(updateQuantity, "/api/update-cart-quantity", { productId: line, quantity: 4 }, user.cookie)).status).toBe(200);
      expect((await cart(user)).map((l) => l.quantity)).toEqual([4]);
      expect((await post(deleteCartLine, "/api/delete-cart-product", { cartProductId: line }, user.cookie)).status).toBe(200);
      expect(await cart(user)).toEqual([]);
      const wished = (await (await post(addToWishlist, "/api/add-to-wishlist", { productId: products[1] }, user.cookie)).json()).data._id as string;
      expect(await count(user)).toBe(1);
      expect((await post(deleteWishlistLine, "/api/delete-wishlist-product", { wishlistId: wished }, user.cookie)).status).toBe(200);
      expect(await count(user)).toBe(0);
    } finally {
      await listener.start();
    }
  });

  it("hears a line added, changed or removed by another instance", async () => {
    const user = await shopper();
    const changes: [string, (line: string) => Promise<unknown>, (user: Shopper) => Promise<unknown>][] = [
      ["cart add", () => query(`INSERT INTO "CartItem" (id, "userId", "productId", quantity, "updatedAt") VALUES ($1, $2, $3, 2, now())`, [randomUUID(), user.id, products[1]]), async (u) => (await cart(u)).length],
      ["cart change", () => query(`UPDATE "CartItem" SET quantity = 3 WHERE "userId" = $1`, [user.id]), async (u) => (await cart(u)).map((l) => l.quantity)],
      ["cart removal", () => query(`DELETE FROM "CartItem" WHERE "userId" = $1`, [user.id]), async (u) => (await cart(u)).length],
      ["wishlist add", () => query(`INSERT INTO "WishlistItem" (id, "userId", "productId") VALUES ($1, $2, $3)`, [randomUUID(), user.id, products[0]]), count],
      ["wishlist removal", () => query(`DELETE FROM "WishlistItem" WHERE "userId" = $1`, [user.id]), count],
    ];
    const seen: Record<string, unknown> = {};
    for (const [what, change, read] of changes) {
      await read(user);
      const kind = what.startsWith("cart") ? "cart" : "wishlistCount";
      expect(cachedList(kind, user.id), what).toBeDefined();
      await change("");
      await until(() => cachedList(kind, user.id) === undefined);
      seen[what] = await read(user);
    }
    expect(seen).toEqual({ "cart add": 1, "cart change": [3], "cart removal": 0, "wishlist add": 1, "wishlist removal": 0 });
  });

  it("drops every cart when a product changes (a price, the units held), and on a catalogue notification", async () => {
    const user = await shopper();
    await post(addToCart, "/api/add-to-cart", { productId: products[1] }, user.cookie);
    expect((await cart(user))[0]!.productId.sellingPrice).toBe(14999);
    await count(user);
    // Straight in the database, as another instance's checkout or the admin's edit would be.
    await query(`UPDATE "Product" SET "sellingPrice" = 1299900 WHERE id = $1`, [products[1]]);
    await until(() => cachedList("cart", user.id) === undefined);
    expect((await cart(user))[0]!.productId.sellingPrice).toBe(12999);
    expect(cachedList("wishlistCount", user.id)).toBe(0); // a product change leaves wishlist counts
    await query(`UPDATE "Product" SET "held" = 3 WHERE id = $1`, [products[1]]);
    await until(() => cachedList("cart", user.id) === undefined);
    expect((await cart(user))[0]!.productId).toMatchObject({ held: 3 });
    await query(`UPDATE "Product" SET "held" = 0 WHERE id = $1`, [products[1]]);
    await until(() => cachedList("cart", user.id) === undefined);
    await cart(user);
    await query(`SELECT pg_notify('volt_catalog', '{"instance":"elsewhere"}')`);
    await until(() => cachedList("cart", user.id) === undefined);
  });

  it("keeps nothing read before a drop of its shopper, and nothing while the listener is away", async () => {
    const user = await shopper();
    const other = startListRead("wishlistCount", user.id);
    dropUserLists(randomUUID()); // another shopper's drop leaves this read alone
    keepList(other, 6);
    expect(cachedList("wishlistCount", user.id)).toBe(6);
    const read = startListRead("wishlistCount", user.id);
    dropUserLists(user.id); // the read began before it: its rows may be older than the change
    keepList(read, 7);
    expect(cachedList("wishlistCount", user.id)).toBeUndefined();
    const cartRead = startListRead("cart", user.id);
    dropAllCarts();
    keepList(cartRead, []);
    expect(cachedList("cart", user.id)).toBeUndefined();
    keepList(startListRead("wishlistCount", user.id), 7);
    expect(cachedList("wishlistCount", user.id)).toBe(7);
    setListCacheEnabled(false);
    expect(cachedList("wishlistCount", user.id)).toBeUndefined();
    expect(await count(user)).toBe(0);
    expect(cachedList("wishlistCount", user.id)).toBeUndefined();
    setListCacheEnabled(true);
    expect(await count(user)).toBe(0);
    expect(cachedList("wishlistCount", user.id)).toBe(0);
  });
});
