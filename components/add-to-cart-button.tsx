"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { toast } from "sonner";
import { mutate } from "swr";
import { ApiError, postJson } from "@/lib/api-client";
import { useCart } from "./use-shop-lists";

type Props = {
  productId: string;
  productName: string;
  /** 'Buy Now' adds to the cart and then opens it. */
  thenOpenCart?: boolean;
  className?: string;
  label: string;
};

/** SPEC 8: 401/403 → /signin with 'Please log in first.'; otherwise the server's message. */
export function AddToCartButton({ productId, productName, thenOpenCart = false, className = "", label }: Props) {
  const router = useRouter();
  const { key } = useCart();
  const [pending, setPending] = useState(false);

  async function add() {
    setPending(true);
    try {
      const answer = await postJson("/api/add-to-cart", { productId });
      toast.success(answer.message);
      if (key) await mutate(key);
      if (thenOpenCart) router.push("/user-panel/cart");
    } catch (error) {
      if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
        toast.error("Please log in first.");
        router.push("/signin");
      } else {
        toast.error(error instanceof ApiError ? error.message : "An unexpected error occurred");
      }
    } finally {
      setPending(false);
    }
  }

  return (
    <button type="button" onClick={add} disabled={pending} aria-label={`${label}: ${productName}`} className={className}>
      {label}
    </button>
  );
}
