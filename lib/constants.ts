// Every number the product specification names (docs/PRODUCT.md §9: constants), by name, plus the store's own limits.
export const CAROUSEL_INTERVAL_MS = 5000;
export const MOBILE_BREAKPOINT_PX = 768;
export const BANNER_IMAGES_PER_VARIANT = 5;
export const SKELETON_CARD_COUNT = 13;
export const ROW_SCROLL_STEP_PX = 300;
export const HOVER_ZOOM_PERCENT = 200;
export const USER_TABLE_PAGE_SIZE = 8;
export const OTP_LENGTH = 6;
export const OTP_VALIDITY_SECONDS = 300;
/** Guesses one code accepts (right or wrong); then it is dead and a new one must be requested. */
export const OTP_MAX_ATTEMPTS = 5;
/** Codes one email may be sent per window. */
export const OTP_SENDS_PER_WINDOW = 3;
export const OTP_SEND_WINDOW_SECONDS = 15 * 60;
/** Wrong codes one account may send per window, across all its codes. */
export const OTP_FAILURES_PER_WINDOW = 10;
export const OTP_FAILURE_WINDOW_SECONDS = 60 * 60;
/** How long the code that confirms a new email address stays valid. */
export const EMAIL_CHANGE_VALIDITY_SECONDS = 15 * 60;
/** How long the link that confirms an account's address (mailed at sign-up) works. */
export const EMAIL_CONFIRM_LINK_SECONDS = 24 * 3600;
/** How long an address-confirmation code works (lib/server/accounts/email-confirmation.ts). */
export const EMAIL_CONFIRM_CODE_SECONDS = 15 * 60;
/** How long the proof of a verified code stays valid for the password reset. */
export const RESET_GRANT_SECONDS = 10 * 60;
/** Sign-in throttling: failed attempts per account and per client address, per window. */
export const SIGNIN_FAILURES_PER_ACCOUNT = 10;
export const SIGNIN_FAILURES_PER_ADDRESS = 50;
export const SIGNIN_WINDOW_SECONDS = 15 * 60;
/**
 * Sign-ins per account and per address in the same window, successes included: each costs an
 * Argon2 hash and a Session row, so a correct password must not be a free way to spend either.
 */
export const SIGNIN_ATTEMPTS_PER_ACCOUNT = 30;
export const SIGNIN_ATTEMPTS_PER_ADDRESS = 300;
/** Live sessions per user: a sign-in past this ends the oldest. */
export const SESSIONS_PER_USER_MAX = 10;
/**
 * The whole store's budget of password hashes (sign-in, sign-up, password change and reset):
 * [count, window in seconds]. 60 a second is about two thirds of two cores' Argon2 capacity, so
 * a flood of correct sign-ins is refused before it takes every core.
 */
export const PASSWORD_HASH_BUDGET = [600, 10] as const;
export const TOAST_DURATION_MS = 5000;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export const CART_QUANTITY_MIN = 1;
export const CART_QUANTITY_MAX = 99;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const PROFILE_PICTURE_MAX_BYTES = 2 * 1024 * 1024;
/** A product image file, checked in the admin's browser before it is uploaded. */
export const PRODUCT_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** Admin lists without paging parameters answer at most this many rows (with `total`). */
export const ADMIN_LIST_MAX = 500;
/** A session ends this long after sign-in, however often it is used (absolute lifetime)… */
export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;
/** …or after this long without a request (idle timeout). */
export const SESSION_IDLE_SECONDS = 7 * 24 * 60 * 60;
/** How stale a session's lastSeenAt may get before a request moves it (one write per 10 minutes at most). */
export const SESSION_TOUCH_SECONDS = 10 * 60;

// Catalogue bounds: no page or answer ever reads the whole catalogue.
export const HOME_ROW_LIMIT = 8;
/** Home rows rendered on the server; the rest load their cards near the viewport. */
export const HOME_SERVER_ROWS = 2;
export const CATEGORY_PAGE_SIZE = 24;
export const RELATED_PRODUCTS_LIMIT = 12;
export const SEARCH_RESULTS_LIMIT = 48;
export const API_PAGE_SIZE_DEFAULT = 50;
export const API_PAGE_SIZE_MAX = 100;
/**
 * The spec's list calls carry no paging: asked without `page` or `limit`, get-product,
 * fiter-product, get-category-wise-product and search-product answer the whole list up to this
 * many items, with `total` beside it (docs/ARCHITECTURE.md, "API lists").
 */
export const API_LIST_MAX = 1000;
/** Deepest paging: page × limit at most this on public lists, and on the admin's lists. */
export const PAGING_MAX_ROWS = 10_000;
export const ADMIN_PAGING_MAX_ROWS = 250_000;
export const SEARCH_QUERY_MAX_LENGTH = 100;
export const SITEMAP_URLS_PER_FILE = 45_000;

// Checkout (Stripe hosted Checkout, INR).
export const CHECKOUT_CURRENCY = "inr";
/** The one shipping option every order carries: a fixed amount, in paise, and its name. */
export const SHIPPING_AMOUNT_PAISE = 4900;
/** Business days between the order and handing it to the carrier, then in transit: what the rate's name promises. */
export const SHIPPING_HANDLING_DAYS = { min: 0, max: 1 } as const;
export const SHIPPING_TRANSIT_DAYS = { min: 3, max: 5 } as const;
export const SHIPPING_RATE_NAME = `Standard delivery (${SHIPPING_TRANSIT_DAYS.min}–${SHIPPING_TRANSIT_DAYS.max} business days)`;
/** Stripe's smallest INR charge (₹0.50) and largest amount (8 digits of paise). */
export const STRIPE_MIN_AMOUNT_PAISE = 50;
export const STRIPE_MAX_AMOUNT_PAISE = 99_999_999;
/** Lines in one checkout (Stripe takes at most 100 line items per session). */
export const CHECKOUT_MAX_LINES = 100;
/**
 * How long a Stripe Checkout Session stays payable, and so how long its units are held: Stripe's
 * shortest (it allows 30 minutes to 24 hours).
 */
export const CHECKOUT_SESSION_MINUTES = 30;
/** A repeated checkout of the same lines within this time reuses the open session (10+ minutes left to pay). */
export const CHECKOUT_REUSE_MINUTES = 20;
/**
 * The success page's questions to Stripe about one session: its answer is kept this long while
 * the session may still change (open, unpaid), and for good once it cannot (paid, expired).
 */
export const STRIPE_SESSION_FRESH_MS = 5000;
/** Questions to Stripe from the success page per account: [count, window in seconds]. */
export const SUCCESS_LOOKUPS_PER_ACCOUNT = [30, 600] as const;
/** Orders per page in the order history; the unpaged call answers at most ORDERS_LIST_MAX. */
export const ORDERS_PAGE_SIZE = 20;
export const ORDERS_LIST_MAX = 100;
/** The success page asks again this often while the payment is still being confirmed. */
export const ORDER_CONFIRM_POLL_MS = 2000;

// Throttles (lib/server/platform/throttle.ts): [limit, window in seconds] per client address, per account
// and for the whole store. Counted in PostgreSQL, so they hold across instances.
export const THROTTLES = {
  signup: { perAddress: [10, 3600], global: [600, 600] },
  sendOtp: { perAddress: [20, 3600], global: [300, 600] },
  verifyOtp: { perAddress: [60, 600], global: [1000, 600] },
  checkout: { perAccount: [30, 600], perAddress: [120, 600], global: [3000, 60] },
  // A return's photos (signed uploads to the image host): a few a return, never a free file host.
  returnPhoto: { perAccount: [12, 3600], perAddress: [40, 3600], global: [600, 600] },
  adminWrite: { perAccount: [120, 60], perAddress: [300, 60], global: [600, 60] },
  // Codes mailed to a new email address (update-user), and guesses at them (confirm-email).
  emailChange: { perAccount: [5, 3600], perAddress: [20, 3600], global: [300, 600] },
  emailChangeGuess: { perAccount: [10, 3600] },
  // Confirmation links mailed again from My Account (POST /api/send-confirmation), and links brought back.
  confirmLink: { perAccount: [3, 3600], perAddress: [20, 3600], global: [300, 600] },
  confirmAddress: { perAddress: [60, 600], global: [1000, 600] },
  // Complaints to the grievance officer: a few a day each (each mails an acknowledgement).
  complaint: { perAccount: [5, 86400], perAddress: [20, 86400], global: [300, 3600] },
  // One-click unsubscribes (POST /api/unsubscribe): mail providers send them from their own
  // servers, so the per-address bound is generous; the global one keeps a flood of forged tokens cheap.
  unsubscribe: { perAddress: [60, 60], global: [3000, 60] },
  // Reviews written, edited or deleted (each refreshes the catalogue's cached pages), and helpful votes.
  review: { perAccount: [20, 3600], perAddress: [60, 3600], global: [600, 600] },
  reviewVote: { perAccount: [120, 3600], perAddress: [300, 3600] },
} as const satisfies Record<string, Partial<Record<"perAddress" | "perAccount" | "global", readonly [number, number]>>>;
/**
 * Guesses at reset codes per email per calendar day (UTC). Windows are fixed, so two days' worth
 * can fall within 24 hours: 2 × 50 guesses at a 6-digit code keep the odds within any 24 hours at
 * most 1 in 10 000.
 */
export const OTP_GUESSES_PER_DAY = 50;
/** Guesses at email-change codes per account per calendar day (UTC), for the same odds. */
export const EMAIL_CHANGE_GUESSES_PER_DAY = 50;
/** Request bodies: ordinary JSON, and the two forms that carry a profile picture (2 MB as base64). */
export const JSON_BODY_MAX_BYTES = 16 * 1024;
export const PICTURE_BODY_MAX_BYTES = 3 * 1024 * 1024;
export const CHECKOUT_BODY_MAX_BYTES = 1024 * 1024;
/** Stripe's events are a few KB; a signed body is never near this. */
export const WEBHOOK_BODY_MAX_BYTES = 512 * 1024;
/** A one-click unsubscribe's form body (`List-Unsubscribe=One-Click`, RFC 8058) is a few bytes. */
export const UNSUBSCRIBE_BODY_MAX_BYTES = 1024;

// Stock (lib/server/orders/holds.ts).
/** Under this many units available, shoppers see "Only N left". */
export const LOW_STOCK_THRESHOLD = 5;
/** The most an admin may set as units on hand. */
export const STOCK_MAX = 1_000_000;
// What one account may keep from everyone else with checkouts it does not pay (holds.ts). Sized so
// a real shopper never meets them (an order of 5 of a product is well inside), and so that a few
// free accounts cannot hold all of a product: 3 accounts hold at most 24 of 30 units.
/** Units of one product one account may hold at once (in its open checkout). */
export const HOLD_UNITS_PER_PRODUCT_MAX = 8;
/** Units in all one account may hold at once. */
export const HOLD_UNITS_TOTAL_MAX = 20;
/**
 * How long one account may keep a product held through checkouts back to back (each replacing
 * the last, or started within HOLD_BREAK_MINUTES of the last one's end): a new checkout of it
 * after that is refused until the account has held none of it for HOLD_BREAK_MINUTES.
 */
export const HOLD_RUN_MAX_MINUTES = 60;
/** The break that ends a run of holds: the other shoppers' window on the units. */
export const HOLD_BREAK_MINUTES = 15;
/** Cash on delivery: orders one account may have open (placed or shipped, not yet delivered) at once. */
export const COD_OPEN_ORDERS_MAX = 3;

// Returns (lib/orders/returns-policy.ts): the window a delivered order may be returned in, and who pays
// the return's shipping ("store": a free pickup; "customer": the shopper sends it back).
export const RETURN_WINDOW_DAYS = 7;
export const RETURN_SHIPPING_PAID_BY: "store" | "customer" = "store";
