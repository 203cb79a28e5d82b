import Link from "next/link";
import { formatDate, formatDateTime } from "@/lib/shared/dates";
import { formatRupeeAmount, formatRupees, rupeesToPaise } from "@/lib/shared/money";
import { orderNumber } from "@/lib/orders/order-number";
import { shippingPaise } from "@/lib/orders/order-refunds";
import { orderPaymentStatus } from "@/lib/orders/order-payment-status";
import { RETURNS_POLICY_PATH, returnWindowClosed } from "@/lib/orders/returns-policy";
import type { PublicOrder } from "@/lib/server/orders/types";
import { OrderDocuments } from "../billing/order-documents";
import { ProductThumb } from "../catalog/product-thumb";
import { DeliveryAddress } from "./delivery-address";
import { OrderStatusBadge, OrderTimeline, OrderTracking } from "./order-progress";

// One order as the shopper sees it (My Orders and the success page): number, state and date, the
// parcel's tracking once shipped, the lines (image, name, quantity, price, units refunded),
// payment method and status, shipping, total and what was refunded, the returns window of a
// delivered order, the delivery address and the timeline. No hooks, so it renders on the server
// (success page) and in the client list alike; what the shopper can do with the order (My
// Orders' "Cancel order") comes in as `actions`, a client component of the caller's.


const METHOD_NAMES: Record<string, string> = { card: "Card", upi: "UPI", netbanking: "Net banking", cod: "Cash on delivery" };
const STATUS_NAMES: Record<string, string> = { paid: "Paid", unpaid: "Awaiting payment", no_payment_required: "No payment required" };

export const paymentMethodLabel = (types: string[]) => types.map((type) => METHOD_NAMES[type] ?? type).join(", ") || "—";
export const paymentStatusLabel = (status: string) => STATUS_NAMES[status] ?? status;

/** The id of an order card's heading (focusable: where the focus goes when the card's actions are gone). */
export const orderHeadingId = (orderId: string) => `order-${orderId}`;

/** A delivered order's returns window: open until its end, closed after (null before delivery). */
function returnsWindow(order: Pick<PublicOrder, "status" | "return_window_ends">): { open: boolean; ends: string } | null {
  if (order.status !== "DELIVERED" || !order.return_window_ends) return null;
  return { open: !returnWindowClosed(order.return_window_ends), ends: order.return_window_ends };
}

export function OrderCard({ order, headingLevel = 2, actions }: { order: PublicOrder; headingLevel?: 2 | 3; actions?: React.ReactNode }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const shipping = shippingPaise(order);
  const headingId = orderHeadingId(order._id);
  const pendingRefunds = order.refunds.filter((refund) => refund.status === "PENDING").reduce((sum, refund) => sum + rupeesToPaise(refund.amount), 0);
  const returns = returnsWindow(order);
  return (
    <article aria-labelledby={headingId} className={CARD} data-testid="order">
      <header className={HEADER}>
        <div className={TITLE}>
          <Heading id={headingId} tabIndex={-1} className="font-semibold outline-none">
            Order {orderNumber(order._id)}
          </Heading>
          <OrderStatusBadge status={order.status} />
        </div>
        <p className="text-sm text-slate-600">
          <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time>
        </p>
      </header>
      {order.tracking && (
        <div className="border-b border-slate-200 py-3 [overflow-wrap:anywhere]">
          <OrderTracking tracking={order.tracking} />
        </div>
      )}
      <ul className={ITEMS} aria-label="Items">
        {order.productDetails.map((item, index) => (
          <li key={`${item.productId ?? "gone"}-${index}`} className={ITEM} data-testid="order-item">
            <ProductThumb src={item.image[0]} />
            <div className="min-w-0 flex-1">
              {/* Whole, however long: a name may wrap to more lines (and a long word breaks). */}
              <p className="font-medium [overflow-wrap:anywhere]">{item.name}</p>
              <p className="text-sm text-slate-600">
                Quantity: <span data-testid="order-item-quantity">{item.quantity}</span> · {formatRupeeAmount(item.price)} each
                {item.refunded_quantity > 0 && (
                  <>
                    {" · "}
                    <span className="font-medium text-violet-800" data-testid="order-item-refunded">
                      {item.refunded_quantity === item.quantity ? "refunded" : `${item.refunded_quantity} refunded`}
                    </span>
                  </>
                )}
              </p>
            </div>
            <p className="shrink-0 font-semibold">{formatRupeeAmount(item.price * item.quantity)}</p>
          </li>
        ))}
      </ul>
      <dl className={FIGURES}>
        <div className="flex justify-between gap-2">
          <dt className="text-slate-600">Payment method</dt>
          <dd>{paymentMethodLabel(order.paymentDetails.payment_method_type)}</dd>
        </div>
        <div className="flex justify-between gap-2">
          <dt className="text-slate-600">Payment status</dt>
          <dd data-testid="order-payment-status">{orderPaymentStatus(order)}</dd>
        </div>
        <div className="flex justify-between gap-2">
          <dt className="text-slate-600">Shipping</dt>
          <dd data-testid="order-shipping">{formatRupees(shipping)}</dd>
        </div>
        <div className="flex justify-between gap-2 text-base">
          <dt className="font-semibold">Total</dt>
          <dd className="font-semibold text-brand-700" data-testid="order-total">
            {formatRupeeAmount(order.total_amount)}
          </dd>
        </div>
        {order.refunded_amount > 0 && (
          <div className="flex justify-between gap-2">
            <dt className="text-slate-600">Refunded</dt>
            <dd className="font-medium text-violet-800" data-testid="order-refunded">
              {formatRupeeAmount(order.refunded_amount)}
            </dd>
          </div>
        )}
        {pendingRefunds > 0 && (
          <div className="flex justify-between gap-2">
            <dt className="text-slate-600">Refund on its way</dt>
            <dd data-testid="order-refund-pending">{formatRupees(pendingRefunds)}</dd>
          </div>
        )}
        {order.cod?.refund_account && (pendingRefunds > 0 || order.return_request) && (
          <div className="flex justify-between gap-2">
            <dt className="text-slate-600">Refund to</dt>
            <dd className="text-right [overflow-wrap:anywhere]" data-testid="order-refund-account">
              {order.cod.refund_account}
            </dd>
          </div>
        )}
      </dl>
      {returns && (
        <p className="mt-3 border-t border-slate-200 pt-3 text-sm text-slate-700" data-testid="order-returns">
          {returns.open ? `Returns open until ${formatDate(returns.ends)}` : `Returns closed on ${formatDate(returns.ends)}`} —{" "}
          <Link href={RETURNS_POLICY_PATH} className="font-medium text-brand-700 underline">
            see the returns policy
          </Link>
        </p>
      )}
      <OrderDocuments order={order} className="mt-3 border-t border-slate-200 pt-3" />
      {(order.delivery || order.timeline.length > 0) && (
        <div className={DETAILS}>
          {order.delivery && <DeliveryAddress delivery={order.delivery} headingId={`${headingId}-delivery`} headingLevel={headingLevel === 2 ? 3 : 4} />}
          <OrderTimeline timeline={order.timeline} viewer="shopper" headingId={`${headingId}-timeline`} />
        </div>
      )}
      {actions && <div className={ACTIONS}>{actions}</div>}
    </article>
  );
}

// The card's frame and parts, shared with its skeleton so that both are one size.
const CARD = "rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5";
// The header: on a phone the number, the state and the date one under the other (the state's
// words are too long to share the number's line at 390 px, and a line that wraps only sometimes
// would make the skeleton the wrong height); wider, the state beside the number and the date right.
const HEADER = "flex flex-col gap-1 border-b border-slate-200 pb-3 sm:flex-row sm:items-center sm:justify-between sm:gap-2";
const TITLE = "flex flex-col items-start gap-1 sm:flex-row sm:items-center sm:gap-3";
const ITEMS = "divide-y divide-slate-100";
const ITEM = "flex items-center gap-3 py-3";
const FIGURES = "grid gap-1 border-t border-slate-200 pt-3 text-sm sm:grid-cols-2 sm:gap-x-8";
const DETAILS = "mt-3 grid gap-4 border-t border-slate-200 pt-3 sm:grid-cols-2 sm:gap-8";
const ACTIONS = "mt-3 border-t border-slate-200 pt-3";

/** A bar standing in for one line of text: `line` is the line's height, `bar` the bar's size. */
function TextBar({ line, bar }: { line: string; bar: string }) {
  return (
    <div className={`flex items-center ${line}`}>
      <div className={`animate-pulse rounded bg-slate-200 ${bar}`} />
    </div>
  );
}

/** An order with two lines, in OrderCard's frame and line heights (docs/ENGINEERING.md §8). */
export function OrderCardSkeleton() {
  return (
    <div className={CARD} aria-hidden="true">
      <div className={HEADER}>
        <div className={TITLE}>
          <TextBar line="h-6" bar="h-4 w-36" />
          <div className="h-5 w-28 animate-pulse rounded-full bg-slate-200" />
        </div>
        <TextBar line="h-5" bar="h-3 w-32" />
      </div>
      <div className={ITEMS}>
        {[0, 1].map((index) => (
          <div key={index} className={ITEM}>
            <div className="h-16 w-16 shrink-0 animate-pulse rounded-lg bg-slate-200" />
            <div className="min-w-0 flex-1">
              <TextBar line="h-6" bar="h-4 w-3/4" />
              <TextBar line="h-5" bar="h-3 w-1/3" />
            </div>
            <TextBar line="h-6" bar="h-4 w-16" />
          </div>
        ))}
      </div>
      <div className={FIGURES}>
        <TextBar line="h-5" bar="h-3 w-full" />
        <TextBar line="h-5" bar="h-3 w-full" />
        <TextBar line="h-5" bar="h-3 w-full" />
        <TextBar line="h-6" bar="h-4 w-full" />
      </div>
      <div className={DETAILS}>
        <div className="space-y-1">
          <TextBar line="h-5" bar="h-3 w-32" />
          <TextBar line="h-[1.625rem]" bar="h-3 w-40" />
          <TextBar line="h-[1.625rem]" bar="h-3 w-56" />
          <TextBar line="h-[1.625rem]" bar="h-3 w-48" />
        </div>
        <div>
          <TextBar line="mb-2 h-5" bar="h-3 w-20" />
          <div className="border-l-2 border-slate-200 pl-4">
            <TextBar line="h-5" bar="h-3 w-40" />
            <TextBar line="h-5" bar="h-3 w-32" />
          </div>
        </div>
      </div>
    </div>
  );
}
