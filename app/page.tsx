import Link from "next/link";
import { connection } from "next/server";
import { HOME_ROWS } from "@/lib/categories";
import { formatRupees, rupeesToPaise } from "@/lib/money";
import { listProductsByCategory } from "@/lib/server/catalog";

// The home page. The storefront issue replaces this with the category strip, the banner
// carousel and the scrolling rows; it is server-rendered from the database already.
export default async function HomePage() {
  await connection();
  const rows = await Promise.all(
    HOME_ROWS.map(async (row) => ({ ...row, products: await listProductsByCategory(row.category, 6) })),
  );
  return (
    <div className="mx-auto max-w-7xl space-y-10 px-4 py-8">
      {rows.map((row) => (
        <section key={row.category} aria-labelledby={`row-${row.category}`}>
          <h2 id={`row-${row.category}`} className="mb-3 text-xl font-semibold">
            {row.heading}
          </h2>
          <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6">
            {row.products.map((product) => (
              <li key={product._id} className="rounded-lg bg-white p-3 shadow-sm">
                <Link href={`/product/${product._id}`} className="block space-y-1">
                  {/* eslint-disable-next-line @next/next/no-img-element -- placeholder until the storefront issue */}
                  <img src={product.productImage[0]} alt="" className="aspect-square w-full object-contain" width={200} height={200} />
                  <p className="line-clamp-2 text-sm font-medium">{product.productName}</p>
                  <p className="text-sm">
                    <span className="font-semibold text-brand-600">{formatRupees(rupeesToPaise(product.sellingPrice))}</span>{" "}
                    <span className="text-slate-500 line-through">{formatRupees(rupeesToPaise(product.price))}</span>
                  </p>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
