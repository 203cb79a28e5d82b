// Complaints to the grievance officer (client-safe): the ticket's form, and the deadlines the
// Consumer Protection (E-Commerce) Rules 2020 set (rule 4(5)): acknowledged within 48 hours,
// resolved within one month of receipt.

export const COMPLAINT_SUBJECT_MAX = 120;
export const COMPLAINT_MESSAGE_MAX = 2000;
export const COMPLAINT_ACKNOWLEDGE_HOURS = 48;
export const COMPLAINT_RESOLVE_MONTHS = 1;

export const COMPLAINT_STATUS_LABELS: Record<"OPEN" | "ANSWERED" | "CLOSED", string> = { OPEN: "Received", ANSWERED: "Answered", CLOSED: "Closed" };

/** "GR-000042" from ticket 42. */
export function ticketNumber(ticket: number): string {
  return `GR-${String(ticket).padStart(6, "0")}`;
}

/** When a complaint received at `at` must be acknowledged, and resolved (the same day of the next month, or its last day). */
export function complaintDeadlines(at: Date): { acknowledgeBy: Date; resolveBy: Date } {
  const resolveBy = new Date(at);
  const day = resolveBy.getUTCDate();
  resolveBy.setUTCDate(1);
  resolveBy.setUTCMonth(resolveBy.getUTCMonth() + COMPLAINT_RESOLVE_MONTHS);
  const lastDay = new Date(Date.UTC(resolveBy.getUTCFullYear(), resolveBy.getUTCMonth() + 1, 0)).getUTCDate();
  resolveBy.setUTCDate(Math.min(day, lastDay));
  return { acknowledgeBy: new Date(at.getTime() + COMPLAINT_ACKNOWLEDGE_HOURS * 3_600_000), resolveBy };
}

/** "2 days 3 hours left", "5 hours left", "overdue by 4 hours": the time to a deadline, in words. */
export function timeLeft(deadline: Date, now: Date): string {
  const ms = deadline.getTime() - now.getTime();
  const hours = Math.floor(Math.abs(ms) / 3_600_000);
  const days = Math.floor(hours / 24);
  const rest = hours % 24;
  const words = days > 0 ? `${days} day${days === 1 ? "" : "s"}${rest ? ` ${rest} hour${rest === 1 ? "" : "s"}` : ""}` : `${hours} hour${hours === 1 ? "" : "s"}`;
  return ms >= 0 ? `${words} left` : `overdue by ${words}`;
}
