// What every provider emulator shares, in a module of its own so that server.ts (which serves
// them all) and each emulator import it without importing each other.
import type http from "node:http";

export type EmulatorRequest = { method: string; path: string; query: URLSearchParams; headers: http.IncomingHttpHeaders; body: Buffer };
export type EmulatorResponse = { status: number; headers?: Record<string, string>; body: string | Buffer };
export type EmulatorRoute = (request: EmulatorRequest) => Promise<EmulatorResponse | undefined> | EmulatorResponse | undefined;

/** Text for the emulators' own HTML pages (the hosted payment page, the outbox). */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}
