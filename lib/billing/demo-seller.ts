// The fictional seller that development, the tests and the demo start with (prisma/seed.ts puts
// it in only where no seller details exist yet). Its GSTIN has a valid check character and
// Karnataka's code, but belongs to no one: a real store enters its own in Settings.
import type { SellerDetails } from "./seller";

export const DEMO_SELLER: SellerDetails = {
  legalName: "Volt Electronics Private Limited",
  tradeName: "Volt Electronics",
  addressLine1: "4th Floor, 12 Residency Road",
  addressLine2: "Shanthala Nagar",
  city: "Bengaluru",
  state: "KA",
  postalCode: "560025",
  email: "support@voltstore.in",
  phone: "+91 80 4000 1234",
  gstin: "29AAKCV4821M1ZP",
  registration: "REGULAR",
  grievanceName: "Asha Raman",
  grievanceDesignation: "Grievance Officer",
  grievanceEmail: "grievance@voltstore.in",
  grievancePhone: "+91 80 4000 1299",
};
