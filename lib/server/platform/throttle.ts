import "server-only";
import { THROTTLES } from "@/lib/constants";
import { clientAddress } from "./client-address";
import { countOrRefuse, inMinutes, type Limit } from "./rate-limit";

// Limits on the doors that cost the store something per request (an Argon2 hash, an email, a
// Stripe session, a catalogue write): per client address, per account and for the whole store,
// each a fixed-window counter in PostgreSQL (lib/server/platform/rate-limit.ts). A request is counted
// before its work runs, so parallel requests cannot pass a limit together.

export type ThrottleName = keyof typeof THROTTLES;
type Rules = { perAddress?: readonly [number, number]; perAccount?: readonly [number, number]; global?: readonly [number, number] };

/**
 * Counts one request of `name` for the caller's address, their account (when `accountId` is
 * given) and the store; 429 with Retry-After when any count is past its limit. Without a
 * trustworthy address (see client-address.ts) the address limit is skipped, never shared.
 */
export async function throttle(name: ThrottleName, request: Request, accountId?: string, now: Date = new Date()): Promise<void> {
  const rules: Rules = THROTTLES[name];
  const address = clientAddress(request.headers);
  const counters: Limit[] = [];
  if (rules.global) counters.push({ key: `${name}:all`, limit: rules.global[0], seconds: rules.global[1] });
  if (rules.perAddress && address) counters.push({ key: `${name}:address:${address}`, limit: rules.perAddress[0], seconds: rules.perAddress[1] });
  if (rules.perAccount && accountId) counters.push({ key: `${name}:account:${accountId}`, limit: rules.perAccount[0], seconds: rules.perAccount[1] });
  await countOrRefuse(counters, (wait) => `Too many requests. Please try again in ${inMinutes(wait)}.`, now);
}
