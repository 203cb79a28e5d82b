import "server-only";
import { formatRupees } from "@/lib/shared/money";
import { orderNumber } from "@/lib/orders/order-number";
import { creditNotePageUrl, myOrdersUrl } from "@/lib/site-url";
import { RETURN_SHIPPING_PAID_BY, RETURN_WINDOW_DAYS } from "@/lib/constants";
import { formatDate } from "@/lib/shared/dates";
import type { Order, OrderEvent, OrderItem, Prisma } from "@/lib/generated/prisma/client";
import { returnWindowEnd } from "@/lib/orders/returns-policy";
import { RETURN_REASON_LABELS, type ReturnReason } from "@/lib/orders/returns";
import { afterResponse } from "../platform/after-response";
import { db } from "../platform/db";
import { createElement } from "react";
import { sendMail, STORE_NAME, type MailContent } from "../providers/mail";
import { renderMail } from "../providers/mails/render";
import { LinesMail } from "./mails/order-mails";
import { MAIL_CLAIM_MS, MAIL_MAX_ATTEMPTS, mailRetryDelayMs, retriedSince } from "./mail-retry";
import { log } from "../platform/log";

// The shopper's email about each step of an order's life: shipped (carrier and tracking),
// delivered (with the returns window), cancelled (with the refund on its way), refunded (the
// amount, the units and the admin's reason), and each step of a return request (returns.ts). One per step,
// sent once: the step's event is claimed with a conditional UPDATE (one sender at a time, across
// instances), Resend gets the idempotency key order-step/<event id>, and a failure releases the
// claim and sets the next try, backing off (mail-retry.ts), for the next round (sendPendingStepEmails,
// every minute with the confirmations).

const MAILED_STEPS = ["shipped", "delivered", "cancelled", "refunded", "return_requested", "return_approved", "return_declined", "return_received"] as const;
/** Unsent, not being sent by a live sender, and past its backoff: may be sent now. */
function unsentNow(now: Date): Prisma.OrderEventWhereInput {
  return {
    type: { in: [...MAILED_STEPS] },
    mailSentAt: null,
    OR: [{ mailClaimedAt: null }, { mailClaimedAt: { lt: new Date(now.getTime() - MAIL_CLAIM_MS) } }],
    AND: [{ OR: [{ mailRetryAt: null }, { mailRetryAt: { lte: now } }] }],
  };
}

type EventData = {
  amount?: number;
  carrier?: string;
  trackingNumber?: string;
  trackingUrl?: string | null;
  lines?: { orderItemId: string; quantity: number }[];
  reason?: string;
  pickupDate?: string;
  /** A refund's id (refunds recorded since GST billing): its mail links to the credit note. */
  refundId?: string;
  /** A cash refund's bank transfer or UPI reference. */
  reference?: string;
};

type MailedOrder = Pick<Order, "id" | "status" | "totalAmount"> & {
  /** "cod": paid in cash, so refunds go by bank transfer or UPI, not to a card. */
  paymentMethod?: string;
  deliveredAt?: Date | null;
  items?: Pick<OrderItem, "id" | "name">[];
  /** Whether the order has (or will have) a tax invoice: its refunds then have credit notes. */
  billed?: boolean;
};

/** "2 × Phone X, 1 × Charger": the units an event names, by the order's lines' names. */
function unitsText(lines: EventData["lines"], order: MailedOrder): string {
  const names = new Map((order.items ?? []).map((item) => [item.id, item.name]));
  return (lines ?? []).map((line) => `${line.quantity} × ${names.get(line.orderItemId) ?? "an item"}`).join(", ");
}

/** A YYYY-MM-DD pickup day as the store writes dates (India's calendar). */
const pickupDay = (day: string | undefined) => (day ? formatDate(`${day}T12:00:00+05:30`) : "the agreed day");

/**
 * The mail for one step, or null when none is due (a refund that a cancellation's mail already
 * announced). Mails carry the store's own words and the admin's reasons only, never a shopper's
 * note (a request's note stays on the request).
 */
export async function stepEmail(event: Pick<OrderEvent, "type" | "data" | "note">, order: MailedOrder, ordersUrl: string, refundOnCancel: number | null): Promise<MailContent | null> {
  const number = orderNumber(order.id);
  const data = (event.data ?? {}) as EventData;
  const link = { before: "See it in ", href: ordersUrl, label: "My Orders", after: "." };
  const textLink = `See it in My Orders: ${ordersUrl}`;
  const units = unitsText(data.lines, order);
  let subject: string;
  let lines: string[];
  let extraLinks: { href: string; label: string }[] = [];
  let extraText: string[] = [];
  switch (event.type) {
    case "shipped":
      subject = `Your ${STORE_NAME} order ${number} has shipped`;
      lines = [`Your order ${number} is on its way with ${data.carrier ?? "the carrier"}.`, `Tracking number: ${data.trackingNumber ?? ""}`];
      // The link once: a link in the HTML, the address in the text.
      if (data.trackingUrl) extraLinks = [{ href: data.trackingUrl, label: "Track your parcel" }];
      if (data.trackingUrl) extraText = [`Track your parcel: ${data.trackingUrl}`];
      break;
    case "delivered": {
      subject = `Your ${STORE_NAME} order ${number} was delivered`;
      lines = [`Your order ${number} was delivered. We hope you enjoy it.`];
      if (order.deliveredAt && order.status === "DELIVERED") {
        lines.push(
          `Not right? You can ask for a return from My Orders until ${formatDate(returnWindowEnd(order.deliveredAt).toISOString())} (${RETURN_WINDOW_DAYS} days from delivery)${RETURN_SHIPPING_PAID_BY === "store" ? ": we pick it up free from your delivery address" : ""}.`,
        );
      }
      break;
    }
    case "cancelled":
      subject = `Your ${STORE_NAME} order ${number} is cancelled`;
      lines = [
        `Your order ${number} is cancelled.`,
        refundOnCancel ? `A refund of ${formatRupees(refundOnCancel)} is on its way to your card; banks take 5–7 business days to show it.` : "Nothing more is due back to you.",
      ];
      break;
    case "refunded":
      // A cancellation's refund is announced by the cancellation's own mail.
      if (order.status === "CANCELLED") return null;
      subject = `A refund of ${formatRupees(data.amount ?? 0)} on your ${STORE_NAME} order ${number}`;
      lines = [
        order.paymentMethod === "cod"
          ? `We have sent ${formatRupees(data.amount ?? 0)} back for your order ${number}${units ? ` (${units})` : ""} by bank transfer or UPI${data.reference ? `, reference ${data.reference}` : ""}.`
          : `We have refunded ${formatRupees(data.amount ?? 0)} on your order ${number}${units ? ` for ${units}` : ""}. Banks take 5–7 business days to show it on your card.`,
      ];
      if (event.note) lines.push(`Reason: ${event.note}`);
      if (data.refundId && order.billed) {
        const creditNote = creditNotePageUrl(order.id, data.refundId);
        extraLinks = [{ href: creditNote, label: "Your credit note" }];
        extraText = [`Your credit note: ${creditNote}`];
      }
      break;
    case "return_requested":
      subject = `Your return request for ${STORE_NAME} order ${number}`;
      lines = [
        `We have your request to return ${units || "items"} from order ${number} (${returnReasonLabel(data.reason)}).`,
        "We will tell you the day of the pickup from your delivery address once we have looked at it.",
      ];
      break;
    case "return_approved":
      subject = `Your return for ${STORE_NAME} order ${number} is approved`;
      lines = [`Your return from order ${number} is approved. A carrier will pick the parcel up from your delivery address on ${pickupDay(data.pickupDate)}.`, "Please pack the items in their original box."];
      break;
    case "return_declined":
      subject = `Your return request for ${STORE_NAME} order ${number} was declined`;
      lines = [`We could not accept your return request for order ${number}.`, ...(event.note ? [`Reason: ${event.note}`] : [])];
      break;
    case "return_received":
      subject = `Your return for ${STORE_NAME} order ${number} has reached us`;
      lines = [
        order.paymentMethod === "cod"
          ? `Your returned ${units || "items"} from order ${number} reached us. We are sending ${formatRupees(data.amount ?? 0)} to the UPI ID or bank account you gave us, and we mail you again with its reference once it is sent.`
          : `Your returned ${units || "items"} from order ${number} reached us. We are refunding ${formatRupees(data.amount ?? 0)} to your card, and we mail you again once the refund is sent (banks then take 5–7 business days to show it).`,
      ];
      break;
    default:
      return null;
  }
  return renderMail(subject, createElement(LinesMail, { title: subject, lines, links: [...extraLinks, link], ordersUrl }), [...lines, ...extraText, "", textLink].join("\n"));
}

const returnReasonLabel = (reason: string | undefined) => RETURN_REASON_LABELS[reason as ReturnReason] ?? "Other";

/** Sends one step's mail, once (see above). */
export async function sendStepEmail(eventId: string, now = new Date()): Promise<"sent" | "skipped"> {
  const claimed = await db.orderEvent.updateMany({ where: { id: eventId, ...unsentNow(now) }, data: { mailClaimedAt: now, mailAttempts: { increment: 1 } } });
  if (claimed.count === 0) return "skipped";
  const event = await db.orderEvent.findUniqueOrThrow({ where: { id: eventId }, include: { order: { include: { items: { select: { id: true, name: true } } } } } });
  try {
    const cancelRefund =
      event.type === "cancelled"
        ? await db.refund.findFirst({ where: { orderId: event.orderId, source: { not: "stripe" }, status: { not: "FAILED" } }, orderBy: { createdAt: "desc" }, select: { amount: true } })
        : null;
    const billed = event.type === "refunded" && (event.order.invoiceDue || (await db.taxDocument.count({ where: { orderId: event.orderId, kind: { not: "CREDIT_NOTE" } } })) > 0);
    const mail = await stepEmail(event, { ...event.order, billed }, myOrdersUrl(), cancelRefund?.amount ?? null);
    if (mail) await sendMail({ to: event.order.customerEmail, ...mail }, { idempotencyKey: `order-step/${event.id}` });
  } catch (error) {
    await db.orderEvent.update({ where: { id: eventId }, data: { mailClaimedAt: null, mailRetryAt: new Date(now.getTime() + mailRetryDelayMs(event.mailAttempts)) } });
    throw error;
  }
  await db.orderEvent.update({ where: { id: eventId }, data: { mailSentAt: new Date(), mailRetryAt: null } });
  return "sent";
}

/** Sends the steps' mails not sent yet (of one order, or of all, oldest first). Returns how many went. */
export async function sendPendingStepEmails(options: { orderId?: string; limit?: number; now?: Date } = {}): Promise<number> {
  const now = options.now ?? new Date();
  const pending = await db.orderEvent.findMany({
    where: {
      ...unsentNow(now),
      mailAttempts: { lt: MAIL_MAX_ATTEMPTS },
      createdAt: { gt: retriedSince(now) },
      ...(options.orderId ? { orderId: options.orderId } : {}),
    },
    select: { id: true },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    take: options.limit ?? 20,
  });
  let sent = 0;
  for (const { id } of pending) {
    try {
      if ((await sendStepEmail(id, now)) === "sent") sent += 1;
    } catch (error) {
      log.warn({ err: error, stepId: id }, "order-email: step mail still unsent");
    }
  }
  return sent;
}

/** After an order's step is committed: its mail goes after the answer. */
export function mailOrderSteps(orderId: string): void {
  afterResponse("order-email", () => sendPendingStepEmails({ orderId }));
}
