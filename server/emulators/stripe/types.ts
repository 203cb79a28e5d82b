// The shapes of the Stripe emulator's objects, as Stripe's API gives them, and the state one
// emulator keeps (every resource's module reads and changes it).
import type { EmulatorRequest, EmulatorResponse } from "../http";

export type StripeEmulatorOptions = {
  /** Where events are delivered (the store's /api/webhook); none: events are kept, not sent. */
  webhookUrl?: string;
  /** The endpoint's signing secret (whsec_…), the one the store verifies with. */
  webhookSecret?: string;
  /** Delays between delivery attempts, in ms (Stripe retries for days; this stays bounded). */
  retryDelaysMs?: number[];
};

export type Dict = { [key: string]: FormValue };
export type FormValue = string | Dict | FormValue[];

export type LineItem = { id: string; name: string; images: string[]; unitAmount: number; quantity: number; currency: string };

/** An address as Stripe gives one (`state`: for India, the ISO 3166-2:IN code without "IN-"). */
export type EmulatedAddress = { city: string; country: string; line1: string; line2: string | null; postal_code: string; state: string | null };

export type EmulatedSession = {
  id: string;
  object: "checkout.session";
  amount_subtotal: number;
  amount_total: number;
  cancel_url: string | null;
  client_reference_id: string | null;
  created: number;
  currency: string;
  collected_information: {
    business_name: null;
    individual_name: null;
    shipping_details: { name: string; address: EmulatedAddress } | null;
  } | null;
  customer_details: {
    address: EmulatedAddress | null;
    business_name: null;
    email: string | null;
    individual_name: null;
    name: string | null;
    phone: string | null;
    tax_exempt: "none";
    tax_ids: [];
  } | null;
  customer_email: string | null;
  expires_at: number;
  livemode: false;
  metadata: Record<string, string>;
  mode: "payment";
  payment_intent: string | null;
  payment_method_types: string[];
  payment_status: "paid" | "unpaid";
  phone_number_collection: { enabled: boolean };
  shipping_address_collection: { allowed_countries: string[] } | null;
  shipping_cost: { amount_subtotal: number; amount_tax: number; amount_total: number; shipping_rate: string } | null;
  shipping_options: { shipping_amount: number; shipping_rate: string }[];
  status: "open" | "complete" | "expired";
  success_url: string;
  total_details: { amount_discount: number; amount_shipping: number; amount_tax: number };
  url: string | null;
};

/** One delivery attempt: when it started, the answer, and how long the store took (ms). */
export type Delivery = { at: string; status: number | null; ms?: number; error?: string };
export type EmulatedEvent = { id: string; type: string; created: number; payload: string; deliveries: Delivery[]; delivered: boolean };

/** A paid session's PaymentIntent, as Stripe gives one (API 2026-10-28.endive; `amount_received` stays after refunds). */
export type EmulatedPaymentIntent = {
  id: string;
  object: "payment_intent";
  amount: number;
  amount_capturable: 0;
  amount_received: number;
  capture_method: "automatic_async";
  client_secret: string;
  confirmation_method: "automatic";
  created: number;
  currency: string;
  customer: null;
  description: null;
  last_payment_error: null;
  latest_charge: string;
  livemode: false;
  metadata: Record<string, string>;
  payment_method: string;
  payment_method_types: string[];
  receipt_email: string | null;
  shipping: EmulatedShipping | null;
  status: "succeeded";
};

/** Its Charge (`refunds` is expandable, as it has been since API 2022-11-15: `expand[]=refunds`). */
export type EmulatedCharge = {
  id: string;
  object: "charge";
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  balance_transaction: string;
  billing_details: { address: EmulatedAddress | null; email: string | null; name: string | null; phone: string | null };
  captured: true;
  created: number;
  currency: string;
  customer: null;
  description: null;
  disputed: false;
  failure_code: null;
  failure_message: null;
  livemode: false;
  metadata: Record<string, string>;
  paid: true;
  payment_intent: string;
  payment_method: string;
  payment_method_details: { type: "card"; card: { brand: string; country: string; exp_month: number; exp_year: number; funding: "credit"; last4: string } };
  receipt_email: string | null;
  receipt_url: string;
  refunded: boolean;
  status: "succeeded";
};

export const REFUND_REASONS = ["duplicate", "fraudulent", "requested_by_customer"] as const;
/** Why a card refund fails later (Refund.failure_reason). */
export const REFUND_FAILURE_REASONS = ["lost_or_stolen_card", "expired_or_canceled_card", "charge_for_pending_refund_disputed", "insufficient_funds", "declined", "merchant_request", "unknown"] as const;

export type EmulatedRefund = {
  id: string;
  object: "refund";
  amount: number;
  balance_transaction: string;
  charge: string;
  created: number;
  currency: string;
  destination_details: { card: { reference: string; reference_status: "available"; reference_type: "acquirer_reference_number"; type: "refund" }; type: "card" };
  failure_balance_transaction?: string;
  failure_reason?: (typeof REFUND_FAILURE_REASONS)[number];
  metadata: Record<string, string>;
  payment_intent: string;
  payment_method: string;
  reason: (typeof REFUND_REASONS)[number] | null;
  receipt_number: null;
  source_transfer_reversal: null;
  status: "succeeded" | "failed";
  transfer_reversal: null;
};

/** What made an event: the API request (its id and Idempotency-Key), as an event's `request` says. */
export type RequestInfo = { id: string | null; idempotency_key: string | null };

/** A session as made, with its lines and the shipping rate's name (the hosted page shows both). */
/** `payment_intent_data[shipping]`: the address the merchant sends (its hosted page then asks none), kept on the PaymentIntent. */
export type EmulatedShipping = { name: string; phone: string | null; address: EmulatedAddress };

export type SessionEntry = { session: EmulatedSession; lines: LineItem[]; shippingName: string | null; paymentIntentShipping: EmulatedShipping | null };

/** What one emulator keeps, in memory, and the two things every resource does: send an event, honour an Idempotency-Key. */
export type StripeState = {
  sessions: Map<string, SessionEntry>;
  paymentIntents: Map<string, EmulatedPaymentIntent>;
  charges: Map<string, EmulatedCharge>;
  /** In the order made (lists give the newest first). */
  refunds: Map<string, EmulatedRefund>;
  events: EmulatedEvent[];
  /** Sends `object` as it is now (the payload is written at once); `previous`: the changed fields' old values. */
  emit: (type: string, object: { id: string; object: string }, extra?: { previous?: Record<string, unknown>; request?: RequestInfo }) => EmulatedEvent;
  /** Delivers an event again (from its last attempt: no retries follow a failure). */
  redeliver: (event: EmulatedEvent) => void;
  idempotent: (request: EmulatorRequest, run: (body: string, key: string | null) => EmulatorResponse) => EmulatorResponse;
};
