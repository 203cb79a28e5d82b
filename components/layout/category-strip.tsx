import { IntentLink } from "@/components/layout/intent-link";
import { categoryLabel } from "@/lib/catalog/categories";
import type { CategoryStripItem } from "@/lib/server/catalog/catalog";
import { ProductImage } from "../catalog/product-image";

/** docs/PRODUCT.md §2.2: a circular image and the category name, each linking to its category page. */
export function CategoryStrip({ items }: { items: CategoryStripItem[] }) {
  return (
    <nav aria-label="Shop by category">
      <ul className="no-scrollbar flex gap-4 overflow-x-auto py-2 lg:justify-between">
        {items.map((item) => (
          <li key={item.category} className="shrink-0">
            <IntentLink
              href={`/category-product?category=${item.category}`}
              className="group flex w-20 flex-col items-center gap-2 rounded-lg text-center sm:w-24"
            >
              <span className="grid h-16 w-16 place-items-center overflow-hidden rounded-full bg-white p-3 shadow-sm ring-1 ring-slate-200 transition group-hover:ring-brand-500 sm:h-20 sm:w-20">
                {item.productImage[0] && (
                  <ProductImage src={item.productImage[0]} alt="" size={64} className="h-full w-full object-contain mix-blend-multiply transition group-hover:scale-110" />
                )}
              </span>
              <span className="text-xs font-medium capitalize text-slate-800 sm:text-sm">{categoryLabel(item.category)}</span>
            </IntentLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
