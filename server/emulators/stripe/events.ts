// Events and webhook delivery: each event is written once, signed as Stripe signs (`t=…,v1=…`,
// HMAC-SHA256 of `t.payload`), posted to the store's webhook and retried with backoff on a non-2xx.
import { createHmac } from "node:crypto";
import { token } from "./protocol";
import type { Delivery, EmulatedEvent, RequestInfo, StripeEmulatorOptions } from "./types";

/** Stripe's signature header for `payload` at `timestamp` (seconds). */
export function signPayload(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const signature = createHmac("sha256", secret).update(`${timestamp}.${payload}`, "utf8").digest("hex");
  return `t=${timestamp},v1=${signature}`;
}

const DEFAULT_RETRY_DELAYS_MS = [1_000, 2_000, 4_000, 8_000, 16_000, 32_000];

/** The emulator's `emit` and `redeliver`, sending to `options.webhookUrl` and keeping every event in `events`. */
export function eventSender(options: StripeEmulatorOptions, events: EmulatedEvent[]): { emit: (type: string, object: { id: string; object: string }, extra?: { previous?: Record<string, unknown>; request?: RequestInfo }) => EmulatedEvent; redeliver: (event: EmulatedEvent) => void } {
  const retryDelays = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;

  async function deliver(event: EmulatedEvent, attempt: number): Promise<void> {
    if (!options.webhookUrl || !options.webhookSecret) return;
    const delivery: Delivery = { at: new Date().toISOString(), status: null };
    event.deliveries.push(delivery);
    const started = performance.now();
    try {
      const response = await fetch(options.webhookUrl, {
        method: "POST",
        headers: { "content-type": "application/json; charset=utf-8", "stripe-signature": signPayload(event.payload, options.webhookSecret), "user-agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)" },
        body: event.payload,
        signal: AbortSignal.timeout(30_000),
      });
      delivery.status = response.status;
      await response.arrayBuffer().catch(() => undefined);
      delivery.ms = Math.round((performance.now() - started) * 100) / 100;
      if (response.ok) {
        event.delivered = true;
        return;
      }
    } catch (error) {
      delivery.error = error instanceof Error ? error.message : String(error);
    }
    const delay = retryDelays[attempt];
    if (delay !== undefined) setTimeout(() => void deliver(event, attempt + 1), delay).unref();
  }

  /** Sends `object` as it is now (the payload is written at once); `previous`: the changed fields' old values. */
  function emit(type: string, object: { id: string; object: string }, extra: { previous?: Record<string, unknown>; request?: RequestInfo } = {}): EmulatedEvent {
    const created = Math.floor(Date.now() / 1000);
    const id = `evt_${token(24)}`;
    const data = extra.previous ? { object, previous_attributes: extra.previous } : { object };
    const request = extra.request ?? { id: null, idempotency_key: null };
    const payload = JSON.stringify({ id, object: "event", api_version: "2026-10-28.endive", created, data, livemode: false, pending_webhooks: 1, request, type }, null, 2);
    const event: EmulatedEvent = { id, type, created, payload, deliveries: [], delivered: false };
    events.push(event);
    void deliver(event, 0);
    return event;
  }

  return { emit, redeliver: (event) => void deliver(event, retryDelays.length) };
}
