"use client";

import { useRouter } from "next/navigation";
import { toast } from "@/components/toast";
import { mutate } from "swr";
import { postJson } from "@/lib/api-client";
import { useApiAction } from "./use-api-action";
import { useShopLists } from "./use-shop-lists";

type Props = {
  productId: string;
  productName: string;
  /** 'Buy Now' adds to the cart and then opens it. */
  thenOpenCart?: boolean;
  look: keyof typeof LOOKS;
  label: string;
};

const LOOKS = {
  card: "card-cart",
  primary: "min-w-32 rounded-full bg-brand-600 px-6 py-2.5 font-semibold text-white hover:bg-brand-700 disabled:opacity-60",
  outline: "min-w-32 rounded-full border-2 border-brand-600 px-6 py-2.5 font-semibold text-brand-700 hover:bg-brand-50 disabled:opacity-60",
};

/** docs/PRODUCT.md §8.1: 401/403 → /signin with 'Please log in first.'; otherwise the server's message. */
export function AddToCartButton({ productId, productName, thenOpenCart = false, look, label }: Props) {
  const router = useRouter();
  const { cartKey: key } = useShopLists();
  const { pending, run } = useApiAction({ signInOnAuthError: true });

  const add = () =>
    run(async () => {
      const answer = await postJson("/api/add-to-cart", { productId });
      toast.success(answer.message);
      if (key) await mutate(key);
      if (thenOpenCart) router.push("/user-panel/cart");
    });

  return (
    <button type="button" onClick={add} disabled={pending} aria-label={`${label}: ${productName}`} className={LOOKS[look]}>
      {label}
    </button>
  );
}
