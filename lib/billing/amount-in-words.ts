// An amount in words, as an Indian invoice writes it: the Indian system's lakh (1,00,000) and
// crore (1,00,00,000), e.g. "Rupees Twelve Lakh Thirty-Four Thousand Five Hundred Sixty-Seven and
// Eighty-Nine Paise Only".

const ONES = ["", "One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten", "Eleven", "Twelve", "Thirteen", "Fourteen", "Fifteen", "Sixteen", "Seventeen", "Eighteen", "Nineteen"];
const TENS = ["", "", "Twenty", "Thirty", "Forty", "Fifty", "Sixty", "Seventy", "Eighty", "Ninety"];

function belowHundred(n: number): string {
  if (n < 20) return ONES[n]!;
  return n % 10 === 0 ? TENS[n / 10]! : `${TENS[Math.floor(n / 10)]}-${ONES[n % 10]}`;
}

/** A whole number in words with Indian grouping; "" for 0. */
export function indianNumberInWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`A whole number, not ${n}`);
  const parts: string[] = [];
  const crore = Math.floor(n / 10_000_000);
  if (crore > 0) parts.push(`${indianNumberInWords(crore)} Crore`);
  const lakh = Math.floor(n / 100_000) % 100;
  if (lakh > 0) parts.push(`${belowHundred(lakh)} Lakh`);
  const thousand = Math.floor(n / 1000) % 100;
  if (thousand > 0) parts.push(`${belowHundred(thousand)} Thousand`);
  const hundred = Math.floor(n / 100) % 10;
  if (hundred > 0) parts.push(`${ONES[hundred]} Hundred`);
  const rest = n % 100;
  if (rest > 0) parts.push(belowHundred(rest));
  return parts.join(" ");
}

/** An amount in paise in words: "Rupees One Lakh Only", "Rupees Zero and Fifty Paise Only". */
export function amountInWords(paise: number): string {
  if (!Number.isSafeInteger(paise) || paise < 0) throw new RangeError(`An amount in paise, not ${paise}`);
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  return `Rupees ${rupees === 0 ? "Zero" : indianNumberInWords(rupees)}${rest === 0 ? "" : ` and ${belowHundred(rest)} Paise`} Only`;
}
