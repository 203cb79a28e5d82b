import { formatRupeeAmount } from "@/lib/shared/money";
import { formatDate } from "@/lib/shared/dates";
import { deliveryAddressLines } from "@/lib/orders/delivery-text";
import { orderNumber } from "@/lib/orders/order-number";
import { refundableUnits } from "@/lib/orders/order-refunds";
import type { PublicOrder } from "@/lib/server/orders/types";

/** A cancelled or refunded order has nothing to pack: no slip, no button to print one. */
export const hasPackingSlip = (order: Pick<PublicOrder, "status">): boolean => order.status !== "CANCELLED" && order.status !== "REFUNDED" && order.status !== "RETURNED_TO_ORIGIN";

/**
 * The packing slip that goes in the parcel: only on paper (hidden on screen, shown by the print
 * stylesheet when the admin prints the order page). The store, the order's number and date, where
 * it goes, and what to pack: each line's units not refunded, without prices.
 */
export function PackingSlip({ order }: { order: PublicOrder }) {
  const lines = order.productDetails.filter((item) => refundableUnits(item) > 0);
  return (
    <section aria-label="Packing slip" className="hidden text-black print:block" data-testid="packing-slip">
      <div className="flex items-baseline justify-between gap-4 border-b-2 border-black pb-3">
        <p className="text-2xl font-bold">Volt Electronics</p>
        <p className="text-lg font-semibold">Packing slip</p>
      </div>
      <p className="mt-4 text-lg">
        Order <span className="font-semibold">{orderNumber(order._id)}</span> · <time dateTime={order.createdAt}>{formatDate(order.createdAt)}</time>
      </p>
      {order.payment_method === "cod" && order.paymentDetails.payment_status !== "paid" && (
        <p className="mt-4 border-2 border-black p-3 text-xl font-bold" data-testid="packing-slip-cod">
          Cash on delivery: collect {formatRupeeAmount(order.total_amount)} in cash
        </p>
      )}
      <div className="mt-4">
        <p className="text-sm font-semibold tracking-wide uppercase">Ship to</p>
        {order.delivery ? (
          <address className="text-base leading-relaxed not-italic">
            {deliveryAddressLines(order.delivery).map((line, index) => (
              <span key={index} className="block">
                {line}
              </span>
            ))}
          </address>
        ) : (
          <p>No delivery address on the order.</p>
        )}
      </div>
      <table className="mt-6 w-full border-collapse text-left">
        <thead>
          <tr className="border-b border-black">
            <th scope="col" className="py-2 pr-4">
              Item
            </th>
            <th scope="col" className="w-20 py-2 text-right">
              Quantity
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((item) => (
            <tr key={item._id} className="border-b border-slate-400" data-testid="packing-slip-line">
              <td className="py-2 pr-4">{item.name}</td>
              <td className="py-2 text-right font-semibold">{refundableUnits(item)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
