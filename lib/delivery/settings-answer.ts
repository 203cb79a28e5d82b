import { paiseToRupees } from "@/lib/shared/money";
import { cutoffText } from "./schemas";
import type { DeliverySettings } from "./settings";

/** The settings as the API and the Settings form carry them: rupees, and the cut-off as "HH:MM" (deliverySettingsSchema reads it back). */
export function toDeliverySettingsAnswer(settings: DeliverySettings) {
  const { cutoffMinutes, shippingFee, freeShippingAbove, codMaxOrder, codFee, ...rest } = settings;
  return {
    ...rest,
    cutoff: cutoffText(cutoffMinutes),
    shippingFee: paiseToRupees(shippingFee),
    freeShippingAbove: freeShippingAbove === null ? null : paiseToRupees(freeShippingAbove),
    codMaxOrder: paiseToRupees(codMaxOrder),
    codFee: paiseToRupees(codFee),
  };
}
export type DeliverySettingsAnswer = ReturnType<typeof toDeliverySettingsAnswer>;
