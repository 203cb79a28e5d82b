import type { Metadata } from "next";
import { CartView } from "@/components/cart/cart-view";

export const metadata: Metadata = { title: "My cart", robots: { index: false } };

export default function CartPage() {
  return <CartView />;
}
