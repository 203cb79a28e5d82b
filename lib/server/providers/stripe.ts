import "server-only";
import Stripe from "stripe";
import { readConfig } from "../platform/config";
import { log } from "../platform/log";

// Payments go through the Stripe SDK: to Stripe with STRIPE_SECRET_KEY, otherwise to the local
// emulator at EMULATOR_URL (development, tests, the demo), which serves the Checkout Session
// endpoints we call, a hosted payment page, and signed webhooks. In production a missing key
// stops the server at start (lib/server/platform/config.ts), so the emulator is never used there.

/** Any test-mode key works with the emulator; it only checks that one is sent. */
const EMULATOR_KEY = "sk_test_emulator";

let cached: { signature: string; client: Stripe } | undefined;

/** What the SDK tells of each answer it got (its "response" event; the SDK types `on` loosely). */
type StripeResponseEvent = { method: string; path: string; status: number; request_id: string; elapsed: number };

export function stripeClient(): Stripe {
  const config = readConfig();
  const { secretKey } = config.stripe;
  const signature = secretKey ? `key:${secretKey}` : `emulator:${config.emulatorUrl ?? ""}`;
  if (cached?.signature === signature) return cached.client;
  let client: Stripe;
  if (secretKey) {
    client = new Stripe(secretKey, { maxNetworkRetries: 2, timeout: 20_000 });
  } else if (config.emulatorUrl) {
    const url = new URL(config.emulatorUrl);
    client = new Stripe(EMULATOR_KEY, { host: url.hostname, port: Number(url.port), protocol: "http", maxNetworkRetries: 1, timeout: 10_000 });
  } else {
    throw new Error("Payments are not configured: set STRIPE_SECRET_KEY, or run the store with `npm run dev` so EMULATOR_URL points at the local emulator.");
  }
  // Every call to Stripe in the log: method, path (object ids, never a key, a body or the query
  // string the SDK puts on a GET's path: a list's filters), status, Stripe's request id and the
  // time it took; the request's id comes with it (log.ts).
  client.on("response", (event: StripeResponseEvent) => {
    const fields = { provider: "stripe", method: event.method, path: event.path.split("?")[0], status: event.status, stripeRequestId: event.request_id, ms: event.elapsed };
    if (event.status >= 400) log.warn(fields, "stripe: call failed");
    else log.info(fields, "stripe: call");
  });
  cached = { signature, client };
  return client;
}

/** Whether the store can take card payments: Stripe's key, or the emulator of development and the demo. */
export function cardPaymentsEnabled(): boolean {
  const config = readConfig();
  return Boolean(config.stripe.secretKey || config.emulatorUrl);
}

/** The spec's POST /api/checkout, and Card on the checkout page, when card payment is not set up. */
export const CARD_NOT_SET_UP_MESSAGE = "Card payment is not set up in this store. Choose cash on delivery on the checkout page.";

/** The signing secret of our webhook endpoint (the emulator signs with the one the launcher gave it). */
export function webhookSecret(): string {
  const secret = readConfig().stripe.webhookSecret;
  if (!secret) throw new Error("STRIPE_WEBHOOK_SECRET is not set: webhooks cannot be verified.");
  return secret;
}

/** The provider could not be reached or failed on its side (worth a retry), as opposed to refusing the request. */
export function isProviderOutage(error: unknown): boolean {
  return (
    error instanceof Stripe.errors.StripeConnectionError ||
    error instanceof Stripe.errors.StripeAPIError ||
    error instanceof Stripe.errors.StripeRateLimitError ||
    (error instanceof Stripe.errors.StripeError && (error.statusCode ?? 0) >= 500)
  );
}

/** Stripe answered 404 for the object asked for. */
export function isMissingAtProvider(error: unknown): boolean {
  return error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404;
}

/** What a shopper (or Stripe's webhook delivery) is told while Stripe does not answer. */
export const PAYMENT_PROVIDER_DOWN_MESSAGE = "The payment service is not answering. Please try again in a moment.";
