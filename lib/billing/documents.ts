// The numbers of tax documents (CGST Rules, rule 46(b)): a consecutive series per financial year,
// at most 16 characters of letters, digits, "-" and "/", unique within the year. The store writes
// PREFIX/YYYY/NNNNNNNN: the prefix, the financial year's two short years (2026-27 is "2627") and
// the serial number, zero-padded to fill the 16 characters.

/** India's time is UTC+05:30 all year (no daylight saving). */
const INDIA_OFFSET_MS = 330 * 60 * 1000;
/** The longest document number the rule allows. */
export const DOCUMENT_NUMBER_MAX = 16;
export const DOCUMENT_NUMBER_FORMAT = /^[A-Za-z0-9/-]{1,16}$/;

/** The series: tax invoices and bills of supply share one; credit notes have their own. */
export const INVOICE_PREFIX = "IN";
export const CREDIT_NOTE_PREFIX = "CN";

/** The calendar year in which the financial year holding `at` began (1 April, India time). */
export function financialYearOf(at: Date): number {
  const india = new Date(at.getTime() + INDIA_OFFSET_MS);
  return india.getUTCMonth() >= 3 ? india.getUTCFullYear() : india.getUTCFullYear() - 1;
}

/** The financial year as a number carries it: 2026 → "2627". */
export function financialYearCode(startYear: number): string {
  return `${String(startYear % 100).padStart(2, "0")}${String((startYear + 1) % 100).padStart(2, "0")}`;
}

/** The financial year as people write it: 2026 → "2026-27". */
export function financialYearLabel(startYear: number): string {
  return `${startYear}-${String((startYear + 1) % 100).padStart(2, "0")}`;
}

/** The first and last instants of a financial year (1 April 00:00 to 31 March 23:59:59.999, India time). */
export function financialYearBounds(startYear: number): { from: Date; to: Date } {
  return { from: new Date(Date.UTC(startYear, 3, 1) - INDIA_OFFSET_MS), to: new Date(Date.UTC(startYear + 1, 3, 1) - INDIA_OFFSET_MS - 1) };
}

/** How many digits a prefix leaves the serial number (16 − prefix − "/YYYY/"). */
export function serialDigits(prefix: string): number {
  return DOCUMENT_NUMBER_MAX - prefix.length - 6;
}

/** The number of the `serial`-th document (from 1) of a series in a financial year: "IN/2627/00000001". */
export function documentNumber(prefix: string, startYear: number, serial: number): string {
  if (!/^[A-Z]{1,4}$/.test(prefix)) throw new RangeError(`A series prefix of capital letters, not ${prefix}`);
  const digits = serialDigits(prefix);
  if (!Number.isSafeInteger(serial) || serial < 1 || serial >= 10 ** digits) throw new RangeError(`Serial ${serial} does not fit the series ${prefix}`);
  return `${prefix}/${financialYearCode(startYear)}/${String(serial).padStart(digits, "0")}`;
}
