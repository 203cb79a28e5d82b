// Tax invoices (issue: lawful billing): issued once the order is recorded, numbered from a gapless
// series per financial year, CGST + SGST within the seller's state (UTGST in a union territory
// without a legislature), IGST across states, B2B with the buyer's GSTIN, a bill of supply for a
// composition seller, frozen once issued, and seen only by the order's owner and admins.
import { spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as invoiceRoute } from "@/app/api/invoice/[orderId]/route";
import { DEMO_SELLER } from "@/lib/billing/demo-seller";
import { gstinCheckCharacter } from "@/lib/billing/gstin";
import type { TaxDocumentView } from "@/lib/billing/tax-document";
import { GET as creditNoteRoute } from "@/app/api/credit-note/[refundId]/route";
import { issueCreditNote } from "@/lib/server/billing/credit-notes";
import { issueDueInvoices, issueInvoice } from "@/lib/server/billing/invoices";
import { cancelOrder, refundOrder } from "@/lib/server/orders/refunds";
import { saveSeller } from "@/lib/server/billing/seller";
import { PUT as businessRoute } from "@/app/api/business-details/route";
import { admin, getRequest, holdSellerDetails, jsonRequest, noContext, query, shopper, type Shopper } from "../helpers";
import { addLine, checkout, completedEvent, deliver, emulatorUrl, pay, signedEvent } from "./checkout-kit";
import { stripeClient } from "@/lib/server/providers/stripe";

holdSellerDetails();

beforeAll(async () => {
  await saveSeller(DEMO_SELLER, null);
});

afterAll(async () => {
  await saveSeller(DEMO_SELLER, null);
});

/** A PDF's text, as poppler's pdftotext reads it (the fonts embedded, the rupee sign mapped back). */
function pdfText(bytes: Buffer): string {
  const result = spawnSync("pdftotext", ["-layout", "-", "-"], { input: bytes });
  if (result.status !== 0) throw new Error(`pdftotext: ${result.stderr.toString()}`);
  return result.stdout.toString();
}

const PIN_CODES: Record<string, string> = { KA: "560001", MH: "400001", CH: "160017" };

const invoiceOf = (orderId: string, cookie?: string, search = "?format=json") =>
  invoiceRoute(getRequest(`/api/invoice/${orderId}${search}`, cookie), { params: Promise.resolve({ orderId }) });

/**
 * A paid order of `quantity` units at `price` paise, delivered to `state` (the hosted page's
 * field), recorded by a signed webhook delivery; its invoice issued (the issue after the answer
 * is awaited by issuing again: the order's row lock makes the second wait for the first).
 */
async function paidTo(state: string, { price = 5_999_900, quantity = 1, buyer }: { price?: number; quantity?: number; buyer?: Shopper } = {}) {
  const productId = randomUUID();
  await query(
    `INSERT INTO "Product" (id, "productName", "brandName", category, "productImage", price, "sellingPrice", "updatedAt", stock) VALUES ($1, $2, 'Volt', 'mobiles', ARRAY['/images/products/mobi-001-1.svg'], $3, $4, now(), 50)`,
    [productId, `Invoice phone ${productId.slice(0, 6)}`, price + 100_000, price],
  );
  const user = buyer ?? (await shopper());
  const line = await addLine(user, productId, quantity);
  const started = await (await checkout(user.cookie, { cartItems: [line] })).json();
  expect((await pay(started.id, undefined, { shippingAdministrativeArea: state, shippingPostalCode: PIN_CODES[state]! })).status).toBeLessThan(400);
  const event = await completedEvent(started.id);
  expect((await deliver(event.payload, event.header)).status).toBe(200);
  const [order] = await query<{ id: string; totalAmount: number; paymentIntentId: string }>(`SELECT id, "totalAmount", "paymentIntentId" FROM "Order" WHERE "checkoutSessionId" = $1`, [started.id]);
  await issueInvoice(order!.id);
  const [item] = await query<{ id: string }>(`SELECT id FROM "OrderItem" WHERE "orderId" = $1`, [order!.id]);
  return { orderId: order!.id, user, total: order!.totalAmount, itemId: item!.id, paymentIntentId: order!.paymentIntentId };
}

async function documentOf(orderId: string, cookie: string): Promise<TaxDocumentView> {
  const answer = await invoiceOf(orderId, cookie);
  expect(answer.status, await answer.clone().text()).toBe(200);
  return (await answer.json()).data as TaxDocumentView;
}

describe("an invoice", () => {
  it("within the seller's state: CGST and SGST, half each, backed out of what was paid; shipping a line at the product's rate", async () => {
    const { orderId, user, total } = await paidTo("KA");
    const invoice = await documentOf(orderId, user.cookie);
    expect(invoice.kind).toBe("INVOICE");
    expect(invoice.number).toMatch(/^IN\/\d{4}\/\d{8}$/);
    expect(invoice.interState).toBe(false);
    expect(invoice.placeOfSupply).toEqual({ name: "Karnataka", code: "29", assumed: false });
    expect(invoice.seller).toMatchObject({ name: DEMO_SELLER.legalName, gstin: DEMO_SELLER.gstin, stateCode: "29" });
    expect(invoice.buyer).toMatchObject({ name: "Meera Iyer", gstin: null, stateName: "Karnataka", stateCode: "29" });
    // The issue's worked example: ₹59,999 at 18 % is ₹50,846.61 taxable, CGST ₹4,576.20, SGST ₹4,576.19.
    expect(invoice.lines[0]).toMatchObject({ kind: "GOODS", quantity: 1, unitPrice: 5_999_900, gross: 5_999_900, taxable: 5_084_661, cgst: 457_620, sgst: 457_619, igst: 0, rateBp: 1800 });
    // ₹49 of shipping at 18 %: taxable round(4900 × 100 / 118) = 4153, tax 747 = 374 + 373.
    expect(invoice.lines[1]).toMatchObject({ kind: "SHIPPING", gross: 4900, taxable: 4153, cgst: 374, sgst: 373, rateBp: 1800, hsnCode: invoice.lines[0]!.hsnCode });
    expect(invoice.totals).toEqual({ taxable: 5_088_814, cgst: 457_994, sgst: 457_992, utgst: 0, igst: 0, cess: 0, total });
    expect(total).toBe(5_999_900 + 4900);
    expect(invoice.amountInWords).toBe("Rupees Sixty Thousand Forty-Eight Only");
  });

  it("to another state: IGST at the full rate", async () => {
    const { orderId, user } = await paidTo("MH", { price: 118_000, quantity: 2 });
    const invoice = await documentOf(orderId, user.cookie);
    expect(invoice.interState).toBe(true);
    expect(invoice.placeOfSupply).toEqual({ name: "Maharashtra", code: "27", assumed: false });
    expect(invoice.lines[0]).toMatchObject({ quantity: 2, gross: 236_000, taxable: 200_000, igst: 36_000, cgst: 0, sgst: 0 });
    expect(invoice.totals.cgst + invoice.totals.sgst).toBe(0);
  });

  it("for a business buyer names their GSTIN and legal name", async () => {
    const buyer = await shopper();
    const gstin = `27AAPFU0939F1Z${gstinCheckCharacter("27AAPFU0939F1Z")}`;
    const business = (body: unknown) => businessRoute(jsonRequest("/api/business-details", body, { method: "PUT", cookie: buyer.cookie }), noContext);
    const wrong = await business({ gstin: `${gstin.slice(0, 14)}${gstin.endsWith("A") ? "B" : "A"}`, legalName: "Iyer Traders Pvt Ltd" });
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).errors.gstin).toBe("This GSTIN's check character is wrong: check it for a typing error");
    expect((await business({ gstin, legalName: null })).status).toBe(400);
    const saved = await business({ gstin: gstin.toLowerCase(), legalName: "Iyer Traders Pvt Ltd" });
    expect((await saved.json()).data).toEqual({ gstin, legalName: "Iyer Traders Pvt Ltd" });
    const { orderId } = await paidTo("MH", { buyer, price: 100_000 });
    const invoice = await documentOf(orderId, buyer.cookie);
    expect(invoice.buyer).toMatchObject({ gstin, otherName: "Iyer Traders Pvt Ltd" });
    expect((await query(`SELECT "buyerGstin" FROM "TaxDocument" WHERE "orderId" = $1`, [orderId]))[0]).toEqual({ buyerGstin: gstin });
    // Cleared, the next order is a person's again.
    expect((await (await business({ gstin: "", legalName: "" })).json()).data).toEqual({ gstin: null, legalName: null });
    const next = await paidTo("MH", { buyer, price: 100_000 });
    expect((await documentOf(next.orderId, buyer.cookie)).buyer.gstin).toBeNull();
  });

  it("is the order owner's and the admins' only: another shopper, like an unknown order, gets a 404", async () => {
    const { orderId, user } = await paidTo("KA", { price: 50_000 });
    const other = await shopper();
    expect((await invoiceOf(orderId, other.cookie)).status).toBe(404);
    expect((await invoiceOf(orderId)).status).toBe(401);
    expect((await invoiceOf(randomUUID(), user.cookie)).status).toBe(404);
    expect((await invoiceOf("not-an-id", user.cookie)).status).toBe(404);
    const boss = await admin();
    expect((await invoiceOf(orderId, boss.cookie)).status).toBe(200);
    // The PDF: its text read back with the rupee sign, the number, the GSTIN and the total.
    const pdf = await invoiceOf(orderId, user.cookie, "?download=1");
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    const number = (await documentOf(orderId, user.cookie)).number;
    expect(pdf.headers.get("content-disposition")).toBe(`attachment; filename="${number.replace(/\//g, "-")}.pdf"`);
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
    const text = pdfText(bytes);
    // Drawn once: the second answer is the same bytes, kept by the document's id.
    expect(Buffer.from(await (await invoiceOf(orderId, boss.cookie, "")).arrayBuffer()).equals(bytes)).toBe(true);
    for (const expected of ["Tax invoice", number, DEMO_SELLER.gstin!, "Place of supply", "Karnataka (29)", "CGST", "SGST", "₹549.00", "Rupees Five Hundred Forty-Nine Only", "Tax payable on reverse charge"]) {
      expect(text, expected).toContain(expected);
    }
  });

  it("stays as issued: the database refuses a change, and a rate changed since leaves it alone", async () => {
    const { orderId, user } = await paidTo("KA", { price: 70_000 });
    const before = await documentOf(orderId, user.cookie);
    await expect(query(`UPDATE "TaxDocument" SET total = 1 WHERE "orderId" = $1`, [orderId])).rejects.toThrow(/frozen/);
    await expect(query(`DELETE FROM "TaxDocumentLine" WHERE "documentId" = $1`, [before._id])).rejects.toThrow(/frozen/);
    await query(`UPDATE "Product" SET "gstRateBp" = 2800 WHERE id = (SELECT "productId" FROM "OrderItem" WHERE "orderId" = $1)`, [orderId]);
    expect(await issueInvoice(orderId)).toBe("not-due");
    expect(await documentOf(orderId, user.cookie)).toEqual(before);
  });

  it("is not issued for an order recorded before GST billing", async () => {
    const { orderId } = await paidTo("KA", { price: 20_000 });
    const [{ id }] = (await query<{ id: string }>(
      `INSERT INTO "Order" (id, "customerEmail", "checkoutSessionId", "paymentMethodTypes", "paymentStatus", "totalAmount", "expectedAmount", "userId")
       SELECT $1, "customerEmail", $2, '{card}', 'paid', 100, 100, "userId" FROM "Order" WHERE id = $3 RETURNING id`,
      [randomUUID(), `cs_test_old_${randomUUID()}`, orderId],
    )) as [{ id: string }];
    expect(await issueInvoice(id)).toBe("not-due");
    expect(await query(`SELECT 1 FROM "TaxDocument" WHERE "orderId" = $1`, [id])).toEqual([]);
  });
});

describe("the seller's registration and state", () => {
  it("a union territory without a legislature: CGST and UTGST within it", async () => {
    const gstin = `04AAKCV4821M1Z${gstinCheckCharacter("04AAKCV4821M1Z")}`;
    await saveSeller({ ...DEMO_SELLER, state: "CH", city: "Chandigarh", postalCode: "160017", gstin }, null);
    try {
      const { orderId, user } = await paidTo("CH", { price: 11_800 });
      const invoice = await documentOf(orderId, user.cookie);
      expect(invoice.placeOfSupply.code).toBe("04");
      expect(invoice.lines[0]).toMatchObject({ taxable: 10_000, cgst: 900, utgst: 900, sgst: 0, igst: 0 });
    } finally {
      await saveSeller(DEMO_SELLER, null);
    }
  });

  it("a composition seller issues a bill of supply: no tax, the whole amount its value", async () => {
    await saveSeller({ ...DEMO_SELLER, registration: "COMPOSITION" }, null);
    try {
      const { orderId, user, total } = await paidTo("KA", { price: 30_000 });
      const bill = await documentOf(orderId, user.cookie);
      expect(bill.kind).toBe("BILL_OF_SUPPLY");
      expect(bill.totals).toEqual({ taxable: total, cgst: 0, sgst: 0, utgst: 0, igst: 0, cess: 0, total });
    } finally {
      await saveSeller(DEMO_SELLER, null);
    }
  });

  it("incomplete details: orders go through and wait; once completed, their invoices are issued oldest first", async () => {
    await saveSeller({ ...DEMO_SELLER, gstin: null }, null);
    let waiting: string[] = [];
    try {
      waiting = [(await paidTo("KA", { price: 10_000 })).orderId, (await paidTo("MH", { price: 10_000 })).orderId];
      expect(await issueInvoice(waiting[0]!)).toBe("waiting-for-seller");
      expect(await query(`SELECT "orderId" FROM "TaxDocument" WHERE "orderId" = ANY($1::uuid[])`, [waiting])).toEqual([]);
    } finally {
      await saveSeller(DEMO_SELLER, null);
    }
    await issueDueInvoices(1000);
    const issued = await query<{ orderId: string; serial: number }>(`SELECT "orderId", serial FROM "TaxDocument" WHERE "orderId" = ANY($1::uuid[]) ORDER BY serial`, [waiting]);
    expect(issued.map((row) => row.orderId)).toEqual(waiting);
  });
});

describe("the numbering", () => {
  it("200 orders issued at once by two instances: one invoice each, and the series has no gap or repeat", async () => {
    const buyer = await shopper();
    const ids = Array.from({ length: 200 }, () => randomUUID());
    await query(
      `INSERT INTO "Order" (id, "userId", "customerEmail", "checkoutSessionId", "paymentMethodTypes", "paymentStatus", "totalAmount", "expectedAmount", "invoiceDue", delivery)
       SELECT id, $2, $3, 'cs_test_many_' || id, '{card}', 'paid', 11800, 11800, true, '{"name":"Meera Iyer","phone":null,"line1":"12 MG Road","line2":null,"city":"Pune","state":"MH","postalCode":"411001","country":"IN"}'::jsonb
       FROM unnest($1::uuid[]) AS id`,
      [ids, buyer.id, buyer.email],
    );
    await query(
      `INSERT INTO "OrderItem" (id, "orderId", name, image, price, quantity, "hsnCode", "gstRateBp", "cessRateBp")
       SELECT gen_random_uuid(), id, 'Many phone', '{}', 11800, 1, '8517', 1800, 0 FROM unnest($1::uuid[]) AS id`,
      [ids],
    );
    // Each instance issues its orders one after another (queueInvoice); the two race on the series.
    const instance = async (mine: string[]) => {
      const outcomes = [];
      for (const id of mine) outcomes.push(await issueInvoice(id));
      return outcomes;
    };
    const outcomes = (await Promise.all([instance(ids.filter((_, i) => i % 2 === 0)), instance(ids.filter((_, i) => i % 2 === 1))])).flat();
    expect(outcomes.filter((outcome) => outcome === "issued")).toHaveLength(200);
    const mine = await query<{ orderId: string; number: string; financialYear: string }>(`SELECT "orderId", number, "financialYear" FROM "TaxDocument" WHERE "orderId" = ANY($1::uuid[])`, [ids]);
    expect(new Set(mine.map((row) => row.orderId)).size).toBe(200);
    expect(new Set(mine.map((row) => row.number)).size).toBe(200);
    // Across every file's invoices this year: serials 1..n, each once, and the counter at n.
    const year = mine[0]!.financialYear;
    const [series] = await query<{ count: string; max: number; last: number }>(
      `SELECT count(*) AS count, max(serial) AS max, (SELECT "lastSerial" FROM "DocumentSeries" WHERE series = 'IN' AND "financialYear" = $1) AS last
       FROM "TaxDocument" WHERE series = 'IN' AND "financialYear" = $1`,
      [year],
    );
    expect(Number(series!.count)).toBe(series!.max);
    expect(series!.last).toBe(series!.max);
  });
});

describe("credit notes", () => {
  const boss = { kind: "admin" as const, userId: randomUUID() };
  const HEADS = ["gross", "taxable", "cgst", "sgst", "utgst", "igst", "cess"] as const;

  /** The refund's credit note as its route answers it (issued first: the issue after the answer is awaited so). */
  async function creditNoteOf(refundId: string, cookie: string): Promise<TaxDocumentView> {
    await issueCreditNote(refundId);
    const answer = await creditNoteRoute(getRequest(`/api/credit-note/${refundId}?format=json`, cookie), { params: Promise.resolve({ refundId }) });
    expect(answer.status, await answer.clone().text()).toBe(200);
    return (await answer.json()).data as TaxDocumentView;
  }

  /** Each line's heads summed over the credit notes, by the invoice line's position. */
  function creditedByLine(notes: TaxDocumentView[]): Map<number, Record<(typeof HEADS)[number], number>> {
    const sums = new Map<number, Record<(typeof HEADS)[number], number>>();
    for (const line of notes.flatMap((note) => note.lines)) {
      const sum = sums.get(line.position) ?? { gross: 0, taxable: 0, cgst: 0, sgst: 0, utgst: 0, igst: 0, cess: 0 };
      for (const head of HEADS) sum[head] += line[head];
      sums.set(line.position, sum);
    }
    return sums;
  }

  it("a unit refunded, then the other with the shipping: each credit note quotes the invoice, and together they reverse it to the paisa", async () => {
    const { orderId, user, itemId } = await paidTo("KA", { quantity: 2 });
    const invoice = await documentOf(orderId, user.cookie);
    const first = await refundOrder(orderId, boss, { lines: [{ orderItemId: itemId, quantity: 1 }], restock: false, reason: "One arrived damaged" });
    const one = await creditNoteOf(first.id, user.cookie);
    expect(one.kind).toBe("CREDIT_NOTE");
    expect(one.number).toMatch(/^CN\/\d{4}\/\d{8}$/);
    expect(one.original).toEqual({ number: invoice.number, issuedAt: invoice.issuedAt });
    expect(one.reason).toBe("One arrived damaged");
    // One unit of ₹59,999: the worked example's figures.
    expect(one.lines).toEqual([expect.objectContaining({ position: 1, quantity: 1, gross: 5_999_900, taxable: 5_084_661, cgst: 457_620, sgst: 457_619 })]);
    const cancelled = await refundOrder(orderId, boss, { lines: "whole", restock: false });
    const two = await creditNoteOf(cancelled.id, user.cookie);
    expect(two.lines.map((line) => line.kind)).toEqual(["GOODS", "SHIPPING"]);
    const credited = creditedByLine([one, two]);
    for (const line of invoice.lines) {
      expect(credited.get(line.position), `line ${line.position}`).toEqual(Object.fromEntries(HEADS.map((head) => [head, line[head]])));
    }
    expect(one.totals.total + two.totals.total).toBe(invoice.totals.total);
  });

  it("a second line credited before the first: each credit note's line names the invoice line it credits, and the rest is credited right", async () => {
    const owner = await shopper();
    const orderId = randomUUID();
    // The invoice bills lines in their ids' order: the cable's is the later, so it is line 2.
    const [first, second] = [randomUUID(), randomUUID()].sort() as [string, string];
    await query(
      `INSERT INTO "Order" (id, "userId", "customerEmail", "checkoutSessionId", "paymentMethodTypes", "paymentStatus", "totalAmount", "expectedAmount", "invoiceDue", delivery)
       VALUES ($1, $2, $3, $4, '{card}', 'paid', 34500, 34500, true, '{"name":"Meera Iyer","phone":null,"line1":"1 MG Road","line2":null,"city":"Bengaluru","state":"KA","postalCode":"560001","country":"IN"}'::jsonb)`,
      [orderId, owner.id, owner.email, `cs_test_two_lines_${orderId}`],
    );
    await query(
      `INSERT INTO "OrderItem" (id, "orderId", name, image, price, quantity, "hsnCode", "gstRateBp", "cessRateBp") VALUES ($1, $3, 'A phone', '{}', 11800, 2, '8517', 1800, 0), ($2, $3, 'A cable', '{}', 10900, 1, '8544', 500, 0)`,
      [first, second, orderId],
    );
    expect(await issueInvoice(orderId)).toBe("issued");
    const invoice = await documentOf(orderId, owner.cookie);
    const refund = async (lines: { orderItemId: string; quantity: number }[], amount: number) => {
      const id = randomUUID();
      await query(`INSERT INTO "Refund" (id, "orderId", amount, lines, status, source, "creditNoteDue", "updatedAt") VALUES ($1, $2, $3, $4, 'SUCCEEDED', 'admin', true, now())`, [id, orderId, amount, JSON.stringify(lines)]);
      return creditNoteOf(id, owner.cookie);
    };
    const cable = invoice.lines.find((line) => line.orderItemId === second)!;
    const phone = invoice.lines.find((line) => line.orderItemId === first)!;
    const one = await refund([{ orderItemId: second, quantity: 1 }], 10_900);
    expect(cable.position).toBe(2);
    expect(one.lines.map((line) => [line.position, line.gross])).toEqual([[2, 10_900]]);
    const two = await refund([{ orderItemId: first, quantity: 1 }], 11_800);
    const three = await refund([{ orderItemId: first, quantity: 1 }], 11_800);
    expect([...two.lines, ...three.lines].map((line) => line.position)).toEqual([phone.position, phone.position]);
    const credited = creditedByLine([one, two, three]);
    for (const line of invoice.lines) expect(credited.get(line.position), `line ${line.position}`).toEqual(Object.fromEntries(HEADS.map((head) => [head, line[head]])));
  });

  it("a cancellation's credit note reverses the whole invoice, IGST as IGST", async () => {
    const { orderId, user } = await paidTo("MH", { price: 33_300, quantity: 3 });
    const invoice = await documentOf(orderId, user.cookie);
    const { refund } = await cancelOrder(orderId, { kind: "shopper", userId: user.id });
    const note = await creditNoteOf(refund!.id, user.cookie);
    expect(note.interState).toBe(true);
    expect(note.totals).toEqual(invoice.totals);
    expect(note.lines.map(({ position, igst }) => ({ position, igst }))).toEqual(invoice.lines.map(({ position, igst }) => ({ position, igst })));
  });

  it("a refund made in Stripe's dashboard is spread over the lines in proportion, none past what its line has left; a cancellation then credits the rest", async () => {
    const { orderId, user, paymentIntentId } = await paidTo("KA", { price: 100_000, quantity: 1 });
    const invoice = await documentOf(orderId, user.cookie);
    const made = await fetch(`${emulatorUrl()}/stripe/dashboard-refund`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ payment_intent: paymentIntentId, amount: 52_450 }) });
    expect(made.ok).toBe(true);
    const [atStripe] = (await stripeClient().refunds.list({ payment_intent: paymentIntentId })).data;
    const event = signedEvent("refund.created", atStripe);
    expect((await deliver(event.payload, event.header)).status).toBe(200);
    const [{ id }] = (await query<{ id: string }>(`SELECT id FROM "Refund" WHERE "orderId" = $1`, [orderId])) as [{ id: string }];
    const note = await creditNoteOf(id, user.cookie);
    // ₹1,049 paid (₹1,000 + ₹49): half of each line, the largest remainder to the first.
    expect(note.lines.map((line) => [line.position, line.quantity, line.gross])).toEqual([
      [1, 0, 50_000],
      [2, 0, 2450],
    ]);
    expect(note.totals.total).toBe(52_450);
    for (const line of note.lines) {
      const billed = invoice.lines.find((candidate) => candidate.position === line.position)!;
      for (const head of HEADS) expect(line[head]).toBeLessThanOrEqual(billed[head]);
      expect(line.taxable + line.cgst + line.sgst).toBe(line.gross);
    }
    // Then cancelled: what was left goes back (the units' price alone would leave ₹24.50 of the
    // shipping uncredited), and the two credit notes are the invoice, line by line and head by head.
    const { refund } = await cancelOrder(orderId, { kind: "shopper", userId: user.id });
    expect(refund!.amount).toBe(104_900 - 52_450);
    const rest = await creditNoteOf(refund!.id, user.cookie);
    expect(rest.totals.total).toBe(refund!.amount);
    const credited = creditedByLine([note, rest]);
    for (const line of invoice.lines) expect(credited.get(line.position), `line ${line.position}`).toEqual(Object.fromEntries(HEADS.map((head) => [head, line[head]])));
  });

  it("a refund made before the invoice was issued waits for it, then is credited; another shopper's is a 404", async () => {
    await saveSeller({ ...DEMO_SELLER, grievanceName: null }, null);
    let orderId = "";
    let user: Shopper;
    let refundId = "";
    try {
      const paid = await paidTo("KA", { price: 40_000 });
      ({ orderId, user } = paid);
      const { refund } = await cancelOrder(orderId, { kind: "shopper", userId: user.id });
      refundId = refund!.id;
      expect(await issueCreditNote(refundId)).toBe("waiting-for-invoice");
    } finally {
      await saveSeller(DEMO_SELLER, null);
    }
    await issueDueInvoices(1000);
    const note = await creditNoteOf(refundId, user!.cookie);
    expect(note.original?.number).toBe((await documentOf(orderId, user!.cookie)).number);
    const other = await shopper();
    const answer = await creditNoteRoute(getRequest(`/api/credit-note/${refundId}?format=json`, other.cookie), { params: Promise.resolve({ refundId }) });
    expect(answer.status).toBe(404);
  });
});
