// The Stripe emulator's hosted Checkout page collects delivery details as Stripe's does: a session
// made through the real `stripe` SDK with shipping_address_collection (IN) and phone collection,
// the page's fields, India's rules for PIN codes and mobile numbers, and the details on the
// retrieved session and in the signed checkout.session.completed event the store's webhook gets.
import http from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INDIA_STATES } from "@/lib/shared/india";
import { startEmulators, type RunningEmulators } from "../../server/emulators/server";
import { DELIVERY_MESSAGES, TEST_DELIVERY_FORM } from "../../server/emulators/stripe";

const SECRET = "whsec_stripe_emulator_test";
let emulators: RunningEmulators;
let receiver: http.Server;
let stripe: Stripe;
/** The events the emulator delivered, each checked with the SDK against its signature. */
const received: Stripe.Event[] = [];

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      received.push(stripe.webhooks.constructEvent(Buffer.concat(chunks).toString("utf8"), String(req.headers["stripe-signature"]), SECRET));
      res.writeHead(200, { "content-type": "application/json" }).end('{"received":true}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const webhookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/webhook`;
  emulators = await startEmulators({ stripe: { webhookUrl, webhookSecret: SECRET, retryDelaysMs: [] } });
  const url = new URL(emulators.url);
  stripe = new Stripe("sk_test_emulator", { host: url.hostname, port: Number(url.port), protocol: "http" });
});

afterAll(async () => {
  await emulators.stop();
  receiver.close();
});

const LINE = { quantity: 1, price_data: { currency: "inr", unit_amount: 99_900, product_data: { name: "Volt earbuds" } } };

function createDeliverySession(extra: Partial<Stripe.Checkout.SessionCreateParams> = {}) {
  return stripe.checkout.sessions.create({
    mode: "payment",
    success_url: "http://localhost:3000/success?session_id={CHECKOUT_SESSION_ID}",
    cancel_url: "http://localhost:3000/cancel?checkout=c1",
    customer_email: "meera@example.com",
    line_items: [LINE],
    shipping_address_collection: { allowed_countries: ["IN"] },
    phone_number_collection: { enabled: true },
    ...extra,
  });
}

const CARD = { email: "", cardNumber: "4242 4242 4242 4242", cardExpiry: "12 / 34", cardCvc: "123", cardName: "Meera Iyer" };

/** Posts the hosted page's form as a browser would: the card, TEST_DELIVERY_FORM, then `fields`. */
function post(sessionId: string, fields: Record<string, string> = {}) {
  return fetch(`${emulators.url}/stripe/pay/${sessionId}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ ...CARD, ...TEST_DELIVERY_FORM, ...fields }).toString(),
    redirect: "manual",
  });
}

/** A raw create, for what the SDK's types would not let through. */
function createRaw(form: Record<string, string>) {
  return fetch(`${emulators.url}/v1/checkout/sessions`, {
    method: "POST",
    headers: { authorization: "Bearer sk_test_emulator", "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      mode: "payment",
      success_url: "http://localhost:3000/success",
      "line_items[0][quantity]": "1",
      "line_items[0][price_data][currency]": "inr",
      "line_items[0][price_data][unit_amount]": "5000",
      "line_items[0][price_data][product_data][name]": "Thing",
      ...form,
    }).toString(),
  });
}

/** The start tag of the form control (input or select) with this id. */
function control(html: string, id: string): string {
  return new RegExp(`<(?:input|select)[^>]* id="${id}"[^>]*>`).exec(html)?.[0] ?? "";
}

async function eventually<T>(read: () => T, done: (value: T) => boolean, timeoutMs = 5000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe("creating a session that collects delivery details", () => {
  it("echoes shipping_address_collection and phone_number_collection, with nothing collected yet", async () => {
    const session = await createDeliverySession();
    expect(session.shipping_address_collection).toEqual({ allowed_countries: ["IN"] });
    expect(session.phone_number_collection).toEqual({ enabled: true });
    expect(session.collected_information).toBeNull();
    expect(session.customer_details).toBeNull();
  });

  it("says so when a session collects neither", async () => {
    const session = await stripe.checkout.sessions.create({ mode: "payment", success_url: "http://localhost:3000/success", line_items: [LINE] });
    expect(session.shipping_address_collection).toBeNull();
    expect(session.phone_number_collection).toEqual({ enabled: false });
  });

  it("refuses unknown countries, an empty list and a phone switch that is not a boolean, as Stripe does", async () => {
    await expect(createDeliverySession({ shipping_address_collection: { allowed_countries: ["XX" as "IN"] } })).rejects.toMatchObject({
      type: "StripeInvalidRequestError",
      param: "shipping_address_collection[allowed_countries][0]",
      message: expect.stringMatching(/^Invalid shipping_address_collection\[allowed_countries\]\[0\]: must be one of AC, AD, /),
    });
    await expect(createDeliverySession({ shipping_address_collection: { allowed_countries: ["IN", "india" as "IN"] } })).rejects.toMatchObject({
      param: "shipping_address_collection[allowed_countries][1]",
    });
    const empty = await createRaw({ "shipping_address_collection[allowed_countries]": "" });
    expect(empty.status).toBe(400);
    expect((await empty.json()).error).toMatchObject({ param: "shipping_address_collection[allowed_countries]", message: "Missing required param: shipping_address_collection[allowed_countries]." });
    const notBoolean = await createRaw({ "phone_number_collection[enabled]": "yes" });
    expect(notBoolean.status).toBe(400);
    expect((await notBoolean.json()).error).toMatchObject({ param: "phone_number_collection[enabled]", message: "Invalid boolean: yes" });
    const brackets = await createRaw({ "shipping_address_collection[allowed_countries][]": "IN", "phone_number_collection[enabled]": "false" });
    expect(brackets.status).toBe(200);
    expect(await brackets.json()).toMatchObject({ shipping_address_collection: { allowed_countries: ["IN"] }, phone_number_collection: { enabled: false } });
  });
});

describe("the hosted page's Shipping information", () => {
  it("asks for name, address, city, state, PIN code and phone, each labelled and with its autocomplete, under the same CSP", async () => {
    const session = await createDeliverySession();
    const page = await fetch(session.url!);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-security-policy")).toBe("default-src 'none'; style-src 'unsafe-inline'; img-src * data:");
    const html = await page.text();
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain("<h2>Shipping information</h2>");
    const fields: [string, string, string][] = [
      ["shippingName", "Full name", "name"],
      ["shippingCountry", "Country", "country"],
      ["shippingAddressLine1", "Address line 1", "address-line1"],
      ["shippingAddressLine2", "Address line 2 (optional)", "address-line2"],
      ["shippingLocality", "City", "address-level2"],
      ["shippingAdministrativeArea", "State", "address-level1"],
      ["shippingPostalCode", "PIN code", "postal-code"],
      ["phoneNumber", "Phone number", "tel"],
    ];
    for (const [id, label, autocomplete] of fields) {
      expect(html).toContain(`<label for="${id}">${label}</label>`);
      expect(control(html, id)).toContain(`autocomplete="${autocomplete}"`);
      expect(control(html, id)).not.toContain("aria-invalid");
    }
    expect(html).toMatch(/<select id="shippingCountry"[^>]*><option value="IN" selected>India<\/option><\/select>/);
    const states = /<select id="shippingAdministrativeArea"[^>]*>(.*?)<\/select>/.exec(html)![1]!;
    expect([...states.matchAll(/<option value="([A-Z]*)">([^<]*)<\/option>/g)].map((m) => [m[1], m[2]])).toEqual([
      ["", "Select…"],
      ...INDIA_STATES.map((state) => [state.code, state.name]),
    ]);
    expect(html).not.toContain('role="alert"');
  });

  it("shows no delivery fields when the session asks for none, and pays with the card alone", async () => {
    const session = await stripe.checkout.sessions.create({ mode: "payment", success_url: "http://localhost:3000/success", line_items: [LINE] });
    const html = await (await fetch(session.url!)).text();
    expect(html).not.toContain("Shipping information");
    expect(html).not.toContain("Phone number");
    const paid = await fetch(session.url!, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(CARD).toString(), redirect: "manual" });
    expect(paid.status).toBe(303);
    const done = await stripe.checkout.sessions.retrieve(session.id);
    expect(done.collected_information).toEqual({ business_name: null, individual_name: null, shipping_details: null });
    expect(done.customer_details).toMatchObject({ name: "Meera Iyer", phone: null, address: null });
  });
});

describe("the hosted page checks the delivery details before the card is charged", () => {
  it.each(["012345", "56001", "5600011", "56OO01"])("refuses the PIN code %j with 400, beside the field, its entry kept", async (pin) => {
    const session = await createDeliverySession();
    const answer = await post(session.id, { shippingPostalCode: pin });
    expect(answer.status).toBe(400);
    const html = await answer.text();
    expect(html).toContain(`<p class="field-error" role="alert" id="shippingPostalCode-error">${DELIVERY_MESSAGES.postalCode}</p>`);
    expect(DELIVERY_MESSAGES.postalCode).toBe("Enter a valid PIN code: 6 digits, not starting with 0.");
    const input = control(html, "shippingPostalCode");
    expect(input).toContain(`value="${pin}"`);
    expect(input).toContain('aria-invalid="true"');
    expect(input).toContain('aria-describedby="shippingPostalCode-error"');
    expect(input).toContain("autofocus");
    expect(html).toContain('<div class="error" role="alert" id="form-errors"><p>Check this field: <a href="#shippingPostalCode">PIN code</a>.</p></div>');
    expect(control(html, "shippingLocality")).toContain('value="Bengaluru"');
    expect(html).toMatch(/<option value="KA" selected>Karnataka<\/option>/);
    expect((await stripe.checkout.sessions.retrieve(session.id)).payment_status).toBe("unpaid");
  });

  it("refuses a phone number that is not an Indian mobile", async () => {
    const session = await createDeliverySession();
    const answer = await post(session.id, { phoneNumber: "12345" });
    expect(answer.status).toBe(400);
    const html = await answer.text();
    expect(html).toContain("Enter a valid Indian mobile number (10 digits, starting with 6, 7, 8 or 9).");
    expect(control(html, "phoneNumber")).toContain('aria-describedby="phoneNumber-error"');
    expect(control(html, "phoneNumber")).toContain('value="12345"');
  });

  it("shows every missing field at once, with the card's problem, and keeps what was typed (escaped)", async () => {
    const session = await createDeliverySession();
    const answer = await post(session.id, {
      shippingName: "",
      shippingAddressLine1: "  ",
      shippingAddressLine2: 'Flat "4" <b>',
      shippingLocality: "",
      shippingAdministrativeArea: "XX",
      shippingPostalCode: "",
      phoneNumber: "",
      cardNumber: "4242",
    });
    expect(answer.status).toBe(400);
    const html = await answer.text();
    for (const [id, message] of [
      ["shippingName", "Enter your full name."],
      ["shippingAddressLine1", "Enter your address."],
      ["shippingLocality", "Enter your city."],
      ["shippingAdministrativeArea", "Choose your state."],
      ["shippingPostalCode", DELIVERY_MESSAGES.postalCode],
      ["phoneNumber", DELIVERY_MESSAGES.phone],
    ]) {
      expect(html).toContain(`id="${id}-error">${message}</p>`);
      expect(control(html, id!)).toContain('aria-invalid="true"');
    }
    expect(control(html, "shippingName")).toContain("autofocus");
    expect(html.match(/autofocus/g)).toHaveLength(1);
    expect(html).toContain('<p class="error" role="alert" id="card-error">Your card number is invalid.</p>');
    expect(html).toContain("Check these 7 fields:");
    expect(control(html, "shippingAddressLine2")).toContain('value="Flat &quot;4&quot; &lt;b&gt;"');
    expect(control(html, "shippingAddressLine2")).not.toContain("aria-invalid");
  });

  it("checks the details before the card: a declining card with a bad PIN code is not tried, then declines with 402 once they pass", async () => {
    const session = await createDeliverySession();
    const first = await post(session.id, { shippingPostalCode: "012345", cardNumber: "4000 0000 0000 0002" });
    expect(first.status).toBe(400);
    expect(await first.text()).not.toContain("Your card was declined.");
    const declined = await post(session.id, { cardNumber: "4000 0000 0000 0002" });
    expect(declined.status).toBe(402);
    const html = await declined.text();
    expect(html.match(/role="alert"/g)).toHaveLength(1);
    expect(html).toContain('<p class="error" role="alert" id="card-error">Your card was declined.</p>');
    expect(control(html, "shippingPostalCode")).toContain('value="560001"');
  });
});

describe("paying with delivery details", () => {
  it("puts them on the session as Stripe does, and in the signed checkout.session.completed event", async () => {
    const session = await createDeliverySession();
    const paid = await post(session.id, { shippingName: "  Meera Iyer ", phoneNumber: "+91 98765 43210", shippingPostalCode: "560 001" });
    expect(paid.status).toBe(303);
    expect(paid.headers.get("location")).toBe(`http://localhost:3000/success?session_id=${session.id}`);

    const address = { city: "Bengaluru", country: "IN", line1: "12 MG Road", line2: null, postal_code: "560001", state: "KA" };
    const done = await stripe.checkout.sessions.retrieve(session.id);
    expect(done.status).toBe("complete");
    expect(done.payment_status).toBe("paid");
    expect(done.collected_information).toEqual({ business_name: null, individual_name: null, shipping_details: { name: "Meera Iyer", address } });
    expect(done.customer_details).toEqual({
      address,
      business_name: null,
      email: "meera@example.com",
      individual_name: null,
      name: "Meera Iyer",
      phone: "+919876543210",
      tax_exempt: "none",
      tax_ids: [],
    });
    expect(done.shipping_address_collection).toEqual({ allowed_countries: ["IN"] });
    expect(done.phone_number_collection).toEqual({ enabled: true });

    const events = await eventually(
      () => received.filter((event) => event.type === "checkout.session.completed" && (event.data.object as Stripe.Checkout.Session).id === session.id),
      (found) => found.length > 0,
    );
    expect(events).toHaveLength(1);
    const object = events[0]!.data.object as Stripe.Checkout.Session;
    expect(object.collected_information?.shipping_details).toEqual({ name: "Meera Iyer", address });
    expect(object.customer_details?.phone).toBe("+919876543210");
    expect(object.customer_details?.address).toEqual(address);
  });

  it("keeps a second address line, and a phone typed with a leading 0", async () => {
    const session = await createDeliverySession();
    expect((await post(session.id, { shippingAddressLine2: "Near Trinity Metro", phoneNumber: "09876543210", shippingAdministrativeArea: "DL" })).status).toBe(303);
    const done = await stripe.checkout.sessions.retrieve(session.id);
    expect(done.collected_information?.shipping_details?.address).toMatchObject({ line2: "Near Trinity Metro", state: "DL" });
    expect(done.customer_details?.phone).toBe("+919876543210");
  });

  it("collects a phone number without an address when only that is asked", async () => {
    const session = await stripe.checkout.sessions.create({ mode: "payment", success_url: "http://localhost:3000/success", line_items: [LINE], phone_number_collection: { enabled: true } });
    const html = await (await fetch(session.url!)).text();
    expect(html).not.toContain("Shipping information");
    expect(control(html, "phoneNumber")).toContain('autocomplete="tel"');
    expect((await post(session.id, { phoneNumber: "5876543210" })).status).toBe(400);
    expect((await post(session.id, { phoneNumber: "98765 43210" })).status).toBe(303);
    const done = await stripe.checkout.sessions.retrieve(session.id);
    expect(done.customer_details).toMatchObject({ phone: "+919876543210", address: null, name: "Meera Iyer" });
    expect(done.collected_information?.shipping_details).toBeNull();
  });
});

/** A session paid on the hosted page (₹999, no delivery details): its PaymentIntent's id. */
async function paidIntent(): Promise<string> {
  const session = await stripe.checkout.sessions.create({ mode: "payment", success_url: "http://localhost:3000/success", line_items: [LINE] });
  const paid = await fetch(session.url!, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(CARD).toString(), redirect: "manual" });
  expect(paid.status).toBe(303);
  const done = await stripe.checkout.sessions.retrieve(session.id);
  return done.payment_intent as string;
}

const chargeOf = async (paymentIntent: string) => stripe.charges.retrieve((await stripe.paymentIntents.retrieve(paymentIntent)).latest_charge as string);

/** The delivered events of `type` whose object is `id`, once `count` have come. */
const delivered = (type: string, id: string, count = 1) =>
  eventually(
    () => received.filter((event) => event.type === type && (event.data.object as { id: string }).id === id),
    (found) => found.length >= count,
  );

/** An inspection route, posted with a JSON body. */
const inspect = (path: string, body: unknown = {}) =>
  fetch(`${emulators.url}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

describe("a paid session's PaymentIntent and Charge", () => {
  it("are served in Stripe's shapes, the charge's refunds only when expanded", async () => {
    const id = await paidIntent();
    expect(id).toMatch(/^pi_/);
    const intent = await stripe.paymentIntents.retrieve(id);
    expect(intent).toMatchObject({ id, object: "payment_intent", amount: 99_900, amount_received: 99_900, currency: "inr", status: "succeeded", latest_charge: expect.stringMatching(/^ch_/) });
    const charge = await stripe.charges.retrieve(intent.latest_charge as string);
    expect(charge).toMatchObject({ object: "charge", amount: 99_900, amount_refunded: 0, refunded: false, currency: "inr", status: "succeeded", paid: true, payment_intent: id });
    expect(charge.payment_method_details?.card).toMatchObject({ brand: "visa", last4: "4242" });
    expect(charge).not.toHaveProperty("refunds");
    const expanded = await stripe.charges.retrieve(charge.id, { expand: ["refunds"] });
    expect(expanded.refunds).toMatchObject({ object: "list", data: [], has_more: false });
    await expect(stripe.paymentIntents.retrieve("pi_nope")).rejects.toMatchObject({ statusCode: 404, code: "resource_missing", message: "No such payment_intent: 'pi_nope'" });
    await expect(stripe.charges.retrieve("ch_nope")).rejects.toMatchObject({ statusCode: 404, code: "resource_missing", message: "No such charge: 'ch_nope'" });
  });
});

describe("refunds", () => {
  it("refunds part, then the rest; a retry with the same Idempotency-Key gets the same refund and refunds once", async () => {
    const id = await paidIntent();
    const key = `refund-${id}-1`;
    const first = await stripe.refunds.create({ payment_intent: id, amount: 30_000, reason: "requested_by_customer", metadata: { orderId: "o1" } }, { idempotencyKey: key });
    expect(first).toMatchObject({ object: "refund", amount: 30_000, currency: "inr", payment_intent: id, status: "succeeded", reason: "requested_by_customer", metadata: { orderId: "o1" } });
    expect(first.id).toMatch(/^re_/);
    expect(first.charge).toMatch(/^ch_/);
    expect(first.created).toBeGreaterThan(0);

    const again = await stripe.refunds.create({ payment_intent: id, amount: 30_000, reason: "requested_by_customer", metadata: { orderId: "o1" } }, { idempotencyKey: key });
    expect(again.id).toBe(first.id);
    expect(again.lastResponse.headers["idempotent-replayed"]).toBe("true");
    expect(await chargeOf(id)).toMatchObject({ amount_refunded: 30_000, refunded: false });
    await expect(stripe.refunds.create({ payment_intent: id, amount: 20_000 }, { idempotencyKey: key })).rejects.toMatchObject({
      type: "StripeIdempotencyError",
      message: expect.stringContaining("can only be used with the same parameters they were first used with"),
    });

    const rest = await stripe.refunds.create({ payment_intent: id }, { idempotencyKey: `refund-${id}-2` });
    expect(rest).toMatchObject({ amount: 69_900, reason: null, metadata: {}, charge: first.charge });
    expect(await chargeOf(id)).toMatchObject({ amount_refunded: 99_900, refunded: true });
    await expect(stripe.refunds.create({ payment_intent: id, amount: 100 })).rejects.toMatchObject({
      type: "StripeInvalidRequestError",
      statusCode: 400,
      code: "charge_already_refunded",
      message: `Charge ${first.charge} has already been refunded.`,
    });
  });

  it("refuses more than is left with amount_too_large, in Stripe's words", async () => {
    const id = await paidIntent();
    await stripe.refunds.create({ payment_intent: id, amount: 90_000 });
    const error = await stripe.refunds.create({ payment_intent: id, amount: 10_000 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error).toMatchObject({
      statusCode: 400,
      code: "amount_too_large",
      param: "amount",
      message: "Refund amount (₹100.00) is greater than unrefunded amount on charge (₹99.00)",
    });
    expect(await chargeOf(id)).toMatchObject({ amount_refunded: 90_000, refunded: false });
  });

  it("refuses an amount that is not a positive integer, an unknown payment intent or charge, none of them, and an unknown reason", async () => {
    const id = await paidIntent();
    for (const amount of [0, -5, 1.5]) {
      await expect(stripe.refunds.create({ payment_intent: id, amount })).rejects.toMatchObject({ type: "StripeInvalidRequestError", statusCode: 400, param: "amount", message: "Invalid positive integer" });
    }
    await expect(stripe.refunds.create({ payment_intent: "pi_nope" })).rejects.toMatchObject({
      type: "StripeInvalidRequestError",
      statusCode: 404,
      code: "resource_missing",
      param: "payment_intent",
      message: "No such payment_intent: 'pi_nope'",
    });
    await expect(stripe.refunds.create({ charge: "ch_nope" })).rejects.toMatchObject({ statusCode: 404, code: "resource_missing", message: "No such charge: 'ch_nope'" });
    await expect(stripe.refunds.create({ amount: 100 })).rejects.toMatchObject({ statusCode: 400, code: "parameter_missing" });
    await expect(stripe.refunds.create({ payment_intent: id, reason: "changed_mind" })).rejects.toMatchObject({ statusCode: 400, param: "reason" });
    expect(await chargeOf(id)).toMatchObject({ amount_refunded: 0 });
  });

  it("refunds by charge too, and serves refunds.retrieve and refunds.list (newest first, paged)", async () => {
    const id = await paidIntent();
    const charge = await chargeOf(id);
    const a = await stripe.refunds.create({ charge: charge.id, amount: 1_000 });
    const b = await stripe.refunds.create({ payment_intent: id, amount: 2_000 });
    const c = await stripe.refunds.create({ payment_intent: id, amount: 3_000 });
    expect(a.payment_intent).toBe(id);
    expect(JSON.parse(JSON.stringify(await stripe.refunds.retrieve(b.id)))).toEqual(JSON.parse(JSON.stringify(b)));
    await expect(stripe.refunds.retrieve("re_nope")).rejects.toMatchObject({ statusCode: 404, code: "resource_missing", message: "No such refund: 're_nope'" });

    const listed = await stripe.refunds.list({ payment_intent: id });
    expect(listed).toMatchObject({ object: "list", has_more: false, url: "/v1/refunds" });
    expect(listed.data.map((refund) => refund.id)).toEqual([c.id, b.id, a.id]);
    const page = await stripe.refunds.list({ payment_intent: id, limit: 2 });
    expect(page.data.map((refund) => refund.id)).toEqual([c.id, b.id]);
    expect(page.has_more).toBe(true);
    const next = await stripe.refunds.list({ payment_intent: id, limit: 2, starting_after: b.id });
    expect(next.data.map((refund) => refund.id)).toEqual([a.id]);
    expect(next.has_more).toBe(false);
    expect((await stripe.refunds.list({ payment_intent: id }).autoPagingToArray({ limit: 10 })).map((refund) => refund.id)).toEqual([c.id, b.id, a.id]);
    expect((await stripe.refunds.list({ charge: charge.id })).data).toHaveLength(3);
    expect((await stripe.charges.retrieve(charge.id, { expand: ["refunds"] })).refunds?.data.map((refund) => refund.id)).toEqual([c.id, b.id, a.id]);
  });

  it("sends charge.refunded (the charge as refunded now) and refund.created, signed: Stripe.webhooks.constructEvent verifies them", async () => {
    const id = await paidIntent();
    const key = `refund-${id}-events`;
    const refund = await stripe.refunds.create({ payment_intent: id, amount: 40_000 }, { idempotencyKey: key });
    await stripe.refunds.create({ payment_intent: id, amount: 40_000 }, { idempotencyKey: key }); // replayed: no more events

    const [charged] = await delivered("charge.refunded", refund.charge as string);
    expect(charged!.data.object).toMatchObject({ object: "charge", amount: 99_900, amount_refunded: 40_000, refunded: false, payment_intent: id });
    expect(charged!.data.previous_attributes).toEqual({ amount_refunded: 0 });
    expect(charged!.request).toMatchObject({ id: expect.stringMatching(/^req_/), idempotency_key: key });
    const [created] = await delivered("refund.created", refund.id);
    expect(created!.data.object).toMatchObject({ id: refund.id, object: "refund", amount: 40_000, status: "succeeded" });

    // The emulator's own record of the event, checked with the SDK's static verifier.
    const listed = (await (await fetch(`${emulators.url}/stripe/events`)).json()) as { id: string; type: string; object: string; delivered: boolean }[];
    const mine = listed.filter((event) => event.object === refund.id || event.object === refund.charge);
    expect(mine.map((event) => event.type)).toEqual(["charge.refunded", "refund.created"]);
    expect(mine.every((event) => event.delivered)).toBe(true);
    const payload = JSON.stringify(created, null, 2);
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET });
    expect(Stripe.webhooks.constructEvent(payload, header, SECRET).id).toBe(created!.id);

    const rest = await stripe.refunds.create({ payment_intent: id });
    const events = await delivered("charge.refunded", refund.charge as string, 2);
    expect(events[1]!.data.object).toMatchObject({ amount_refunded: 99_900, refunded: true });
    expect(events[1]!.data.previous_attributes).toEqual({ amount_refunded: 40_000, refunded: false });
    expect(await delivered("refund.created", rest.id)).toHaveLength(1);
  });

  it("updates a refund's metadata, sending refund.updated", async () => {
    const id = await paidIntent();
    const refund = await stripe.refunds.create({ payment_intent: id, amount: 500, metadata: { a: "1" } });
    const updated = await stripe.refunds.update(refund.id, { metadata: { a: "", b: "2" } });
    expect(updated.metadata).toEqual({ b: "2" });
    const [event] = await delivered("refund.updated", refund.id);
    expect(event!.data.previous_attributes).toEqual({ metadata: { a: "1" } });
  });
});

describe("the inspection routes for refunds", () => {
  it("refunds as the Dashboard does (JSON or form, no Idempotency-Key, no metadata), sending the same events", async () => {
    const id = await paidIntent();
    const answer = await inspect("/stripe/dashboard-refund", { payment_intent: id, amount: 5_000 });
    expect(answer.status).toBe(200);
    const refund = (await answer.json()) as Stripe.Refund;
    expect(refund).toMatchObject({ object: "refund", amount: 5_000, payment_intent: id, status: "succeeded", metadata: {}, reason: null });
    const [created] = await delivered("refund.created", refund.id);
    expect(created!.request).toEqual({ id: expect.stringMatching(/^req_/), idempotency_key: null });
    expect((await delivered("charge.refunded", refund.charge as string))[0]!.data.object).toMatchObject({ amount_refunded: 5_000 });

    const form = await fetch(`${emulators.url}/stripe/dashboard-refund`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ payment_intent: id }).toString() });
    expect(form.status).toBe(200);
    expect(await form.json()).toMatchObject({ amount: 94_900 });
    expect(await chargeOf(id)).toMatchObject({ amount_refunded: 99_900, refunded: true });
    expect((await stripe.refunds.list({ payment_intent: id })).data).toHaveLength(2);

    const again = await inspect("/stripe/dashboard-refund", { payment_intent: id });
    expect(again.status).toBe(400);
    expect((await again.json()).error).toMatchObject({ code: "charge_already_refunded" });
    const unknown = await inspect("/stripe/dashboard-refund", { payment_intent: "pi_nope" });
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).error).toMatchObject({ code: "resource_missing", message: "No such payment_intent: 'pi_nope'" });
  });

  it("fails a succeeded refund later: status failed with its failure_reason, the amount back on the charge, refund.updated sent", async () => {
    const id = await paidIntent();
    const refund = await stripe.refunds.create({ payment_intent: id });
    expect(await chargeOf(id)).toMatchObject({ refunded: true });

    const answer = await inspect(`/stripe/refunds/${refund.id}/fail`);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ id: refund.id, status: "failed", failure_reason: "lost_or_stolen_card" });
    expect(await stripe.refunds.retrieve(refund.id)).toMatchObject({ status: "failed", failure_reason: "lost_or_stolen_card", failure_balance_transaction: expect.stringMatching(/^txn_/) });
    expect(await chargeOf(id)).toMatchObject({ amount_refunded: 0, refunded: false });
    const [updated] = await delivered("refund.updated", refund.id);
    expect(updated!.data.object).toMatchObject({ status: "failed", failure_reason: "lost_or_stolen_card" });
    expect(updated!.data.previous_attributes).toEqual({ status: "succeeded" });
    expect(await delivered("refund.failed", refund.id)).toHaveLength(1);

    const twice = await inspect(`/stripe/refunds/${refund.id}/fail`);
    expect(twice.status).toBe(400);
    expect((await inspect("/stripe/refunds/re_nope/fail")).status).toBe(404);
    // The amount is refundable again, as Stripe allows after a failed refund.
    expect(await stripe.refunds.create({ payment_intent: id })).toMatchObject({ amount: 99_900, status: "succeeded" });

    const other = await stripe.refunds.create({ payment_intent: await paidIntent(), amount: 100 });
    const expired = await inspect(`/stripe/refunds/${other.id}/fail`, { failure_reason: "expired_or_canceled_card" });
    expect(await expired.json()).toMatchObject({ failure_reason: "expired_or_canceled_card" });
    expect((await inspect(`/stripe/refunds/${other.id}/fail`, { failure_reason: "bored" })).status).toBe(400);
  });
});
