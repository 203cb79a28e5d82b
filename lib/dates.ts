// Dates as the store shows them: en-IN, in India's time zone, whatever the server's or the
// browser's zone (so a server-rendered date and its hydrated copy agree).
const dateTime = new Intl.DateTimeFormat("en-IN", { dateStyle: "medium", timeStyle: "short", timeZone: "Asia/Kolkata" });
const dateOnly = new Intl.DateTimeFormat("en-IN", { dateStyle: "medium", timeZone: "Asia/Kolkata" });

/** 23 Nov 2026, 10:13 am */
export const formatDateTime = (iso: string): string => dateTime.format(new Date(iso));
/** 23 Nov 2026 */
export const formatDate = (iso: string): string => dateOnly.format(new Date(iso));
