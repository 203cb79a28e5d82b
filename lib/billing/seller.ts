// The seller's details as every invoice and the grievance page name them (CGST Rules 46(a), the
// E-Commerce Rules 2020, rule 4): what each field is called, which must be given before the store
// issues invoices, and the heading a composition taxpayer's bill of supply carries.

export const GST_REGISTRATIONS = ["REGULAR", "COMPOSITION"] as const;
export type GstRegistrationType = (typeof GST_REGISTRATIONS)[number];

export type SellerDetails = {
  legalName: string | null;
  tradeName: string | null;
  addressLine1: string | null;
  addressLine2: string | null;
  city: string | null;
  /** ISO 3166-2:IN code (lib/shared/india.ts). */
  state: string | null;
  postalCode: string | null;
  email: string | null;
  phone: string | null;
  gstin: string | null;
  registration: GstRegistrationType;
  grievanceName: string | null;
  grievanceDesignation: string | null;
  grievanceEmail: string | null;
  grievancePhone: string | null;
};

export const SELLER_FIELD_LABELS: Record<keyof SellerDetails, string> = {
  legalName: "Legal name",
  tradeName: "Trade name",
  addressLine1: "Address line 1",
  addressLine2: "Address line 2",
  city: "City",
  state: "State",
  postalCode: "PIN code",
  email: "Contact email",
  phone: "Contact phone",
  gstin: "GSTIN",
  registration: "GST registration",
  grievanceName: "Grievance officer's name",
  grievanceDesignation: "Grievance officer's designation",
  grievanceEmail: "Grievance officer's email",
  grievancePhone: "Grievance officer's phone",
};

/** Every field but the trade name and the second address line must be given before invoices are issued. */
export const SELLER_OPTIONAL_FIELDS: ReadonlySet<keyof SellerDetails> = new Set(["tradeName", "addressLine2"]);

/** No details at all: a new store's. */
export const EMPTY_SELLER: SellerDetails = {
  legalName: null,
  tradeName: null,
  addressLine1: null,
  addressLine2: null,
  city: null,
  state: null,
  postalCode: null,
  email: null,
  phone: null,
  gstin: null,
  registration: "REGULAR",
  grievanceName: null,
  grievanceDesignation: null,
  grievanceEmail: null,
  grievancePhone: null,
};

/** The labels of the details still missing (none: the store may issue invoices). */
export function missingSellerFields(details: SellerDetails): string[] {
  return (Object.keys(SELLER_FIELD_LABELS) as (keyof SellerDetails)[]).filter((field) => !SELLER_OPTIONAL_FIELDS.has(field) && !details[field]).map((field) => SELLER_FIELD_LABELS[field]);
}

/** The heading of a composition taxpayer's bill of supply (CGST Rules, rule 5(1)(g)). */
export const COMPOSITION_HEADING = "composition taxable person, not eligible to collect tax on supplies";
