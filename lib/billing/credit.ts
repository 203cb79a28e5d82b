// What a credit note gives back (CGST Act s.34, CGST Rules 53), line by line, from the invoice it
// reduces (client-safe, pure). A refund of units credits those units of their lines; a refund of an
// amount alone (made in Stripe's dashboard) is spread over the lines in proportion to what each has
// left. Each head is backed out of the credited amount as the invoice did, and a credit that takes
// what is left of a line takes exactly its remainder, head by head: credit notes never exceed the
// invoice on any line or head.
import type { BilledLine } from "./invoice";
import { backOutTax, splitGst, type TaxHeads } from "./tax";

type Heads = Pick<BilledLine, "gross" | "taxable" | "cgst" | "sgst" | "utgst" | "igst" | "cess">;
const HEADS = ["gross", "taxable", "cgst", "sgst", "utgst", "igst", "cess"] as const;

/** An invoice line with what earlier credit notes took from it. */
export type CreditableLine = BilledLine & { position: number; credited: Heads & { quantity: number } };

export type CreditRequest =
  /** Units of product lines (by order line), and shipping in paise. */
  | { kind: "lines"; lines: { orderItemId: string; quantity: number }[]; shipping: number }
  /** An amount in paise, with no lines named. */
  | { kind: "amount"; amount: number };

function remainderOf(line: CreditableLine): Heads {
  const left = {} as Heads;
  for (const head of HEADS) left[head] = line[head] - line.credited[head];
  return left;
}

/** The heads of `gross` paise of a line: its remainder when that is all that is left, else backed out anew. */
function creditedHeads(line: CreditableLine, gross: number, supply: { interState: boolean; utgst: boolean }): Heads {
  const left = remainderOf(line);
  if (gross >= left.gross) return left;
  if (line.rateBp === 0 && line.cessRateBp === 0) return { gross, taxable: gross, cgst: 0, sgst: 0, utgst: 0, igst: 0, cess: 0 };
  const tax = backOutTax(gross, line.rateBp, line.cessRateBp);
  const heads: TaxHeads = splitGst(tax.gst, supply);
  const credit: Heads = { gross, taxable: tax.taxable, cess: tax.cess, ...heads };
  // A head rounded up past what is left of it takes only what is left, the taxable value the rest;
  // and the taxable value past what is left of it gives the excess to heads with room. The total
  // stays the credited amount, which is less than what is left, so there is always room.
  const taxHeads = ["cgst", "sgst", "utgst", "igst", "cess"] as const;
  for (const head of taxHeads) {
    if (credit[head] > left[head]) {
      credit.taxable += credit[head] - left[head];
      credit[head] = left[head];
    }
  }
  let excess = credit.taxable - left.taxable;
  for (const head of taxHeads) {
    if (excess <= 0) break;
    const room = Math.min(excess, left[head] - credit[head]);
    credit[head] += room;
    credit.taxable -= room;
    excess -= room;
  }
  return credit;
}

/** Splits `amount` over `weights` in proportion (largest remainders), never past a weight. */
export function apportion(amount: number, weights: number[]): number[] {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  if (total <= 0 || amount <= 0) return weights.map(() => 0);
  if (amount >= total) return [...weights];
  const shares = weights.map((weight) => Math.floor((amount * weight) / total));
  let rest = amount - shares.reduce((sum, share) => sum + share, 0);
  const order = weights.map((weight, index) => ({ index, fraction: (amount * weight) % total })).sort((a, b) => b.fraction - a.fraction || a.index - b.index);
  for (const { index } of order) {
    if (rest === 0) break;
    if (shares[index]! < weights[index]!) {
      shares[index]! += 1;
      rest -= 1;
    }
  }
  return shares;
}

/**
 * The credit note's lines for `request` against the invoice's lines (with what earlier credit notes
 * took). A line is left out when nothing of it is credited. `exceeded`: paise asked for beyond what
 * the invoice has left (never credited).
 */
export function creditLines(lines: CreditableLine[], request: CreditRequest, supply: { interState: boolean; utgst: boolean }): { lines: (BilledLine & { position: number })[]; exceeded: number } {
  const credit: (BilledLine & { position: number })[] = [];
  let exceeded = 0;
  const push = (line: CreditableLine, gross: number, quantity: number) => {
    if (gross <= 0) return;
    const left = remainderOf(line).gross;
    if (gross > left) exceeded += gross - left;
    const heads = creditedHeads(line, Math.min(gross, left), supply);
    if (heads.gross > 0) credit.push({ ...line, ...heads, quantity, position: line.position });
  };
  if (request.kind === "lines") {
    for (const asked of request.lines) {
      const line = lines.find((candidate) => candidate.kind === "GOODS" && candidate.orderItemId === asked.orderItemId);
      if (!line) continue;
      const quantity = Math.min(asked.quantity, line.quantity - line.credited.quantity);
      // The whole line's last units take what is left of it; others their price each.
      push(line, quantity >= line.quantity - line.credited.quantity ? remainderOf(line).gross : line.unitPrice * quantity, quantity);
    }
    const shipping = lines.find((line) => line.kind === "SHIPPING");
    if (request.shipping > 0 && shipping) push(shipping, request.shipping, 1);
  } else {
    const remainders = lines.map((line) => remainderOf(line).gross);
    const shares = apportion(request.amount, remainders);
    exceeded += Math.max(0, request.amount - remainders.reduce((sum, left) => sum + left, 0));
    lines.forEach((line, index) => push(line, shares[index]!, 0));
  }
  return { lines: credit.sort((a, b) => a.position - b.position), exceeded };
}
