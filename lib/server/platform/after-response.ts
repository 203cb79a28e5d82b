import "server-only";
import { after } from "next/server";
import { log } from "./log";

/**
 * Runs work after the answer has gone out (mail, mostly), so that its time does not show in the
 * answer: send-otp must answer alike for known and unknown emails. On Vercel `after` keeps the
 * function alive until the work ends. Outside a request (tests calling handlers directly) the
 * work simply starts now; its failure is logged, never thrown at the caller.
 */
export function afterResponse(label: string, work: () => Promise<unknown>): void {
  const run = () =>
    work().catch((error: unknown) => {
      log.error({ err: error, task: label }, "after the answer: the task failed");
    });
  try {
    after(run);
  } catch {
    void run();
  }
}
