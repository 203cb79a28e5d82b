import { ProductNotFound } from "@/components/catalog/retired-product";

// A retired product's page (page.tsx calls notFound()): rendered inside the product layout, which
// hands down the product's category for the way back.
export default function NotFound() {
  return <ProductNotFound />;
}
