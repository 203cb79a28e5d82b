import { displayPhone } from "@/lib/orders/delivery-text";
import { deliveryLines, type DeliveryDetails } from "@/lib/shared/india";

/**
 * Where an order goes, as Checkout collected it: the name, street lines, "City, State PIN" and
 * the phone. No hooks: it renders on the server (success page) and in the client lists alike.
 */
export function DeliveryAddress({ delivery, headingId, headingLevel = 3 }: { delivery: DeliveryDetails; headingId: string; headingLevel?: 3 | 4 }) {
  const Heading = headingLevel === 3 ? "h3" : "h4";
  return (
    <section aria-labelledby={headingId} className="space-y-1 text-sm" data-testid="delivery-address">
      <Heading id={headingId} className="font-semibold">
        Delivery address
      </Heading>
      <address className="not-italic leading-relaxed text-slate-700 [overflow-wrap:anywhere]">
        {deliveryLines(delivery).map((line, index) => (
          <span key={index} className="block">
            {line}
          </span>
        ))}
        {delivery.phone && (
          <span className="block">
            Phone: <a href={`tel:${delivery.phone}`} className="text-brand-700 underline">{displayPhone(delivery.phone)}</a>
          </span>
        )}
      </address>
    </section>
  );
}
