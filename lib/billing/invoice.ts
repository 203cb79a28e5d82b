// The figures of a tax document, worked out from what was paid (client-safe, pure): where the
// supply was made and so which heads apply, then each line's tax backed out of its inclusive amount
// and split (tax.ts). The same code bills an invoice and the lines a credit note gives back.
import { GST_STATE_CODES, leviesUtgst, stateIsoCode } from "./gst-states";
import { backOutTax, splitGst } from "./tax";

/** A line to bill: what was paid for it (tax included) and the rates it carries. */
export type BillableLine = {
  kind: "GOODS" | "SHIPPING";
  orderItemId: string | null;
  description: string;
  hsnCode: string;
  quantity: number;
  /** One unit's price, tax included, in paise. */
  unitPrice: number;
  /** What was paid for the line, tax included, in paise (quantity × unit price, or the shipping). */
  gross: number;
  rateBp: number;
  cessRateBp: number;
};

export type BilledLine = BillableLine & { taxable: number; cgst: number; sgst: number; utgst: number; igst: number; cess: number };

export type DocumentTotals = { taxable: number; cgst: number; sgst: number; utgst: number; igst: number; cess: number; total: number };

/** Where a supply is made and how it is taxed. */
export type Supply = {
  /** ISO code and GST code of the place of supply. */
  placeIso: string;
  placeCode: string;
  /** The delivery address named no state that could be read: the seller's own state was taken. */
  assumed: boolean;
  interState: boolean;
  /** CGST + UTGST (a union territory without a legislature) rather than CGST + SGST. */
  utgst: boolean;
};

/**
 * The place of supply of goods delivered to `deliveryState` by a seller in `sellerState` (both in
 * any form stateIsoCode reads): the delivery's state (IGST Act s.10(1)(a)), or the seller's own when
 * the address names none that can be read, which the document then says.
 */
export function supplyOf(deliveryState: string | null | undefined, sellerState: string): Supply {
  const seller = stateIsoCode(sellerState);
  if (!seller) throw new RangeError(`The seller's state ${sellerState} is not an Indian state`);
  const delivered = stateIsoCode(deliveryState);
  const place = delivered ?? seller;
  const interState = place !== seller;
  return { placeIso: place, placeCode: GST_STATE_CODES[place]!, assumed: delivered === null, interState, utgst: !interState && leviesUtgst(place) };
}

/**
 * Each line's taxable value and heads. A composition seller's bill of supply charges no tax: the
 * whole amount is the value, at rate 0.
 */
export function billLines(lines: BillableLine[], supply: Supply, composition = false): BilledLine[] {
  return lines.map((line) => {
    if (composition) return { ...line, rateBp: 0, cessRateBp: 0, taxable: line.gross, cgst: 0, sgst: 0, utgst: 0, igst: 0, cess: 0 };
    const tax = backOutTax(line.gross, line.rateBp, line.cessRateBp);
    return { ...line, taxable: tax.taxable, cess: tax.cess, ...splitGst(tax.gst, supply) };
  });
}

export function totalsOf(lines: Pick<BilledLine, "taxable" | "cgst" | "sgst" | "utgst" | "igst" | "cess" | "gross">[]): DocumentTotals {
  const totals: DocumentTotals = { taxable: 0, cgst: 0, sgst: 0, utgst: 0, igst: 0, cess: 0, total: 0 };
  for (const line of lines) {
    totals.taxable += line.taxable;
    totals.cgst += line.cgst;
    totals.sgst += line.sgst;
    totals.utgst += line.utgst;
    totals.igst += line.igst;
    totals.cess += line.cess;
    totals.total += line.gross;
  }
  return totals;
}

/**
 * The line whose rate the shipping takes (a composite supply is taxed as its principal supply, CGST
 * Act s.8(a)): the one of greatest value, the first of those.
 */
export function principalLine<T extends Pick<BillableLine, "gross">>(lines: T[]): T | undefined {
  return lines.reduce<T | undefined>((best, line) => (best === undefined || line.gross > best.gross ? line : best), undefined);
}
