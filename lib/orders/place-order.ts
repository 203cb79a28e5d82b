import { z } from "zod";
import { indiaToday } from "@/lib/shared/dates";
import { addressSchema } from "../delivery/schemas";
import { businessDetailsSchema, checkoutSchema, plainText, rowId } from "../schemas";

// POST /api/place-order: the store's own checkout page (client-safe schema). What to buy (cart
// lines, or Buy Now's one product), where to deliver (a saved address, or one typed now and saved
// unless the shopper says not to), how to pay, and optionally the business buying.

export const PAYMENT_METHODS = ["card", "cod"] as const;
export type PaymentMethodName = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethodName, string> = { card: "Card", cod: "Cash on delivery" };

export const placeOrderSchema = z
  .object({
    cartItems: checkoutSchema.shape.cartItems.optional(),
    productId: rowId("productId").optional(),
    addressId: rowId("addressId").optional(),
    address: addressSchema.optional(),
    saveAddress: z.boolean({ error: "saveAddress must be true or false" }).optional().default(true),
    paymentMethod: z.enum(PAYMENT_METHODS, { error: "Choose how to pay: card or cash on delivery" }),
    /** The total (rupees) the page showed: a different one now is a 409 with the new total, nothing placed. */
    expectedTotal: z.number({ error: "expectedTotal must be an amount in rupees" }).nonnegative("expectedTotal must be an amount in rupees").optional(),
    /** A GSTIN and legal name for this order's invoice; both null (or absent) to buy as a person. */
    business: businessDetailsSchema.nullable().optional().default(null),
  })
  .superRefine((body, context) => {
    if ((body.cartItems === undefined) === (body.productId === undefined)) context.addIssue({ code: "custom", path: ["cartItems"], message: "Send either cartItems (from the cart) or productId (Buy Now)" });
    if ((body.addressId === undefined) === (body.address === undefined)) context.addIssue({ code: "custom", path: ["addressId"], message: "Choose a delivery address" });
  });
export type PlaceOrderInput = z.output<typeof placeOrderSchema>;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** POST /api/record-cash: the cash the courier handed over for a delivered COD order (rupees), the day, the reference. */
export const recordCashSchema = z.object({
  orderId: rowId("orderId"),
  amount: z
    .union([z.number(), z.string().trim()], { error: "Amount is required" })
    .transform((value) => (typeof value === "number" ? String(value) : value))
    .pipe(z.string().regex(/^\d+(\.\d{1,2})?$/, "Amount must be in rupees, with at most 2 decimals").transform(Number))
    .refine((value) => value > 0, "Amount must be more than 0"),
  receivedOn: z
    .string({ error: "The day the cash came in is required" })
    .regex(DAY, "The day the cash came in must be a date (YYYY-MM-DD)")
    .refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && new Date(`${day}T00:00:00Z`).toISOString().slice(0, 10) === day, "The day the cash came in must be a real date")
    .refine((day) => day <= indiaToday(), "The day the cash came in cannot be in the future"),
  reference: z.string({ error: "Reference is required" }).trim().min(1, "Reference is required").max(100, "Reference must be at most 100 characters").refine(...plainText("Reference")),
});
