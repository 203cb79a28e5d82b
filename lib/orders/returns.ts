// Return requests as every screen and the server name them (client-safe): the reasons a shopper
// picks from, which of them are the store's fault, and the request's states. The server's rules
// are in lib/server/orders/returns.ts; the window is lib/orders/returns-policy.ts's.

export const RETURN_REASONS = ["damaged", "not_as_described", "wrong_item", "no_longer_needed", "other"] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];

/** The reason in the shopper's words (the form's list, My Orders, the admin's page, the mails). */
export const RETURN_REASON_LABELS: Record<ReturnReason, string> = {
  damaged: "Damaged",
  not_as_described: "Not as described",
  wrong_item: "Wrong item",
  no_longer_needed: "No longer needed",
  other: "Other",
};

/** The store's fault: shipping goes back too when the whole order comes back for one of these. */
export const FAULT_REASONS: readonly ReturnReason[] = ["damaged", "not_as_described", "wrong_item"];

/** A damaged unit does not go back to stock. */
export const restocksOnReturn = (reason: ReturnReason): boolean => reason !== "damaged";

export const RETURN_STATUSES = ["REQUESTED", "APPROVED", "DECLINED", "RECEIVED"] as const;
export type ReturnStatusName = (typeof RETURN_STATUSES)[number];

/** The request's state in the shopper's words. */
export const RETURN_STATUS_LABELS: Record<ReturnStatusName, string> = {
  REQUESTED: "Return requested",
  APPROVED: "Return approved",
  DECLINED: "Return declined",
  RECEIVED: "Return received",
};

/** Open: the admin has not said no and the parcel is not back yet (one per order). */
export const isOpenReturn = (status: string): boolean => status === "REQUESTED" || status === "APPROVED";

export const RETURN_PHOTOS_MAX = 3;
export const RETURN_NOTE_MAX = 1000;
/** How far ahead an admin may set a return's pickup (days, India's calendar). */
export const RETURN_PICKUP_MAX_DAYS = 30;
