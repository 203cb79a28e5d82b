import { formatRupees } from "@/lib/shared/money";
import { dayRange, dispatchDay, addWorkingDays } from "./calendar";
import { ZONE_LABELS, type DeliverySettings, type DeliveryZone } from "./settings";

// What the shop says about delivery to one PIN code (client-safe, pure): whether it delivers
// there, in which zone, the range of arrival days from the clock, the fee, and whether cash on
// delivery is offered. The product page's "Check delivery", the cart and the checkout all read it.

/** What the PIN-code data knows of a PIN (lib/server/delivery/pin-directory.ts). */
export type PinPlace = { pin: string; district: string; state: string; town: string | null };

export type CodOffer = { available: boolean; reason: string | null; fee: number };

export type DeliveryQuote =
  | { pin: string; serviceable: false; place: PinPlace | null; message: string }
  | {
      pin: string;
      serviceable: true;
      place: PinPlace | null;
      zone: DeliveryZone;
      zoneLabel: string;
      /** YYYY-MM-DD, India time. */
      dispatchOn: string;
      earliest: string;
      latest: string;
      /** "Tue 1 Dec – Thu 3 Dec" */
      range: string;
      /** Paise, for an order whose goods come to the value quoted. */
      shippingFee: number;
      cod: CodOffer;
      /** "Delivery by Tue 1 Dec – Thu 3 Dec · Cash on delivery available" */
      message: string;
    };

export const notDeliveredMessage = (pin: string) => `We don't deliver to ${pin} yet`;
export const COD_SWITCHED_OFF_MESSAGE = "Cash on delivery is not available at the moment.";
export const codZoneMessage = (pin: string) => `Cash on delivery is not available for PIN ${pin}.`;
export const codCapMessage = (cap: number) => `Cash on delivery is available up to ${formatRupees(cap)}`;

const startsWithAny = (pin: string, prefixes: readonly string[]) => prefixes.some((prefix) => prefix !== "" && pin.startsWith(prefix));

/** The zone of a PIN, or null when the shop does not deliver there. */
export function zoneOf(pin: string, place: PinPlace | null, settings: DeliverySettings): DeliveryZone | null {
  if (startsWithAny(pin, settings.notServed)) return null;
  const { zones } = settings;
  if (startsWithAny(pin, zones.city.prefixes)) return "city";
  if (place && place.state === settings.dispatchState) return "state";
  if (startsWithAny(pin, zones.islands.prefixes)) return "islands";
  if (startsWithAny(pin, zones.northEast.prefixes)) return "northEast";
  if (startsWithAny(pin, zones.metro.prefixes)) return "metro";
  return "rest";
}

/** The delivery fee for goods worth `goods` paise. */
export function shippingFeeFor(goods: number, settings: Pick<DeliverySettings, "shippingFee" | "freeShippingAbove">): number {
  return settings.freeShippingAbove !== null && goods >= settings.freeShippingAbove ? 0 : settings.shippingFee;
}

/** Whether an order of `payable` paise (goods and delivery) to `pin` in `zone` may be paid in cash. */
export function codOffer(pin: string, zone: DeliveryZone, payable: number, settings: DeliverySettings): CodOffer {
  const fee = settings.codFee;
  if (!settings.codEnabled) return { available: false, reason: COD_SWITCHED_OFF_MESSAGE, fee };
  if (!settings.zones[zone].cod) return { available: false, reason: codZoneMessage(pin), fee };
  if (payable + fee > settings.codMaxOrder) return { available: false, reason: codCapMessage(settings.codMaxOrder), fee };
  return { available: true, reason: null, fee };
}

/** The quote for goods worth `goods` paise to `pin`, ordered at `now`. */
export function quoteDelivery(pin: string, place: PinPlace | null, goods: number, settings: DeliverySettings, now: Date): DeliveryQuote {
  const zone = zoneOf(pin, place, settings);
  if (!zone) return { pin, serviceable: false, place, message: notDeliveredMessage(pin) };
  const dispatchOn = dispatchDay(now, settings);
  const { transitMin, transitMax } = settings.zones[zone];
  const earliest = addWorkingDays(dispatchOn, transitMin, settings);
  const latest = addWorkingDays(dispatchOn, Math.max(transitMin, transitMax), settings);
  const range = dayRange(earliest, latest);
  const shippingFee = shippingFeeFor(goods, settings);
  const cod = codOffer(pin, zone, goods + shippingFee, settings);
  return {
    pin,
    serviceable: true,
    place,
    zone,
    zoneLabel: ZONE_LABELS[zone],
    dispatchOn,
    earliest,
    latest,
    range,
    shippingFee,
    cod,
    message: `Delivery by ${range} · ${cod.available ? "Cash on delivery available" : cod.reason!.replace(/\.$/, "")}`,
  };
}
