import { formatDateTime } from "@/lib/dates";
import { formatRupeeAmount, formatRupees } from "@/lib/money";
import { orderNumber } from "@/lib/order-number";
import type { PublicOrder } from "@/lib/server/orders";
import { ProductThumb } from "../product-thumb";

// One order as the shopper sees it (My Orders and the success page): date and number, the
// lines (image, name, quantity, price), payment method and status, shipping and total. No
// hooks, so it renders on the server (success page) and in the client list alike.


const METHOD_NAMES: Record<string, string> = { card: "Card", upi: "UPI", netbanking: "Net banking" };
const STATUS_NAMES: Record<string, string> = { paid: "Paid", unpaid: "Awaiting payment", no_payment_required: "No payment required" };

export const paymentMethodLabel = (types: string[]) => types.map((type) => METHOD_NAMES[type] ?? type).join(", ") || "—";
export const paymentStatusLabel = (status: string) => STATUS_NAMES[status] ?? status;

export function OrderCard({ order, headingLevel = 2 }: { order: PublicOrder; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const shipping = order.shipping_options.reduce((sum, option) => sum + option.shipping_amount, 0);
  const headingId = `order-${order._id}`;
  return (
    <article aria-labelledby={headingId} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5" data-testid="order">
      <header className="flex flex-wrap items-baseline justify-between gap-2 border-b border-slate-200 pb-3">
        <Heading id={headingId} className="font-semibold">
          Order {orderNumber(order._id)}
        </Heading>
        <p className="text-sm text-slate-600">
          <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time>
        </p>
      </header>
      <ul className="divide-y divide-slate-100" aria-label="Items">
        {order.productDetails.map((item, index) => (
          <li key={`${item.productId ?? "gone"}-${index}`} className="flex items-center gap-3 py-3" data-testid="order-item">
            <ProductThumb src={item.image[0]} />
            <div className="min-w-0 flex-1">
              <p className="line-clamp-2 font-medium">{item.name}</p>
              <p className="text-sm text-slate-600">
                Quantity: <span data-testid="order-item-quantity">{item.quantity}</span> · {formatRupeeAmount(item.price)} each
              </p>
            </div>
            <p className="shrink-0 font-semibold">{formatRupeeAmount(item.price * item.quantity)}</p>
          </li>
        ))}
      </ul>
      <dl className="grid gap-1 border-t border-slate-200 pt-3 text-sm sm:grid-cols-2 sm:gap-x-8">
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
    </article>
  );
}

export function OrderCardSkeleton() {
  return (
    <div className="space-y-3 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200" aria-hidden="true">
      <div className="flex justify-between">
        <div className="h-5 w-40 animate-pulse rounded bg-slate-200" />
        <div className="h-4 w-32 animate-pulse rounded bg-slate-200" />
      </div>
      {[0, 1].map((index) => (
        <div key={index} className="flex items-center gap-3">
          <div className="h-16 w-16 animate-pulse rounded-lg bg-slate-200" />
          <div className="flex-1 space-y-2">
            <div className="h-4 w-3/4 animate-pulse rounded bg-slate-200" />
            <div className="h-3 w-1/3 animate-pulse rounded bg-slate-200" />
          </div>
        </div>
      ))}
      <div className="h-10 animate-pulse rounded bg-slate-200" />
    </div>
  );
}
