// The spec's categories (label -> value) and the home page's rows with their headings.
// The headings are the customer's copy, typos included.
export const CATEGORIES = [
  { label: "Airpodes", value: "airpodes" },
  { label: "Camera", value: "camera" },
  { label: "Earphones", value: "earphones" },
  { label: "Mobiles", value: "mobiles" },
  { label: "Mouse", value: "mouse" },
  { label: "Printers", value: "printers" },
  { label: "Processor", value: "processor" },
  { label: "Refrigerator", value: "refrigerator" },
  { label: "Speakers", value: "speakers" },
  { label: "Trimmers", value: "trimmers" },
  { label: "Television", value: "television" },
  { label: "Watches", value: "watches" },
] as const;

export type Category = (typeof CATEGORIES)[number]["value"];

export const CATEGORY_VALUES = CATEGORIES.map((c) => c.value) as [Category, ...Category[]];

export function isCategory(value: string): value is Category {
  return (CATEGORY_VALUES as readonly string[]).includes(value);
}

export function categoryLabel(value: string): string {
  return CATEGORIES.find((c) => c.value === value)?.label ?? value;
}

export const HOME_ROWS: readonly { category: Category; heading: string }[] = [
  { category: "airpodes", heading: "Top Airpodes's" },
  { category: "watches", heading: "Popular Watches" },
  { category: "earphones", heading: "Best Selling Earphones" },
  { category: "mobiles", heading: "Trending Phones" },
  { category: "mouse", heading: "Top Deals on Mouse" },
  { category: "television", heading: "Best Deals on Television" },
  { category: "camera", heading: "Camera & Accessories" },
  { category: "speakers", heading: "Sound & Speakers" },
  { category: "refrigerator", heading: "Best Deals on Refregerator" },
  { category: "trimmers", heading: "Best Trimmer's" },
];
