import type { DeliveryDetails } from "@/lib/shared/india";

// An address of the address book as the API answers it (client-safe), and as an order keeps it.
// No zod here: the product page's delivery check, the cart and the checkout import this module, and
// zod (with every schema of lib/schemas.ts) would ride along into their scripts.

export const ADDRESS_BOOK_MAX = 10;
export const PIN_MESSAGE = "Enter a 6-digit PIN code (the first digit not 0)";
export const PHONE_MESSAGE = "Enter a 10-digit Indian mobile number (starting with 6, 7, 8 or 9)";
export const STATE_MESSAGE = "Choose a state or union territory from the list";

export type PublicAddress = {
  _id: string;
  name: string;
  phone: string;
  line1: string;
  area: string;
  landmark: string | null;
  city: string;
  district: string;
  /** ISO 3166-2:IN code, and its name. */
  state: string;
  stateName: string;
  postalCode: string;
  isDefault: boolean;
  createdAt: string;
};

/** An address as an order keeps it (the delivery details every screen prints). */
export function deliveryDetailsOf(address: Pick<PublicAddress, "name" | "phone" | "line1" | "area" | "landmark" | "city" | "district" | "state" | "postalCode">): DeliveryDetails {
  return {
    name: address.name,
    phone: address.phone,
    line1: address.line1,
    line2: [address.area, address.landmark].filter(Boolean).join(", ") || null,
    city: address.city,
    district: address.district,
    state: address.state,
    postalCode: address.postalCode,
    country: "IN",
  };
}

