import { IntentLink } from "@/components/layout/intent-link";
import { AddToCartButton } from "@/components/cart/add-to-cart-button";
import { ListPrice } from "@/components/catalog/product-card";
import { ProductImage } from "@/components/catalog/product-image";
import { availabilityTextTone } from "@/components/catalog/stock-status";
import { productAvailability } from "@/lib/catalog/availability";
import { bestIndexes, compareSpecRows } from "@/lib/catalog/compare";
import type { SpecDefinition } from "@/lib/catalog/specs";
import { formatRupeeAmount } from "@/lib/shared/money";
import type { PublicProduct } from "@/lib/server/catalog/catalog";
import { OnlyDifferences } from "./only-differences";
import { RemoveFromComparison } from "./remove-from-comparison";

// The row labels' column stays in view while the table scrolls sideways (phones): sticky, with a
// background so the values pass under it.
const LABEL = "sticky left-0 z-[1] w-32 min-w-32 border-b border-r border-slate-200 bg-white p-3 text-left align-top text-sm font-medium text-slate-700 sm:w-48 sm:min-w-48";
const CELL = "min-w-44 border-b border-slate-200 p-3 align-top text-sm [overflow-wrap:anywhere]";
const BEST = "bg-green-50 font-semibold text-green-900";

/** A best value: a tick before it, and "(best)" after it for screen readers. */
function Best({ children }: { children: React.ReactNode }) {
  return (
    <>
      <svg viewBox="0 0 16 16" aria-hidden="true" className="mr-1 inline h-3.5 w-3.5 align-[-2px] text-green-700" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round">
        <path d="M3.5 8.5l3 3 6-7" />
      </svg>
      {children}
      <span className="sr-only"> (best)</span>
    </>
  );
}

/**
 * Products as columns, then their specifications by group (the comparable definitions only), each
 * row's best number marked (lib/catalog/compare.ts); rows where every product says the same carry
 * data-same for "Show only differences".
 */
export function CompareTable({ products, definitions, categoryName }: { products: PublicProduct[]; definitions: SpecDefinition[]; categoryName: string }) {
  const ids = products.map((product) => product._id);
  // Ids of this comparison's own: Next keeps the page of another set (before a Remove) in the document, hidden.
  const stockIds = `stock-${ids.map((id) => id.slice(0, 8)).join("")}`;
  const groups = compareSpecRows(definitions, products);
  const cheapest = bestIndexes(products.map((product) => product.sellingPrice), "lower");
  const columns = products.length + 1;
  return (
    <OnlyDifferences>
      {/* Focusable, so a keyboard can scroll it sideways; positioned, so that the cells' visually
          hidden words stay inside it rather than widening the page. */}
      <div role="region" aria-label={`${categoryName} compared`} tabIndex={0} className="relative overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-slate-200" data-testid="compare-scroller">
        <table className="w-full border-separate border-spacing-0 text-slate-900" data-testid="compare-table">
          <caption className="sr-only">{`${categoryName} compared: ${products.map((product) => product.productName).join(", ")}`}</caption>
          <thead>
            <tr>
              <td className={LABEL} />
              {products.map((product) => (
                // Equal columns, whatever the length of the names.
                <th key={product._id} scope="col" className={`${CELL} text-left font-normal`} style={{ width: `${Math.floor(100 / products.length)}%` }} data-testid="compare-column">
                  <div className="flex h-full flex-col gap-2">
                    <div className="grid aspect-square w-full max-w-36 place-items-center rounded-lg bg-slate-100 p-2">
                      {product.productImage[0] && <ProductImage src={product.productImage[0]} alt="" size={160} className="h-full w-full object-contain mix-blend-multiply" />}
                    </div>
                    <IntentLink href={`/product/${product._id}`} className="font-semibold text-slate-900 hover:text-brand-700 hover:underline">
                      {product.productName}
                    </IntentLink>
                    <span className="text-xs text-slate-600">{product.brandName}</span>
                    <span>
                      <RemoveFromComparison id={product._id} name={product.productName} ids={ids} />
                    </span>
                  </div>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            <tr data-testid="compare-row" data-key="price">
              <th scope="row" className={LABEL}>
                Price
              </th>
              {products.map((product, index) => (
                <td key={product._id} className={`${CELL} ${cheapest.includes(index) ? BEST : ""}`} data-best={cheapest.includes(index) || undefined}>
                  <span className="whitespace-nowrap">{cheapest.includes(index) ? <Best>{formatRupeeAmount(product.sellingPrice)}</Best> : formatRupeeAmount(product.sellingPrice)}</span>
                  <ListPrice product={product} className="ml-2 inline-block text-xs font-normal text-slate-600" />
                </td>
              ))}
            </tr>
            <tr data-testid="compare-row" data-key="availability">
              <th scope="row" className={LABEL}>
                Availability
              </th>
              {products.map((product) => {
                const availability = productAvailability(product);
                return (
                  <td key={product._id} id={`${stockIds}-${product._id}`} className={`${CELL} font-medium ${availabilityTextTone(availability.state)}`}>
                    {availability.label ?? "In stock"}
                  </td>
                );
              })}
            </tr>
            <tr>
              <th scope="row" className={LABEL}>
                <span className="sr-only">Buy</span>
              </th>
              {products.map((product) => {
                const availability = productAvailability(product);
                return (
                  <td key={product._id} className={CELL}>
                    <AddToCartButton
                      productId={product._id}
                      productName={product.productName}
                      label="Add to cart"
                      look="outline"
                      unavailable={!availability.buyable}
                      describedBy={availability.buyable ? undefined : `${stockIds}-${product._id}`}
                    />
                  </td>
                );
              })}
            </tr>
          </tbody>
          {groups.map((group) => (
            <tbody key={group.group} data-same={!group.differs || undefined}>
              <tr>
                <th scope="rowgroup" colSpan={columns} className="border-b border-slate-200 bg-slate-100 p-0 text-left text-sm font-semibold text-slate-900">
                  <span className="sticky left-0 inline-block px-3 py-2">{group.group}</span>
                </th>
              </tr>
              {group.rows.map((row) => (
                <tr key={row.key} data-testid="compare-row" data-key={row.key} data-same={!row.differs || undefined}>
                  <th scope="row" className={LABEL}>
                    {row.label}
                  </th>
                  {row.cells.map((cell, index) => (
                    <td key={ids[index]} className={`${CELL} ${cell.best ? BEST : ""}`} data-best={cell.best || undefined}>
                      {cell.best ? (
                        <Best>{cell.text}</Best>
                      ) : (
                        cell.text ?? (
                        <>
                          <span aria-hidden="true">—</span>
                          <span className="sr-only">Not given</span>
                        </>
                        )
                      )}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          ))}
        </table>
      </div>
    </OnlyDifferences>
  );
}
