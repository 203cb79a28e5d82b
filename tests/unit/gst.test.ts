// The arithmetic and the formats of GST billing (lib/billing/): GSTINs and their check
// character, the state codes, tax backed out of inclusive prices and split between the heads,
// the amount in words, and document numbers by financial year.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { amountInWords, indianNumberInWords } from "@/lib/billing/amount-in-words";
import { CREDIT_NOTE_PREFIX, DOCUMENT_NUMBER_FORMAT, documentNumber, financialYearBounds, financialYearCode, financialYearLabel, financialYearOf, INVOICE_PREFIX } from "@/lib/billing/documents";
import { gstinCheckCharacter, gstinProblem, normalizeGstin } from "@/lib/billing/gstin";
import { GST_STATE_CODES, gstStateCode, leviesUtgst, stateIsoCode } from "@/lib/billing/gst-states";
import { backOutTax, GST_RATES_BP, roundedDivision, splitGst } from "@/lib/billing/tax";
import { INDIA_STATES } from "@/lib/shared/india";

describe("GSTIN", () => {
  // GSTN's own example, and registered numbers of large companies (public on the GST portal).
  const VALID = ["27AAPFU0939F1ZV", "29AAGCB7383J1Z4", "33AAACH7409R1Z8", "24AAACC1206D1ZM"];

  it.each(VALID)("accepts %s, whose check character is its last", (gstin) => {
    expect(gstinCheckCharacter(gstin.slice(0, 14))).toBe(gstin[14]);
    expect(gstinProblem(gstin)).toBeNull();
    expect(gstinProblem(gstin, gstin.slice(0, 2))).toBeNull();
  });

  it("refuses any one character changed, and any two neighbours swapped, by the check character", () => {
    const gstin = VALID[0]!;
    const alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    for (let i = 0; i < 15; i++) {
      for (const replacement of alphabet) {
        if (replacement === gstin[i]) continue;
        const changed = gstin.slice(0, i) + replacement + gstin.slice(i + 1);
        expect(gstinProblem(changed), changed).not.toBeNull();
      }
    }
    for (let i = 0; i < 13; i++) {
      if (gstin[i] === gstin[i + 1]) continue;
      const swapped = gstin.slice(0, i) + gstin[i + 1] + gstin[i] + gstin.slice(i + 2);
      expect(gstinProblem(swapped), swapped).not.toBeNull();
    }
  });

  it.each([
    ["", "Enter a valid 15-character GSTIN"],
    ["27AAPFU0939F1Z", "Enter a valid 15-character GSTIN"],
    ["27AAPFU0939F1ZVX", "Enter a valid 15-character GSTIN"],
    ["2AAAPFU0939F1ZV", "Enter a valid 15-character GSTIN"],
    ["27AAPF10939F1ZV", "Enter a valid 15-character GSTIN"],
    ["27AAPFU0939F0ZV", "Enter a valid 15-character GSTIN"],
    ["27AAPFU0939F1YV", "Enter a valid 15-character GSTIN"],
    ["27AAPFU0939F1ZW", "This GSTIN's check character is wrong: check it for a typing error"],
  ])("refuses %j: %s", (gstin, message) => {
    expect(gstinProblem(gstin)).toBe(message);
  });

  it("reads a GSTIN typed in small letters or with spaces, and checks its state against the holder's", () => {
    expect(normalizeGstin(" 27aapfu0939f1zv ")).toBe("27AAPFU0939F1ZV");
    expect(gstinProblem("27 aapfu 0939 f1zv")).toBeNull();
    expect(gstinProblem("27AAPFU0939F1ZV", "29")).toBe("This GSTIN belongs to state code 27, not 29");
  });
});

describe("GST state codes", () => {
  it("has a code for every state and territory an address may carry, each code once", () => {
    for (const state of INDIA_STATES) expect(GST_STATE_CODES[state.code], state.name).toMatch(/^\d{2}$/);
    const codes = Object.values(GST_STATE_CODES);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes).toHaveLength(INDIA_STATES.length);
  });

  it.each([
    ["KA", "29"],
    ["IN-KA", "29"],
    ["Karnataka", "29"],
    ["  tamil   nadu ", "33"],
    ["Orissa", "21"],
    ["OR", "21"],
    ["TG", "36"],
    ["Telangana", "36"],
    ["AP", "37"],
    ["Delhi", "07"],
    ["NCT of Delhi", "07"],
    ["Dadra and Nagar Haveli and Daman and Diu", "26"],
    ["Ladakh", "38"],
    ["27", "27"],
    ["7", "07"],
  ])("reads %j as state code %s", (given, code) => {
    expect(gstStateCode(given)).toBe(code);
  });

  it.each([null, undefined, "", "Atlantis", "28", "97", "99", "XX"])("knows no state for %j", (given) => {
    expect(gstStateCode(given)).toBeNull();
  });

  it("levies UTGST in the five union territories without a legislature, SGST in Delhi, Puducherry and Jammu and Kashmir", () => {
    expect(["CH", "LA", "LD", "AN", "DH"].every(leviesUtgst)).toBe(true);
    expect(["DL", "PY", "JK", "KA", "MH"].some(leviesUtgst)).toBe(false);
    expect(stateIsoCode("Chandigarh")).toBe("CH");
  });
});

describe("tax backed out of an inclusive price", () => {
  it("the worked example: ₹59,999 at 18 % is taxable ₹50,846.61, CGST ₹4,576.20, SGST ₹4,576.19", () => {
    const line = backOutTax(5_999_900, 1800);
    expect(line).toEqual({ gross: 5_999_900, taxable: 5_084_661, gst: 915_239, cess: 0 });
    expect(splitGst(line.gst, { interState: false })).toEqual({ cgst: 457_620, sgst: 457_619, utgst: 0, igst: 0 });
    expect(splitGst(line.gst, { interState: false, utgst: true })).toEqual({ cgst: 457_620, sgst: 0, utgst: 457_619, igst: 0 });
    expect(splitGst(line.gst, { interState: true })).toEqual({ cgst: 0, sgst: 0, utgst: 0, igst: 915_239 });
  });

  it("never backs each half out separately (2 × 9/109 over-taxes against 18/118)", () => {
    const gross = 11_800_00;
    const halvesSeparately = 2 * (gross - Math.round((gross * 100) / 109));
    expect(backOutTax(gross, 1800).gst).toBe(1_800_00);
    expect(halvesSeparately).toBeGreaterThan(1_800_00);
  });

  it("at nil rate, nothing is tax; a cess is backed out with the rate and kept apart", () => {
    expect(backOutTax(1000, 0)).toEqual({ gross: 1000, taxable: 1000, gst: 0, cess: 0 });
    // 28 % + 12 % cess on ₹1,400: taxable ₹1,000, GST ₹280, cess ₹120.
    expect(backOutTax(140_000, 2800, 1200)).toEqual({ gross: 140_000, taxable: 100_000, gst: 28_000, cess: 12_000 });
  });

  it("rounds halves up and refuses what is not a whole amount", () => {
    expect(roundedDivision(5, 2)).toBe(3);
    expect(roundedDivision(4, 3)).toBe(1);
    expect(roundedDivision(0, 7)).toBe(0);
    expect(() => backOutTax(10.5, 1800)).toThrow(RangeError);
    expect(() => backOutTax(-1, 1800)).toThrow(RangeError);
    expect(() => backOutTax(100, 18.5)).toThrow(RangeError);
  });

  it("any basket: the lines add up to what was paid, the heads to each line's tax, no line a paisa from the exact figure", () => {
    const line = fc.record({ unitPaise: fc.integer({ min: 1, max: 50_000_000 }), quantity: fc.integer({ min: 1, max: 99 }), rateBp: fc.constantFrom(...GST_RATES_BP), cessBp: fc.constantFrom(0, 0, 100, 1200) });
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 12 }), fc.boolean(), fc.boolean(), (basket, interState, utgst) => {
        let paid = 0;
        let invoiced = 0;
        for (const { unitPaise, quantity, rateBp, cessBp } of basket) {
          const gross = unitPaise * quantity;
          paid += gross;
          const tax = backOutTax(gross, rateBp, cessBp);
          const heads = splitGst(tax.gst, { interState, utgst });
          invoiced += tax.taxable + heads.cgst + heads.sgst + heads.utgst + heads.igst + tax.cess;
          expect(heads.cgst + heads.sgst + heads.utgst + heads.igst).toBe(tax.gst);
          if (!interState) expect(Math.abs(heads.cgst - (heads.sgst + heads.utgst))).toBeLessThanOrEqual(1);
          // The exact taxable value is gross × 10000 / (10000 + rate + cess); rounding moves it by at most half a paisa.
          expect(Math.abs(tax.taxable * (10_000 + rateBp + cessBp) - gross * 10_000)).toBeLessThanOrEqual((10_000 + rateBp + cessBp) / 2);
          expect(Math.min(tax.taxable, tax.gst, tax.cess)).toBeGreaterThanOrEqual(0);
        }
        expect(invoiced).toBe(paid);
      }),
      { numRuns: 500 },
    );
  });
});

describe("amount in words", () => {
  it.each([
    [10_000_000, "Rupees One Lakh Only"],
    [123_456_789, "Rupees Twelve Lakh Thirty-Four Thousand Five Hundred Sixty-Seven and Eighty-Nine Paise Only"],
    [5_999_900, "Rupees Fifty-Nine Thousand Nine Hundred Ninety-Nine Only"],
    [1_000_000_000, "Rupees One Crore Only"],
    [123_456_789_000, "Rupees One Hundred Twenty-Three Crore Forty-Five Lakh Sixty-Seven Thousand Eight Hundred Ninety Only"],
    [50, "Rupees Zero and Fifty Paise Only"],
    [0, "Rupees Zero Only"],
    [101_05, "Rupees One Hundred One and Five Paise Only"],
    [11_900, "Rupees One Hundred Nineteen Only"],
  ])("%i paise is %j", (paise, words) => {
    expect(amountInWords(paise)).toBe(words);
  });

  it("names every number below a hundred once, in words, with tens joined by a hyphen", () => {
    const words = Array.from({ length: 99 }, (_, i) => indianNumberInWords(i + 1));
    expect(new Set(words).size).toBe(99);
    expect(words[20]).toBe("Twenty-One");
    expect(words[89]).toBe("Ninety");
    expect(() => amountInWords(1.5)).toThrow(RangeError);
  });
});

describe("document numbers and the financial year", () => {
  it("changes financial year at 1 April 00:00 India time, not at UTC's midnight", () => {
    expect(financialYearOf(new Date("2027-03-31T23:59:59.999+05:30"))).toBe(2026);
    expect(financialYearOf(new Date("2027-04-01T00:00:00.000+05:30"))).toBe(2027);
    // 31 March 19:00 UTC is already 1 April in India.
    expect(financialYearOf(new Date("2027-03-31T19:00:00Z"))).toBe(2027);
    expect(financialYearOf(new Date("2027-01-15T12:00:00+05:30"))).toBe(2026);
    const { from, to } = financialYearBounds(2026);
    expect(from.toISOString()).toBe("2026-03-31T18:30:00.000Z");
    expect(to.toISOString()).toBe("2027-03-31T18:29:59.999Z");
    expect(financialYearOf(from)).toBe(2026);
    expect(financialYearOf(to)).toBe(2026);
    expect(financialYearOf(new Date(to.getTime() + 1))).toBe(2027);
  });

  it("writes the year as the law's forms do", () => {
    expect(financialYearCode(2026)).toBe("2627");
    expect(financialYearCode(2099)).toBe("9900");
    expect(financialYearLabel(2026)).toBe("2026-27");
  });

  it("numbers a series in at most 16 characters of letters, digits and /, with room for ten million a year", () => {
    expect(documentNumber(INVOICE_PREFIX, 2026, 1)).toBe("IN/2627/00000001");
    expect(documentNumber(CREDIT_NOTE_PREFIX, 2026, 42)).toBe("CN/2627/00000042");
    const last = documentNumber(INVOICE_PREFIX, 2026, 10_000_000);
    expect(last).toBe("IN/2627/10000000");
    for (const number of [last, documentNumber(INVOICE_PREFIX, 2026, 99_999_999)]) {
      expect(number.length).toBeLessThanOrEqual(16);
      expect(number).toMatch(DOCUMENT_NUMBER_FORMAT);
    }
    expect(() => documentNumber(INVOICE_PREFIX, 2026, 100_000_000)).toThrow(RangeError);
    expect(() => documentNumber(INVOICE_PREFIX, 2026, 0)).toThrow(RangeError);
    expect(() => documentNumber("in", 2026, 1)).toThrow(RangeError);
  });
});
