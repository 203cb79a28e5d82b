"use client";

import { toast } from "@/components/ui/toast";
import { useRouter } from "next/navigation";
import { mutate } from "swr";
import { postJson } from "@/lib/api-client";
import { useApiAction } from "../ui/use-api-action";
import { useShopLists } from "./use-shop-lists";

type Props = {
  productId: string;
  productName: string;
  look: keyof typeof BUTTON_LOOKS;
  label: string;
  /** Out of stock or no longer sold: the button shows, disabled. */
  unavailable?: boolean;
  /** The id of the text that says why (aria-describedby). */
  describedBy?: string;
};

export const BUTTON_LOOKS = {
  card: "card-cart",
  primary: "min-w-32 rounded-full bg-brand-600 px-6 py-2.5 font-semibold text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-60 disabled:hover:bg-brand-600",
  outline: "min-w-32 rounded-full border-2 border-brand-600 px-6 py-2.5 font-semibold text-brand-700 hover:bg-brand-50 disabled:cursor-not-allowed disabled:opacity-60 disabled:hover:bg-transparent",
};

/** docs/PRODUCT.md §8.1: 401/403 → /signin with 'Please log in first.'; otherwise the server's message. */
export function AddToCartButton({ productId, productName, look, label, unavailable = false, describedBy }: Props) {
  const { cartKey: key } = useShopLists();
  const router = useRouter();
  // A 409 (sold out or retired since the page loaded): the page reloads its stock and buttons.
  const { pending, run } = useApiAction({ signInOnAuthError: true, onConflict: () => router.refresh() });

  const add = () =>
    run(async () => {
      const answer = await postJson("/api/add-to-cart", { productId });
      toast.success(answer.message);
      if (key) await mutate(key);
    });

  return (
    <button
      type="button"
      onClick={add}
      disabled={pending || unavailable}
      aria-label={`${label}: ${productName}`}
      aria-describedby={describedBy}
      className={BUTTON_LOOKS[look]}
    >
      {label}
    </button>
  );
}
