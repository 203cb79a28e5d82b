import { formatDateTime } from "@/lib/dates";
import { formatRupeeAmount, formatRupees } from "@/lib/money";
import { orderNumber } from "@/lib/order-number";
import type { PublicOrder } from "@/lib/server/orders/types";
import { ProductThumb } from "../product-thumb";
import { DeliveryAddress } from "./delivery-address";

// One order as the shopper sees it (My Orders and the success page): date and number, the
// lines (image, name, quantity, price), payment method and status, shipping and total, and the
// delivery address when the order has one. No hooks, so it renders on the server (success page)
// and in the client list alike.


const METHOD_NAMES: Record<string, string> = { card: "Card", upi: "UPI", netbanking: "Net banking" };
const STATUS_NAMES: Record<string, string> = { paid: "Paid", unpaid: "Awaiting payment", no_payment_required: "No payment required" };

export const paymentMethodLabel = (types: string[]) => types.map((type) => METHOD_NAMES[type] ?? type).join(", ") || "—";
export const paymentStatusLabel = (status: string) => STATUS_NAMES[status] ?? status;

export function OrderCard({ order, headingLevel = 2 }: { order: PublicOrder; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const shipping = order.shipping_options.reduce((sum, option) => sum + option.shipping_amount, 0);
  const headingId = `order-${order._id}`;
  return (
    <article aria-labelledby={headingId} className={CARD} data-testid="order">
      <header className={`${HEADER} items-baseline`}>
        <Heading id={headingId} className="font-semibold">
          Order {orderNumber(order._id)}
        </Heading>
        <p className="text-sm text-slate-600">
          <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time>
        </p>
      </header>
      <ul className={ITEMS} aria-label="Items">
        {order.productDetails.map((item, index) => (
          <li key={`${item.productId ?? "gone"}-${index}`} className={ITEM} data-testid="order-item">
            <ProductThumb src={item.image[0]} />
            <div className="min-w-0 flex-1">
              {/* Whole, however long: a name may wrap to more lines (and a long word breaks). */}
              <p className="font-medium [overflow-wrap:anywhere]">{item.name}</p>
              <p className="text-sm text-slate-600">
                Quantity: <span data-testid="order-item-quantity">{item.quantity}</span> · {formatRupeeAmount(item.price)} each
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
          <dd>{paymentStatusLabel(order.paymentDetails.payment_status)}</dd>
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
      </dl>
      {order.delivery && (
        <div className={DELIVERY}>
          <DeliveryAddress delivery={order.delivery} headingId={`${headingId}-delivery`} headingLevel={headingLevel === 2 ? 3 : 4} />
        </div>
      )}
    </article>
  );
}

// The card's frame and parts, shared with its skeleton so that both are one size.
const CARD = "rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5";
const HEADER = "flex flex-wrap justify-between gap-2 border-b border-slate-200 pb-3";
const ITEMS = "divide-y divide-slate-100";
const ITEM = "flex items-center gap-3 py-3";
const FIGURES = "grid gap-1 border-t border-slate-200 pt-3 text-sm sm:grid-cols-2 sm:gap-x-8";
const DELIVERY = "mt-3 border-t border-slate-200 pt-3";

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
      <div className={`${HEADER} items-center`}>
        <TextBar line="h-6" bar="h-4 w-40" />
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
      <div className={DELIVERY}>
        <TextBar line="h-5" bar="h-3 w-32" />
        <TextBar line="h-[1.625rem]" bar="h-3 w-40" />
        <TextBar line="h-[1.625rem]" bar="h-3 w-56" />
        <TextBar line="h-[1.625rem]" bar="h-3 w-48" />
      </div>
    </div>
  );
}
