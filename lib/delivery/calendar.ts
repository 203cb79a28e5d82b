// The dispatch calendar in India time (UTC+5:30 all year): days are YYYY-MM-DD strings, and
// handling and transit count working days only (no dispatch or transit on the closed weekdays and
// the holidays). Client-safe: the same figures on the server and in the browser.

const IST_OFFSET_MS = 330 * 60_000;
const DAY_MS = 86_400_000;

export type Calendar = { closedWeekdays: readonly number[]; holidays: readonly string[] };

/** The day (YYYY-MM-DD) and the minute of that day, in India, at `now`. */
export function indiaClock(now: Date): { day: string; minute: number } {
  const shifted = new Date(now.getTime() + IST_OFFSET_MS);
  return { day: shifted.toISOString().slice(0, 10), minute: shifted.getUTCHours() * 60 + shifted.getUTCMinutes() };
}

function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

export function isWorkingDay(day: string, calendar: Calendar): boolean {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return !calendar.closedWeekdays.includes(weekday) && !calendar.holidays.includes(day);
}

/** The working day `count` working days after `day` (0: `day` itself when it is one, else the next). */
export function addWorkingDays(day: string, count: number, calendar: Calendar): string {
  let at = day;
  // A calendar closed every day would loop for ever: at most a year of days is looked at.
  for (let guard = 0; guard < 366 && !isWorkingDay(at, calendar); guard++) at = addDays(at, 1);
  for (let left = count, guard = 0; left > 0 && guard < 3660; guard++) {
    at = addDays(at, 1);
    if (isWorkingDay(at, calendar)) left -= 1;
  }
  return at;
}

/**
 * The day a parcel ordered at `now` leaves: today when today is a working day and the cut-off
 * has not passed, else the next working day; then `handlingDays` working days later.
 */
export function dispatchDay(now: Date, settings: Calendar & { cutoffMinutes: number; handlingDays: number }): string {
  const { day, minute } = indiaClock(now);
  const first = isWorkingDay(day, settings) && minute < settings.cutoffMinutes ? day : addWorkingDays(addDays(day, 1), 0, settings);
  return addWorkingDays(first, settings.handlingDays, settings);
}

const SHORT_DAY = new Intl.DateTimeFormat("en-GB", { weekday: "short", day: "numeric", month: "short", timeZone: "UTC" });

/** "Tue 1 Dec" for 2026-12-01. */
export function shortDay(day: string): string {
  return SHORT_DAY.format(new Date(`${day}T00:00:00Z`)).replace(",", "");
}

/** "Tue 1 Dec – Thu 3 Dec", or one day when both are the same. */
export function dayRange(earliest: string, latest: string): string {
  return earliest === latest ? shortDay(earliest) : `${shortDay(earliest)} – ${shortDay(latest)}`;
}
