-- AlterTable
ALTER TABLE "Order" ADD COLUMN     "rtoCreditNoteDue" BOOLEAN NOT NULL DEFAULT false;

-- The minute round reads the undelivered parcels whose credit note is due: few rows, found at once.
CREATE INDEX "Order_rto_credit_note_due_idx" ON "Order"("returnedToOriginAt", "id") WHERE "rtoCreditNoteDue";

-- A credit note always quotes its invoice; it names a refund, except the one credit note of a
-- parcel that came back undelivered (no money moved): at most one such per order.
ALTER TABLE "TaxDocument" DROP CONSTRAINT "TaxDocument_credit_note_links";
ALTER TABLE "TaxDocument" ADD CONSTRAINT "TaxDocument_credit_note_links" CHECK (
  ("kind" = 'CREDIT_NOTE') = ("invoiceId" IS NOT NULL) AND ("refundId" IS NULL OR "kind" = 'CREDIT_NOTE'));
CREATE UNIQUE INDEX "TaxDocument_undelivered_credit_note_key" ON "TaxDocument"("orderId") WHERE "kind" = 'CREDIT_NOTE' AND "refundId" IS NULL;
