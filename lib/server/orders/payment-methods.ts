import "server-only";
import type { User } from "@/lib/generated/prisma/client";
import type { PaymentMethodName } from "@/lib/orders/place-order";
import { cardPaymentsEnabled } from "../providers/stripe";
import { beginCheckout, type CheckoutChoice } from "./checkout";
import { placeCodOrder } from "./cash-on-delivery";
import type { CheckoutLine, PublicOrder } from "./types";

// The ways to pay, behind one small interface, so that another gateway could be added beside
// them: each says whether the store can take it now, and starts paying for the lines the checkout
// page priced, delivered as the shopper chose. Card goes to Stripe's hosted page (the order is
// recorded when Stripe says it is paid: fulfilment in orders.ts); cash on delivery records the
// order at once (cash-on-delivery.ts). Another gateway would add an entry here, a fulfilment for
// its own confirmation (its webhook, like Stripe's), and its refunds beside refunds.ts.

export type PaymentStart = { lines: CheckoutLine[]; buyNow: boolean; choice: CheckoutChoice; clientOrigin: string | null; now: Date };

/** Where the shopper goes next: the provider's page, or the order already placed. */
export type PaymentStarted = { kind: "redirect"; checkoutId: string; sessionId: string; url: string } | { kind: "placed"; order: PublicOrder };

export interface PaymentMethod {
  id: PaymentMethodName;
  /** Whether the store can take it at all now (card: Stripe's keys, or the emulator of development). */
  enabled(): boolean;
  start(user: User, payment: PaymentStart): Promise<PaymentStarted>;
}

export const PAYMENT_METHODS: Record<PaymentMethodName, PaymentMethod> = {
  card: {
    id: "card",
    enabled: cardPaymentsEnabled,
    async start(user, { lines, buyNow, choice, clientOrigin, now }) {
      return { kind: "redirect", ...(await beginCheckout(user, lines, clientOrigin, now, buyNow, choice)) };
    },
  },
  cod: {
    id: "cod",
    // The owner's switch and the zone's permission are the delivery settings' (checked with the quote).
    enabled: () => true,
    async start(user, { lines, buyNow, choice, now }) {
      return { kind: "placed", order: await placeCodOrder(user, lines, buyNow, choice, now) };
    },
  },
};
