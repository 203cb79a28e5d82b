// Helpers for calling the real route handlers the way Next does.
import { randomUUID } from "node:crypto";
import { NextRequest } from "next/server";
import pg from "pg";

export const BASE = "http://localhost:3000";

export function jsonRequest(path: string, body: unknown, init: { method?: string; cookie?: string } = {}): NextRequest {
  return new NextRequest(`${BASE}${path}`, {
    method: init.method ?? "POST",
    headers: { "content-type": "application/json", ...(init.cookie ? { cookie: init.cookie } : {}) },
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
