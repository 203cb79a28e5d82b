import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { IntentLink } from "@/components/layout/intent-link";
import { AddToCartButton } from "@/components/cart/add-to-cart-button";
import { BuyNowButton } from "@/components/checkout/buy-now-button";
import { CompareToggle } from "@/components/compare/compare-toggle";
import { JsonLd } from "@/components/catalog/json-ld";
import { ProductGallery } from "@/components/catalog/product-gallery";
import { ProductRow } from "@/components/catalog/product-row";
import { SpecTable } from "@/components/catalog/spec-table";
import { RecentlyViewedRow, RecordView } from "@/components/catalog/recently-viewed";
import { availabilityTextTone } from "@/components/catalog/stock-status";
import type { SpecDefinition } from "@/lib/catalog/specs";
import { getProductWithSpecs } from "@/lib/server/catalog/specs";
import { StarRating } from "@/components/catalog/star-rating";
import { ReviewsSection } from "@/components/reviews/reviews-section";
import { ProductRating } from "@/components/reviews/rating-summary";
import { productReviewsCached } from "@/lib/server/reviews/reviews";
import type { ReviewPage } from "@/lib/reviews/reviews";
import { WishlistHeart } from "@/components/wishlist/wishlist-heart";
import { NotifyMe } from "@/components/wishlist/notify-me";
import { categoryLabel, isCategory } from "@/lib/catalog/categories";
import { productAvailability } from "@/lib/catalog/availability";
import { categoryFilterHref, categoryFilterOf } from "@/lib/catalog/category-filter";
import { discountPercent, formatRupeeAmount, rupeesToPaise } from "@/lib/shared/money";
import { breadcrumbJsonLd, productJsonLd } from "@/lib/catalog/product-json-ld";
import { listProducts, listRelatedProducts, type PublicProduct } from "@/lib/server/catalog/catalog";
import { RETURNS_POLICY_PATH, returnsSummary } from "@/lib/orders/returns-policy";
import { deliverySummary } from "@/lib/orders/delivery";
import type { DeliveryTerms } from "@/lib/delivery/settings";
import { readDeliveryTerms } from "@/lib/server/delivery/delivery-settings";
import { CheckDeliveryLazy } from "@/components/delivery/check-delivery-lazy";
import { absoluteUrl } from "@/lib/site-url";
import { SITE_OPEN_GRAPH } from "@/lib/shared/open-graph";

type Props = { params: Promise<{ id: string }> };

// The page is served whole, with no loading stage (docs/PRODUCT.md §2.6): it reads its id outside
// <Suspense> on purpose (behind a boundary React would stream the cached content as hidden HTML and
// reveal it later), so it has no id-independent App Shell and a navigation here waits for the
// page. `instant = false` says so. Without it Next's dev-only checks fail on every visit: the
// instant-navigation check with "encountered URL data during prerendering", and the static-shell
// check calls an unknown id's 404 "did not produce a static shell". It changes no rendering or
// prefetching, and the layout's `ensureStatic` is still enforced, in dev and at build.
export const instant = false;

/** The newest products are prerendered; every other one on its first visit, then cached. */
export async function generateStaticParams() {
  const newest = await listProducts(1, 24);
  return newest.map((product) => ({ id: product._id }));
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const product = (await getProductWithSpecs((await params).id))?.product;
  if (!product || product.archived) return { title: "Product not found", robots: { index: false } };
  const url = `/product/${product._id}`;
  const description = summary(product);
  return {
    title: product.productName,
    description,
    alternates: { canonical: url },
    openGraph: {
      ...SITE_OPEN_GRAPH,
      url,
      title: product.productName,
      description,
      images: product.productImage.slice(0, 1).map((image) => ({ url: absoluteUrl(image), alt: product.productName })),
    },
  };
}

function summary(product: PublicProduct): string {
  const text = `${product.brandName} ${product.productName} for ${formatRupeeAmount(product.sellingPrice)}. ${product.productDesc}`.replace(/\s+/g, " ").trim();
  return text.length > 160 ? `${text.slice(0, 157).trimEnd()}…` : text;
}

export default async function ProductPage({ params }: Props) {
  const id = (await params).id;
  const [found, delivery, reviews] = await Promise.all([getProductWithSpecs(id), readDeliveryTerms(), productReviewsCached(id)]);
  // The layout has already answered 404 for a missing product; a retired one is a 404 here, inside
  // the layout, whose not-found offers its category.
  if (!found) return null;
  const { product, definitions: specDefinitions } = found;
  if (product.archived) notFound();
  const off = discountPercent(rupeesToPaise(product.price), rupeesToPaise(product.sellingPrice));
  const categoryHref = isCategory(product.category) ? categoryFilterHref(categoryFilterOf([product.category])) : "/category-product";
  const availability = productAvailability(product);
  // Why the buttons are disabled, for screen readers (aria-describedby).
  const reason = availability.buyable ? undefined : STOCK_STATUS_ID;

  return (
    <div className="mx-auto max-w-7xl space-y-10 px-4 py-6">
      <ProductStructuredData product={product} categoryHref={categoryHref} delivery={delivery} specDefinitions={specDefinitions} reviews={reviews} />
      <nav aria-label="Breadcrumb" className="text-sm text-slate-600">
        <ol className="flex flex-wrap items-center gap-1">
          <li>
            <IntentLink href="/" className="hover:underline">
              Home
            </IntentLink>
          </li>
          <li aria-hidden="true">/</li>
          <li>
            <IntentLink href={categoryHref} className="hover:underline">
              {categoryLabel(product.category)}
            </IntentLink>
          </li>
          <li aria-hidden="true">/</li>
          <li aria-current="page" className="line-clamp-1 text-slate-800">
            {product.productName}
          </li>
        </ol>
      </nav>
      <div className="grid gap-8 lg:grid-cols-2">
        <ProductGallery images={product.productImage} name={product.productName} />
        <div className="space-y-4">
          <div className="flex items-center justify-between gap-3">
            <p className="inline-block rounded-full bg-brand-100 px-3 py-1 text-sm font-semibold text-brand-700" data-testid="brand-badge">
              {product.brandName}
            </p>
            <WishlistHeart productId={product._id} productName={product.productName} />
          </div>
          <h1 className="text-2xl font-semibold leading-tight sm:text-3xl">{product.productName}</h1>
          <p className="text-slate-600">{categoryLabel(product.category)}</p>
          {reviews ? <ProductRating productId={product._id} initial={reviews} /> : <StarRating average={product.rating.average} count={product.rating.count} href="#reviews" />}
          <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
            <span className="text-2xl font-bold text-brand-700 sm:text-3xl" data-testid="selling-price">
              <span className="sr-only">Price </span>
              {formatRupeeAmount(product.sellingPrice)}
            </span>
            {off > 0 && (
              <span className="rounded bg-green-100 px-2 py-0.5 text-sm font-semibold text-green-800" data-testid="discount">
                {off}% off
              </span>
            )}
          </p>
          {/* The list price as Indian shops state it: the maximum retail price, every tax included. */}
          <p className="-mt-2 text-sm text-slate-700" data-testid="mrp">
            MRP{" "}
            {product.price > product.sellingPrice ? (
              <s data-testid="list-price">
                <span className="sr-only">List price </span>
                {formatRupeeAmount(product.price)}
              </s>
            ) : (
              formatRupeeAmount(product.price)
            )}{" "}
            (incl. of all taxes)
          </p>
          {/* The store's terms, from the delivery settings and lib/constants.ts (as the checkout and the structured data): never a description's. */}
          <p className="text-sm text-slate-700" data-testid="store-terms">
            <span data-testid="delivery-summary">{deliverySummary(delivery)}</span>
            <span aria-hidden="true"> · </span>
            <IntentLink href={RETURNS_POLICY_PATH} className="text-brand-700 hover:underline" data-testid="returns-summary">
              {returnsSummary()}
            </IntentLink>
          </p>
          <p
            id={STOCK_STATUS_ID}
            className={`text-sm font-semibold ${availabilityTextTone(availability.state)}`}
            data-testid="stock-status"
          >
            {availability.label ?? "In stock"}
          </p>
          <CheckDeliveryLazy value={product.sellingPrice} />
          <div className="flex flex-wrap gap-3">
            <BuyNowButton productId={product._id} productName={product.productName} unavailable={!availability.buyable} describedBy={reason} />
            <AddToCartButton
              productId={product._id}
              productName={product.productName}
              label="Add To Cart"
              look="primary"
              unavailable={!availability.buyable}
              describedBy={reason}
            />
            <CompareToggle productId={product._id} productName={product.productName} category={product.category} look="page" />
            {availability.state === "out" && <NotifyMe productId={product._id} productName={product.productName} />}
          </div>
          <section aria-labelledby="description-heading" className="space-y-2 pt-2">
            <h2 id="description-heading" className="font-semibold">
              Description
            </h2>
            <p className="whitespace-pre-line leading-relaxed text-slate-700">{product.productDesc}</p>
          </section>
          <ProductDetailsList details={product.details} />
        </div>
      </div>
      <SpecTable definitions={specDefinitions} values={product.specs ?? {}} />
      {reviews && <ReviewsSection productId={product._id} productName={product.productName} initial={reviews} />}
      <RelatedProducts product={product} />
      <RecentlyViewedRow without={product._id} />
      <RecordView productId={product._id} />
    </div>
  );
}

async function RelatedProducts({ product }: { product: PublicProduct }) {
  const related = await listRelatedProducts(product);
  return <ProductRow id="related-products" heading="Related Products" products={related} />;
}

const STOCK_STATUS_ID = "stock-status";

/**
 * What Legal Metrology rule 6(10) and the E-Commerce Rules 2020 ask the page to show: the country
 * of origin, who made (and imported) it, the warranty and whom to call. A detail not given is left
 * out; the consumer-care contact is the store's own unless the product names another.
 */
function ProductDetailsList({ details }: { details: PublicProduct["details"] }) {
  const rows: [string, React.ReactNode][] = [
    ...(details?.countryOfOrigin ? [["Country of origin", details.countryOfOrigin] as [string, string]] : []),
    ...(details?.manufacturer ? [["Manufacturer", details.manufacturer] as [string, string]] : []),
    ...(details?.importer ? [["Importer", details.importer] as [string, string]] : []),
    ...(details?.mpn ? [["Model number", details.mpn] as [string, string]] : []),
    ...(details?.gtin ? [["EAN", details.gtin] as [string, string]] : []),
    ...(details?.warrantyMonths ? [["Warranty", `${details.warrantyMonths} month${details.warrantyMonths === 1 ? "" : "s"} from the manufacturer`] as [string, string]] : []),
    [
      "Consumer care",
      details?.consumerCare ?? (
        <>
          The store&apos;s customer care:{" "}
          <IntentLink href="/contact" className="text-brand-700 underline underline-offset-2">
            Contact and grievances
          </IntentLink>
        </>
      ),
    ],
  ];
  return (
    <section aria-labelledby="product-details-heading" className="space-y-2 pt-2" data-testid="product-details">
      <h2 id="product-details-heading" className="font-semibold">
        Product details
      </h2>
      <dl className="grid grid-cols-[minmax(7rem,auto)_1fr] gap-x-4 gap-y-1 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-slate-600">{label}</dt>
            <dd className="whitespace-pre-line text-slate-800 [overflow-wrap:anywhere]">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function ProductStructuredData({
  product,
  categoryHref,
  delivery,
  specDefinitions,
  reviews,
}: {
  product: PublicProduct;
  categoryHref: string;
  delivery: DeliveryTerms;
  specDefinitions: SpecDefinition[];
  reviews: ReviewPage | null;
}) {
  const categoryName = categoryLabel(product.category);
  return (
    <>
      <JsonLd data={productJsonLd(product, { categoryName, delivery, specDefinitions, reviews: reviews ?? undefined })} />
      <JsonLd
        data={breadcrumbJsonLd([
          { name: "Home", path: "/" },
          { name: categoryName, path: categoryHref },
          { name: product.productName, path: `/product/${product._id}` },
        ])}
      />
    </>
  );
}
