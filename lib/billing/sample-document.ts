// A tax invoice with sample values: the invoices' benchmark (scripts/bench-invoices.ts) and the
// layout's tests draw it. Its figures come from the real arithmetic, so they always add up.
import { amountInWords } from "./amount-in-words";
import { DEMO_SELLER } from "./demo-seller";
import { gstStateCode } from "./gst-states";
import { billLines, supplyOf, totalsOf, type BillableLine } from "./invoice";
import type { TaxDocumentView } from "./tax-document";
import { indiaStateName } from "@/lib/shared/india";

const LINES: BillableLine[] = [
  { kind: "GOODS", orderItemId: null, description: "Samsung Galaxy S24 Ultra 5G (Titanium Gray, 12GB RAM, 256GB Storage)", hsnCode: "8517", quantity: 1, unitPrice: 5_999_900, gross: 5_999_900, rateBp: 1800, cessRateBp: 0 },
  { kind: "GOODS", orderItemId: null, description: "boAt Airdopes 141", hsnCode: "85183000", quantity: 2, unitPrice: 129_900, gross: 259_800, rateBp: 1800, cessRateBp: 0 },
  { kind: "SHIPPING", orderItemId: null, description: "Standard delivery (3–5 business days)", hsnCode: "8517", quantity: 1, unitPrice: 4900, gross: 4900, rateBp: 1800, cessRateBp: 0 },
];

/** A sample invoice from the demo seller, delivered to `state` (intra-state for KA, IGST elsewhere). */
export function sampleInvoice(state = "KA"): TaxDocumentView {
  const supply = supplyOf(state, DEMO_SELLER.state!);
  const lines = billLines(LINES, supply).map((line, index) => ({ ...line, position: index + 1 }));
  const totals = totalsOf(lines);
  const seller = DEMO_SELLER;
  return {
    _id: "0194f1c2-7d3e-7b4a-9c1d-000000000001",
    kind: "INVOICE",
    number: "IN/2627/00000001",
    issuedAt: "2026-11-24T10:00:05.000Z",
    orderId: "0194f1c2-7d3e-7b4a-9c1d-2e3f4a5b6c7d",
    refundId: null,
    interState: supply.interState,
    lines,
    totals,
    seller: {
      name: seller.legalName!,
      otherName: seller.tradeName,
      gstin: seller.gstin,
      address: [seller.addressLine1!, seller.addressLine2!, `${seller.city}, ${indiaStateName(seller.state)} ${seller.postalCode}`],
      stateName: indiaStateName(seller.state),
      stateCode: gstStateCode(seller.state),
      email: seller.email,
      phone: seller.phone,
    },
    buyer: { name: "Meera Iyer", otherName: null, gstin: null, address: ["12 MG Road", `Bengaluru, ${indiaStateName(state)} 560001`], stateName: indiaStateName(state), stateCode: supply.placeCode, email: "meera@example.com", phone: "+919876543210" },
    placeOfSupply: { name: indiaStateName(supply.placeIso), code: supply.placeCode, assumed: false },
    order: { number: "#5B6C7D", date: "2026-11-24T10:00:00.000Z" },
    original: null,
    reason: null,
    amountInWords: amountInWords(totals.total),
    notes: [],
  };
}
