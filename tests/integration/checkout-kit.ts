// Checkout helpers shared by the checkout and stock suites: cart lines and checkouts through the
// real route handlers, the run's Stripe emulator (its hosted page, its sessions), signed webhook
// deliveries, and the Resend emulator's outbox.
import { randomUUID } from "node:crypto";
import Stripe from "stripe";
import { expect } from "vitest";
import { NextRequest } from "next/server";
import { POST as addToCart } from "@/app/api/add-to-cart/route";
import { POST as checkoutRoute } from "@/app/api/checkout/route";
import { POST as webhookRoute } from "@/app/api/webhook/route";
import { TEST_DELIVERY_FORM } from "../../server/emulators/stripe";
import { BASE, jsonRequest, noContext, query, shopper, type Shopper } from "../helpers";

export const emulatorUrl = () => process.env.EMULATOR_URL!;
export const sdk = new Stripe("sk_test_signing_only");

export type CartLine = { _id: string; quantity: number; productId: { _id: string } };

export async function addLine(user: Shopper, productId: string, times = 1): Promise<CartLine> {
  let line: CartLine | undefined;
  for (let i = 0; i < times; i++) {
    line = (await (await addToCart(jsonRequest("/api/add-to-cart", { productId }, { cookie: user.cookie }), noContext)).json()).data as CartLine;
  }
  return line!;
}

export const checkout = (cookie: string | undefined, body: unknown) => checkoutRoute(jsonRequest("/api/checkout", body, { cookie }), noContext);

export async function startCheckout(user: Shopper, lines: { _id: string }[]): Promise<{ id: string; url: string }> {
  const response = await checkout(user.cookie, { cartItems: lines });
  const body = await response.json();
  expect(response.status, body.message).toBe(200);
  expect(body.id).toBe(body.data.id);
  return body.data;
}

/** A checkout of one new cart line of the product, paid on the emulator's hosted page. */
export async function paidCheckout(user: Shopper, productId: string): Promise<{ id: string; url: string }> {
  const started = await startCheckout(user, [await addLine(user, productId)]);
  await pay(started.id);
  return started;
}

export type EmulatedSession = Stripe.Checkout.Session;

export async function emulatorSessions(): Promise<EmulatedSession[]> {
  return (await (await fetch(`${emulatorUrl()}/stripe/sessions`)).json()) as EmulatedSession[];
}

export async function sessionsOf(email: string) {
  return (await emulatorSessions()).filter((session) => session.customer_email === email);
}

export async function lineItemsOf(sessionId: string) {
  const response = await fetch(`${emulatorUrl()}/v1/checkout/sessions/${sessionId}/line_items`, { headers: { authorization: "Bearer sk_test_x" } });
  return ((await response.json()) as { data: { description: string; quantity: number; price: { unit_amount: number } }[] }).data;
}

/** Pays on the emulated hosted page, with the test delivery address (`delivery` changes its fields). */
export async function pay(sessionId: string, cardNumber = "4242424242424242", delivery: Partial<typeof TEST_DELIVERY_FORM> = {}): Promise<Response> {
  return fetch(`${emulatorUrl()}/stripe/pay/${sessionId}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ ...TEST_DELIVERY_FORM, ...delivery, email: "", cardNumber, cardExpiry: "12 / 34", cardCvc: "123", cardName: "Meera Iyer" }).toString(),
    redirect: "manual",
  });
}

export async function retrieve(sessionId: string): Promise<EmulatedSession> {
  const response = await fetch(`${emulatorUrl()}/v1/checkout/sessions/${sessionId}`, { headers: { authorization: "Bearer sk_test_x" } });
  return (await response.json()) as EmulatedSession;
}

export function signedEvent(type: string, object: unknown, options: { secret?: string; timestamp?: number } = {}) {
  const payload = JSON.stringify({ id: `evt_${randomUUID().replace(/-/g, "")}`, object: "event", type, created: Math.floor(Date.now() / 1000), livemode: false, data: { object } });
  const header = sdk.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? process.env.STRIPE_WEBHOOK_SECRET!, timestamp: options.timestamp });
  return { payload, header };
}

/** Stripe's `checkout.session.completed` for the session as the emulator has it now, signed. */
export async function completedEvent(sessionId: string) {
  return signedEvent("checkout.session.completed", await retrieve(sessionId));
}

export function deliver(payload: string, header: string | null): Promise<Response> {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (header !== null) headers["stripe-signature"] = header;
  return webhookRoute(new NextRequest(`${BASE}/api/webhook`, { method: "POST", headers, body: payload }), noContext);
}

export async function ordersOf(userId: string) {
  return query<{ id: string; totalAmount: number; expectedAmount: number; emailSentAt: Date | null; emailAttempts: number; emailClaimedAt: Date | null }>(
    `SELECT id, "totalAmount", "expectedAmount", "emailSentAt", "emailAttempts", "emailClaimedAt" FROM "Order" WHERE "userId" = $1`,
    [userId],
  );
}

export async function cartOf(userId: string) {
  return query<{ id: string; productId: string; quantity: number }>(`SELECT id, "productId", quantity FROM "CartItem" WHERE "userId" = $1 ORDER BY "createdAt"`, [userId]);
}

/** The mail to `email`, newest first, without the confirmation link that sign-up mails. */
export async function outbox(email: string): Promise<{ subject: string; text: string; html: string }[]> {
  const mails = (await (await fetch(`${emulatorUrl()}/resend/outbox?to=${encodeURIComponent(email)}`)).json()) as { subject: string; text: string; html: string }[];
  return mails.filter((mail) => !mail.subject.startsWith("Confirm your "));
}

export async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 5000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}


export type PaidOrder = { orderId: string; productId: string; user: Shopper; paymentIntentId: string; itemId: string; total: number };

/**
 * A paid order of `quantity` units of a new product (`stock` units before the sale, selling at
 * `price` paise), bought by a new shopper and recorded by a signed webhook delivery.
 */
export async function paidOrder({ quantity = 1, price = 150_000, stock = 20 }: { quantity?: number; price?: number; stock?: number } = {}): Promise<PaidOrder> {
  const productId = randomUUID();
  await query(
    `INSERT INTO "Product" (id, "productName", "brandName", category, "productImage", price, "sellingPrice", "updatedAt", stock) VALUES ($1, $2, 'Volt', 'mobiles', ARRAY['/images/products/mobi-001-1.svg'], $3, $4, now(), $5)`,
    [productId, `Order phone ${productId.slice(0, 6)}`, price + 50_000, price, stock],
  );
  return paidOrderOf(productId, quantity);
}

/** A new shopper's paid order (by card, through the webhook) of `quantity` units of an existing product. */
export async function paidOrderOf(productId: string, quantity = 1): Promise<PaidOrder> {
  const user = await shopper();
  const line = await addLine(user, productId, quantity);
  const started = await (await checkout(user.cookie, { cartItems: [line] })).json();
  await pay(started.id);
  const event = await completedEvent(started.id);
  expect((await deliver(event.payload, event.header)).status).toBe(200);
  const [order] = await query<{ id: string; paymentIntentId: string; totalAmount: number }>(`SELECT id, "paymentIntentId", "totalAmount" FROM "Order" WHERE "checkoutSessionId" = $1`, [started.id]);
  const [item] = await query<{ id: string }>(`SELECT id FROM "OrderItem" WHERE "orderId" = $1`, [order!.id]);
  return { orderId: order!.id, productId, user, paymentIntentId: order!.paymentIntentId, itemId: item!.id, total: order!.totalAmount };
}
