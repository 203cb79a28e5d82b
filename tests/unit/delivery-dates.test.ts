// Delivery dates: working days in India time from the cut-off, skipping Sundays and holidays, per
// zone; and the zone, fee and cash-on-delivery offer of a PIN.
import { describe, expect, it } from "vitest";
import { addWorkingDays, dayRange, dispatchDay, indiaClock } from "@/lib/delivery/calendar";
import { codCapMessage, quoteDelivery, shippingFeeFor, zoneOf, type PinPlace } from "@/lib/delivery/quote";
import { defaultDeliverySettings, type DeliverySettings } from "@/lib/delivery/settings";

const settings: DeliverySettings = defaultDeliverySettings({ city: "Bengaluru", state: "KA", postalCode: "560025" });
/** An instant given in India time. */
const ist = (local: string) => new Date(`${local}+05:30`);
const place = (pin: string, state: string): PinPlace => ({ pin, district: "D", state, town: null });

describe("the dispatch calendar", () => {
  it("reads the day and minute in India, whatever the server's zone", () => {
    expect(indiaClock(new Date("2026-11-30T18:29:00Z"))).toEqual({ day: "2026-11-30", minute: 23 * 60 + 59 });
    expect(indiaClock(new Date("2026-11-30T18:30:00Z"))).toEqual({ day: "2026-12-01", minute: 0 });
  });

  it("dispatches the same day before the cut-off, the next working day after it", () => {
    // Friday 27 Nov 2026.
    expect(dispatchDay(ist("2026-11-27T13:59"), settings)).toBe("2026-11-27");
    expect(dispatchDay(ist("2026-11-27T14:00"), settings)).toBe("2026-11-28");
    // Saturday after the cut-off: Sunday is closed, so Monday.
    expect(dispatchDay(ist("2026-11-28T15:00"), settings)).toBe("2026-11-30");
    // Sunday morning: closed, so Monday.
    expect(dispatchDay(ist("2026-11-29T09:00"), settings)).toBe("2026-11-30");
  });

  it("skips holidays and counts handling days as working days", () => {
    const withHoliday = { ...settings, holidays: ["2026-11-30"], handlingDays: 1 };
    // Saturday 28 before the cut-off: leaves after one working day of handling. Sunday 29 closed, Monday 30 a holiday: Tuesday 1 Dec.
    expect(dispatchDay(ist("2026-11-28T10:00"), withHoliday)).toBe("2026-12-01");
    expect(addWorkingDays("2026-12-24", 1, { closedWeekdays: [0], holidays: ["2026-12-25"] })).toBe("2026-12-26");
  });

  it("crosses a month's and a year's end", () => {
    expect(addWorkingDays("2026-12-30", 3, { closedWeekdays: [0], holidays: ["2027-01-01"] })).toBe("2027-01-04");
    expect(addWorkingDays("2027-02-26", 2, { closedWeekdays: [0], holidays: [] })).toBe("2027-03-01");
  });

  it("prints a range as the product page says it", () => {
    expect(dayRange("2026-12-01", "2026-12-03")).toBe("Tue 1 Dec – Thu 3 Dec");
    expect(dayRange("2026-12-01", "2026-12-01")).toBe("Tue 1 Dec");
  });
});

describe("a PIN's quote", () => {
  it("puts a PIN in its zone: not served, city, state, islands, north-east, metro, the rest", () => {
    const custom = { ...settings, notServed: ["7443", "110099"] };
    expect(zoneOf("744301", place("744301", "AN"), custom)).toBeNull();
    expect(zoneOf("110099", null, custom)).toBeNull();
    expect(zoneOf("560029", place("560029", "KA"), custom)).toBe("city");
    expect(zoneOf("575001", place("575001", "KA"), custom)).toBe("state");
    expect(zoneOf("744101", place("744101", "AN"), custom)).toBe("islands");
    expect(zoneOf("781001", place("781001", "AS"), custom)).toBe("northEast");
    expect(zoneOf("400001", place("400001", "MH"), custom)).toBe("metro");
    expect(zoneOf("313001", place("313001", "RJ"), custom)).toBe("rest");
    // A PIN the data does not know goes by its prefixes alone.
    expect(zoneOf("575999", null, custom)).toBe("rest");
  });

  it("gives the arrival range, the fee and cash on delivery with its reasons", () => {
    const quote = quoteDelivery("400001", place("400001", "MH"), 150_000, settings, ist("2026-11-27T10:00"));
    // Dispatched Friday 27; metro 2–4 working days: Sunday skipped.
    expect(quote).toMatchObject({ serviceable: true, zone: "metro", dispatchOn: "2026-11-27", earliest: "2026-11-30", latest: "2026-12-02", shippingFee: 4900 });
    expect(quote.message).toBe("Delivery by Mon 30 Nov – Wed 2 Dec · Cash on delivery available");

    const islands = quoteDelivery("744101", place("744101", "AN"), 150_000, settings, ist("2026-11-27T10:00"));
    expect(islands).toMatchObject({ serviceable: true, zone: "islands", cod: { available: false, reason: "Cash on delivery is not available for PIN 744101." } });

    const dear = quoteDelivery("560029", place("560029", "KA"), 2_500_000, settings, ist("2026-11-27T10:00"));
    expect(dear).toMatchObject({ zone: "city", cod: { available: false, reason: codCapMessage(2_000_000) } });
    expect(codCapMessage(2_000_000)).toBe("Cash on delivery is available up to ₹20,000");

    const off = quoteDelivery("560029", place("560029", "KA"), 1000, { ...settings, codEnabled: false }, ist("2026-11-27T10:00"));
    expect(off).toMatchObject({ cod: { available: false, reason: "Cash on delivery is not available at the moment." } });

    const refused = quoteDelivery("744301", null, 1000, { ...settings, notServed: ["744301"] }, ist("2026-11-27T10:00"));
    expect(refused).toEqual({ pin: "744301", serviceable: false, place: null, message: "We don't deliver to 744301 yet" });
  });

  it("delivers free above the threshold, and counts the fees against the cash limit", () => {
    const free = { ...settings, freeShippingAbove: 99_900, codFee: 5000, codMaxOrder: 100_000 };
    expect(shippingFeeFor(99_899, free)).toBe(4900);
    expect(shippingFeeFor(99_900, free)).toBe(0);
    // 94,900 + 4,900 delivery + 5,000 cash fee = 1,04,800 paise: past ₹1,000.
    expect(quoteDelivery("560029", place("560029", "KA"), 94_900, free, ist("2026-11-27T10:00"))).toMatchObject({ cod: { available: false } });
    expect(quoteDelivery("560029", place("560029", "KA"), 90_000, free, ist("2026-11-27T10:00"))).toMatchObject({ cod: { available: true, fee: 5000 } });
  });
});
