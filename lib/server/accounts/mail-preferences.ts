import "server-only";
import { db } from "../platform/db";
import { notFound } from "../platform/http";

// The shopper's choice of optional mails kept on the account: the review-request mails after a
// delivery (User.reviewRequestsOff), switched in My Account or by the mail's one-click
// unsubscribe (unsubscribe.ts). The wishlist alerts are chosen per product (wishlist-alerts.ts).

export type MailPreferences = { reviewRequests: boolean };

export async function readMailPreferences(userId: string): Promise<MailPreferences> {
  const user = await db.user.findUnique({ where: { id: userId }, select: { reviewRequestsOff: true } });
  if (!user) throw notFound("Account not found");
  return { reviewRequests: !user.reviewRequestsOff };
}

export async function setMailPreferences(userId: string, preferences: MailPreferences): Promise<MailPreferences> {
  const user = await db.user.update({ where: { id: userId }, data: { reviewRequestsOff: !preferences.reviewRequests }, select: { reviewRequestsOff: true } });
  return { reviewRequests: !user.reviewRequestsOff };
}
