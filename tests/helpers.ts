// Helpers for calling the real route handlers the way Next does.
import { randomUUID } from "node:crypto";
import { NextRequest } from "next/server";
import path from "node:path";
import pg from "pg";
import { routeFile, type ApiRoute } from "@/lib/api-routes";
import type { DirectHandler } from "@/lib/server/front-door/front-door";
import { afterAll, beforeAll } from "vitest";
import { applyMigrations } from "../server/database/schema-engine";
import { POST as signup } from "@/app/api/signup/route";
import { POST as signin } from "@/app/api/signin/route";

export const BASE = "http://localhost:3000";

export function jsonRequest(path: string, body: unknown, init: { method?: string; cookie?: string; headers?: Record<string, string> } = {}): NextRequest {
  return new NextRequest(`${BASE}${path}`, {
    method: init.method ?? "POST",
    headers: { "content-type": "application/json", ...(init.cookie ? { cookie: init.cookie } : {}), ...init.headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

export function getRequest(path: string, cookie?: string): NextRequest {
  return new NextRequest(`${BASE}${path}`, { headers: cookie ? { cookie } : {} });
}

/** The `name=value` part of a response's session cookie, ready to send back. */
export function sessionCookieFrom(response: Response): string {
  const header = response.headers.getSetCookie().find((c) => c.startsWith("next-auth.session-token="));
  if (!header) throw new Error("no session cookie was set");
  return header.split(";")[0]!;
}

export function uniqueEmail(prefix = "shopper"): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
}

/** Route handlers take (request, context); the spec's routes here have no params. */
export const noContext = { params: Promise.resolve({}) };

/** Reads or writes the test database directly, on a connection of its own. */
export async function query<T extends pg.QueryResultRow>(text: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    return (await client.query<T>(text, params)).rows;
  } finally {
    await client.end();
  }
}

export { png } from "./png";

export const dataUrl = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString("base64")}`;

// Accounts -------------------------------------------------------------------------------------

export const TEST_PASSWORD = "correct horse battery";
export type Shopper = { id: string; email: string; cookie: string };

/** A new USER account, signed up and signed in through the real handlers. */
export async function shopper(): Promise<Shopper> {
  const email = uniqueEmail();
  const created = await signup(jsonRequest("/api/signup", { name: "Meera", email, contact: "", password: TEST_PASSWORD, confirmPwd: TEST_PASSWORD, profilepic: "" }), noContext);
  const id = (await created.json()).data._id as string;
  const response = await signin(jsonRequest("/api/signin", { email, password: TEST_PASSWORD }, { headers: { "x-forwarded-for": `shop-${id}` } }), noContext);
  return { id, email, cookie: sessionCookieFrom(response) };
}

/** A new account promoted to ADMIN straight in the database. */
export async function admin(): Promise<Shopper> {
  const user = await shopper();
  await query(`UPDATE "User" SET role = 'ADMIN' WHERE id = $1`, [user.id]);
  return user;
}

/**
 * Makes this file the only one, while its tests run, that changes the seller's details (a row every
 * file shares): a PostgreSQL advisory lock, taken before the file's tests and released after.
 */
export function holdSellerDetails(): void {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  beforeAll(async () => {
    await client.connect();
    await client.query("SELECT pg_advisory_lock(hashtext('tests: the seller details'))");
  }, 120_000);
  afterAll(async () => {
    await client.end();
  });
}

// Databases of their own --------------------------------------------------------------------------

/** A new, migrated database in the test server; answers its URL. */
export async function createDatabase(prefix: string): Promise<string> {
  const name = `${prefix}_${randomUUID().replace(/-/g, "").slice(0, 12)}`;
  await query(`CREATE DATABASE ${name}`);
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${name}`;
  await applyMigrations(url.toString());
  return url.toString();
}

/**
 * Runs the file's tests on a database of their own, for tests that count or fill something the
 * other files share (every ADMIN, store-wide counters, row counts).
 */
export function onOwnDatabase(prefix: string): void {
  beforeAll(async () => {
    process.env.DATABASE_URL = await createDatabase(prefix);
  }, 60_000);
}

// Route modules ---------------------------------------------------------------------------------

export const API_DIR = path.join(process.cwd(), "app/api");

export type RouteHandler = DirectHandler;

/** The route file that serves a path of lib/api-routes.ts, loaded. */
export async function loadRoute(route: ApiRoute): Promise<Partial<Record<string, RouteHandler>>> {
  return (await import(/* @vite-ignore */ path.join(process.cwd(), routeFile(route)))) as Partial<Record<string, RouteHandler>>;
}
