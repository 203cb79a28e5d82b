import "server-only";
import { db } from "../platform/db";

// A shopper's GSTIN and legal name for business purchases: orders recorded while they are set carry
// them, and their tax invoices are B2B invoices naming the business (lib/server/billing/invoices.ts).

export type BusinessDetails = { gstin: string | null; legalName: string | null };

export async function readBusinessDetails(userId: string): Promise<BusinessDetails> {
  const user = await db.user.findUnique({ where: { id: userId }, select: { gstin: true, gstLegalName: true } });
  return { gstin: user?.gstin ?? null, legalName: user?.gstLegalName ?? null };
}

export async function saveBusinessDetails(userId: string, details: BusinessDetails): Promise<BusinessDetails> {
  const user = await db.user.update({ where: { id: userId }, data: { gstin: details.gstin, gstLegalName: details.legalName }, select: { gstin: true, gstLegalName: true } });
  return { gstin: user.gstin, legalName: user.gstLegalName };
}
