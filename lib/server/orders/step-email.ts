import "server-only";
import { formatRupees } from "@/lib/money";
import { orderNumber } from "@/lib/order-number";
import { siteUrl } from "@/lib/site-url";
import type { Order, OrderEvent, Prisma } from "@/lib/generated/prisma/client";
import { afterResponse } from "../platform/after-response";
import { db } from "../platform/db";
import { escapeHtml, mailLayout, sendMail, STORE_NAME, type MailContent } from "../providers/mail";
import { MAIL_CLAIM_MS, MAIL_MAX_ATTEMPTS, mailRetryDelayMs, retriedSince } from "./mail-retry";
import { log } from "../platform/log";

// The shopper's email about each step of an order's life: shipped (carrier and tracking),
// delivered, cancelled (with the refund on its way), refunded (with the amount). One per step,
// sent once: the step's event is claimed with a conditional UPDATE (one sender at a time, across
// instances), Resend gets the idempotency key order-step/<event id>, and a failure releases the
// claim and sets the next try, backing off (mail-retry.ts), for the next round (sendPendingStepEmails,
// every minute with the confirmations).

const MAILED_STEPS = ["shipped", "delivered", "cancelled", "refunded"] as const;
/** Unsent, not being sent by a live sender, and past its backoff: may be sent now. */
function unsentNow(now: Date): Prisma.OrderEventWhereInput {
  return {
    type: { in: [...MAILED_STEPS] },
    mailSentAt: null,
    OR: [{ mailClaimedAt: null }, { mailClaimedAt: { lt: new Date(now.getTime() - MAIL_CLAIM_MS) } }],
    AND: [{ OR: [{ mailRetryAt: null }, { mailRetryAt: { lte: now } }] }],
  };
}

type EventData = { amount?: number; carrier?: string; trackingNumber?: string; trackingUrl?: string | null };

/** The mail for one step, or null when none is due (a refund that a cancellation's mail already announced). */
export function stepEmail(event: Pick<OrderEvent, "type" | "data">, order: Pick<Order, "id" | "status" | "totalAmount">, ordersUrl: string, refundOnCancel: number | null): MailContent | null {
  const number = orderNumber(order.id);
  const data = (event.data ?? {}) as EventData;
  const link = `See it in <a href="${escapeHtml(ordersUrl)}">My Orders</a>.`;
  const textLink = `See it in My Orders: ${ordersUrl}`;
  let subject: string;
  let lines: string[];
  let extraHtml: string[] = [];
  switch (event.type) {
    case "shipped":
      subject = `Your ${STORE_NAME} order ${number} has shipped`;
      lines = [`Your order ${number} is on its way with ${data.carrier ?? "the carrier"}.`, `Tracking number: ${data.trackingNumber ?? ""}`];
      if (data.trackingUrl) extraHtml = [`<a href="${escapeHtml(data.trackingUrl)}">Track your parcel</a>`];
      if (data.trackingUrl) lines.push(`Track your parcel: ${data.trackingUrl}`);
      break;
    case "delivered":
      subject = `Your ${STORE_NAME} order ${number} was delivered`;
      lines = [`Your order ${number} was delivered. We hope you enjoy it.`];
      break;
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
      lines = [`We have refunded ${formatRupees(data.amount ?? 0)} on your order ${number}. Banks take 5–7 business days to show it on your card.`];
      break;
    default:
      return null;
  }
  return {
    subject,
    html: mailLayout(subject, [...lines.map(escapeHtml), ...extraHtml, link]),
    text: [...lines, "", textLink].join("\n"),
  };
}

/** Sends one step's mail, once (see above). */
export async function sendStepEmail(eventId: string, now = new Date()): Promise<"sent" | "skipped"> {
  const claimed = await db.orderEvent.updateMany({ where: { id: eventId, ...unsentNow(now) }, data: { mailClaimedAt: now, mailAttempts: { increment: 1 } } });
  if (claimed.count === 0) return "skipped";
  const event = await db.orderEvent.findUniqueOrThrow({ where: { id: eventId }, include: { order: true } });
  try {
    const cancelRefund =
      event.type === "cancelled"
        ? await db.refund.findFirst({ where: { orderId: event.orderId, source: { not: "stripe" }, status: { not: "FAILED" } }, orderBy: { createdAt: "desc" }, select: { amount: true } })
        : null;
    const mail = stepEmail(event, event.order, `${siteUrl()}/user-panel/my-orders`, cancelRefund?.amount ?? null);
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
