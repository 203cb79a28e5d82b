// Refunds: POST /v1/refunds (`payment_intent` or `charge`, `amount`, `reason`, `metadata[…]`;
// checked as Stripe checks it), GET /v1/refunds (a list, newest first, paged), GET and POST
// /v1/refunds/{id} (retrieve with expand[]; update the metadata), and for tests the Dashboard's
// refund button and a refund that fails later.
import { randomBytes } from "node:crypto";
import type { EmulatorRequest, EmulatorResponse } from "../http";
import { coded, expansions, inspectionBody, invalid, json, missing, parseStripeForm, readMetadata, rupees, str, token, unrecognized, wholeNumber } from "./protocol";
import { REFUND_FAILURE_REASONS, REFUND_REASONS, type Dict, type EmulatedCharge, type EmulatedRefund, type RequestInfo, type StripeState } from "./types";

/** The parameters POST /v1/refunds takes (the ones for other payment methods are accepted and ignored). */
const REFUND_PARAMS = new Set(["amount", "charge", "payment_intent", "reason", "metadata", "expand", "currency", "customer", "instructions_email", "origin", "refund_application_fee", "reverse_transfer"]);

/** The refunds of one emulator: its API, the charge's expanded refunds, and the inspection routes. */
export function refundsOf(state: StripeState): {
  api: (request: EmulatorRequest) => EmulatorResponse | undefined;
  chargeWith: (charge: EmulatedCharge, expand: string[]) => unknown;
  inspect: (request: EmulatorRequest) => EmulatorResponse | undefined;
} {
  const { paymentIntents, charges, refunds, emit, idempotent } = state;

  const refundList = (filter: (refund: EmulatedRefund) => boolean, url: string) => {
    const data = [...refunds.values()].filter(filter).reverse();
    return { object: "list" as const, data, has_more: false, url };
  };
  const chargeWith = (charge: EmulatedCharge, expand: string[]) =>
    expand.includes("refunds") ? { ...charge, refunds: refundList((refund) => refund.charge === charge.id, `/v1/charges/${charge.id}/refunds`) } : charge;

  /**
   * POST /v1/refunds: checked as Stripe checks it (the parameters first, then what they name, then
   * what is left on the charge); a refund on a card succeeds at once, and charge.refunded and
   * refund.created are sent.
   */
  function createRefund(form: Dict, request: RequestInfo): EmulatorResponse {
    for (const key of Object.keys(form)) {
      if (!REFUND_PARAMS.has(key)) return coded(400, "parameter_unknown", `Received unknown parameter: ${key}`, key);
    }
    let amount: number | undefined;
    if (form.amount !== undefined) {
      const text = str(form.amount) ?? "";
      if (!/^\d+$/.test(text) || Number(text) < 1) return coded(400, "parameter_invalid_integer", "Invalid positive integer", "amount");
      amount = Number(text);
    }
    let reason: EmulatedRefund["reason"] = null;
    if (form.reason !== undefined && form.reason !== "") {
      const given = str(form.reason);
      reason = REFUND_REASONS.find((known) => known === given) ?? null;
      if (!reason) return invalid(`Invalid reason: must be one of ${REFUND_REASONS.slice(0, -1).join(", ")}, or ${REFUND_REASONS.at(-1)}`, "reason");
    }
    const read = readMetadata(form.metadata);
    if ("error" in read) return read.error;
    const intentId = str(form.payment_intent) || undefined;
    const chargeId = str(form.charge) || undefined;
    if (!intentId && !chargeId) return coded(400, "parameter_missing", "One of the following params should be provided for this request: payment_intent or charge.");
    const intent = intentId === undefined ? undefined : paymentIntents.get(intentId);
    if (intentId !== undefined && !intent) return missing("payment_intent", intentId, "payment_intent");
    const charge = charges.get(chargeId ?? intent!.latest_charge);
    if (!charge) return missing("charge", chargeId!, "charge");
    if (intent && charge.payment_intent !== intent.id) return invalid(`The charge ${charge.id} does not belong to the payment_intent ${intent.id}.`, "charge");

    const left = charge.amount - charge.amount_refunded;
    if (left <= 0) return coded(400, "charge_already_refunded", `Charge ${charge.id} has already been refunded.`);
    if (amount !== undefined && amount > left) {
      return coded(400, "amount_too_large", `Refund amount (${rupees(amount, charge.currency)}) is greater than unrefunded amount on charge (${rupees(left, charge.currency)})`, "amount");
    }
    const refund: EmulatedRefund = {
      id: `re_${token(24)}`,
      object: "refund",
      amount: amount ?? left,
      balance_transaction: `txn_${token(24)}`,
      charge: charge.id,
      created: Math.floor(Date.now() / 1000),
      currency: charge.currency,
      destination_details: { card: { reference: String(randomBytes(6).readUIntBE(0, 6)).padStart(15, "0").slice(-15), reference_status: "available", reference_type: "acquirer_reference_number", type: "refund" }, type: "card" },
      metadata: read.metadata,
      payment_intent: charge.payment_intent,
      payment_method: charge.payment_method,
      reason,
      receipt_number: null,
      source_transfer_reversal: null,
      status: "succeeded",
      transfer_reversal: null,
    };
    refunds.set(refund.id, refund);
    const previous: Record<string, unknown> = { amount_refunded: charge.amount_refunded };
    charge.amount_refunded += refund.amount;
    if (charge.amount_refunded >= charge.amount) {
      previous.refunded = charge.refunded;
      charge.refunded = true;
    }
    emit("charge.refunded", charge, { previous, request });
    emit("refund.created", refund, { request });
    return json(200, refund, request.id ? { "request-id": request.id } : {});
  }

  /** GET /v1/refunds: the newest first, filtered by payment_intent or charge, paged as Stripe pages. */
  function listRefunds(query: Dict): EmulatorResponse {
    const intentId = str(query.payment_intent);
    const chargeId = str(query.charge);
    if (intentId && !paymentIntents.has(intentId)) return missing("payment_intent", intentId, "payment_intent");
    if (chargeId && !charges.has(chargeId)) return missing("charge", chargeId, "charge");
    let limit = 10;
    if (query.limit !== undefined) {
      const given = wholeNumber(query.limit);
      if (given === undefined) return invalid(`Invalid integer: ${str(query.limit) ?? ""}`, "limit");
      if (given < 1) return invalid("This value must be greater than or equal to 1.", "limit");
      if (given > 100) return invalid("This value must be less than or equal to 100.", "limit");
      limit = given;
    }
    const all = refundList((refund) => (!intentId || refund.payment_intent === intentId) && (!chargeId || refund.charge === chargeId), "/v1/refunds").data;
    const after = str(query.starting_after);
    const before = str(query.ending_before);
    let from = 0;
    let to = all.length;
    for (const [param, id] of [["starting_after", after], ["ending_before", before]] as const) {
      if (!id) continue;
      const at = all.findIndex((refund) => refund.id === id);
      if (at < 0) return missing("refund", id, param);
      if (param === "starting_after") from = at + 1;
      else to = at;
    }
    const page = before && !after ? all.slice(Math.max(from, to - limit), to) : all.slice(from, Math.min(to, from + limit));
    const hasMore = before && !after ? to - limit > from : from + limit < to;
    return json(200, { object: "list", data: page, has_more: hasMore, url: "/v1/refunds" });
  }

  /** A refund that fails after it succeeded (as a card refund can, days later): its amount goes back on the charge. */
  function failRefund(refund: EmulatedRefund, reason: NonNullable<EmulatedRefund["failure_reason"]>): void {
    const charge = charges.get(refund.charge)!;
    refund.status = "failed";
    refund.failure_reason = reason;
    refund.failure_balance_transaction = `txn_${token(24)}`;
    charge.amount_refunded -= refund.amount;
    charge.refunded = false;
    emit("refund.updated", refund, { previous: { status: "succeeded" } });
    emit("refund.failed", refund, { previous: { status: "succeeded" } });
  }

  const api = (request: EmulatorRequest): EmulatorResponse | undefined => {
    const query = parseStripeForm(request.query.toString());
    if (request.path === "/v1/refunds") {
      if (request.method === "POST") return idempotent(request, (body, key) => createRefund(parseStripeForm(body), { id: `req_${token(14)}`, idempotency_key: key }));
      if (request.method === "GET") return listRefunds(query);
      return unrecognized(request);
    }
    const rawId = /^\/v1\/refunds\/([^/]+)$/.exec(request.path)?.[1];
    if (!rawId) return undefined;
    const id = decodeURIComponent(rawId);
    if (request.method !== "GET" && request.method !== "POST") return unrecognized(request);
    const refund = refunds.get(id);
    if (!refund) return missing("refund", id, "refund");
    if (request.method === "GET") {
      const expand = expansions(query, ["charge", "payment_intent"]);
      if (!Array.isArray(expand)) return expand;
      return json(200, {
        ...refund,
        ...(expand.includes("charge") ? { charge: charges.get(refund.charge) } : {}),
        ...(expand.includes("payment_intent") ? { payment_intent: paymentIntents.get(refund.payment_intent) } : {}),
      });
    }
    // An update: Stripe takes only metadata (and sends refund.updated when it changes).
    return idempotent(request, (body, key) => {
      const form = parseStripeForm(body);
      const unknown = Object.keys(form).find((param) => param !== "metadata" && param !== "expand");
      if (unknown) return coded(400, "parameter_unknown", `Received unknown parameter: ${unknown}`, unknown);
      const read = readMetadata(form.metadata, refund.metadata);
      if ("error" in read) return read.error;
      if (JSON.stringify(read.metadata) !== JSON.stringify(refund.metadata)) {
        const previous = { metadata: refund.metadata };
        refund.metadata = read.metadata;
        emit("refund.updated", refund, { previous, request: { id: `req_${token(14)}`, idempotency_key: key } });
      }
      return json(200, refund);
    });
  };

  const inspect = (request: EmulatorRequest): EmulatorResponse | undefined => {
    if (request.method === "GET" && request.path === "/stripe/refunds") return json(200, [...refunds.values()]);
    if (request.method === "POST" && request.path === "/stripe/dashboard-refund") {
      const body = inspectionBody(request);
      if (!body) return invalid("The body must be a JSON object or a form: { payment_intent, amount? }.");
      // As the Dashboard's Refund button makes one: no Idempotency-Key, no metadata.
      const form: Dict = {};
      for (const param of ["payment_intent", "charge", "amount", "reason"]) if (body[param] !== undefined) form[param] = body[param]!;
      return createRefund(form, { id: `req_${token(14)}`, idempotency_key: null });
    }
    const failing = request.method === "POST" ? /^\/stripe\/refunds\/([^/]+)\/fail$/.exec(request.path)?.[1] : undefined;
    if (failing) {
      const refund = refunds.get(decodeURIComponent(failing));
      if (!refund) return missing("refund", decodeURIComponent(failing), "refund");
      const given = str(inspectionBody(request)?.failure_reason) || "lost_or_stolen_card";
      const reason = REFUND_FAILURE_REASONS.find((known) => known === given);
      if (!reason) return invalid(`Invalid failure_reason: must be one of ${REFUND_FAILURE_REASONS.join(", ")}`, "failure_reason");
      if (refund.status !== "succeeded") return invalid(`Refund ${refund.id} has status ${refund.status}; only a succeeded refund can fail.`);
      failRefund(refund, reason);
      return json(200, refund);
    }
    return undefined;
  };

  return { api, chargeWith, inspect };
}
