// The PIN-code directory the store ships: the district, state (GST's list, Ladakh apart from J&K)
// and town of a PIN, null for one it does not know.
import { describe, expect, it } from "vitest";
import { lookupPin, PIN_DATA_SOURCE } from "@/lib/server/delivery/pin-directory";
import { INDIA_STATES } from "@/lib/shared/india";
import directory from "@/lib/server/delivery/pin-codes.json";

describe("the PIN directory", () => {
  it("knows the big cities' PINs", () => {
    expect(lookupPin("560029")).toEqual({ pin: "560029", district: "Bengaluru", state: "KA", town: "Bangalore" });
    expect(lookupPin("110001")).toMatchObject({ state: "DL", town: "New Delhi" });
    expect(lookupPin("400001")).toMatchObject({ district: "Mumbai", state: "MH", town: "Mumbai" });
    expect(lookupPin("744101")).toMatchObject({ state: "AN", town: "Port Blair" });
  });

  it("maps the data's state names to the store's codes, Ladakh included", () => {
    expect(lookupPin("194101")).toMatchObject({ district: "Leh", state: "LA" });
    expect(lookupPin("180001")).toMatchObject({ state: "JK" });
    expect(lookupPin("492001")).toMatchObject({ state: "CG" });
    const codes = new Set(INDIA_STATES.map((state) => state.code));
    expect(directory.states.every((state) => codes.has(state))).toBe(true);
  });

  it("answers null for a PIN it does not know or a malformed one", () => {
    expect(lookupPin("999999")).toBeNull();
    expect(lookupPin("100000")).toBeNull();
    expect(lookupPin("56002")).toBeNull();
    expect(lookupPin("056002")).toBeNull();
  });

  it("holds every PIN once, in order, with its attribution", () => {
    expect(PIN_DATA_SOURCE.count).toBeGreaterThan(19_000);
    expect(PIN_DATA_SOURCE.licence).toContain("CC BY 4.0");
    let pin = 100000;
    let outOfOrder = 0;
    for (let i = 0; i < directory.count; i++) {
      const delta = directory.entries[i * 3]!;
      if (delta < (i === 0 ? 0 : 1)) outOfOrder += 1;
      pin += delta;
    }
    expect(outOfOrder).toBe(0);
    expect(pin).toBeLessThan(1_000_000);
  });
});
