// A GSTIN (GST identification number): 15 characters, the state's two-digit code, the holder's
// PAN (five letters, four digits, a letter), the registration's number in that state (1–9, A–Z),
// "Z" by default, and a check character: GSTN's mod-36 variant of the Luhn algorithm.

const CHARACTERS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
/** The shape of a GSTIN (a normal taxpayer's; not a UIN, a TDS/TCS or a non-resident's number). */
export const GSTIN_FORMAT = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/** The check character of a GSTIN's first 14 characters. */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const value = CHARACTERS.indexOf(first14[i]!);
    if (value < 0) throw new Error("A GSTIN has only digits and capital letters");
    const product = value * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return CHARACTERS[(36 - (sum % 36)) % 36]!;
}

/** A GSTIN as typed, spaces dropped and in capitals. */
export function normalizeGstin(input: string): string {
  return input.replace(/\s+/g, "").toUpperCase();
}

/**
 * Why a GSTIN is not acceptable, or null when it is: its shape, its check character, and (when
 * the holder's state is known) its first two digits against that state's GST code.
 */
export function gstinProblem(input: string, stateGstCode?: string | null): string | null {
  const gstin = normalizeGstin(input);
  if (!GSTIN_FORMAT.test(gstin)) return "Enter a valid 15-character GSTIN";
  if (gstinCheckCharacter(gstin.slice(0, 14)) !== gstin[14]) return "This GSTIN's check character is wrong: check it for a typing error";
  if (stateGstCode && gstin.slice(0, 2) !== stateGstCode) return `This GSTIN belongs to state code ${gstin.slice(0, 2)}, not ${stateGstCode}`;
  return null;
}
