// GST backed out of prices that include it, in integer paise. A line's tax is found once, from its
// inclusive amount and its combined rate, and then split between the heads, so the heads always
// add up to the tax and the taxable value plus the tax to what was paid: no round-off line.
// Rates are in basis points (18 % is 1800), so that any rate the law sets stays an integer.

/** Rounds a / b to the nearest integer, halves up; a ≥ 0, b > 0, both safe integers. */
export function roundedDivision(a: number, b: number): number {
  if (!Number.isSafeInteger(a) || !Number.isSafeInteger(b) || a < 0 || b <= 0) throw new RangeError(`roundedDivision(${a}, ${b})`);
  const quotient = Math.floor(a / b);
  return 2 * (a - quotient * b) >= b ? quotient + 1 : quotient;
}

/** The GST rates a product may carry (basis points): nil, 5 %, 18 %, 28 % and 40 %. */
export const GST_RATES_BP = [0, 500, 1800, 2800, 4000] as const;

export type InclusiveTax = {
  /** What was paid for the line (paise), tax included. */
  gross: number;
  /** The value the tax is charged on: round(gross × 100 / (100 + rate + cess rate)). */
  taxable: number;
  /** GST: gross − taxable − cess. */
  gst: number;
  /** Compensation cess (0 unless the product carries a cess rate). */
  cess: number;
};

/** Backs GST (and cess) out of an inclusive amount in paise. */
export function backOutTax(gross: number, rateBp: number, cessBp = 0): InclusiveTax {
  if (!Number.isSafeInteger(gross) || gross < 0) throw new RangeError(`An amount in paise, not ${gross}`);
  if (!Number.isInteger(rateBp) || rateBp < 0 || !Number.isInteger(cessBp) || cessBp < 0) throw new RangeError("A rate in basis points");
  const taxable = roundedDivision(gross * 10_000, 10_000 + rateBp + cessBp);
  const tax = gross - taxable;
  const cess = cessBp === 0 ? 0 : roundedDivision(tax * cessBp, rateBp + cessBp);
  return { gross, taxable, gst: tax - cess, cess };
}

/** How a supply's GST is levied: within the seller's state (CGST with SGST or UTGST), or across states (IGST). */
export type TaxHeads = { cgst: number; sgst: number; utgst: number; igst: number };

/**
 * Splits a line's GST between the heads: within one state, CGST = round(gst / 2) and the state's
 * (or union territory's) half the rest, so the two may differ by a paisa; across states, all IGST.
 */
export function splitGst(gst: number, supply: { interState: boolean; utgst?: boolean }): TaxHeads {
  if (supply.interState) return { cgst: 0, sgst: 0, utgst: 0, igst: gst };
  const cgst = roundedDivision(gst, 2);
  return supply.utgst ? { cgst, sgst: 0, utgst: gst - cgst, igst: 0 } : { cgst, sgst: gst - cgst, utgst: 0, igst: 0 };
}
