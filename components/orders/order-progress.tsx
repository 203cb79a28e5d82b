import { formatDate, formatDateTime } from "@/lib/shared/dates";
import { formatRupeeAmount } from "@/lib/shared/money";
import { ORDER_STATUS_LABELS, type OrderStatusName } from "@/lib/orders/order-lifecycle";
import type { PublicOrder } from "@/lib/server/orders/types";

// Where an order is in its life, as both the shopper (My Orders) and the admin (the order page)
// see it: its state as a badge, the parcel's tracking, and the timeline of what happened. No
// hooks: they render on the server and in the client lists alike.

const BADGE: Record<OrderStatusName, string> = {
  PLACED: "bg-orange-100 text-orange-900 ring-orange-300",
  PAID: "bg-amber-100 text-amber-900 ring-amber-300",
  SHIPPED: "bg-sky-100 text-sky-900 ring-sky-300",
  DELIVERED: "bg-emerald-100 text-emerald-900 ring-emerald-300",
  CANCELLED: "bg-slate-100 text-slate-800 ring-slate-300",
  REFUNDED: "bg-violet-100 text-violet-900 ring-violet-300",
  RETURNED_TO_ORIGIN: "bg-slate-200 text-slate-900 ring-slate-400",
};

export function statusLabel(status: string): string {
  return ORDER_STATUS_LABELS[status as OrderStatusName] ?? status;
}

/** The order's state, in words, as a coloured badge. */
export function OrderStatusBadge({ status }: { status: string }) {
  return (
    <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${BADGE[status as OrderStatusName] ?? BADGE.CANCELLED}`} data-testid="order-status">
      {statusLabel(status)}
    </span>
  );
}

/** The owner's flag (admin answers only): "Needs attention: oversold" and the server's note; null when none. */
export function OrderAttention({ order, className = "" }: { order: Pick<PublicOrder, "attention" | "attentionNote">; className?: string }) {
  if (!order.attention) return null;
  return (
    <p className={`flex flex-wrap items-baseline gap-x-2 gap-y-1 ${className}`} data-testid="order-attention">
      <span className="rounded-full bg-red-700 px-2.5 py-0.5 text-xs font-semibold text-white">Needs attention: {order.attention}</span>
      {order.attentionNote && <span className="text-red-800">{order.attentionNote}</span>}
    </p>
  );
}

/** "Blue Dart · AWB12345678 · Track your parcel": the parcel, once shipped; null before. */
export function OrderTracking({ tracking }: { tracking: PublicOrder["tracking"] }) {
  if (!tracking) return null;
  return (
    // A tracking number is up to 40 characters without a space: it may break anywhere, never widen the page.
    <p className="text-sm text-slate-700 [overflow-wrap:anywhere]" data-testid="order-tracking">
      <span className="font-medium">{tracking.carrier}</span> · <span className="font-mono">{tracking.number}</span>
      {tracking.url && (
        <>
          {" · "}
          <a href={tracking.url} target="_blank" rel="noopener noreferrer" className="font-medium text-brand-700 underline" data-testid="tracking-link">
            Track your parcel<span className="sr-only"> (opens in a new tab)</span>
          </a>
        </>
      )}
    </p>
  );
}

const ACTORS: Record<string, string> = { admin: "by the store", shopper: "by you", stripe: "", store: "" };

/** One event in words: "Shipped with Blue Dart (AWB12345678)", "Refunded ₹1,299.00". */
export function timelineText(entry: PublicOrder["timeline"][number]): string {
  const amount = typeof entry.amount === "number" ? formatRupeeAmount(entry.amount) : "";
  switch (entry.type) {
    case "paid":
      return amount ? `Paid ${amount}` : "Paid";
    case "shipped":
      return `Shipped with ${entry.carrier ?? "the carrier"}${entry.trackingNumber ? ` (${entry.trackingNumber})` : ""}`;
    case "delivered":
      return "Delivered";
    case "cancelled":
      return "Cancelled";
    case "refunded":
      return amount ? `Refunded ${amount}` : "Refunded";
    case "refund_failed":
      return amount ? `A refund of ${amount} failed` : "A refund failed";
    case "return_requested":
      return "Return requested";
    case "return_approved":
      return entry.pickupDate ? `Return approved: pickup on ${formatDate(`${entry.pickupDate}T12:00:00+05:30`)}` : "Return approved";
    case "return_declined":
      return "Return declined";
    case "return_received":
      return "Return received";
    case "placed":
      return amount ? `Placed: ${amount} to pay on delivery` : "Placed, to pay on delivery";
    case "cod_confirmed":
      return "Confirmed for delivery";
    case "cash_received":
      return amount ? `Cash of ${amount} received from the courier` : "Cash received from the courier";
    case "returned_to_origin":
      return "Returned undelivered";
    case "rto_received":
      return "Returned parcel received";
    default:
      return entry.type;
  }
}

/**
 * What happened to the order, oldest first. `viewer`: the shopper reads "by you" and "by the
 * store"; the admin reads who acted plainly.
 */
export function OrderTimeline({ timeline, viewer = "shopper", headingId }: { timeline: PublicOrder["timeline"]; viewer?: "shopper" | "admin"; headingId: string }) {
  if (timeline.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="text-sm">
      <h3 id={headingId} className="mb-2 font-semibold">
        Timeline
      </h3>
      <ol className="relative space-y-3 border-l-2 border-slate-200 pl-4" data-testid="order-timeline">
        {timeline.map((entry, index) => {
          const who = viewer === "admin" ? (entry.actor === "stripe" ? "Stripe" : entry.actor) : ACTORS[entry.actor];
          return (
            <li key={`${entry.type}-${entry.at}-${index}`} className="relative" data-testid="timeline-entry">
              <span aria-hidden="true" className="absolute top-1.5 -left-[1.3rem] h-2.5 w-2.5 rounded-full bg-brand-600 ring-2 ring-white" />
              <p className="font-medium text-slate-900 [overflow-wrap:anywhere]">
                {timelineText(entry)}
                {who && <span className="font-normal text-slate-600"> · {who}</span>}
              </p>
              <p className="text-slate-600">
                <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
              </p>
              {entry.note && <p className="text-slate-700 [overflow-wrap:anywhere]">{entry.note}</p>}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
