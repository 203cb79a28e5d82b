// Local emulators of the providers' endpoints that the store calls (Stripe, Resend, Cloudinary),
// so that the real SDKs run end to end when no keys are given (development, tests, the demo).
// Each provider adds its routes in a module of its own beside this file and registers it below.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { cloudinaryRoutes } from "./cloudinary";
import type { EmulatorRequest, EmulatorResponse, EmulatorRoute } from "./http";
import { resendRoutes, type ResendEmulatorOptions } from "./resend";
import { stripeRoutes, type StripeEmulatorOptions } from "./stripe";


/** The providers' own APIs (not the developer pages such as the outbox), for outages. */
const PROVIDER_API: Record<Provider, RegExp> = {
  stripe: /^\/v1\//,
  resend: /^\/(?:emails|domains)(?:\/|$)/,
  cloudinary: /^\/v1_1\//,
};
export type Provider = "stripe" | "resend" | "cloudinary";

export type RunningEmulators = {
  /** While a provider is named here, its API answers 503, as a provider having an outage does. */
  outages: Set<Provider>;
  url: string;
  stop: () => Promise<void>;
  /** Stops answering (connections refused), keeping every provider's state, until resume(). */
  pause: () => Promise<void>;
  resume: () => Promise<void>;
};

const MAX_BODY_BYTES = 25 * 1024 * 1024;
/** The image host's upload path: the one route a browser calls from the store's origin. */
const IMAGE_UPLOAD = /^\/v1_1\/[^/]+\/image\/upload$/;

function json(status: number, body: unknown): EmulatorResponse {
  return { status, headers: { "content-type": "application/json" }, body: JSON.stringify(body) };
}

const health: EmulatorRoute = (request) =>
  request.method === "GET" && request.path === "/health" ? json(200, { ok: true, emulators: ["stripe", "resend", "cloudinary"] }) : undefined;

/**
 * Serves every provider's routes (each instance with its own in-memory state), then `routes`.
 * `port` 0 or absent picks a free one. `stripe`: where the payment emulator delivers its
 * webhook events and the secret it signs them with. `resend`: the mail emulator's rate limit and
 * outbox bound. `uploadsDir`: where the image host keeps
 * its uploads across restarts (absent: in memory only).
 */
export async function startEmulators(
  options: { port?: number; routes?: EmulatorRoute[]; stripe?: StripeEmulatorOptions; resend?: ResendEmulatorOptions; uploadsDir?: string } = {},
): Promise<RunningEmulators> {
  const outages = new Set<Provider>();
  const outage: EmulatorRoute = (request) => {
    for (const provider of outages) {
      if (PROVIDER_API[provider].test(request.path)) return json(503, { error: { message: `${provider} is having an outage (emulated)` } });
    }
    return undefined;
  };
  const routes = [health, outage, ...stripeRoutes(options.stripe), ...resendRoutes(options.resend), ...cloudinaryRoutes({ dir: options.uploadsDir }), ...(options.routes ?? [])];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) req.destroy();
      else chunks.push(chunk);
    });
    req.on("end", async () => {
      const url = new URL(req.url ?? "/", "http://emulator");
      const request: EmulatorRequest = {
        method: req.method ?? "GET",
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks),
      };
      let answer: EmulatorResponse | undefined =
        request.method === "OPTIONS" && IMAGE_UPLOAD.test(request.path)
          ? { status: 204, headers: { "access-control-allow-methods": "GET, POST, OPTIONS", "access-control-allow-headers": "content-type, x-requested-with", "access-control-max-age": "600" }, body: "" }
          : undefined;
      try {
        for (const route of answer ? [] : routes) {
          answer = await route(request);
          if (answer) break;
        }
      } catch (error) {
        answer = json(500, { error: { message: error instanceof Error ? error.message : String(error) } });
      }
      answer ??= json(404, { error: { message: `The emulator has no ${request.method} ${request.path}` } });
      // Browsers upload product images straight to the image host, from the store's origin; no
      // other route (the outbox holds reset codes) is readable by other origins.
      res.writeHead(answer.status, { ...(IMAGE_UPLOAD.test(request.path) ? { "access-control-allow-origin": "*" } : {}), ...answer.headers });
      res.end(answer.body);
    });
  });
  // Clients keep connections alive; closing idle ones later than their own pools do avoids a
  // request being sent on a socket the server is closing at that moment.
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const stop = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return {
    url: `http://127.0.0.1:${port}`,
    outages,
    stop,
    pause: stop,
    resume: () => new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve)),
  };
}
