// Validation shared by the forms (for the shopper) and the route handlers (for truth).
import { z } from "zod";
import { GST_REGISTRATIONS } from "./billing/seller";
import { GST_RATES_BP } from "./billing/tax";
import { COMPLAINT_MESSAGE_MAX, COMPLAINT_SUBJECT_MAX } from "./support/complaints";
import { gstinProblem, normalizeGstin } from "./billing/gstin";
import { gstStateCode } from "./billing/gst-states";
import { CATEGORY_VALUES } from "./catalog/categories";
import { isEan13, MPN_PATTERN } from "./catalog/specs";
import { INDIA_STATES, PIN_CODE } from "./shared/india";
import { isRowId } from "./shared/row-id";
import { CARRIER_TRACKING, CARRIERS, isCarrierSite, ORDER_STATUSES, TRACKING_NUMBER } from "./orders/order-lifecycle";
import { RETURN_NOTE_MAX, RETURN_PHOTOS_MAX, RETURN_REASONS } from "./orders/returns";
import { REVIEW_BODY_MAX, REVIEW_SORTS, REVIEW_TITLE_MAX } from "./reviews/reviews";
import { ADMIN_REVIEW_STATES, ADMIN_REVIEWS_PAGE_SIZE, REVIEW_HIDE_REASON_MAX, REVIEW_REPLY_MAX } from "./reviews/reviews";
import { ADMIN_PAGING_MAX_ROWS, API_PAGE_SIZE_DEFAULT, PAGING_MAX_ROWS, API_PAGE_SIZE_MAX, CART_QUANTITY_MAX, CART_QUANTITY_MIN, CHECKOUT_MAX_LINES, OTP_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, STOCK_MAX } from "./constants";

export const PASSWORD_MISMATCH_MESSAGE = "Passwords do not match. Please verify and enter again.";
/** docs/PRODUCT.md §5: the profile form's own mismatch message. */
export const PROFILE_PASSWORD_MISMATCH_MESSAGE = "Please check your password";

/**
 * Control characters (C0 and DEL) have no place in a name, a link or a note, and PostgreSQL
 * refuses a NUL in text (which made such a body a 500): every text field refuses them with a 400.
 * Multi-line fields (descriptions, notes, reasons) keep tab and line breaks.
 */
export function hasControlCharacters(value: string, multiLine = false): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if ((code < 0x20 || code === 0x7f) && !(multiLine && (code === 0x09 || code === 0x0a || code === 0x0d))) return true;
  }
  return false;
}
export const controlCharactersMessage = (field: string) => `${field} must not contain control characters (such as a NUL byte)`;
/** The refinement every text field ends with. */
export const plainText = (field: string, multiLine = false) => [(value: string) => !hasControlCharacters(value, multiLine), controlCharactersMessage(field)] as const;

export const emailSchema = z
  .string({ error: "Email is required" })
  .trim()
  .min(1, "Email is required")
  .max(254, "Email is too long")
  .pipe(z.email("Please enter a valid email address"))
  .transform((email) => email.toLowerCase());

export const passwordSchema = z
  .string({ error: "Password is required" })
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

export const nameSchema = z
  .string({ error: "Name is required" })
  .trim()
  .min(1, "Name is required")
  .max(100, "Name must be at most 100 characters")
  .refine(...plainText("Name"));

export const contactSchema = z
  .string()
  .trim()
  .max(20, "Contact must be at most 20 characters")
  .regex(/^[+\d][\d\s-]*$|^$/, "Contact may hold digits, spaces, dashes and a leading +")
  .default("");

/** A picture sent inline, as the spec's sign-up and profile forms do. Size is checked by the images module. */
export const profilePicSchema = z
  .string()
  .max(3_000_000, "Profile picture must be at most 2 MB")
  .regex(/^data:image\/(png|jpeg|webp|gif);base64,[A-Za-z0-9+/=]+$|^$/, "Profile picture must be a PNG, JPEG, WebP or GIF image")
  .default("");

export const signUpSchema = z
  .object({
    name: nameSchema,
    email: emailSchema,
    contact: contactSchema,
    password: passwordSchema,
    confirmPwd: z.string({ error: "Please confirm the password" }),
    profilepic: profilePicSchema,
  })
  .refine((body) => body.password === body.confirmPwd, { message: PASSWORD_MISMATCH_MESSAGE, path: ["confirmPwd"] });

export const signInSchema = z.object({
  email: emailSchema,
  password: z.string({ error: "Password is required" }).min(1, "Password is required").max(PASSWORD_MAX_LENGTH),
});

/** PUT /api/update-user: the caller's own profile. A `role` or an id in the body is ignored. */
export const updateUserSchema = z
  .object({
    name: nameSchema,
    email: emailSchema,
    contact: contactSchema,
    // Empty means "keep the password"; otherwise it must be confirmed.
    password: z.union([z.literal(""), passwordSchema]).optional(),
    confirmPwd: z.string().optional(),
    // A new picture as a data URL, the current picture's URL (unchanged), or "" (none).
    profilepic: z.string().max(3_000_000, "Profile picture must be at most 2 MB").optional(),
    // Needed (and checked) only when the email or the password changes.
    currentPassword: z.string().max(PASSWORD_MAX_LENGTH).optional(),
  })
  .refine((body) => !body.password || body.password === body.confirmPwd, { message: PROFILE_PASSWORD_MISMATCH_MESSAGE, path: ["confirmPwd"] });

export const sendOtpSchema = z.object({ email: emailSchema });

export const CURRENT_PASSWORD_REQUIRED_MESSAGE = "Enter your current password to change your email or password";

export const otpSchema = z
  .string({ error: "Please enter the 6-digit code" })
  .trim()
  .regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), "Please enter the 6-digit code");

export const verifyOtpSchema = z.object({ email: emailSchema, otp: otpSchema });

/** POST /api/confirm-email: the code mailed to the new address. */
export const confirmEmailSchema = z.object({ otp: otpSchema });

/** POST /api/confirm-address: the token of the link that confirms an account's address, or (signed in) the code mailed instead. */
const LINK_INCOMPLETE_MESSAGE = "This link is not complete. Open it again from the email.";
export const confirmAddressSchema = z
  .object({
    token: z.string({ error: LINK_INCOMPLETE_MESSAGE }).min(1, LINK_INCOMPLETE_MESSAGE).max(1000, "This link is not one we sent").optional(),
    otp: otpSchema.optional(),
  })
  .refine((body) => body.token !== undefined || body.otp !== undefined, { message: LINK_INCOMPLETE_MESSAGE, path: ["token"] });

/** POST /api/send-confirmation: a new link (the default) or a code to type back. */
export const sendConfirmationSchema = z.object({ by: z.enum(["link", "code"], { error: "by is link or code" }).default("link") });

/** POST /api/reset-password: the grant cookie from verify-otp is the proof; confirmPwd is optional (the call of docs/PRODUCT.md §7.2 sends password and email). */
export const resetPasswordSchema = z
  .object({ email: emailSchema, password: passwordSchema, confirmPwd: z.string().optional() })
  .refine((body) => body.confirmPwd === undefined || body.password === body.confirmPwd, { message: PASSWORD_MISMATCH_MESSAGE, path: ["confirmPwd"] });

export type SignUpInput = z.infer<typeof signUpSchema>;
export type SignInInput = z.infer<typeof signInSchema>;

// Cart and wishlist (docs/PRODUCT.md §7.2 bodies) ------------------------------------------------------------

export const rowId = (field: string) =>
  z
    .string({ error: `${field} is required` })
    .min(1, `${field} is required`)
    .max(64, `${field} is not an id`)
    .refine((value) => !hasControlCharacters(value), `${field} is not an id`);

export const productIdBodySchema = z.object({ productId: rowId("productId") });

/**
 * POST /api/wishlist-alert (beyond the spec): a wishlisted product's alerts, each left as it is when
 * absent; turning one on adds the product to the wishlist.
 */
export const wishlistAlertSchema = z
  .object({
    productId: rowId("productId").refine(isRowId, "productId must be a product id"),
    price: z.boolean({ error: "price must be true or false" }).optional(),
    stock: z.boolean({ error: "stock must be true or false" }).optional(),
  })
  .refine((body) => body.price !== undefined || body.stock !== undefined, { message: "Say which alert to change: price or stock", path: ["price"] });

/** POST /api/mail-preferences: the review-request mails on or off. */
export const mailPreferencesSchema = z.object({ reviewRequests: z.boolean({ error: "reviewRequests must be true or false" }) });

/** docs/PRODUCT.md §7.2: `productId` carries the cart line's id here. Quantity: a whole number 1..99, a JSON number. */
export const cartQuantitySchema = z.object({
  productId: rowId("productId"),
  quantity: z
    .number({ error: `quantity must be a whole number from ${CART_QUANTITY_MIN} to ${CART_QUANTITY_MAX}` })
    .int(`quantity must be a whole number from ${CART_QUANTITY_MIN} to ${CART_QUANTITY_MAX}`)
    .min(CART_QUANTITY_MIN, `quantity must be a whole number from ${CART_QUANTITY_MIN} to ${CART_QUANTITY_MAX}`)
    .max(CART_QUANTITY_MAX, `quantity must be a whole number from ${CART_QUANTITY_MIN} to ${CART_QUANTITY_MAX}`),
});

export const cartLineBodySchema = z.object({ cartProductId: rowId("cartProductId") });
export const wishlistLineBodySchema = z.object({ wishlistId: rowId("wishlistId") });

/**
 * POST /api/checkout `{ cartItems }` (docs/PRODUCT.md §7.2): the cart lines to buy, as the cart list gives them
 * (objects with `_id`) or as bare line ids. Only the ids are read; names, prices and quantities
 * come from the database.
 */
export const checkoutSchema = z.object({
  cartItems: z
    .array(
      z.union([rowId("cartItems[]"), z.object({ _id: rowId("cartItems[]._id") }).transform((line) => line._id)], {
        error: "cartItems must be a list of cart lines (each with its _id)",
      }),
      { error: "cartItems must be a list of cart lines" },
    )
    .max(CHECKOUT_MAX_LINES, `At most ${CHECKOUT_MAX_LINES} lines can be bought at once`),
});

// Catalogue queries ---------------------------------------------------------------------------

export const priceSortSchema = z.enum(["asc", "desc"], { error: "sort must be 'asc' or 'desc'" });

const pageNumber = z.coerce
  .number({ error: "page must be a whole number" })
  .int("page must be a whole number")
  .min(1, "page must be at least 1")
  .max(100_000, "page is too large");

const pageSize = z.coerce
  .number({ error: "limit must be a whole number" })
  .int("limit must be a whole number")
  .min(1, "limit must be at least 1")
  .max(API_PAGE_SIZE_MAX, `limit must be at most ${API_PAGE_SIZE_MAX}`);

/** Deep paging is refused: OFFSET makes the database walk every row it skips. */
function pagingWithin(maxRows: number) {
  return (query: { page?: number; limit?: number }, context: z.RefinementCtx) => {
    if ((query.page ?? 1) * (query.limit ?? API_PAGE_SIZE_DEFAULT) > maxRows) {
      context.addIssue({ code: "custom", path: ["page"], message: `page × limit may be at most ${maxRows}; narrow the selection instead` });
    }
  };
}

const pageFields = { page: pageNumber.optional(), limit: pageSize.optional() };

/** `?page=&limit=` on list endpoints. */
export const pageQuerySchema = z.object(pageFields).superRefine(pagingWithin(PAGING_MAX_ROWS));
/** `?page=&limit=` on the admin's lists, which page through every account and order. */
export const adminPageQuerySchema = z.object(pageFields).superRefine(pagingWithin(ADMIN_PAGING_MAX_ROWS));

/** POST /api/fiter-product: `{ category: [...] }` (a single string is taken as a list of one). */
export const filterProductsSchema = z.object({
  category: z
    .union([z.string(), z.array(z.string({ error: "category must be a list of category names" }))], {
      error: "category must be a list of category names",
    })
    .transform((value) => (typeof value === "string" ? [value] : value))
    .pipe(z.array(z.string().max(40, "A category name is at most 40 characters").refine(...plainText("A category name"))).max(50, "At most 50 categories")),
  sort: priceSortSchema.optional(),
  ...pageFields,
}).superRefine(pagingWithin(PAGING_MAX_ROWS));

// Admin (users, roles, products) ----------------------------------------------------------------

export const ROLES = ["ADMIN", "USER"] as const;
export type Role = (typeof ROLES)[number];

/** PUT /api/update-role/{userId}: `{ role }`, one of ROLES (docs/PRODUCT.md §5: the select is required). */
export const roleBodySchema = z.object({
  role: z.enum(ROLES, { error: `role must be one of ${ROLES.join(", ")}` }),
});

export const PRODUCT_IMAGE_MESSAGE = "*Please Upload Product image";
export const PRODUCT_IMAGES_MAX = 8;
/** Rupees, up to ₹99,99,999.99. */
export const PRODUCT_PRICE_MAX = 9_999_999.99;

/** A rupee amount: a JSON number or a numeric string from a form, positive, at most 2 decimals. */
const rupeeAmount = (field: string) =>
  z
    .union([z.number(), z.string().trim()], { error: `${field} is required` })
    .transform((value) => (typeof value === "number" ? String(value) : value))
    .pipe(
      z
        .string()
        .min(1, `${field} is required`)
        .regex(/^\d+(\.\d{1,2})?$/, `${field} must be a positive amount with at most 2 decimals`)
        .transform(Number)
        .refine((value) => value > 0, `${field} must be more than 0`)
        .refine((value) => value <= PRODUCT_PRICE_MAX, `${field} must be at most ${PRODUCT_PRICE_MAX}`),
    );

const productText = (field: string, max: number, multiLine = false) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .max(max, `${field} must be at most ${max} characters`)
    .refine(...plainText(field, multiLine));

export const STOCK_MESSAGE = `Units in stock must be a whole number from 0 to ${STOCK_MAX.toLocaleString("en-IN")}`;
/** Units on hand: a whole number 0..STOCK_MAX, a JSON number (or its digits, from a form). */
const stockCount = z
  .union([z.number({ error: STOCK_MESSAGE }), z.string().trim().regex(/^\d+$/, STOCK_MESSAGE).transform(Number)], { error: STOCK_MESSAGE })
  .pipe(z.number().int(STOCK_MESSAGE).min(0, STOCK_MESSAGE).max(STOCK_MAX, STOCK_MESSAGE));

/** An optional text detail: absent keeps what is saved, null or "" clears it. */
const productDetail = (field: string, max: number) =>
  z
    .union([z.string({ error: `${field} must be text` }).trim().max(max, `${field} must be at most ${max} characters`).refine(...plainText(field, true)), z.null()], { error: `${field} must be text` })
    .transform((value) => (value === "" ? null : value))
    .optional();

/** A percentage from a form (a number or its digits), or null / "" for the category's. */
const optionalPercent = (field: string, allowed: (value: number) => boolean, message: string) =>
  z
    .union([z.number({ error: message }), z.string().trim(), z.null()], { error: message })
    .transform((value, context) => {
      if (value === null || value === "") return null;
      const number = typeof value === "number" ? value : /^\d+(\.\d{1,2})?$/.test(value) ? Number(value) : Number.NaN;
      if (!Number.isFinite(number) || !allowed(number)) {
        context.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return number;
    })
    .optional();

export const GST_RATE_MESSAGE = `GST rate must be one of ${GST_RATES_BP.map((rate) => rate / 100).join(", ")} (percent), or empty for the category's`;
export const WARRANTY_MESSAGE = "Warranty must be a whole number of months from 0 to 120";
export const GTIN_MESSAGE = "EAN must be the 13 digits of the barcode, with the right check digit (the last digit)";
export const MPN_MESSAGE = "Model number must be 1 to 40 letters, digits, spaces or . / _ -, starting with a letter or digit";

/** The product's own tax and the details the law asks its page to show (all optional). */
const productDetailFields = {
  hsnCode: z
    .union([z.string({ error: "HSN code must be 4, 6 or 8 digits" }).trim(), z.null()], { error: "HSN code must be 4, 6 or 8 digits" })
    .transform((value) => (value === "" ? null : value))
    .refine((value) => value === null || /^(\d{4}|\d{6}|\d{8})$/.test(value), "HSN code must be 4, 6 or 8 digits")
    .optional(),
  gstRate: optionalPercent("GST rate", (rate) => (GST_RATES_BP as readonly number[]).includes(Math.round(rate * 100)), GST_RATE_MESSAGE),
  cessRate: optionalPercent("Cess rate", (rate) => rate >= 0 && rate <= 100, "Cess rate must be a percentage from 0 to 100, or empty for the category's"),
  countryOfOrigin: productDetail("Country of origin", 60),
  manufacturer: productDetail("Manufacturer", 400),
  importer: productDetail("Importer", 400),
  warrantyMonths: z
    .union([z.number({ error: WARRANTY_MESSAGE }), z.string().trim(), z.null()], { error: WARRANTY_MESSAGE })
    .transform((value, context) => {
      if (value === null || value === "") return null;
      const months = typeof value === "number" ? value : /^\d+$/.test(value) ? Number(value) : Number.NaN;
      if (!Number.isInteger(months) || months < 0 || months > 120) {
        context.addIssue({ code: "custom", message: WARRANTY_MESSAGE });
        return z.NEVER;
      }
      return months;
    })
    .optional(),
  consumerCare: productDetail("Consumer care", 400),
  gtin: z
    .union([z.string({ error: GTIN_MESSAGE }).trim(), z.null()], { error: GTIN_MESSAGE })
    .transform((value) => (value === "" ? null : value))
    .refine((value) => value === null || isEan13(value), GTIN_MESSAGE)
    .optional(),
  mpn: z
    .union([z.string({ error: MPN_MESSAGE }).trim(), z.null()], { error: MPN_MESSAGE })
    .transform((value) => (value === "" ? null : value))
    .refine((value) => value === null || MPN_PATTERN.test(value), MPN_MESSAGE)
    .optional(),
  /** Its specification values by key; checked on the server against the category's definitions. */
  specs: z
    .record(z.string().max(40, "A specification key is at most 40 characters"), z.union([z.number(), z.string().max(200, "A specification value is at most 200 characters"), z.boolean(), z.null(), z.array(z.string().max(60)).max(40)]), {
      error: "specs must be an object of specification values by key",
    })
    .refine((specs) => Object.keys(specs).length <= 40, "At most 40 specifications")
    .optional(),
};

/** POST /api/upload-product (docs/PRODUCT.md §7.2): prices in rupees; images are URLs from the image host. */
export const productBodySchema = z
  .object({
    productName: productText("Product name", 200),
    brandName: productText("Brand name", 100),
    category: z.enum(CATEGORY_VALUES, { error: "Choose a category from the list" }),
    productImage: z
      .array(z.string({ error: "Each image must be a URL" }).trim().min(1, "Each image must be a URL").max(500, "An image URL is at most 500 characters").refine(...plainText("An image URL")), {
        error: PRODUCT_IMAGE_MESSAGE,
      })
      .min(1, PRODUCT_IMAGE_MESSAGE)
      .max(PRODUCT_IMAGES_MAX, `At most ${PRODUCT_IMAGES_MAX} images`),
    productDesc: productText("Description", 5000, true),
    price: rupeeAmount("Price"),
    sellingPrice: rupeeAmount("Selling price"),
    /** Units on hand. Optional for clients written before stock existed: a new product then has none, an update keeps its count. */
    stock: stockCount.optional(),
    ...productDetailFields,
  })
  .refine((body) => body.sellingPrice <= body.price, { message: "Selling price cannot be above the price", path: ["sellingPrice"] });

/** PUT /api/update-product: the same fields plus `_id`. */
export const productUpdateSchema = productBodySchema.and(
  z.object({
    _id: z.string({ error: "_id is required" }).min(1, "_id is required").max(64, "_id is not a product id"),
    /** With `stock`: the count the form was opened with; the edit is refused if units were sold meanwhile. */
    stockWas: z.number({ error: STOCK_MESSAGE }).int(STOCK_MESSAGE).min(0, STOCK_MESSAGE).max(STOCK_MAX, STOCK_MESSAGE).optional(),
  }),
);

export type ProductInput = z.output<typeof productBodySchema>;

export const PRODUCT_STATES = ["all", "active", "archived"] as const;
export type ProductState = (typeof PRODUCT_STATES)[number];

/** Admin lists: `?page=&limit=` plus, for products, `q` (search) and `category`. */
export const adminProductQuerySchema = z
  .object({
    ...pageFields,
    /** Keyset paging: the page after this cursor (a previous answer's `nextCursor`). */
    after: z.string().max(64, "after is not a cursor this list gave").refine(...plainText("after")).optional(),
    q: z.string().trim().max(100, "The search is at most 100 characters").refine(...plainText("The search")).optional(),
    category: z.enum(CATEGORY_VALUES, { error: "Unknown category" }).optional(),
    /** On sale (active), retired (archived) or both (all, the default). */
    state: z.enum(PRODUCT_STATES, { error: `state must be one of ${PRODUCT_STATES.join(", ")}` }).optional(),
  })
  .superRefine(pagingWithin(ADMIN_PAGING_MAX_ROWS));

/** GET /api/all-orders' `status`: one state, or every order ("all", as without it). */
/** The admin's tabs: each state, the orders that need the owner (oversold, a refund failed) in any state, and all. */
export const ORDER_LIST_STATUSES = [...ORDER_STATUSES, "attention", "returns", "cash-due", "all"] as const;
export type OrderListStatus = (typeof ORDER_LIST_STATUSES)[number];
export const ORDER_SEARCH_MAX = 100;

/** GET /api/all-orders: `?page=&limit=` plus `status` and `q` (an order number, an email or its beginning, a phone). */
export const adminOrderQuerySchema = z
  .object({
    ...pageFields,
    status: z.enum(ORDER_LIST_STATUSES, { error: `status must be one of ${ORDER_LIST_STATUSES.join(", ")}` }).optional(),
    q: z.string().trim().max(ORDER_SEARCH_MAX, `The search is at most ${ORDER_SEARCH_MAX} characters`).refine(...plainText("The search")).optional(),
  })
  .superRefine(pagingWithin(ADMIN_PAGING_MAX_ROWS));

/** POST /api/archive-product: retire a product (archived: true) or put it back on sale (false). */
export const archiveProductSchema = z.object({
  productId: rowId("productId"),
  archived: z.boolean({ error: "archived must be true or false" }),
});

/** POST /api/release-hold: an admin ends an open checkout's hold. */
export const releaseHoldSchema = z.object({ checkoutId: rowId("checkoutId") });

/** GET /api/open-holds: the open checkouts holding one product, or any product of one order. */
export const openHoldsQuerySchema = z
  .object({ productId: rowId("productId").optional(), orderId: rowId("orderId").optional() })
  .refine((query) => (query.productId === undefined) !== (query.orderId === undefined), { message: "Give productId or orderId" });

/** POST /api/ship-order: the carrier (from CARRIERS, or "Other" with its name) and the tracking number. */
export const shipOrderSchema = z
  .object({
    orderId: rowId("orderId"),
    carrier: z.enum(CARRIERS, { error: "Choose a carrier from the list" }),
    otherCarrier: z.string().trim().max(60, "The carrier's name is at most 60 characters").refine(...plainText("The carrier's name")).optional(),
    trackingNumber: z.string({ error: "Tracking number is required" }).trim().regex(TRACKING_NUMBER, "A tracking number is 6 to 40 letters, digits or dashes"),
    trackingUrl: z
      .string()
      .trim()
      .max(500, "The tracking link is at most 500 characters")
      .refine((value) => value === "" || /^https:\/\/[^\s]+$/.test(value), "The tracking link must be an https:// address")
      .refine(...plainText("The tracking link"))
      .optional(),
    note: z.string().trim().max(1000, "The note is at most 1000 characters").refine(...plainText("The note", true)).optional(),
  })
  .refine((body) => body.carrier !== "Other" || Boolean(body.otherCarrier), { message: "Enter the carrier's name", path: ["otherCarrier"] })
  // A link typed for a listed carrier is on that carrier's site (none typed: the server builds it from the number).
  .superRefine((body, context) => {
    if (body.trackingUrl && !isCarrierSite(body.carrier, body.trackingUrl)) {
      const { site } = CARRIER_TRACKING[body.carrier as keyof typeof CARRIER_TRACKING];
      context.addIssue({ code: "custom", message: `A ${body.carrier} tracking link is on ${site}`, path: ["trackingUrl"] });
    }
  });

/** The rupees a caller confirmed a refund for (at most 2 decimals): refused with a 409 if the refund comes to another amount. */
const expectedAmount = z
  .number({ error: "expectedAmount must be a number of rupees" })
  .min(0, "expectedAmount must be a number of rupees")
  .max(99_999_999.99, "expectedAmount is too large")
  .refine((value) => Number.isInteger(Math.round(value * 100)) && Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, "expectedAmount has at most 2 decimals")
  .transform((value) => Math.round(value * 100));

export const DUPLICATE_REFUND_LINE_MESSAGE = "Each line may be named once; put all its units in one entry";

/**
 * POST /api/refund-order: lines (or quantities of them) to refund, or `all` (everything still
 * refundable, shipping included); whether their units go back to stock; `outsideWindow`: the
 * admin's word that a delivered order past its returns window is refunded anyway; `expectedAmount`:
 * the rupees the admin confirmed (in paise once parsed).
 */
export const refundOrderSchema = z
  .object({
    orderId: rowId("orderId"),
    lines: z
      .array(
        z.object({
          orderItemId: rowId("orderItemId"),
          quantity: z.number({ error: "quantity must be a whole number" }).int("quantity must be a whole number").min(1, "Refund at least one unit of a line").max(999, "quantity is too large"),
        }),
        { error: "Choose the lines to refund" },
      )
      .min(1, "Choose the lines to refund")
      .max(100, "At most 100 lines")
      .optional(),
    all: z.boolean({ error: "all must be true or false" }).optional(),
    restock: z.boolean({ error: "restock must be true or false" }).default(false),
    reason: z.string().trim().max(500, "The reason is at most 500 characters").refine(...plainText("The reason", true)).optional(),
    outsideWindow: z.boolean({ error: "outsideWindow must be true or false" }).default(false),
    expectedAmount: expectedAmount.optional(),
    /** A cash-on-delivery order's refund, paid by bank transfer or UPI: the payment's reference (required for those). */
    reference: z.string().trim().max(100, "Reference must be at most 100 characters").refine(...plainText("Reference")).optional(),
  })
  .refine((body) => (body.all === true) !== Boolean(body.lines), { message: "Choose the lines to refund, or all", path: ["lines"] })
  // The same line twice was a 500; bad input is a 400 (docs/ENGINEERING.md §5.1): one entry per line, with its units.
  .refine((body) => !body.lines || new Set(body.lines.map((line) => line.orderItemId)).size === body.lines.length, {
    message: DUPLICATE_REFUND_LINE_MESSAGE,
    path: ["lines"],
  });

/** POST /api/deliver-order and /api/cancel-order (whose `expectedAmount` is the refund the caller confirmed). */
export const orderIdBodySchema = z.object({
  orderId: rowId("orderId"),
  note: z.string().trim().max(500, "The note is at most 500 characters").refine(...plainText("The note", true)).optional(),
  expectedAmount: expectedAmount.optional(),
});

/** POST /api/checkout/cancel: the checkout the shopper left Stripe's page of. */
export const cancelCheckoutSchema = z.object({ checkoutId: rowId("checkoutId") });

// Return requests (lib/server/orders/returns.ts) ---------------------------------------------

/** POST /api/request-return: the lines and units to send back, a reason from the list, an optional note, up to 3 photos. */
export const requestReturnSchema = z.object({
  orderId: rowId("orderId"),
  lines: z
    .array(
      z.object({
        orderItemId: rowId("orderItemId"),
        quantity: z.number({ error: "quantity must be a whole number" }).int("quantity must be a whole number").min(1, "Return at least one unit of a line").max(999, "quantity is too large"),
      }),
      { error: "Choose what to return" },
    )
    .min(1, "Choose what to return")
    .max(100, "At most 100 lines")
    .refine((lines) => new Set(lines.map((line) => line.orderItemId)).size === lines.length, "Each line once"),
  reason: z.enum(RETURN_REASONS, { error: "Choose a reason from the list" }),
  note: z.string().trim().max(RETURN_NOTE_MAX, `The note is at most ${RETURN_NOTE_MAX} characters`).refine(...plainText("The note", true)).optional(),
  photos: z.array(z.string().max(500, "Not a photo of this store"), { error: "photos must be a list" }).max(RETURN_PHOTOS_MAX, `At most ${RETURN_PHOTOS_MAX} photos`).default([]),
});

/** POST /api/approve-return: the day the parcel is picked up (YYYY-MM-DD, India's calendar). */
export const approveReturnSchema = z.object({
  returnId: rowId("returnId"),
  // A real day of the calendar (no 31 February, which Date.parse rolls over into March).
  pickupDate: z
    .string({ error: "Choose the pickup date" })
    .regex(/^\d{4}-\d{2}-\d{2}$/, "Choose the pickup date")
    .refine((value) => {
      const day = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value;
    }, "Choose the pickup date"),
});

/** POST /api/decline-return: the reason the shopper is mailed. */
export const declineReturnSchema = z.object({
  returnId: rowId("returnId"),
  reason: z.string({ error: "Say why" }).trim().min(1, "Say why").max(500, "The reason is at most 500 characters").refine(...plainText("The reason", true)),
});

/** POST /api/receive-return: the parcel is back. */
export const returnIdBodySchema = z.object({ returnId: rowId("returnId") });

/** POST /api/return-photo-signature: the order the photo is for (the shopper's own, open to a return). */
export const returnPhotoSignatureSchema = z.object({ orderId: rowId("orderId") });

/**
 * One of the seller's text details: trimmed, at most `max` characters, "" or null for none. Every
 * field must be sent (the form sends the whole set): a body that leaves one out is a 400, never a
 * silent erasure.
 */
const sellerText = (field: string, max: number) =>
  z
    .string({ error: `${field} must be text (or null for none)` })
    .trim()
    .max(max, `${field} must be at most ${max} characters`)
    .refine(...plainText(field))
    .nullable()
    .transform((value) => (value ? value : null));
const sellerPhone = (field: string) => sellerText(field, 20).refine((value) => value === null || /^\+?[\d][\d\s-]{5,18}$/.test(value), `${field} may hold digits, spaces, dashes and a leading +`);
const sellerEmail = (field: string) => sellerText(field, 254).refine((value) => value === null || z.email().safeParse(value).success, `${field} must be an email address`);

/** The admin's Settings form: the seller's details (lib/billing/seller.ts), each checked; a GSTIN also against the state. */
export const sellerSettingsSchema = z
  .object({
    legalName: sellerText("Legal name", 200),
    tradeName: sellerText("Trade name", 200),
    addressLine1: sellerText("Address line 1", 200),
    addressLine2: sellerText("Address line 2", 200),
    city: sellerText("City", 100),
    state: sellerText("State", 2).refine((value) => value === null || INDIA_STATES.some((state) => state.code === value), "Choose a state from the list"),
    postalCode: sellerText("PIN code", 6).refine((value) => value === null || PIN_CODE.test(value), "Enter a 6-digit PIN code"),
    email: sellerEmail("Contact email"),
    phone: sellerPhone("Contact phone"),
    gstin: sellerText("GSTIN", 20).transform((value) => (value === null ? null : normalizeGstin(value))),
    registration: z.enum(GST_REGISTRATIONS, { error: "GST registration must be REGULAR or COMPOSITION" }),
    grievanceName: sellerText("Grievance officer's name", 100),
    grievanceDesignation: sellerText("Grievance officer's designation", 100),
    grievanceEmail: sellerEmail("Grievance officer's email"),
    grievancePhone: sellerPhone("Grievance officer's phone"),
  })
  .superRefine((details, context) => {
    if (details.gstin === null) return;
    const problem = gstinProblem(details.gstin, gstStateCode(details.state));
    if (problem) context.addIssue({ code: "custom", path: ["gstin"], message: problem });
  });

/**
 * PUT /api/business-details: a shopper's GSTIN and legal name for business purchases (their
 * invoices then name them); both null (or empty) to stop. The GSTIN is checked like the seller's.
 */
export const businessDetailsSchema = z
  .object({
    gstin: sellerText("GSTIN", 20).transform((value) => (value === null ? null : normalizeGstin(value))),
    legalName: sellerText("Legal name", 200),
  })
  .superRefine((details, context) => {
    if (details.gstin !== null) {
      const problem = gstinProblem(details.gstin);
      if (problem) context.addIssue({ code: "custom", path: ["gstin"], message: problem });
      if (details.legalName === null) context.addIssue({ code: "custom", path: ["legalName"], message: "Give the business's legal name, as its GST registration has it" });
    } else if (details.legalName !== null) {
      context.addIssue({ code: "custom", path: ["gstin"], message: "Give the business's GSTIN too, or clear the legal name" });
    }
  });

/** POST /api/complaints: what it is about, what happened, and optionally one of the shopper's orders. */
export const complaintSchema = z.object({
  subject: productText("Subject", COMPLAINT_SUBJECT_MAX),
  message: productText("Message", COMPLAINT_MESSAGE_MAX, true),
  orderId: z.union([rowId("orderId"), z.literal(""), z.null()]).optional().transform((value) => value || null),
});

/** POST /api/answer-complaint: the grievance officer's reply, mailed to the shopper, and whether it closes the complaint. */
export const complaintAnswerSchema = z.object({
  complaintId: rowId("complaintId"),
  message: productText("Reply", COMPLAINT_MESSAGE_MAX, true),
  close: z.boolean({ error: "close must be true or false" }).default(false),
});

// Reviews (issue 40) ------------------------------------------------------------------------------

const RATING_MESSAGE = "rating must be a whole number of stars from 1 to 5";
/** An optional review text: trimmed, plain, bounded ("" when absent). */
const reviewText = (field: string, max: number, multiLine: boolean) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .max(max, `${field} must be at most ${max} characters`)
    .refine(...plainText(field, multiLine))
    .optional()
    .transform((value) => value ?? "");

/** POST /api/write-review: a buyer's stars (1..5) and, optionally, a title and words; writes or replaces their review. */
export const reviewSchema = z.object({
  productId: rowId("productId"),
  rating: z.number({ error: RATING_MESSAGE }).int(RATING_MESSAGE).min(1, RATING_MESSAGE).max(5, RATING_MESSAGE),
  title: reviewText("The title", REVIEW_TITLE_MAX, false),
  body: reviewText("The review", REVIEW_BODY_MAX, true),
});
export type ReviewInput = z.output<typeof reviewSchema>;

/** GET /api/product-reviews: one product's published reviews, in one of the page's orders, paged. */
export const reviewListQuerySchema = z.object({
  productId: rowId("productId"),
  sort: z.enum(REVIEW_SORTS, { error: `sort must be one of ${REVIEW_SORTS.join(", ")}` }).optional().transform((value) => value ?? "newest"),
  page: pageNumber.optional().transform((value) => value ?? 1),
});

/** POST /api/review-helpful and the admin's review calls: `{ reviewId }`. */
export const reviewIdBodySchema = z.object({ reviewId: rowId("reviewId") });

// Reviews: the admin's moderation (issue 40) ---------------------------------------------------------

const REVIEW_RATING_FILTER_MESSAGE = "rating must be a whole number of stars from 1 to 5";

/** GET /api/admin-reviews: every review, the published or the hidden ones, of any or one star rating, newest first, 20 a page. */
export const adminReviewQuerySchema = z
  .object({
    state: z.enum(ADMIN_REVIEW_STATES, { error: `state must be one of ${ADMIN_REVIEW_STATES.join(", ")}` }).optional().transform((value) => value ?? "all"),
    rating: z.coerce.number({ error: REVIEW_RATING_FILTER_MESSAGE }).int(REVIEW_RATING_FILTER_MESSAGE).min(1, REVIEW_RATING_FILTER_MESSAGE).max(5, REVIEW_RATING_FILTER_MESSAGE).optional(),
    page: pageNumber.optional().transform((value) => value ?? 1),
  })
  .superRefine((query, context) => {
    if (query.page * ADMIN_REVIEWS_PAGE_SIZE > ADMIN_PAGING_MAX_ROWS) context.addIssue({ code: "custom", path: ["page"], message: `page may be at most ${ADMIN_PAGING_MAX_ROWS / ADMIN_REVIEWS_PAGE_SIZE}; narrow the selection instead` });
  });
export type AdminReviewQuery = z.output<typeof adminReviewQuerySchema>;

export const HIDE_REASON_REQUIRED_MESSAGE = "Say why the review is hidden: its author is shown the reason";

/** POST /api/hide-review: the review leaves the product page and its rating; its author sees the reason. */
export const hideReviewSchema = z.object({
  reviewId: rowId("reviewId"),
  reason: z
    .string({ error: HIDE_REASON_REQUIRED_MESSAGE })
    .trim()
    .min(1, HIDE_REASON_REQUIRED_MESSAGE)
    .max(REVIEW_HIDE_REASON_MAX, `The reason must be at most ${REVIEW_HIDE_REASON_MAX} characters`)
    .refine(...plainText("The reason", true)),
});

/** POST /api/reply-review: the store's reply under a review; "" removes it. */
export const replyReviewSchema = z.object({
  reviewId: rowId("reviewId"),
  reply: z
    .string({ error: "reply must be text (empty to remove the reply)" })
    .trim()
    .max(REVIEW_REPLY_MAX, `The reply must be at most ${REVIEW_REPLY_MAX} characters`)
    .refine(...plainText("The reply", true)),
});
