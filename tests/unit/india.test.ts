// lib/shared/india.ts: the states and union territories, PIN codes and mobile numbers that the Stripe
// emulator's hosted page and the store's delivery screens share.
import { describe, expect, it } from "vitest";
import { deliveryLines, INDIA_STATES, indiaStateName, indianMobile, PIN_CODE } from "@/lib/shared/india";

describe("indianMobile", () => {
  it.each([
    ["+91 98765 43210", "+919876543210"],
    ["09876543210", "+919876543210"],
    ["9876543210", "+919876543210"],
    ["98765-43210", "+919876543210"],
    ["6000000000", "+916000000000"],
  ])("accepts %s as %s", (input, e164) => {
    expect(indianMobile(input)).toBe(e164);
  });

  it.each(["5876543210", "98765", "", "+44 7911 123456", "98765432101", "abcdefghij"])("refuses %j", (input) => {
    expect(indianMobile(input)).toBeNull();
  });
});

describe("PIN_CODE", () => {
  it.each(["560001", "110001", "999999"])("accepts %s", (pin) => expect(PIN_CODE.test(pin)).toBe(true));
  it.each(["060001", "56001", "5600011", "56000a", " 560001", ""])("refuses %j", (pin) => expect(PIN_CODE.test(pin)).toBe(false));
});

describe("INDIA_STATES", () => {
  it("lists the 28 states and 8 union territories once each, with unique two-letter codes", () => {
    expect(INDIA_STATES).toHaveLength(36);
    expect(new Set(INDIA_STATES.map((state) => state.code)).size).toBe(36);
    expect(new Set(INDIA_STATES.map((state) => state.name)).size).toBe(36);
    for (const state of INDIA_STATES) expect(state.code).toMatch(/^[A-Z]{2}$/);
  });

  it("names a state by its code, and leaves anything else as it was", () => {
    expect(indiaStateName("KA")).toBe("Karnataka");
    expect(indiaStateName("dl")).toBe("Delhi");
    expect(indiaStateName("ZZ")).toBe("ZZ");
    expect(indiaStateName(null)).toBe("");
  });

  it("prints an address as lines", () => {
    const delivery = { name: "Meera Iyer", phone: "+919876543210", line1: "12 MG Road", line2: null, city: "Bengaluru", state: "KA", postalCode: "560001", country: "IN" };
    expect(deliveryLines(delivery)).toEqual(["Meera Iyer", "12 MG Road", "Bengaluru, Karnataka 560001"]);
  });
});
