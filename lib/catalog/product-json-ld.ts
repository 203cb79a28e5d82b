import type { BreadcrumbList, ItemAvailability, Product, PropertyValue, Review, WithContext } from "schema-dts";
import { JSON_LD_REVIEWS, type PublicReview, type RatingSummary } from "../reviews/reviews";
import type { SpecDefinition, SpecValues } from "./specs";
import { productAvailability } from "./availability";
import { DEFAULT_DELIVERY_TERMS, type DeliveryTerms } from "../delivery/settings";
import { paiseToRupees, rupeesToPaise } from "@/lib/shared/money";
import { shippingFeeFor } from "../delivery/quote";
import { merchantReturnPolicy } from "../orders/returns-policy";
import { absoluteUrl } from "../site-url";

// The product page's structured data (schema.org JSON-LD), typed with schema-dts, so a property
// schema.org does not define for a type fails to compile. Pure: tests/unit/json-ld.test.ts checks
// it against schema.org's vocabulary and a merchant listing's required fields.

/** What the structured data reads of a product (a PublicProduct has all of it). */
export type JsonLdProductInput = {
  _id: string;
  productName: string;
  productDesc: string;
  brandName: string;
  productImage: string[];
  sellingPrice: number;
  available: number;
  archived: boolean;
  /** The Legal Metrology details, when the answer carries them. */
  details?: { countryOfOrigin: string | null; warrantyMonths: number | null; gtin?: string | null; mpn?: string | null };
  /** Its specification values by key, listed as additionalProperty with the definitions given. */
  specs?: SpecValues;
};

/** Each filled, live specification as a schema.org PropertyValue, with its UN/CEFACT unit code where a unit applies. */
function additionalProperties(definitions: SpecDefinition[], values: SpecValues): PropertyValue[] {
  return [...definitions]
    .sort((a, b) => a.position - b.position)
    .flatMap((definition) => {
      const value = values[definition.key];
      if (value === undefined) return [];
      const shown = Array.isArray(value) ? value.join(", ") : value;
      return [
        {
          "@type": "PropertyValue",
          name: definition.label,
          value: shown,
          // The UN/CEFACT code where the unit has one, else the unit's words (MP, x).
          ...(definition.type === "number" && definition.unitCode ? { unitCode: definition.unitCode } : definition.type === "number" && definition.unit ? { unitText: definition.unit } : {}),
        } satisfies PropertyValue,
      ];
    });
}

/**
 * schema.org's ItemAvailability for what a shopper can buy now: OutOfStock at 0, LimitedAvailability
 * under LOW_STOCK_THRESHOLD, else InStock; a product an admin archived is Discontinued.
 */
export function schemaAvailability(product: { available: number; archived: boolean }): ItemAvailability {
  switch (productAvailability(product).state) {
    case "archived":
      return "https://schema.org/Discontinued";
    case "out":
      return "https://schema.org/OutOfStock";
    case "low":
      return "https://schema.org/LimitedAvailability";
    case "in":
      return "https://schema.org/InStock";
  }
}

/** A range of whole days, as schema.org's QuantitativeValue with the UN/CEFACT unit code for days. */
function days(range: { min: number; max: number }) {
  return { "@type": "QuantitativeValue", minValue: range.min, maxValue: range.max, unitCode: "DAY" } as const;
}

/**
 * The rating and a few of the reviews the page shows (issue 40), only when the product has
 * reviews: search engines penalise an empty or made-up rating.
 */
function ratingProperties(reviews: { summary: RatingSummary; reviews: PublicReview[] } | undefined) {
  if (!reviews || reviews.summary.count === 0) return {};
  return {
    aggregateRating: { "@type": "AggregateRating", ratingValue: reviews.summary.average.toFixed(1), reviewCount: reviews.summary.count, bestRating: 5, worstRating: 1 },
    review: reviews.reviews.slice(0, JSON_LD_REVIEWS).map(
      (review): Review => ({
        "@type": "Review",
        reviewRating: { "@type": "Rating", ratingValue: review.rating, bestRating: 5, worstRating: 1 },
        author: { "@type": "Person", name: review.author },
        datePublished: review.createdAt.slice(0, 10),
        ...(review.title ? { name: review.title } : {}),
        ...(review.body ? { reviewBody: review.body } : {}),
      }),
    ),
  } as const;
}

/** The Product with its one Offer: price, availability and the store's one shipping rate (India only); its rating when it has reviews. */
export function productJsonLd(
  product: JsonLdProductInput,
  {
    categoryName,
    delivery = DEFAULT_DELIVERY_TERMS,
    specDefinitions = [],
    reviews,
  }: { categoryName: string; delivery?: DeliveryTerms; specDefinitions?: SpecDefinition[]; reviews?: { summary: RatingSummary; reviews: PublicReview[] } },
): WithContext<Product> {
  const properties = additionalProperties(specDefinitions, product.specs ?? {});
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.productName,
    description: product.productDesc,
    image: product.productImage.map(absoluteUrl),
    sku: product._id,
    category: categoryName,
    brand: { "@type": "Brand", name: product.brandName },
    ...(product.details?.countryOfOrigin ? { countryOfOrigin: { "@type": "Country", name: product.details.countryOfOrigin } } : {}),
    ...(product.details?.gtin ? { gtin13: product.details.gtin } : {}),
    ...(product.details?.mpn ? { mpn: product.details.mpn } : {}),
    ...(properties.length > 0 ? { additionalProperty: properties } : {}),
    ...ratingProperties(reviews),
    offers: {
      "@type": "Offer",
      url: absoluteUrl(`/product/${product._id}`),
      priceCurrency: "INR",
      price: product.sellingPrice.toFixed(2),
      availability: schemaAvailability(product),
      itemCondition: "https://schema.org/NewCondition",
      shippingDetails: {
        "@type": "OfferShippingDetails",
        shippingRate: { "@type": "MonetaryAmount", value: paiseToRupees(shippingFeeFor(rupeesToPaise(product.sellingPrice), { shippingFee: delivery.feePaise, freeShippingAbove: delivery.freeAbovePaise })), currency: "INR" },
        shippingDestination: { "@type": "DefinedRegion", addressCountry: "IN" },
        deliveryTime: {
          "@type": "ShippingDeliveryTime",
          handlingTime: days(delivery.handlingDays),
          transitTime: days(delivery.transitDays),
        },
      },
      hasMerchantReturnPolicy: merchantReturnPolicy(),
      ...(product.details?.warrantyMonths
        ? { warranty: { "@type": "WarrantyPromise", durationOfWarranty: { "@type": "QuantitativeValue", value: product.details.warrantyMonths, unitCode: "MON" } } }
        : {}),
    },
  };
}

/** Home › category › product, as the page's breadcrumb shows it. */
export function breadcrumbJsonLd(trail: { name: string; path: string }[]): WithContext<BreadcrumbList> {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: trail.map((crumb, index) => ({ "@type": "ListItem", position: index + 1, name: crumb.name, item: absoluteUrl(crumb.path) })),
  };
}
