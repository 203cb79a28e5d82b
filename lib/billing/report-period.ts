// The periods the GST report covers: a month (GSTR-1 is monthly, or quarterly under QRMP), a
// quarter of the financial year, or the financial year itself. Bounds in India time.
import { financialYearBounds, financialYearLabel, financialYearOf } from "./documents";

const INDIA_OFFSET_MS = 330 * 60 * 1000;
const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

export type ReportPeriod = { key: string; label: string; from: Date; to: Date; kind: "month" | "quarter" | "year" };

/** The first instant of a calendar month in India time (month 0–11; may run past 11). */
function monthStart(year: number, month: number): Date {
  return new Date(Date.UTC(year, month, 1) - INDIA_OFFSET_MS);
}

/**
 * A period from its key: "2026-11" (a month), "2026-Q3" (the third quarter of financial year
 * 2026-27: October to December), "2026-27" (the financial year). Null for anything else.
 */
export function parseReportPeriod(key: string): ReportPeriod | null {
  let match = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(key);
  if (match) {
    const year = Number(match[1]);
    const month = Number(match[2]) - 1;
    return { key, kind: "month", label: `${MONTHS[month]} ${year}`, from: monthStart(year, month), to: new Date(monthStart(year, month + 1).getTime() - 1) };
  }
  match = /^(\d{4})-Q([1-4])$/.exec(key);
  if (match) {
    const start = Number(match[1]);
    const quarter = Number(match[2]);
    const firstMonth = 3 + (quarter - 1) * 3; // April is month 3
    const label = `Q${quarter} ${financialYearLabel(start)} (${MONTHS[firstMonth % 12]}–${MONTHS[(firstMonth + 2) % 12]})`;
    return { key, kind: "quarter", label, from: monthStart(start, firstMonth), to: new Date(monthStart(start, firstMonth + 3).getTime() - 1) };
  }
  match = /^(\d{4})-(\d{2})$/.exec(key);
  if (match && (Number(match[1]) + 1) % 100 === Number(match[2])) {
    const start = Number(match[1]);
    return { key, kind: "year", label: `Financial year ${financialYearLabel(start)}`, ...financialYearBounds(start) };
  }
  return null;
}

/** The month holding `at` (India time), as a period key: "2026-11". */
export function monthKey(at: Date): string {
  const india = new Date(at.getTime() + INDIA_OFFSET_MS);
  return `${india.getUTCFullYear()}-${String(india.getUTCMonth() + 1).padStart(2, "0")}`;
}

/** The quarter of the financial year holding `at`: "2026-Q3". */
export function quarterKey(at: Date): string {
  const india = new Date(at.getTime() + INDIA_OFFSET_MS);
  const monthOfYear = (india.getUTCMonth() + 9) % 12; // April is 0
  return `${financialYearOf(at)}-Q${Math.floor(monthOfYear / 3) + 1}`;
}

/** The financial year holding `at`: "2026-27". */
export function yearKey(at: Date): string {
  return financialYearLabel(financialYearOf(at));
}

/** The periods the report's picker offers: the last `months` months, the quarters and years they touch, newest first. */
export function recentPeriods(now: Date, months = 15): ReportPeriod[] {
  const india = new Date(now.getTime() + INDIA_OFFSET_MS);
  const keys = new Set<string>();
  for (let back = 0; back < months; back += 1) {
    const at = new Date(monthStart(india.getUTCFullYear(), india.getUTCMonth() - back).getTime() + 86_400_000);
    keys.add(monthKey(at));
    keys.add(quarterKey(at));
    keys.add(yearKey(at));
  }
  return [...keys].map((key) => parseReportPeriod(key)!).sort((a, b) => b.from.getTime() - a.from.getTime() || a.to.getTime() - b.to.getTime());
}
