import { randomUUID } from "node:crypto";
import pg from "pg";

// Catalogue changes reach every instance through PostgreSQL's LISTEN/NOTIFY on the shared
// database: a write and its NOTIFY on CATALOG_CHANNEL commit together (changeCatalog, cache.ts),
// and every instance's CatalogListener (server/serve.ts), the writer's too, refreshes its
// instance. A listener that lost its connection may have missed some: it refreshes everything
// once reconnected, and until then onState tells serve.ts to keep catalogue pages only briefly.
// The same connection carries SESSION_CHANNEL and LISTS_CHANNEL (docs/ENGINEERING.md §10a).
// No "server-only": server/serve.ts runs it outside Next's bundles.

export const CATALOG_CHANNEL = "volt_catalog";
/** The triggers of migration 20261123090000_session_notify send a user's id here when their sessions may have changed. */
export const SESSION_CHANNEL = "volt_session";
/** Triggers send a shopper's id here when their cart or wishlist changed, "*" when a product did (migrations 20261126140000 and 20261126150000). */
export const LISTS_CHANNEL = "volt_lists";

/** The name a process gives itself in its notifications (serve.ts sets it; one per process). */
export const INSTANCE_ENV = "VOLT_INSTANCE_ID";

export function instanceId(): string {
  return (process.env[INSTANCE_ENV] ??= randomUUID());
}

/** The payload of one notification: which instance changed the catalogue. */
export function catalogMessage(instance: string): string {
  return JSON.stringify({ instance });
}

function senderOf(payload: string | undefined): string | null {
  try {
    const parsed: unknown = JSON.parse(payload ?? "");
    return typeof parsed === "object" && parsed !== null && typeof (parsed as { instance?: unknown }).instance === "string" ? (parsed as { instance: string }).instance : null;
  } catch {
    return null;
  }
}

export type ChangeReason =
  /** An instance (this one too) changed the catalogue. */
  | "notified"
  /** The listener (re)connected after a time without one: notifications may have been missed. */
  | "reconnected";

export type CatalogListenerOptions = {
  connectionString: string;
  /**
   * Told of every change, the instance's own included: a writer refreshes itself at once, inside
   * the write's request, and again when the news comes back, after Next has applied that
   * request's revalidation (which it finishes only after answering).
   */
  onChange: (reason: ChangeReason, sender: string | null) => void;
  /** A user's sessions may have changed (session-cache.ts): the user's id. */
  onSessionChange?: (userId: string) => void;
  /** A shopper's cart or wishlist changed (shop-lists/list-cache.ts): the shopper's id, or "*" for every cart. */
  onListsChange?: (userId: string) => void;
  /** Told each time the listener gains (true) or loses (false) its connection. */
  onState?: (connected: boolean) => void;
  /** First reconnection delay; doubled on each failure up to maxDelayMs, with jitter. */
  minDelayMs?: number;
  maxDelayMs?: number;
  /** A query this often proves the connection alive (a dead peer may not close the socket). */
  heartbeatMs?: number;
  log?: (line: string) => void;
};

export class CatalogListener {
  private client: pg.Client | null = null;
  private stopped = false;
  private connectedNow = false;
  private everConnected = false;
  private failures = 0;
  private retry: NodeJS.Timeout | null = null;
  private heartbeat: NodeJS.Timeout | null = null;

  constructor(private readonly options: CatalogListenerOptions) {}

  get connected(): boolean {
    return this.connectedNow;
  }

  /** Connects (and keeps reconnecting) until stop(). Resolves after the first attempt. */
  async start(): Promise<void> {
    this.stopped = false;
    await this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    await this.drop();
  }

  private async connect(): Promise<void> {
    this.retry = null;
    if (this.stopped) return;
    const client = new pg.Client({ connectionString: this.options.connectionString, keepAlive: true, connectionTimeoutMillis: 5000, application_name: "volt-catalog-listener" });
    this.client = client;
    // Without a handler an 'error' event (the server went away) would crash the process.
    client.on("error", (error) => this.lost(client, error));
    client.on("end", () => this.lost(client));
    client.on("notification", (message) => {
      if (message.channel === CATALOG_CHANNEL) this.options.onChange("notified", senderOf(message.payload));
      else if (message.channel === SESSION_CHANNEL && message.payload) this.options.onSessionChange?.(message.payload);
      else if (message.channel === LISTS_CHANNEL && message.payload) this.options.onListsChange?.(message.payload);
    });
    try {
      // A server that accepts the connection and then says nothing must not hold the loop forever.
      let timer: NodeJS.Timeout | undefined;
      const stalled = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error("LISTEN timed out")), 10_000)));
      try {
        await Promise.race([client.connect().then(() => client.query(`LISTEN ${CATALOG_CHANNEL}; LISTEN ${SESSION_CHANNEL}; LISTEN ${LISTS_CHANNEL}`)), stalled]);
      } finally {
        clearTimeout(timer);
      }
    } catch (error) {
      this.lost(client, error);
      return;
    }
    if (this.client !== client || this.stopped) return;
    const reconnected = this.everConnected;
    this.everConnected = true;
    this.failures = 0;
    this.connectedNow = true;
    this.heartbeat = setInterval(() => void this.beat(client), this.options.heartbeatMs ?? 5000).unref();
    this.options.onState?.(true);
    if (reconnected) {
      this.options.log?.("catalogue broadcast reconnected: refreshing the catalogue");
      this.options.onChange("reconnected", null);
    }
  }

  private async beat(client: pg.Client): Promise<void> {
    const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error("heartbeat timed out")), 2000).unref());
    try {
      await Promise.race([client.query("SELECT 1"), timeout]);
    } catch (error) {
      this.lost(client, error);
    }
  }

  /** The connection `client` is gone (or never came): schedule the next attempt. */
  private lost(client: pg.Client, error?: unknown): void {
    if (this.client !== client) return;
    const wasConnected = this.connectedNow;
    this.client = null;
    this.connectedNow = false;
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
    client.removeAllListeners("notification");
    client.on("error", () => undefined);
    void client.end().catch(() => undefined);
    if (wasConnected) {
      this.options.log?.(`catalogue broadcast lost${error instanceof Error ? ` (${error.message})` : ""}; reconnecting`);
      this.options.onState?.(false);
    }
    if (this.stopped || this.retry) return;
    const min = this.options.minDelayMs ?? 250;
    const max = this.options.maxDelayMs ?? 10_000;
    const delay = Math.min(max, min * 2 ** this.failures) * (0.75 + Math.random() * 0.5);
    this.failures += 1;
    this.retry = setTimeout(() => void this.connect(), delay);
    this.retry.unref();
  }

  private async drop(): Promise<void> {
    const client = this.client;
    this.client = null;
    this.connectedNow = false;
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
    if (client) await client.end().catch(() => undefined);
  }
}

/** server/serve.ts keeps a random token here; the internal refresh route asks for it. */
export const INTERNAL_TOKEN_ENV = "VOLT_INTERNAL_TOKEN";
export const INTERNAL_TOKEN_HEADER = "x-volt-internal-token";
