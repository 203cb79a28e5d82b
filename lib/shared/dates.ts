// Dates as the store shows them: en-IN, in India's time zone, whatever the server's or the
// browser's zone (so a server-rendered date and its hydrated copy agree).
const dateTime = new Intl.DateTimeFormat("en-IN", { dateStyle: "medium", timeStyle: "short", timeZone: "Asia/Kolkata" });
const dateOnly = new Intl.DateTimeFormat("en-IN", { dateStyle: "medium", timeZone: "Asia/Kolkata" });
// en-CA writes a date as YYYY-MM-DD, the form of <input type="date"> and of the API's days.
const isoDay = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata", year: "numeric", month: "2-digit", day: "2-digit" });

/** 23 Nov 2026, 10:13 am */
export const formatDateTime = (iso: string): string => dateTime.format(new Date(iso));
/** 23 Nov 2026 */
export const formatDate = (iso: string): string => dateOnly.format(new Date(iso));
/** Today's date in India (YYYY-MM-DD), e.g. the earliest day a return's pickup may be set. */
export const indiaToday = (now = new Date()): string => isoDay.format(now);
