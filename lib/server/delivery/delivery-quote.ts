import "server-only";
import { quoteDelivery, type DeliveryQuote } from "@/lib/delivery/quote";
import { badRequest } from "../platform/http";
import { PIN_MESSAGE } from "@/lib/delivery/schemas";
import { PIN_CODE } from "@/lib/shared/india";
import { readDeliverySettings } from "./delivery-settings";
import { lookupPin } from "./pin-directory";

/**
 * GET /api/delivery-estimate: what the shop says about delivering goods worth `goods` paise to
 * `pin` at `now` (never cached: the dates move with the clock and the cut-off).
 */
export async function estimateDelivery(pin: string, goods: number, now = new Date()): Promise<DeliveryQuote> {
  if (!PIN_CODE.test(pin)) throw badRequest(PIN_MESSAGE);
  const { settings } = await readDeliverySettings();
  return quoteDelivery(pin, lookupPin(pin), goods, settings, now);
}
