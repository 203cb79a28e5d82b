import "server-only";
import { createElement } from "react";
import type { Complaint, ComplaintReply, ComplaintStatus } from "@/lib/generated/prisma/client";
import { orderNumber } from "@/lib/orders/order-number";
import { formatDate } from "@/lib/shared/dates";
import { myOrdersUrl, siteUrl } from "@/lib/site-url";
import { complaintDeadlines, ticketNumber } from "@/lib/support/complaints";
import { mailsMayQuote } from "../accounts/email-confirmation";
import { db } from "../platform/db";
import { notFound } from "../platform/http";
import { log } from "../platform/log";
import { sendMail, STORE_NAME } from "../providers/mail";
import { NoticeMail } from "../providers/mails/account-mails";
import { renderMail } from "../providers/mails/render";

// The grievance desk (Consumer Protection (E-Commerce) Rules 2020, rule 4(4)–(5)): a signed-in
// shopper's complaint gets a ticket and an acknowledgement mail at once; the grievance officer
// (an admin) answers by mail from the ticket and closes it. The shopper sees the ticket and the
// answers in My Account; the admin's list shows the 48-hour and one-month deadlines.

export type PublicComplaint = {
  _id: string;
  ticket: string;
  subject: string;
  message: string;
  status: ComplaintStatus;
  order: { _id: string; number: string } | null;
  createdAt: string;
  acknowledgedAt: string | null;
  closedAt: string | null;
  acknowledgeBy: string;
  resolveBy: string;
  replies: { message: string; createdAt: string }[];
  /** Admin answers only: who wrote it. */
  email?: string;
};

type ComplaintRow = Complaint & { replies: ComplaintReply[] };

const WITH_REPLIES = { replies: { orderBy: [{ createdAt: "asc" as const }, { id: "asc" as const }] } };

function toPublicComplaint(row: ComplaintRow, forAdmin = false): PublicComplaint {
  const deadlines = complaintDeadlines(row.createdAt);
  return {
    _id: row.id,
    ticket: ticketNumber(row.ticket),
    subject: row.subject,
    message: row.message,
    status: row.status,
    order: row.orderId ? { _id: row.orderId, number: orderNumber(row.orderId) } : null,
    createdAt: row.createdAt.toISOString(),
    acknowledgedAt: row.acknowledgedAt?.toISOString() ?? null,
    closedAt: row.closedAt?.toISOString() ?? null,
    acknowledgeBy: deadlines.acknowledgeBy.toISOString(),
    resolveBy: deadlines.resolveBy.toISOString(),
    replies: row.replies.map((reply) => ({ message: reply.message, createdAt: reply.createdAt.toISOString() })),
    ...(forAdmin ? { email: row.email } : {}),
  };
}

/** Records a shopper's complaint (about one of their own orders, if named); 404 for an order that is not theirs. */
export async function raiseComplaint(user: { id: string; email: string }, input: { subject: string; message: string; orderId: string | null }): Promise<PublicComplaint> {
  if (input.orderId && (await db.order.count({ where: { id: input.orderId, userId: user.id } })) === 0) throw notFound("Choose one of your own orders, or none.");
  const row = await db.complaint.create({ data: { userId: user.id, email: user.email, orderId: input.orderId, subject: input.subject, message: input.message }, include: WITH_REPLIES });
  log.info({ complaintId: row.id, ticket: row.ticket }, "complaints: received");
  return toPublicComplaint(row);
}

/**
 * The acknowledgement: the ticket, and when it will be resolved by. The complaint's own words are
 * quoted only to a confirmed address (mail to an unconfirmed one carries no text its holder chose).
 * Sent once (acknowledgedAt set after it went; an idempotency key if the same call is repeated).
 */
export async function acknowledgeComplaint(complaintId: string, now = new Date()): Promise<"sent" | "skipped"> {
  const row = await db.complaint.findUnique({ where: { id: complaintId }, include: { user: { select: { emailConfirmedAt: true } } } });
  if (!row || row.acknowledgedAt) return "skipped";
  const ticket = ticketNumber(row.ticket);
  const subject = `We have your complaint ${ticket}`;
  const lines = [
    `Your complaint to ${STORE_NAME}'s grievance officer has the ticket number ${ticket}.`,
    ...(row.user && mailsMayQuote(row.user) ? [`About: ${row.subject}`] : []),
    `We will answer by email and resolve it by ${formatDate(complaintDeadlines(row.createdAt).resolveBy.toISOString())}. You can follow it in My Account: ${siteUrl()}/user-panel/my-account`,
  ];
  const mail = await renderMail(subject, createElement(NoticeMail, { title: subject, greeting: "Hello,", lines, ordersUrl: myOrdersUrl() }), ["Hello,", "", ...lines].join("\n"));
  await sendMail({ to: row.email, ...mail }, { idempotencyKey: `complaint-ack/${row.id}` });
  await db.complaint.updateMany({ where: { id: row.id, acknowledgedAt: null }, data: { acknowledgedAt: now } });
  return "sent";
}

/** The caller's complaints, newest first (at most 50). */
export async function listComplaints(userId: string): Promise<PublicComplaint[]> {
  const rows = await db.complaint.findMany({ where: { userId }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: 50, include: WITH_REPLIES });
  return rows.map((row) => toPublicComplaint(row));
}

/** The admin's list: open and answered complaints oldest first (the nearest deadline on top), or the closed ones newest first; 100 at most. */
export async function listComplaintsForAdmin(view: "open" | "closed"): Promise<PublicComplaint[]> {
  const rows = await db.complaint.findMany({
    where: view === "open" ? { status: { in: ["OPEN", "ANSWERED"] } } : { status: "CLOSED" },
    orderBy: view === "open" ? [{ createdAt: "asc" }, { id: "asc" }] : [{ closedAt: "desc" }, { id: "desc" }],
    take: 100,
    include: WITH_REPLIES,
  });
  return rows.map((row) => toPublicComplaint(row, true));
}

/**
 * The grievance officer's reply: kept on the ticket, mailed to the shopper (afterwards, by the
 * caller), and the complaint answered or, with `close`, closed. A closed complaint takes no reply (409 by the caller).
 */
export async function answerComplaint(adminId: string, input: { complaintId: string; message: string; close: boolean }, now = new Date()): Promise<{ complaint: PublicComplaint; replyId: string } | "closed" | null> {
  return db.$transaction(async (tx) => {
    const [locked] = await tx.$queryRaw<{ status: ComplaintStatus }[]>`SELECT "status" FROM "Complaint" WHERE "id" = ${input.complaintId}::uuid FOR UPDATE`;
    if (!locked) return null;
    if (locked.status === "CLOSED") return "closed";
    const reply = await tx.complaintReply.create({ data: { complaintId: input.complaintId, authorId: adminId, message: input.message } });
    const row = await tx.complaint.update({
      where: { id: input.complaintId },
      data: input.close ? { status: "CLOSED", closedAt: now } : { status: "ANSWERED" },
      include: WITH_REPLIES,
    });
    return { complaint: toPublicComplaint(row, true), replyId: reply.id };
  });
}

/** Mails a reply to the complaint's author, once. */
export async function mailComplaintReply(replyId: string, now = new Date()): Promise<"sent" | "skipped"> {
  const reply = await db.complaintReply.findUnique({ where: { id: replyId }, include: { complaint: true } });
  if (!reply || reply.mailSentAt) return "skipped";
  const ticket = ticketNumber(reply.complaint.ticket);
  const closed = reply.complaint.status === "CLOSED";
  const subject = `${closed ? "Resolved" : "An answer to"}: your complaint ${ticket}`;
  const lines = [`${STORE_NAME}'s grievance officer answered your complaint ${ticket}:`, reply.message, closed ? "We have closed the complaint. If something is still wrong, raise a new one from My Account." : "You can follow it in My Account."];
  const mail = await renderMail(subject, createElement(NoticeMail, { title: subject, greeting: "Hello,", lines, ordersUrl: myOrdersUrl() }), ["Hello,", "", ...lines].join("\n"));
  await sendMail({ to: reply.complaint.email, ...mail }, { idempotencyKey: `complaint-reply/${reply.id}` });
  await db.complaintReply.update({ where: { id: reply.id }, data: { mailSentAt: now } });
  return "sent";
}
