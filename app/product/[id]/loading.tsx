import { ProductGallerySkeleton } from "@/components/product-gallery";
import { ProductRowSkeleton } from "@/components/product-row";

export default function ProductLoading() {
  return (
    <div className="mx-auto max-w-7xl space-y-10 px-4 py-6">
      <div className="grid gap-8 lg:grid-cols-2">
        <ProductGallerySkeleton />
        <div className="space-y-4" aria-hidden="true">
          <div className="h-6 w-24 animate-pulse rounded-full bg-slate-200" />
          <div className="h-9 w-3/4 animate-pulse rounded bg-slate-200" />
          <div className="h-5 w-32 animate-pulse rounded bg-slate-200" />
          <div className="h-8 w-48 animate-pulse rounded bg-slate-200" />
          <div className="flex gap-3">
            <div className="h-11 w-32 animate-pulse rounded-full bg-slate-200" />
            <div className="h-11 w-32 animate-pulse rounded-full bg-slate-200" />
          </div>
          <div className="h-24 animate-pulse rounded bg-slate-200" />
        </div>
      </div>
      <ProductRowSkeleton id="related-products" heading="Related Products" />
    </div>
  );
}
