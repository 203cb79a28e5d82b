import Link from "next/link";
import { formatDate, formatDateTime } from "@/lib/shared/dates";
import { formatRupeeAmount, formatRupees } from "@/lib/shared/money";
import { orderNumber } from "@/lib/orders/order-number";
import { refundableLeftPaise, shippingPaise } from "@/lib/orders/order-refunds";
import type { PublicOrder, PublicRefund } from "@/lib/server/orders/types";
import { DeliveryAddress } from "../orders/delivery-address";
import { paymentMethodLabel } from "../orders/order-card";
import { orderPaymentStatus } from "@/lib/orders/order-payment-status";
import { OrderAttention, OrderStatusBadge, OrderTimeline, OrderTracking } from "../orders/order-progress";
import { ProductThumb } from "../catalog/product-thumb";
import { OrderDocuments } from "../billing/order-documents";
import { OrderActions } from "./order-actions";
import { OpenHolds } from "./open-holds";
import { hasPackingSlip, PackingSlip } from "./packing-slip";
import { ReturnRequestPanel } from "./return-request-panel";
import { RecordManualRefund } from "./cod-actions";

// The admin's page for one order (app/admin-panel/orders/[id]): what was bought and paid, where it
// goes, the refunds, what happened, and the actions its state allows (OrderActions, the one
// client part). No hooks: it renders on the server from findOrder. On paper only the packing
// slip prints (PackingSlip; the site's header, footer and admin menu are print:hidden).

export const ORDER_HEADING_ID = "order-heading";

const CARD = "rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5";
const CARD_TITLE = "mb-3 text-lg font-semibold";
const FIGURE_ROW = "flex justify-between gap-3";

/**
 * `windowClosed`: a delivered order whose returns window has ended (the server's clock).
 * `listHref`: the Orders list's address the admin came from (its tab, search and page).
 */
export function OrderPage({ order, windowClosed, listHref = "/admin-panel/orders" }: { order: PublicOrder; windowClosed: boolean; listHref?: string }) {
  const number = orderNumber(order._id);
  return (
    <article aria-labelledby={ORDER_HEADING_ID}>
      <div className="space-y-4 print:hidden">
        <header className={`${CARD} space-y-3`}>
          <p className="text-sm">
            <Link href={listHref} className="text-brand-700 underline underline-offset-2 hover:text-brand-600">
              All orders
            </Link>
          </p>
          <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
            <h1 id={ORDER_HEADING_ID} tabIndex={-1} className="text-2xl font-semibold">
              Order {number}
            </h1>
            <OrderStatusBadge status={order.status} />
          </div>
          <p className="text-sm text-slate-700">
            Placed <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time> by <span className="[overflow-wrap:anywhere]">{order.email}</span>
          </p>
          <OrderAttention order={order} className="text-sm" />
          <OrderDocuments order={order} />
          {order.return_window_ends && order.status === "DELIVERED" && <ReturnsWindow ends={order.return_window_ends} closed={windowClosed} />}
          <OrderActions order={order} windowClosed={windowClosed} headingId={ORDER_HEADING_ID} />
        </header>
        <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_20rem]">
          <div className="min-w-0 space-y-4">
            <ReturnRequestPanel order={order} />
            <Items order={order} />
            <Payment order={order} />
            <Refunds order={order} />
          </div>
          <div className="min-w-0 space-y-4">
            <section aria-labelledby="order-shipping-heading" className={`${CARD} space-y-4`}>
              <h2 id="order-shipping-heading" className="text-lg font-semibold">
                Shipping
              </h2>
              {order.delivery ? <DeliveryAddress delivery={order.delivery} headingId="order-delivery-heading" /> : <p className="text-sm text-slate-700">No delivery address was collected for this order.</p>}
              <section aria-labelledby="order-parcel-heading" className="space-y-1 text-sm">
                <h3 id="order-parcel-heading" className="font-semibold">
                  Parcel
                </h3>
                {order.tracking ? <OrderTracking tracking={order.tracking} /> : <p className="text-slate-700">Not shipped yet.</p>}
              </section>
            </section>
            <div className={CARD}>
              <OrderTimeline timeline={order.timeline} viewer="admin" headingId="order-timeline-heading" />
            </div>
            <div className={`${CARD} print:hidden`}>
              {/* Units of this order's products held by open checkouts, each releasable (an oversold order's units may be there). */}
              <OpenHolds query={{ orderId: order._id }} headingLevel="h2" />
            </div>
          </div>
        </div>
      </div>
      {hasPackingSlip(order) && <PackingSlip order={order} />}
    </article>
  );
}

function ReturnsWindow({ ends, closed }: { ends: string; closed: boolean }) {
  return (
    <p className={`text-sm font-medium ${closed ? "text-slate-700" : "text-emerald-800"}`} data-testid="returns-window">
      {closed ? "Returns window closed on " : "Returns window open until "}
      <time dateTime={ends}>{formatDate(ends)}</time>
    </p>
  );
}

function Items({ order }: { order: PublicOrder }) {
  return (
    <Card name="items" title="Items">
      <ul className="divide-y divide-slate-100">
        {order.productDetails.map((item) => (
          <li key={item._id} className="flex items-start gap-3 py-3 first:pt-0 last:pb-0" data-testid="admin-order-item">
            <ProductThumb src={item.image[0]} />
            <div className="min-w-0 flex-1 text-sm">
              <p className="font-medium [overflow-wrap:anywhere]">
                {item.productId ? (
                  <Link href={`/product/${item.productId}`} className="hover:underline">
                    {item.name}
                  </Link>
                ) : (
                  item.name
                )}
              </p>
              <p className="text-slate-600">
                Quantity: <span data-testid="order-item-quantity">{item.quantity}</span> · {formatRupeeAmount(item.price)} each
              </p>
              {item.refunded_quantity > 0 && (
                <p className="font-medium text-violet-800" data-testid="order-item-refunded">
                  Refunded: {item.refunded_quantity} of {item.quantity}
                </p>
              )}
            </div>
            <p className="shrink-0 text-sm font-semibold">{formatRupeeAmount(item.price * item.quantity)}</p>
          </li>
        ))}
      </ul>
    </Card>
  );
}

function Payment({ order }: { order: PublicOrder }) {
  const left = refundableLeftPaise(order);
  return (
    <Card name="payment" title="Payment">
      <dl className="grid gap-1 text-sm sm:grid-cols-2 sm:gap-x-8">
        <div className={FIGURE_ROW}>
          <dt className="text-slate-600">Method</dt>
          <dd>{paymentMethodLabel(order.paymentDetails.payment_method_type)}</dd>
        </div>
        <div className={FIGURE_ROW}>
          <dt className="text-slate-600">Status</dt>
          <dd data-testid="order-payment-status">{orderPaymentStatus(order)}</dd>
        </div>
        <div className={FIGURE_ROW}>
          <dt className="text-slate-600">Shipping</dt>
          <dd>{formatRupees(shippingPaise(order))}</dd>
        </div>
        <div className={FIGURE_ROW}>
          <dt className="font-semibold">Total</dt>
          <dd className="font-semibold" data-testid="order-total">
            {formatRupeeAmount(order.total_amount)}
          </dd>
        </div>
        <div className={FIGURE_ROW}>
          <dt className="text-slate-600">Refunded so far</dt>
          <dd data-testid="order-refunded">{formatRupeeAmount(order.refunded_amount)}</dd>
        </div>
        <div className={FIGURE_ROW}>
          <dt className="text-slate-600">Left to refund</dt>
          <dd data-testid="order-refundable">{formatRupees(left)}</dd>
        </div>
        <div className="flex flex-wrap justify-between gap-x-3 sm:col-span-2">
          <dt className="text-slate-600">Payment id</dt>
          <dd className="font-mono text-xs leading-5 [overflow-wrap:anywhere]">{order.paymentDetails.paymentId ?? "—"}</dd>
        </div>
      </dl>
    </Card>
  );
}

const REFUND_STATES: Record<string, { label: string; className: string }> = {
  PENDING: { label: "Pending", className: "bg-amber-100 text-amber-900 ring-amber-300" },
  SUCCEEDED: { label: "Succeeded", className: "bg-emerald-100 text-emerald-900 ring-emerald-300" },
  FAILED: { label: "Failed", className: "bg-red-100 text-red-900 ring-red-300" },
};
const REFUND_SOURCES: Record<string, string> = { admin: "by an admin", shopper: "by the customer", stripe: "in Stripe's dashboard", store: "by the store" };

function Refunds({ order }: { order: PublicOrder }) {
  const names = new Map(order.productDetails.map((item) => [item._id, item.name]));
  return (
    <Card name="refunds" title="Refunds">
      {order.refunds.length === 0 ? (
        <p className="text-sm text-slate-700">No refunds.</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {order.refunds.map((refund) => (
            <RefundRow key={refund._id} refund={refund} names={names} cashTo={order.payment_method === "cod" ? (order.cod?.refund_account ?? null) : undefined} />
          ))}
        </ul>
      )}
    </Card>
  );
}

/** `cashTo`: a cash-on-delivery order's refund account (undefined for a card order). */
function RefundRow({ refund, names, cashTo }: { refund: PublicRefund; names: Map<string, string>; cashTo?: string | null }) {
  const state = REFUND_STATES[refund.status] ?? { label: refund.status, className: "bg-slate-100 text-slate-800 ring-slate-300" };
  return (
    <li className="space-y-1 py-3 text-sm first:pt-0 last:pb-0" data-testid="refund">
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <span className="font-semibold" data-testid="refund-amount">
          {formatRupeeAmount(refund.amount)}
        </span>
        <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ${state.className}`} data-testid="refund-status">
          {state.label}
        </span>
        <span className="text-slate-600">
          {REFUND_SOURCES[refund.source] ?? refund.source} · <time dateTime={refund.createdAt}>{formatDateTime(refund.createdAt)}</time>
        </span>
      </p>
      {refund.lines.length > 0 && (
        <p className="text-slate-700 [overflow-wrap:anywhere]">
          {refund.lines.map((line) => `${line.quantity} × ${names.get(line.orderItemId) ?? "a line"}`).join(", ")}
          {refund.shipping_amount > 0 && `, shipping ${formatRupeeAmount(refund.shipping_amount)}`}
          {refund.restock && " · units back in stock"}
        </p>
      )}
      {refund.reason && <p className="text-slate-700 [overflow-wrap:anywhere]">Reason: {refund.reason}</p>}
      {refund.reference && <p className="text-slate-700 [overflow-wrap:anywhere]" data-testid="refund-reference">Paid by bank transfer or UPI · reference {refund.reference}</p>}
      {cashTo !== undefined && refund.status === "PENDING" && <RecordManualRefund refundId={refund._id} amount={refund.amount} account={cashTo} />}
      {refund.status === "FAILED" && refund.failure_reason && (
        <p className="font-medium text-red-800 [overflow-wrap:anywhere]" data-testid="refund-failure">
          Failed: {refund.failure_reason}. Its units can be refunded again.
        </p>
      )}
    </li>
  );
}

/** Bars in the page's frames while the order loads (docs/ENGINEERING.md §8). */
export function OrderPageSkeleton() {
  const bar = "animate-pulse rounded bg-slate-200";
  return (
    <div className="space-y-4" role="status" aria-busy="true" aria-label="Loading the order">
      <div className={`${CARD} space-y-3`}>
        <div className={`${bar} h-4 w-20`} />
        <div className={`${bar} h-8 w-56`} />
        <div className={`${bar} h-4 w-72 max-w-full`} />
        <div className="flex flex-wrap gap-2 pt-1">
          <div className="h-9 w-32 animate-pulse rounded-full bg-slate-200" />
          <div className="h-9 w-40 animate-pulse rounded-full bg-slate-200" />
          <div className="h-9 w-28 animate-pulse rounded-full bg-slate-200" />
        </div>
      </div>
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="space-y-4">
          <div className={`${CARD} space-y-3`}>
            <div className={`${bar} h-5 w-24`} />
            {[0, 1].map((index) => (
              <div key={index} className="flex items-center gap-3">
                <div className="h-16 w-16 shrink-0 animate-pulse rounded-lg bg-slate-200" />
                <div className="flex-1 space-y-2">
                  <div className={`${bar} h-4 w-3/4`} />
                  <div className={`${bar} h-3 w-1/3`} />
                </div>
              </div>
            ))}
          </div>
          <div className={`${CARD} h-44 space-y-3`}>
            <div className={`${bar} h-5 w-24`} />
          </div>
        </div>
        <div className={`${CARD} h-64 space-y-3`}>
          <div className={`${bar} h-5 w-24`} />
        </div>
      </div>
    </div>
  );
}

/** One of the page's titled cards: a section named by its heading. */
function Card({ name, title, children }: { name: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={`order-${name}-heading`} className={CARD}>
      <h2 id={`order-${name}-heading`} className={CARD_TITLE}>
        {title}
      </h2>
      {children}
    </section>
  );
}
