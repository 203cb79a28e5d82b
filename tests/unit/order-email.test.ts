import { describe, expect, it } from "vitest";
import { deliveryAddressLines, displayPhone } from "@/lib/orders/delivery-text";
import type { DeliveryDetails } from "@/lib/shared/india";
import { orderConfirmationEmail } from "@/lib/server/orders/order-email";
import { stepEmail } from "@/lib/server/orders/step-email";
import type { PublicOrder } from "@/lib/server/orders/types";
import { SAMPLE_ORDER } from "@/lib/server/orders/mails/samples";

const DELIVERY: DeliveryDetails = {
  name: "Meera <b>Iyer</b>",
  phone: "+919876543210",
  line1: "12 MG Road & Sons",
  line2: "Flat 4",
  city: "Bengaluru",
  state: "KA",
  postalCode: "560001",
  country: "IN",
};

/** The mails' sample order (the preview's too), with the delivery address under test. */
const order = (delivery: DeliveryDetails | null): PublicOrder => ({ ...SAMPLE_ORDER, delivery });

describe("delivery address text", () => {
  it.each([
    ["+919876543210", "+91 98765 43210"],
    ["+14155550123", "+14155550123"],
  ])("displayPhone(%s) is %s", (phone, shown) => {
    expect(displayPhone(phone)).toBe(shown);
  });

  it("prints the lines, the state's name and the phone", () => {
    expect(deliveryAddressLines(DELIVERY)).toEqual(["Meera <b>Iyer</b>", "12 MG Road & Sons", "Flat 4", "Bengaluru, Karnataka 560001", "Phone: +91 98765 43210"]);
    expect(deliveryAddressLines({ ...DELIVERY, line2: null, phone: null })).toEqual(["Meera <b>Iyer</b>", "12 MG Road & Sons", "Bengaluru, Karnataka 560001"]);
  });
});

describe("order confirmation email: the delivery address", () => {
  it("is in the plain part and, escaped, in the HTML part", async () => {
    const mail = await orderConfirmationEmail(order(DELIVERY), "http://localhost:3000/user-panel/my-orders");
    expect(mail.text).toContain("Delivery address\nMeera <b>Iyer</b>\n12 MG Road & Sons\nFlat 4\nBengaluru, Karnataka 560001\nPhone: +91 98765 43210\n");
    // Each line after a line break (the component wraps each in a span).
    expect(mail.html.replace(/<\/?span>|<!-- -->/g, "")).toContain("<strong>Delivery address</strong><br/>Meera &lt;b&gt;Iyer&lt;/b&gt;<br/>12 MG Road &amp; Sons<br/>Flat 4<br/>Bengaluru, Karnataka 560001<br/>Phone: +91 98765 43210");
    expect(mail.html).not.toContain("<b>Iyer</b>");
  });

  it("is left out when the account's address is not confirmed (the payer typed it)", async () => {
    const mail = await orderConfirmationEmail(order(DELIVERY), "http://localhost:3000/user-panel/my-orders", false);
    expect(`${mail.text}${mail.html}`).not.toMatch(/Delivery address|Iyer|MG Road/);
  });

  it("is left out for an order without one", async () => {
    const mail = await orderConfirmationEmail(order(null), "http://localhost:3000/user-panel/my-orders");
    expect(mail.text).not.toContain("Delivery address");
    expect(mail.html).not.toContain("Delivery address");
  });
});

describe("order confirmation email: the tax invoice", () => {
  it("links to the order's invoice page, in both parts", async () => {
    const placed = order(DELIVERY);
    const mail = await orderConfirmationEmail(placed, "http://localhost:3000/user-panel/my-orders");
    const url = `http://localhost:3000/invoice/${placed._id}`;
    expect(mail.text).toContain(`Your tax invoice: ${url}`);
    expect(mail.html).toContain(`href="${url}"`);
  });
});

describe("a refund's mail: the credit note", () => {
  const refunded = { type: "refunded", data: { amount: 10_000, lines: [], refundId: "0194f1c2-7d3e-7b4a-9c1d-2e3f4a5b6c80" }, note: null };
  const order = { id: "0194f1c2-7d3e-7b4a-9c1d-2e3f4a5b6c7d", status: "DELIVERED" as const, totalAmount: 20_000 };
  const url = "http://localhost:3000/invoice/0194f1c2-7d3e-7b4a-9c1d-2e3f4a5b6c7d/credit-note/0194f1c2-7d3e-7b4a-9c1d-2e3f4a5b6c80";

  it("links to it when the order is billed, in both parts", async () => {
    const mail = (await stepEmail(refunded, { ...order, billed: true }, "http://localhost:3000/user-panel/my-orders", null))!;
    expect(mail.text).toContain(`Your credit note: ${url}`);
    expect(mail.html).toContain(`href="${url}"`);
  });

  it("says nothing of one for an order recorded before GST billing", async () => {
    const mail = (await stepEmail(refunded, { ...order, billed: false }, "http://localhost:3000/user-panel/my-orders", null))!;
    expect(`${mail.text}${mail.html}`).not.toContain("credit note");
  });
});

describe("a cash-on-delivery order's refund mails: bank transfer or UPI, never the card", () => {
  const order = { id: "0194f1c2-7d3e-7b4a-9c1d-2e3f4a5b6c7d", status: "DELIVERED" as const, totalAmount: 20_000, paymentMethod: "cod" };
  const ordersUrl = "http://localhost:3000/user-panel/my-orders";

  it("says the refund went by bank transfer or UPI, with its reference", async () => {
    const refunded = { type: "refunded", data: { amount: 10_000, lines: [], refundId: "0194f1c2-7d3e-7b4a-9c1d-2e3f4a5b6c80", reference: "UTR4455" }, note: null };
    const mail = (await stepEmail(refunded, order, ordersUrl, null))!;
    expect(mail.text).toContain("by bank transfer or UPI, reference UTR4455.");
    expect(mail.text).not.toContain("card");
    const cardMail = (await stepEmail(refunded, { ...order, paymentMethod: "card" }, ordersUrl, null))!;
    expect(cardMail.text).toContain("on your card");
  });

  it("says a received return's money goes to the account the shopper gave", async () => {
    const received = { type: "return_received", data: { amount: 10_000, lines: [] }, note: null };
    const mail = (await stepEmail(received, order, ordersUrl, null))!;
    expect(mail.text).toContain("to the UPI ID or bank account you gave us");
    expect(mail.text).not.toContain("card");
  });
});
