// The two-digit GST state codes (the first two characters of a GSTIN, and the place of supply on
// an invoice), keyed by the ISO 3166-2:IN codes the store's addresses carry (lib/shared/india.ts),
// and which union territories levy UTGST instead of SGST (the five without a legislature).
import { INDIA_STATES } from "@/lib/shared/india";

/** ISO 3166-2:IN code → GST state code (Other Territory 97 and Centre Jurisdiction 99 are never an address's). */
export const GST_STATE_CODES: Readonly<Record<string, string>> = {
  JK: "01", HP: "02", PB: "03", CH: "04", UK: "05", HR: "06", DL: "07", RJ: "08", UP: "09", BR: "10",
  SK: "11", AR: "12", NL: "13", MN: "14", MZ: "15", TR: "16", ML: "17", AS: "18", WB: "19", JH: "20",
  OD: "21", CG: "22", MP: "23", GJ: "24", DH: "26", MH: "27", KA: "29", GA: "30", LD: "31", KL: "32",
  TN: "33", PY: "34", AN: "35", TS: "36", AP: "37", LA: "38",
};

/** Union territories without a legislature: CGST + UTGST on a supply within them (UTGST Act 2017, s.2(8)). */
const UTGST_TERRITORIES = new Set(["CH", "LA", "LD", "AN", "DH"]);

/** Other spellings an address may carry: older ISO codes and names, and the forms Stripe's page accepts. */
const ALIASES: Readonly<Record<string, string>> = {
  TG: "TS", OR: "OD", UT: "UK", UA: "UK", CT: "CG", DN: "DH", DD: "DH",
  ORISSA: "OD", PONDICHERRY: "PY", UTTARANCHAL: "UK", "JAMMU & KASHMIR": "JK", "ANDAMAN & NICOBAR ISLANDS": "AN",
  "ANDAMAN AND NICOBAR": "AN", "DADRA AND NAGAR HAVELI": "DH", "DAMAN AND DIU": "DH", "NCT OF DELHI": "DL", "NEW DELHI": "DL",
};

const BY_NAME = new Map(INDIA_STATES.map((state) => [state.name.toUpperCase(), state.code]));
const BY_GST_CODE = new Map(Object.entries(GST_STATE_CODES).map(([iso, gst]) => [gst, iso]));

/**
 * The ISO code of a state given as an address carries it: an ISO code ("KA", "IN-KA"), a name in
 * any case ("karnataka"), an older spelling ("Orissa", "TG"), or a GST code ("29"). Null when it
 * names no Indian state or territory.
 */
export function stateIsoCode(given: string | null | undefined): string | null {
  if (!given) return null;
  const text = given.trim().toUpperCase().replace(/^IN-/, "").replace(/\s+/g, " ");
  if (text in GST_STATE_CODES) return text;
  if (/^\d{1,2}$/.test(text)) return BY_GST_CODE.get(text.padStart(2, "0")) ?? null;
  return BY_NAME.get(text) ?? ALIASES[text] ?? null;
}

/** The GST state code of a state given in any of the forms stateIsoCode reads; null when unknown. */
export function gstStateCode(given: string | null | undefined): string | null {
  const iso = stateIsoCode(given);
  return iso ? GST_STATE_CODES[iso]! : null;
}

/** Whether a supply within this state (ISO code) is taxed CGST + UTGST rather than CGST + SGST. */
export function leviesUtgst(isoCode: string): boolean {
  return UTGST_TERRITORIES.has(isoCode);
}
