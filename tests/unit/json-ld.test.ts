import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LOW_STOCK_THRESHOLD, RETURN_SHIPPING_PAID_BY, RETURN_WINDOW_DAYS, SHIPPING_AMOUNT_PAISE } from "@/lib/constants";
import { DEFAULT_DELIVERY_TERMS } from "@/lib/delivery/settings";
import { breadcrumbJsonLd, type JsonLdProductInput, productJsonLd } from "@/lib/catalog/product-json-ld";
import type { SpecDefinition } from "@/lib/catalog/specs";

// The product page's structured data, checked against schema.org's vocabulary: every @type is a
// schema.org type, every property one that schema.org defines for that type (its own or
// inherited), availability a member of ItemAvailability, and a merchant listing's required
// fields are there.

/**
 * The types the page uses and the properties schema.org defines for them (https://schema.org/{Type}):
 * each type's own and those it inherits (Thing's for all; StructuredValue and Intangible add
 * none). A subset where the full list is long: enough for what the store writes and what it might.
 */
const THING = ["additionalType", "alternateName", "description", "disambiguatingDescription", "identifier", "image", "mainEntityOfPage", "name", "potentialAction", "sameAs", "subjectOf", "url"];
const VOCABULARY: Record<string, string[]> = {
  Product: [
    ...THING,
    ...["additionalProperty", "aggregateRating", "audience", "award", "brand", "category", "color", "countryOfOrigin", "depth", "gtin", "gtin8", "gtin12", "gtin13", "gtin14"],
    ...["hasMerchantReturnPolicy", "height", "isRelatedTo", "isSimilarTo", "isVariantOf", "itemCondition", "logo", "manufacturer", "material", "model", "mpn"],
    ...["offers", "productID", "releaseDate", "review", "size", "sku", "slogan", "weight", "width"],
  ],
  Offer: [
    ...THING,
    ...["acceptedPaymentMethod", "aggregateRating", "areaServed", "availability", "availabilityEnds", "availabilityStarts", "availableDeliveryMethod", "category"],
    ...["deliveryLeadTime", "eligibleQuantity", "eligibleRegion", "gtin", "hasMerchantReturnPolicy", "ineligibleRegion", "inventoryLevel", "itemCondition", "itemOffered", "mpn"],
    ...["offeredBy", "price", "priceCurrency", "priceSpecification", "priceValidUntil", "review", "seller", "shippingDetails", "sku", "validFrom", "validThrough", "warranty"],
  ],
  OfferShippingDetails: [
    ...THING,
    ...["deliveryTime", "depth", "doesNotShip", "hasShippingService", "height", "shippingDestination", "shippingLabel", "shippingOrigin", "shippingRate"],
    ...["shippingSettingsLink", "transitTimeLabel", "validForMemberTier", "weight", "width"],
  ],
  MonetaryAmount: [...THING, "currency", "maxValue", "minValue", "validFrom", "validThrough", "value"],
  MerchantReturnPolicy: [...THING, "applicableCountry", "merchantReturnDays", "merchantReturnLink", "refundType", "returnFees", "returnMethod", "returnPolicyCategory", "returnPolicyCountry"],
  DefinedRegion: [...THING, "addressCountry", "addressRegion", "postalCode", "postalCodePrefix", "postalCodeRange"],
  ShippingDeliveryTime: [...THING, "businessDays", "cutoffTime", "handlingTime", "transitTime"],
  QuantitativeValue: [...THING, "additionalProperty", "maxValue", "minValue", "unitCode", "unitText", "value", "valueReference"],
  Brand: [...THING, "aggregateRating", "logo", "review", "slogan"],
  AggregateRating: [...THING, "bestRating", "itemReviewed", "ratingCount", "ratingValue", "reviewCount", "worstRating"],
  // Review (CreativeWork's properties, a subset) and Rating; Person for the author.
  Review: [...THING, "author", "dateCreated", "dateModified", "datePublished", "inLanguage", "itemReviewed", "negativeNotes", "positiveNotes", "reviewAspect", "reviewBody", "reviewRating"],
  Rating: [...THING, "author", "bestRating", "ratingExplanation", "ratingValue", "reviewAspect", "worstRating"],
  Person: [...THING, "familyName", "givenName"],
  BreadcrumbList: [...THING, "itemListElement", "itemListOrder", "numberOfItems"],
  ListItem: [...THING, "item", "nextItem", "position", "previousItem"],
  Country: [...THING, "address", "geo", "hasMap", "latitude", "longitude", "containedInPlace", "containsPlace"],
  WarrantyPromise: [...THING, "durationOfWarranty", "warrantyScope"],
  PropertyValue: [...THING, "maxValue", "measurementMethod", "measurementTechnique", "minValue", "propertyID", "unitCode", "unitText", "value", "valueReference"],
};

/** schema.org's ItemAvailability enumeration (https://schema.org/ItemAvailability). */
const ITEM_AVAILABILITY = ["BackOrder", "Discontinued", "InStock", "InStoreOnly", "LimitedAvailability", "MadeToOrder", "OnlineOnly", "OutOfStock", "PreOrder", "PreSale", "Reserved", "SoldOut"].map(
  (member) => `https://schema.org/${member}`,
);

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node => typeof value === "object" && value !== null && !Array.isArray(value);
/** The typed JSON-LD as the plain JSON object it is written out as. */
const asNode = (value: object): Node => value as Node;

/** Every problem found walking the tree: unknown types, properties a type does not have, nodes without a type. */
function vocabularyProblems(value: unknown, where = "$"): string[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => vocabularyProblems(item, `${where}[${index}]`));
  if (!isNode(value)) return [];
  const type = value["@type"];
  if (typeof type !== "string") return [`${where}: no @type`];
  const properties = VOCABULARY[type];
  if (!properties) return [`${where}: ${type} is not a type this test knows from schema.org`];
  return Object.entries(value).flatMap(([key, child]) => {
    if (key === "@context" || key === "@type") return [];
    const own = properties.includes(key) ? [] : [`${where}: schema.org's ${type} has no property ${key}`];
    return [...own, ...vocabularyProblems(child, `${where}.${key}`)];
  });
}

const product = (available: number, archived = false): JsonLdProductInput => ({
  _id: "0194f1c2-7d3e-7b4a-9c1d-2e3f4a5b6c7d",
  productName: "boAt Airdopes 141",
  productDesc: "True wireless earbuds.",
  brandName: "boAt",
  productImage: ["/products/airpodes/boat-airdopes-141-1.webp", "https://res.cloudinary.com/demo/image/upload/v1/earbuds.png"],
  sellingPrice: 1299,
  available,
  archived,
});

const STATES = [
  ["out of stock", product(0), "https://schema.org/OutOfStock"],
  ["one left", product(1), "https://schema.org/LimitedAvailability"],
  [`${LOW_STOCK_THRESHOLD - 1} left`, product(LOW_STOCK_THRESHOLD - 1), "https://schema.org/LimitedAvailability"],
  [`${LOW_STOCK_THRESHOLD} left`, product(LOW_STOCK_THRESHOLD), "https://schema.org/InStock"],
  ["in stock", product(250), "https://schema.org/InStock"],
  ["archived", product(7, true), "https://schema.org/Discontinued"],
] as const;

describe("the product's JSON-LD", () => {
  it.each(STATES)("%s: every type and property is schema.org's, availability %s", (_state, input, availability) => {
    const data = productJsonLd(input, { categoryName: "Airpodes" });
    expect(data["@context"]).toBe("https://schema.org");
    expect(vocabularyProblems(data)).toEqual([]);
    const offer = asNode(data).offers as Node;
    expect(offer.availability).toBe(availability);
    expect(ITEM_AVAILABILITY).toContain(offer.availability);
  });

  it("names the country of origin and the manufacturer's warranty, in schema.org's words, when the product gives them", () => {
    const data = productJsonLd({ ...product(10), details: { countryOfOrigin: "India", warrantyMonths: 24 } }, { categoryName: "Airpodes" });
    expect(vocabularyProblems(data)).toEqual([]);
    const node = asNode(data);
    expect(node.countryOfOrigin).toEqual({ "@type": "Country", name: "India" });
    expect((node.offers as Node).warranty).toEqual({ "@type": "WarrantyPromise", durationOfWarranty: { "@type": "QuantitativeValue", value: 24, unitCode: "MON" } });
    const without = asNode(productJsonLd({ ...product(10), details: { countryOfOrigin: null, warrantyMonths: null } }, { categoryName: "Airpodes" }));
    expect(without.countryOfOrigin).toBeUndefined();
    expect((without.offers as Node).warranty).toBeUndefined();
  });

  it("lists the filled, live specifications as PropertyValues with UN/CEFACT unit codes, and the EAN and model number", () => {
    const definition = (key: string, label: string, type: SpecDefinition["type"], unit: string | null, unitCode: string | null, position: number): SpecDefinition => ({
      key, label, group: "Tech", type, unit, unitCode, choices: type === "multi" ? ["Wi-Fi", "Bluetooth", "NFC"] : [], min: null, max: null, decimals: 1, buckets: [], filterable: true, comparable: true, better: null, position,
    });
    const definitions = [
      definition("battery_mah", "Battery", "number", "mAh", "E09", 2),
      definition("ram_gb", "RAM", "number", "GB", "E34", 0),
      definition("five_g", "5G", "boolean", null, null, 1),
      definition("radios", "Radios", "multi", null, null, 3),
      definition("camera_mp", "Camera", "number", "MP", null, 4),
    ];
    const input = { ...product(10), details: { countryOfOrigin: null, warrantyMonths: null, gtin: "2000000000015", mpn: "AD-141" }, specs: { ram_gb: 8, five_g: true, battery_mah: 5000, radios: ["Wi-Fi", "NFC"], camera_mp: 50, retired_key: 3 } };
    const data = asNode(productJsonLd(input, { categoryName: "Airpodes", specDefinitions: definitions }));
    expect(vocabularyProblems(data)).toEqual([]);
    expect(data.gtin13).toBe("2000000000015");
    expect(data.mpn).toBe("AD-141");
    expect(data.additionalProperty).toEqual([
      { "@type": "PropertyValue", name: "RAM", value: 8, unitCode: "E34" },
      { "@type": "PropertyValue", name: "5G", value: true },
      { "@type": "PropertyValue", name: "Battery", value: 5000, unitCode: "E09" },
      { "@type": "PropertyValue", name: "Radios", value: "Wi-Fi, NFC" },
      { "@type": "PropertyValue", name: "Camera", value: 50, unitText: "MP" },
    ]);
    // Nothing filled: no additionalProperty at all (not an empty list).
    expect(asNode(productJsonLd(product(10), { categoryName: "Airpodes", specDefinitions: definitions })).additionalProperty).toBeUndefined();
  });

  it.each(STATES)("%s: a merchant listing's required fields", (_state, input) => {
    const data = asNode(productJsonLd(input, { categoryName: "Airpodes" }));
    expect(data.name).toBe("boAt Airdopes 141");
    expect(data.image).toEqual(["http://localhost:3000/products/airpodes/boat-airdopes-141-1.webp", "https://res.cloudinary.com/demo/image/upload/v1/earbuds.png"]);
    const offer = data.offers as Node;
    expect(offer.price).toBe("1299.00");
    expect(offer.priceCurrency).toBe("INR");
    expect(offer.availability).toEqual(expect.any(String));
    const shipping = offer.shippingDetails as Node;
    expect(shipping.shippingRate).toEqual({ "@type": "MonetaryAmount", value: SHIPPING_AMOUNT_PAISE / 100, currency: "INR" });
    expect(shipping.shippingDestination).toEqual({ "@type": "DefinedRegion", addressCountry: "IN" });
    const delivery = shipping.deliveryTime as Node;
    expect(delivery["@type"]).toBe("ShippingDeliveryTime");
    expect(delivery.handlingTime).toEqual({ "@type": "QuantitativeValue", minValue: 0, maxValue: 1, unitCode: "DAY" });
    // A new store's settings: the quickest zone (within the city) to the slowest (the islands).
    expect(delivery.transitTime).toEqual({ "@type": "QuantitativeValue", minValue: DEFAULT_DELIVERY_TERMS.transitDays.min, maxValue: DEFAULT_DELIVERY_TERMS.transitDays.max, unitCode: "DAY" });
    expect(DEFAULT_DELIVERY_TERMS.transitDays).toEqual({ min: 1, max: 12 });
  });

  it("states the returns policy from lib/constants.ts: India, a finite window, by mail, who pays", () => {
    const offer = asNode(productJsonLd(product(10), { categoryName: "Airpodes" })).offers as Node;
    expect(offer.hasMerchantReturnPolicy).toEqual({
      "@type": "MerchantReturnPolicy",
      applicableCountry: "IN",
      returnPolicyCountry: "IN",
      returnPolicyCategory: "https://schema.org/MerchantReturnFiniteReturnWindow",
      merchantReturnDays: RETURN_WINDOW_DAYS,
      returnMethod: "https://schema.org/ReturnByMail",
      returnFees: RETURN_SHIPPING_PAID_BY === "store" ? "https://schema.org/FreeReturn" : "https://schema.org/ReturnShippingFees",
      merchantReturnLink: "http://localhost:3000/returns-policy",
    });
  });

  it("states the delivery settings' fee, free threshold and working days", () => {
    const terms = { feePaise: 9_900, freeAbovePaise: 50_000, handlingDays: { min: 1, max: 2 }, transitDays: { min: 2, max: 9 } };
    const shipping = (sellingPrice: number) => (asNode(productJsonLd({ ...product(10), sellingPrice }, { categoryName: "Airpodes", delivery: terms })).offers as Node).shippingDetails as Node;
    expect(shipping(499)).toMatchObject({ shippingRate: { value: 99 }, deliveryTime: { handlingTime: { minValue: 1, maxValue: 2 }, transitTime: { minValue: 2, maxValue: 9 } } });
    expect((shipping(500).shippingRate as Node).value).toBe(0);
  });

  it("carries the rating and the newest five reviews only when the product has reviews (issue 40)", () => {
    const summary = { average: 4.3, count: 12, stars: [1, 0, 1, 4, 6] as [number, number, number, number, number] };
    const review = (n: number) => ({
      _id: `r${n}`,
      productId: "p",
      rating: 1 + (n % 5),
      title: n % 2 ? `Title ${n}` : "",
      body: n % 3 ? "" : `Words ${n}`,
      author: "Priya S.",
      verifiedPurchase: true as const,
      helpfulCount: 0,
      createdAt: `2026-11-${String(10 + n).padStart(2, "0")}T10:00:00.000Z`,
      editedAt: null,
      reply: null,
    });
    const data = asNode(productJsonLd(product(10), { categoryName: "Airpodes", reviews: { summary, reviews: Array.from({ length: 7 }, (_, n) => review(n)) } }));
    expect(vocabularyProblems(data)).toEqual([]);
    expect(data.aggregateRating).toEqual({ "@type": "AggregateRating", ratingValue: "4.3", reviewCount: 12, bestRating: 5, worstRating: 1 });
    const reviews = data.review as Node[];
    expect(reviews).toHaveLength(5);
    expect(reviews[0]).toStrictEqual({ "@type": "Review", reviewRating: { "@type": "Rating", ratingValue: 1, bestRating: 5, worstRating: 1 }, author: { "@type": "Person", name: "Priya S." }, datePublished: "2026-11-10", reviewBody: "Words 0" });
    expect(reviews[1]).toStrictEqual({ "@type": "Review", reviewRating: { "@type": "Rating", ratingValue: 2, bestRating: 5, worstRating: 1 }, author: { "@type": "Person", name: "Priya S." }, datePublished: "2026-11-11", name: "Title 1" });
    // Without reviews (or with none published): neither, never an empty or made-up rating.
    for (const none of [undefined, { summary: { average: 0, count: 0, stars: [0, 0, 0, 0, 0] as [number, number, number, number, number] }, reviews: [] }]) {
      const bare = asNode(productJsonLd(product(10), { categoryName: "Airpodes", reviews: none }));
      expect(bare.aggregateRating).toBeUndefined();
      expect(bare.review).toBeUndefined();
    }
  });

  it("serialises to JSON and back unchanged (no undefined, functions or dates)", () => {
    const data = productJsonLd(product(3), { categoryName: "Airpodes" });
    expect(JSON.parse(JSON.stringify(data))).toEqual(data);
  });
});

describe("the breadcrumb's JSON-LD", () => {
  it("is a schema.org BreadcrumbList of absolute addresses, numbered from 1", () => {
    const data = breadcrumbJsonLd([
      { name: "Home", path: "/" },
      { name: "Airpodes", path: "/category-product?category=airpodes" },
      { name: "boAt Airdopes 141", path: "/product/1" },
    ]);
    expect(vocabularyProblems(data)).toEqual([]);
    expect(asNode(data).itemListElement).toEqual([
      { "@type": "ListItem", position: 1, name: "Home", item: "http://localhost:3000/" },
      { "@type": "ListItem", position: 2, name: "Airpodes", item: "http://localhost:3000/category-product?category=airpodes" },
      { "@type": "ListItem", position: 3, name: "boAt Airdopes 141", item: "http://localhost:3000/product/1" },
    ]);
  });
});

describe("the vocabulary table is schema.org's", () => {
  // schema-dts (the TypeScript types the builder is written against) is generated from schema.org's
  // published vocabulary: every property in the table above must be one it declares for the type
  // or a type the type inherits from, so the table cannot hold a property schema.org lacks.
  const declarations = readFileSync(path.resolve(import.meta.dirname, "../../node_modules/schema-dts/dist/schema.d.ts"), "utf8");
  const bases = new Map<string, { properties: string[]; parents: string[] }>();
  for (const match of declarations.matchAll(/interface (\w+)Base extends ([^{]+)\{([\s\S]*?)\n\}/g)) {
    const properties = [...match[3]!.matchAll(/^\s+"([\w-]+)"\??:/gm)].map((property) => property[1]!);
    const parents = match[2]!.split(",").map((parent) => parent.trim()).filter((parent) => parent.endsWith("Base")).map((parent) => parent.slice(0, -4));
    bases.set(match[1]!, { properties, parents });
  }
  // A type with no properties of its own (BreadcrumbList) has only a leaf, extending its parents' bases.
  for (const match of declarations.matchAll(/export interface (\w+)Leaf extends ([^{]+)\{/g)) {
    const parents = match[2]!.split(",").map((parent) => parent.trim()).filter((parent) => parent.endsWith("Base")).map((parent) => parent.slice(0, -4));
    if (!bases.has(match[1]!)) bases.set(match[1]!, { properties: [], parents });
  }
  const declared = (type: string, seen = new Set<string>()): string[] => {
    const base = bases.get(type);
    if (!base || seen.has(type)) return [];
    seen.add(type);
    return [...base.properties, ...base.parents.flatMap((parent) => declared(parent, seen))];
  };

  it.each(Object.keys(VOCABULARY))("%s", (type) => {
    const known = new Set(declared(type));
    expect(known.size, `schema-dts declares ${type}`).toBeGreaterThan(0);
    expect(VOCABULARY[type]!.filter((property) => !known.has(property))).toEqual([]);
  });

  it("ItemAvailability's members", () => {
    const members = /export type ItemAvailability = ([^;]+);/.exec(declarations)![1]!.match(/"https:\/\/schema\.org\/\w+"/g)!.map((member) => JSON.parse(member) as string);
    expect([...members].sort()).toEqual([...ITEM_AVAILABILITY].sort());
  });
});
