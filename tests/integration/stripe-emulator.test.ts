// The Stripe emulator's hosted Checkout page collects delivery details as Stripe's does: a session
// made through the real `stripe` SDK with shipping_address_collection (IN) and phone collection,
// the page's fields, India's rules for PIN codes and mobile numbers, and the details on the
// retrieved session and in the signed checkout.session.completed event the store's webhook gets.
import http from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INDIA_STATES } from "@/lib/india";
import { startEmulators, type RunningEmulators } from "../../scripts/emulators/server";
import { DELIVERY_MESSAGES, TEST_DELIVERY_FORM } from "../../scripts/emulators/stripe";

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
