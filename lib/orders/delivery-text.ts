import { deliveryLines, type DeliveryDetails } from "@/lib/shared/india";

// A delivery address as the store prints it, on its pages and in the order confirmation mail.

/** "+919876543210" as "+91 98765 43210"; any other number as it was given. */
export function displayPhone(phone: string): string {
  const match = /^\+91(\d{5})(\d{5})$/.exec(phone);
  return match ? `+91 ${match[1]} ${match[2]}` : phone;
}

/** deliveryLines() (name, street lines, "City, State PIN"), then "Phone: …" when there is one. */
export function deliveryAddressLines(delivery: DeliveryDetails): string[] {
  return [...deliveryLines(delivery), ...(delivery.phone ? [`Phone: ${displayPhone(delivery.phone)}`] : [])];
}
