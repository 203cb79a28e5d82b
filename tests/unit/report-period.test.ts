// The GST report's periods: months, quarters of the financial year and the year, bounded in India time.
import { describe, expect, it } from "vitest";
import { monthKey, parseReportPeriod, quarterKey, recentPeriods, yearKey } from "@/lib/billing/report-period";

describe("report periods", () => {
  it.each([
    ["2026-11", "November 2026", "2026-10-31T18:30:00.000Z", "2026-11-30T18:29:59.999Z"],
    ["2027-03", "March 2027", "2027-02-28T18:30:00.000Z", "2027-03-31T18:29:59.999Z"],
    ["2026-Q1", "Q1 2026-27 (April–June)", "2026-03-31T18:30:00.000Z", "2026-06-30T18:29:59.999Z"],
    ["2026-Q4", "Q4 2026-27 (January–March)", "2026-12-31T18:30:00.000Z", "2027-03-31T18:29:59.999Z"],
    ["2026-27", "Financial year 2026-27", "2026-03-31T18:30:00.000Z", "2027-03-31T18:29:59.999Z"],
  ])("%s is %s, from %s to %s", (key, label, from, to) => {
    expect(parseReportPeriod(key)).toEqual({ key, label, from: new Date(from), to: new Date(to), kind: expect.any(String) });
  });

  it.each(["2026-13", "2026-00", "2026-Q5", "2026-28", "26-11", "", "2026-11-01"])("refuses %j", (key) => {
    expect(parseReportPeriod(key)).toBeNull();
  });

  it("puts 31 March 23:59 and 1 April 00:00 India time in different years, quarters and months", () => {
    const march = new Date("2027-03-31T23:59:59+05:30");
    const april = new Date("2027-04-01T00:00:00+05:30");
    expect([monthKey(march), quarterKey(march), yearKey(march)]).toEqual(["2027-03", "2026-Q4", "2026-27"]);
    expect([monthKey(april), quarterKey(april), yearKey(april)]).toEqual(["2027-04", "2027-Q1", "2027-28"]);
  });

  it("offers the recent months, quarters and years, newest first, each once", () => {
    const periods = recentPeriods(new Date("2026-11-27T10:00:00+05:30"), 3);
    expect(periods.map((period) => period.key)).toEqual(["2026-11", "2026-10", "2026-Q3", "2026-09", "2026-Q2", "2026-27"]);
  });
});
