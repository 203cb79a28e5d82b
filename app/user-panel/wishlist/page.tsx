import type { Metadata } from "next";
import { WishlistView } from "@/components/wishlist/wishlist-view";

export const metadata: Metadata = { title: "My wishlist", robots: { index: false } };

export default function WishlistPage() {
  return <WishlistView />;
}
