// The catalogue broadcast (lib/server/platform/catalog-broadcast.ts) on a real PostgreSQL: what one
// instance writes reaches the others' listeners, a listener that loses its connection comes back
// and refreshes, and the internal refresh route answers only its own process.
import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { POST as internalRefresh } from "@/app/api/internal/catalog-changed/route";
import { CatalogListener, INSTANCE_ENV, INTERNAL_TOKEN_ENV, INTERNAL_TOKEN_HEADER, type ChangeReason } from "@/lib/server/platform/catalog-broadcast";
import { createProduct, updateProduct } from "@/lib/server/catalog/catalog-admin";
import { PageCache } from "@/lib/server/front-door/page-cache";
import { purgePageCache } from "@/lib/server/platform/answers";
import { jsonRequest, noContext, onOwnDatabase, query } from "../helpers";

onOwnDatabase("broadcast");

const listeners: CatalogListener[] = [];
afterEach(async () => {
  await Promise.all(listeners.splice(0).map((listener) => listener.stop()));
});

type Heard = { reason: ChangeReason; sender: string | null; at: number }[];

async function listen(options: { minDelayMs?: number; heartbeatMs?: number } = {}) {
  const heard: Heard = [];
  const states: boolean[] = [];
  const listener = new CatalogListener({
    connectionString: process.env.DATABASE_URL!,
    onChange: (reason, sender) => heard.push({ reason, sender, at: Date.now() }),
    onState: (connected) => states.push(connected),
    ...options,
  });
  listeners.push(listener);
  await listener.start();
  expect(listener.connected).toBe(true);
  return { listener, heard, states };
}

async function until(condition: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const product = {
  productName: "Broadcast phone",
  brandName: "Volt",
  category: "mobiles" as const,
  productImage: ["/images/products/mobi-001-1.svg"],
  productDesc: "Made by the broadcast tests.",
  price: 1000,
  sellingPrice: 900,
};

describe("catalogue broadcast", () => {
  it("a product write notifies every instance within a second, naming the writer", async () => {
    process.env[INSTANCE_ENV] = "instance-a";
    const self = await listen();
    const other = await listen();
    const created = await createProduct(product);
    const start = Date.now();
    await updateProduct(created._id, { ...product, sellingPrice: 800 });
    await until(() => other.heard.length === 2 && self.heard.length === 2);
    for (const heard of [self.heard, other.heard]) {
      expect(heard.map((entry) => [entry.reason, entry.sender])).toEqual([["notified", "instance-a"], ["notified", "instance-a"]]);
      expect(heard[1]!.at - start).toBeLessThan(1000);
    }
  });

  it("sends nothing when the write fails (the notification commits with the write)", async () => {
    process.env[INSTANCE_ENV] = "instance-a";
    const other = await listen();
    await expect(updateProduct(randomUUID(), product)).rejects.toMatchObject({ status: 404 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(other.heard).toEqual([]);
  });

  it("reconnects with backoff after losing its connection, then refreshes (news may have been missed)", async () => {
    const { listener, heard, states } = await listen({ minDelayMs: 50 });
    await query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'volt-catalog-listener' AND datname = current_database()`);
    await until(() => states.length >= 2);
    expect(states).toEqual([true, false]);
    await until(() => listener.connected && heard.length === 1);
    expect(heard[0]!.reason).toBe("reconnected");
    expect(states).toEqual([true, false, true]);
    // And it hears notifications again.
    await query(`SELECT pg_notify('volt_catalog', $1)`, [JSON.stringify({ instance: "instance-c" })]);
    await until(() => heard.length === 2);
    expect(heard[1]!.reason).toBe("notified");
  });

  it("keeps trying while the database refuses, without crashing", async () => {
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = "/no_such_database";
    const states: boolean[] = [];
    const listener = new CatalogListener({ connectionString: url.toString(), onChange: () => undefined, onState: (connected) => states.push(connected), minDelayMs: 20, maxDelayMs: 40 });
    listeners.push(listener);
    await listener.start();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(listener.connected).toBe(false);
    expect(states).toEqual([]);
  });
});

describe("page cache while the broadcast is disconnected", () => {
  it("shortens every entry's life, held ones included, until the limit is lifted", () => {
    let now = 0;
    const cache = new PageCache({ maxSeconds: 60, maxBytes: 1 << 20, now: () => now });
    const headers = { "content-type": "text/html", "cache-control": "s-maxage=3600", "content-security-policy": "script-src 'self'" };
    const page = Buffer.from("<p>page</p>");
    const fake = () => ({ headers: {} }) as never;
    const response = () => ({ writeHead: () => ({ end: () => undefined }) }) as never;
    expect(cache.store("/a", 200, headers, page)).toBe(true);
    cache.limitLifetime(5);
    expect(cache.store("/b", 200, headers, page)).toBe(true);
    now = 5001;
    expect(cache.serve("/a", fake(), response())).toBe(false);
    expect(cache.serve("/b", fake(), response())).toBe(false);
    cache.limitLifetime(null);
    expect(cache.store("/c", 200, headers, page)).toBe(true);
    now += 59_000;
    expect(cache.serve("/c", fake(), response())).toBe(true);
    cache.close();
    purgePageCache();
  });
});

describe("page cache generations", () => {
  it("does not keep a page whose render began before the last clear", () => {
    const cache = new PageCache({ maxSeconds: 60, maxBytes: 1 << 20 });
    const headers = { "content-type": "text/html", "cache-control": "s-maxage=60", "content-security-policy": "script-src 'self'" };
    const began = cache.generation;
    cache.clear();
    expect(cache.store("/p", 200, headers, Buffer.from("old price"), began)).toBe(false);
    expect(cache.size).toBe(0);
    expect(cache.store("/p", 200, headers, Buffer.from("new price"), cache.generation)).toBe(true);
    cache.close();
  });
});

describe("POST /api/internal/catalog-changed", () => {
  it("answers only with the token of its own process", async () => {
    process.env[INTERNAL_TOKEN_ENV] = "t".repeat(43);
    const call = (token?: string) => internalRefresh(jsonRequest("/api/internal/catalog-changed", {}, { headers: token ? { [INTERNAL_TOKEN_HEADER]: token } : {} }), noContext);
    expect((await call()).status).toBe(404);
    expect((await call("t".repeat(42) + "u")).status).toBe(404);
    expect((await call("t".repeat(43))).status).toBe(200);
    delete process.env[INTERNAL_TOKEN_ENV];
    expect((await call("t".repeat(43))).status).toBe(404);
  });
});
