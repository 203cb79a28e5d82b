import { z } from "zod";
import { addressSchema } from "../delivery/schemas";
import { businessDetailsSchema, checkoutSchema, rowId } from "../schemas";

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
    /** A GSTIN and legal name for this order's invoice; both null (or absent) to buy as a person. */
    business: businessDetailsSchema.nullable().optional().default(null),
  })
  .superRefine((body, context) => {
    if ((body.cartItems === undefined) === (body.productId === undefined)) context.addIssue({ code: "custom", path: ["cartItems"], message: "Send either cartItems (from the cart) or productId (Buy Now)" });
    if ((body.addressId === undefined) === (body.address === undefined)) context.addIssue({ code: "custom", path: ["addressId"], message: "Choose a delivery address" });
  });
export type PlaceOrderInput = z.output<typeof placeOrderSchema>;
