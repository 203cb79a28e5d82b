// Credit notes' arithmetic (lib/billing/credit.ts): an amount apportioned over lines, units
// credited at their price, and whatever order refunds come in, the credit notes of an invoice never
// pass it on any line or head, and the one that takes what is left makes them equal to it.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { apportion, creditLines, type CreditableLine } from "@/lib/billing/credit";
import { billLines, supplyOf, type BillableLine } from "@/lib/billing/invoice";
import { GST_RATES_BP } from "@/lib/billing/tax";

const HEADS = ["gross", "taxable", "cgst", "sgst", "utgst", "igst", "cess"] as const;
const NOTHING = { gross: 0, taxable: 0, cgst: 0, sgst: 0, utgst: 0, igst: 0, cess: 0, quantity: 0 };

function invoiceOf(lines: BillableLine[], state = "KA"): { lines: CreditableLine[]; supply: ReturnType<typeof supplyOf> } {
  const supply = supplyOf(state, "KA");
  return { supply, lines: billLines(lines, supply).map((line, index) => ({ ...line, position: index + 1, credited: { ...NOTHING } })) };
}

const goods = (id: string, unitPrice: number, quantity: number, rateBp = 1800, cessRateBp = 0): BillableLine => ({
  kind: "GOODS", orderItemId: id, description: id, hsnCode: "8517", quantity, unitPrice, gross: unitPrice * quantity, rateBp, cessRateBp,
});
const shipping = (gross: number, rateBp = 1800): BillableLine => ({ kind: "SHIPPING", orderItemId: null, description: "Shipping", hsnCode: "8517", quantity: 1, unitPrice: gross, gross, rateBp, cessRateBp: 0 });

/** Adds a credit note's lines to what its invoice's lines have had credited. */
function record(lines: CreditableLine[], credit: ReturnType<typeof creditLines>["lines"]): void {
  for (const taken of credit) {
    const line = lines.find((candidate) => candidate.position === taken.position)!;
    for (const head of HEADS) line.credited[head] += taken[head];
    line.credited.quantity += taken.quantity;
  }
}

describe("apportion", () => {
  it("splits in proportion, the largest remainders first, and never past a weight", () => {
    expect(apportion(52_450, [100_000, 4900])).toEqual([50_000, 2450]);
    expect(apportion(10, [1, 1, 1])).toEqual([1, 1, 1]);
    expect(apportion(2, [1, 1, 1])).toEqual([1, 1, 0]);
    expect(apportion(0, [5, 5])).toEqual([0, 0]);
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 10_000_000 }), { minLength: 1, maxLength: 8 }), fc.integer({ min: 0, max: 90_000_000 }), (weights, amount) => {
        const shares = apportion(amount, weights);
        const total = weights.reduce((sum, weight) => sum + weight, 0);
        expect(shares.reduce((sum, share) => sum + share, 0)).toBe(Math.min(amount, total));
        shares.forEach((share, index) => expect(share).toBeLessThanOrEqual(weights[index]!));
      }),
    );
  });
});

describe("credit lines", () => {
  it("credits units at their price and reverses the tax as the invoice split it", () => {
    const { lines, supply } = invoiceOf([goods("a", 5_999_900, 2), shipping(4900)]);
    const { lines: credit, exceeded } = creditLines(lines, { kind: "lines", lines: [{ orderItemId: "a", quantity: 1 }], shipping: 0 }, supply);
    expect(exceeded).toBe(0);
    expect(credit).toEqual([expect.objectContaining({ position: 1, quantity: 1, gross: 5_999_900, taxable: 5_084_661, cgst: 457_620, sgst: 457_619 })]);
  });

  it("says what an amount asks beyond what the invoice has left, and credits only what is left", () => {
    const { lines, supply } = invoiceOf([goods("a", 10_000, 1)]);
    const { lines: credit, exceeded } = creditLines(lines, { kind: "amount", amount: 12_000 }, supply);
    expect(exceeded).toBe(2000);
    expect(credit.reduce((sum, line) => sum + line.gross, 0)).toBe(10_000);
  });

  it("whatever refunds come, in whatever order, never pass the invoice; all of it refunded, they equal it head by head", () => {
    const basket = fc.array(fc.record({ unitPrice: fc.integer({ min: 1, max: 20_000_000 }), quantity: fc.integer({ min: 1, max: 5 }), rateBp: fc.constantFrom(...GST_RATES_BP), cessBp: fc.constantFrom(0, 0, 1200) }), { minLength: 1, maxLength: 4 });
    const refund = fc.oneof(
      fc.record({ kind: fc.constant("lines" as const), line: fc.nat(), quantity: fc.integer({ min: 1, max: 5 }), withShipping: fc.boolean() }),
      fc.record({ kind: fc.constant("amount" as const), amount: fc.integer({ min: 1, max: 30_000_000 }) }),
    );
    fc.assert(
      fc.property(basket, fc.integer({ min: 0, max: 20_000 }), fc.constantFrom("KA", "MH"), fc.array(refund, { maxLength: 6 }), (items, shippingPaise, state, refunds) => {
        const billed = [...items.map((item, index) => goods(`item-${index}`, item.unitPrice, item.quantity, item.rateBp, item.cessBp)), ...(shippingPaise > 0 ? [shipping(shippingPaise)] : [])];
        const { lines, supply } = invoiceOf(billed, state);
        const ask = (request: Parameters<typeof creditLines>[1]) => record(lines, creditLines(lines, request, supply).lines);
        for (const one of refunds) {
          if (one.kind === "amount") ask({ kind: "amount", amount: one.amount });
          else ask({ kind: "lines", lines: [{ orderItemId: `item-${one.line % items.length}`, quantity: one.quantity }], shipping: one.withShipping ? shippingPaise : 0 });
          for (const line of lines) for (const head of HEADS) expect(line.credited[head], head).toBeLessThanOrEqual(line[head]);
        }
        // The rest, all at once (a cancellation): the credit notes now equal the invoice.
        ask({ kind: "amount", amount: Number.MAX_SAFE_INTEGER });
        for (const line of lines) for (const head of HEADS) expect(line.credited[head], head).toBe(line[head]);
      }),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 200) },
    );
  });
});
