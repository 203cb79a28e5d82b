"use client";

import { toast } from "@/components/ui/toast";
import { postJson } from "@/lib/api-client";
import { deliveryDetailsOf, type PublicAddress } from "@/lib/delivery/address";
import { deliveryAddressLines } from "@/lib/orders/delivery-text";
import type { AddressValues } from "./address-form";

// The pieces of the address book that the checkout shares, apart from the book itself (its list,
// SWR and dialogs stay out of the checkout's script).

export const ADDRESSES_KEY = "/api/addresses";
const KEY = ADDRESSES_KEY;
type Saved = PublicAddress & { warnings: string[] };

/** The saved address's lines as every screen prints them (name, street, town, PIN, phone). */
export function AddressLines({ address }: { address: PublicAddress }) {
  const [name, ...rest] = deliveryAddressLines(deliveryDetailsOf(address));
  return (
    <>
      <span className="block font-medium text-slate-900">{name}</span>
      {rest.map((line) => (
        <span key={line} className="block">
          {line}
        </span>
      ))}
    </>
  );
}

/** Saves an address to the book (new, or an edit), with the directory's warning as a toast. */
export async function saveAddress(values: AddressValues, editing: string | null): Promise<Saved> {
  const answer = editing ? await postJson<Saved>(`${KEY}/${editing}`, values, "PUT") : await postJson<Saved>(KEY, values);
  for (const warning of answer.data.warnings) toast.warning(warning);
  return answer.data;
}
