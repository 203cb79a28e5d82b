import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { INVOICE_PREFIX } from "@/lib/billing/documents";
import { gstStateCode } from "@/lib/billing/gst-states";
import { billLines, principalLine, supplyOf, totalsOf, type BillableLine, type Supply } from "@/lib/billing/invoice";
import type { SellerDetails } from "@/lib/billing/seller";
import type { DocumentParty } from "@/lib/billing/tax-document";
import { orderNumber } from "@/lib/orders/order-number";
import { deliveryLines, indiaStateName, type DeliveryDetails } from "@/lib/shared/india";
import { db } from "../platform/db";
import { log } from "../platform/log";
import { issueWaitingCreditNotes } from "./credit-notes";
import { readSeller } from "./seller";
import { writeDocument } from "./tax-documents";

// Tax invoices (CGST Act s.31, CGST Rules 46): one per order, issued once the order is recorded, in
// a transaction of its own, so that numbering never holds up a payment's fulfilment. An order
// waits (invoiceDue) while the seller's details are incomplete or the issue fails, and is issued by
// the next round, oldest first. A composition seller's is a bill of supply (rule 49), numbered in
// the same series.

/**
 * An order line recorded without rates (its product deleted between the checkout and the payment,
 * so its category could not be read): the store's standard rate, under the heading of electrical
 * apparatus not elsewhere specified. Every category of the store is at 18 % today.
 */
const FALLBACK_TAX = { hsnCode: "8543", gstRateBp: 1800, cessRateBp: 0 };

export function sellerParty(seller: SellerDetails): DocumentParty {
  return {
    name: seller.legalName ?? "",
    otherName: seller.tradeName && seller.tradeName !== seller.legalName ? seller.tradeName : null,
    gstin: seller.gstin,
    address: [seller.addressLine1 ?? "", ...(seller.addressLine2 ? [seller.addressLine2] : []), `${seller.city ?? ""}, ${indiaStateName(seller.state)} ${seller.postalCode ?? ""}`],
    stateName: indiaStateName(seller.state),
    stateCode: gstStateCode(seller.state),
    email: seller.email,
    phone: seller.phone,
  };
}

type OrderForInvoice = Prisma.OrderGetPayload<{ include: { items: true } }>;

function buyerParty(order: OrderForInvoice, supply: Supply): DocumentParty {
  const delivery = order.delivery as DeliveryDetails | null;
  return {
    name: delivery?.name || order.buyerLegalName || order.customerEmail,
    otherName: order.buyerLegalName,
    gstin: order.buyerGstin,
    address: delivery ? deliveryLines(delivery).slice(1) : [],
    stateName: supply.assumed ? null : indiaStateName(supply.placeIso),
    stateCode: supply.assumed ? null : supply.placeCode,
    email: order.customerEmail,
    phone: delivery?.phone ?? null,
  };
}

/** The order's lines to bill: each product line, then the shipping at the principal line's rate. */
export function orderLines(order: Pick<OrderForInvoice, "items" | "shippingOptions">): BillableLine[] {
  const goods: BillableLine[] = order.items.map((item) => ({
    kind: "GOODS",
    orderItemId: item.id,
    description: item.name,
    hsnCode: item.hsnCode ?? FALLBACK_TAX.hsnCode,
    quantity: item.quantity,
    unitPrice: item.price,
    gross: item.price * item.quantity,
    rateBp: item.gstRateBp ?? FALLBACK_TAX.gstRateBp,
    cessRateBp: item.cessRateBp ?? FALLBACK_TAX.cessRateBp,
  }));
  const options = (order.shippingOptions ?? []) as { shipping_amount?: number; name?: string }[];
  const shipping = options.reduce((sum, option) => sum + (option.shipping_amount ?? 0), 0);
  const principal = principalLine(goods);
  if (shipping <= 0 || !principal) return goods;
  const name = options[0]?.name || "Shipping";
  return [...goods, { kind: "SHIPPING", orderItemId: null, description: name, hsnCode: principal.hsnCode, quantity: 1, unitPrice: shipping, gross: shipping, rateBp: principal.rateBp, cessRateBp: principal.cessRateBp }];
}

export type IssueOutcome = "issued" | "not-due" | "waiting-for-seller";

/**
 * Issues the order's invoice (or bill of supply) if it is due and the seller's details are
 * complete. The order's row is locked first, so two rounds never issue one order twice.
 */
export async function issueInvoice(orderId: string, now = new Date()): Promise<IssueOutcome> {
  return db.$transaction(async (tx) => {
    const locked = await tx.$queryRaw<{ invoiceDue: boolean }[]>`SELECT "invoiceDue" FROM "Order" WHERE "id" = ${orderId}::uuid FOR UPDATE`;
    if (!locked[0]?.invoiceDue) return "not-due";
    const seller = await readSeller(tx);
    if (seller.missing.length > 0) return "waiting-for-seller";
    const order = await tx.order.findUniqueOrThrow({ where: { id: orderId }, include: { items: { orderBy: { id: "asc" } } } });
    const details = seller.details;
    const composition = details.registration === "COMPOSITION";
    const supply = supplyOf((order.delivery as DeliveryDetails | null)?.state, details.state!);
    const lines = billLines(orderLines(order), supply, composition);
    const totals = totalsOf(lines);
    if (totals.total !== order.totalAmount) {
      // Only on an amount mismatch at payment (flagged on the order): the invoice bills the lines.
      log.error({ orderId, billedPaise: totals.total, chargedPaise: order.totalAmount }, "invoices: the lines do not add up to what was charged");
    }
    await writeDocument(tx, {
      kind: composition ? "BILL_OF_SUPPLY" : "INVOICE",
      series: INVOICE_PREFIX,
      orderId,
      issuedAt: now,
      supply,
      sellerState: gstStateCode(details.state)!,
      buyerGstin: order.buyerGstin,
      lines,
      content: {
        seller: sellerParty(details),
        buyer: buyerParty(order, supply),
        placeOfSupply: { name: indiaStateName(supply.placeIso), code: supply.placeCode, assumed: supply.assumed },
        order: { number: orderNumber(order.id), date: order.createdAt.toISOString() },
        original: null,
        reason: null,
        notes: totals.total === order.totalAmount ? [] : [`Amount charged at payment: ${(order.totalAmount / 100).toFixed(2)}`],
      },
    });
    await tx.order.update({ where: { id: orderId }, data: { invoiceDue: false } });
    return "issued";
  });
}

let queue: Promise<unknown> = Promise.resolve();

/**
 * Issues the order's invoice after those this process queued before it, one at a time: every
 * issue waits for the series' row anyway, and 200 orders arriving at once must not take 200 of
 * the pool's connections to wait there. Never throws; a failure waits for the minute round.
 */
export function queueInvoice(orderId: string, now = () => new Date()): Promise<IssueOutcome | "failed"> {
  const issued = queue.then(() =>
    issueInvoice(orderId, now())
      .then(async (outcome) => {
        // Refunds made before it was issued waited for it.
        if (outcome === "issued") await issueWaitingCreditNotes(orderId);
        return outcome;
      })
      .catch((error: unknown) => {
        log.error({ err: error, orderId }, "invoices: could not issue, kept for the next round");
        return "failed" as const;
      }),
  );
  queue = issued;
  return issued;
}

/**
 * Issues the invoices still due, oldest order first, `limit` at most; stops at the first that
 * waits for the seller's details (all the others would too). Run after each order is recorded,
 * after the seller's details are saved, and by every process's minute round.
 */
export async function issueDueInvoices(limit = 100, now = () => new Date()): Promise<number> {
  const due = await db.order.findMany({ where: { invoiceDue: true }, orderBy: [{ createdAt: "asc" }, { id: "asc" }], take: limit, select: { id: true } });
  let issued = 0;
  for (const { id } of due) {
    const outcome = await queueInvoice(id, now);
    if (outcome === "waiting-for-seller") break;
    if (outcome === "issued") issued += 1;
  }
  if (issued > 0) log.info({ issued }, "invoices: issued");
  return issued;
}

