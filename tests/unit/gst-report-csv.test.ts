// The GST report's CSVs: text a person typed never reaches a spreadsheet as a formula.
import { describe, expect, it } from "vitest";
import { reportCsv, textCell } from "@/lib/server/billing/gst-report-csv";
import type { GstReport } from "@/lib/server/billing/gst-report";

describe("the GST report's CSV", () => {
  it.each([
    ["=HYPERLINK(\"http://evil.example\",\"Pay\")", "'=HYPERLINK(\"http://evil.example\",\"Pay\")"],
    ["+91 Traders", "'+91 Traders"],
    ["-Minus Ltd", "'-Minus Ltd"],
    ["@Home Pvt Ltd", "'@Home Pvt Ltd"],
    ["\tTabbed", "'\tTabbed"],
    ["Iyer Traders Pvt Ltd", "Iyer Traders Pvt Ltd"],
  ])("makes %j inert", (typed, written) => {
    expect(textCell(typed)).toBe(written);
  });

  it("writes a B2B buyer's name inert, amounts as they are", () => {
    const row = { gstin: "27AAPFU0939F1ZV", buyer: "=1+1", number: "IN/2627/00000001", date: "2026-10-15T06:30:00.000Z", placeOfSupply: "27", invoiceValue: 118_000, rate: 18, reverseCharge: "N" as const, taxable: 100_000, cgst: 0, sgst: 0, igst: 18_000, cess: 0 };
    const csv = reportCsv({ b2b: [row] } as unknown as GstReport, "b2b").split("\n")[1];
    expect(csv).toBe("27AAPFU0939F1ZV,'=1+1,IN/2627/00000001,15-Oct-2026,1180.00,27-Maharashtra,N,Regular B2B,18,1000.00,180.00,0.00,0.00,0.00");
  });
});
