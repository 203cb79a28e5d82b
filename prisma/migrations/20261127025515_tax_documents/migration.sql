-- CreateEnum
CREATE TYPE "TaxDocumentKind" AS ENUM ('INVOICE', 'BILL_OF_SUPPLY', 'CREDIT_NOTE');

-- AlterTable
ALTER TABLE "Order" ADD COLUMN     "buyerGstin" VARCHAR(15),
ADD COLUMN     "buyerLegalName" VARCHAR(200),
ADD COLUMN     "invoiceDue" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "Refund" ADD COLUMN     "creditNoteDue" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "User" ADD COLUMN     "gstLegalName" VARCHAR(200),
ADD COLUMN     "gstin" VARCHAR(15);

-- CreateTable
CREATE TABLE "DocumentSeries" (
    "series" VARCHAR(4) NOT NULL,
    "financialYear" VARCHAR(4) NOT NULL,
    "lastSerial" INTEGER NOT NULL,

    CONSTRAINT "DocumentSeries_pkey" PRIMARY KEY ("series","financialYear")
);

-- CreateTable
CREATE TABLE "TaxDocument" (
    "id" UUID NOT NULL,
    "kind" "TaxDocumentKind" NOT NULL,
    "number" VARCHAR(16) NOT NULL,
    "series" VARCHAR(4) NOT NULL,
    "financialYear" VARCHAR(4) NOT NULL,
    "serial" INTEGER NOT NULL,
    "orderId" UUID NOT NULL,
    "refundId" UUID,
    "invoiceId" UUID,
    "issuedAt" TIMESTAMPTZ(3) NOT NULL,
    "placeOfSupply" VARCHAR(2) NOT NULL,
    "sellerState" VARCHAR(2) NOT NULL,
    "interState" BOOLEAN NOT NULL,
    "buyerGstin" VARCHAR(15),
    "taxable" INTEGER NOT NULL,
    "cgst" INTEGER NOT NULL,
    "sgst" INTEGER NOT NULL,
    "utgst" INTEGER NOT NULL,
    "igst" INTEGER NOT NULL,
    "cess" INTEGER NOT NULL,
    "total" INTEGER NOT NULL,
    "content" JSONB NOT NULL,

    CONSTRAINT "TaxDocument_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "TaxDocumentLine" (
    "id" UUID NOT NULL,
    "documentId" UUID NOT NULL,
    "position" INTEGER NOT NULL,
    "kind" VARCHAR(10) NOT NULL,
    "orderItemId" UUID,
    "description" VARCHAR(200) NOT NULL,
    "hsnCode" VARCHAR(8) NOT NULL,
    "quantity" INTEGER NOT NULL,
    "unitPrice" INTEGER NOT NULL,
    "gross" INTEGER NOT NULL,
    "taxable" INTEGER NOT NULL,
    "rateBp" INTEGER NOT NULL,
    "cessRateBp" INTEGER NOT NULL,
    "cgst" INTEGER NOT NULL,
    "sgst" INTEGER NOT NULL,
    "utgst" INTEGER NOT NULL,
    "igst" INTEGER NOT NULL,
    "cess" INTEGER NOT NULL,

    CONSTRAINT "TaxDocumentLine_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "TaxDocument_number_key" ON "TaxDocument"("number");

-- CreateIndex
CREATE UNIQUE INDEX "TaxDocument_refundId_key" ON "TaxDocument"("refundId");

-- CreateIndex
CREATE INDEX "TaxDocument_orderId_idx" ON "TaxDocument"("orderId");

-- CreateIndex
CREATE INDEX "TaxDocument_issuedAt_idx" ON "TaxDocument"("issuedAt");

-- CreateIndex
CREATE UNIQUE INDEX "TaxDocument_series_financialYear_serial_key" ON "TaxDocument"("series", "financialYear", "serial");

-- CreateIndex
CREATE UNIQUE INDEX "TaxDocumentLine_documentId_position_key" ON "TaxDocumentLine"("documentId", "position");

-- AddForeignKey
ALTER TABLE "TaxDocument" ADD CONSTRAINT "TaxDocument_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TaxDocument" ADD CONSTRAINT "TaxDocument_refundId_fkey" FOREIGN KEY ("refundId") REFERENCES "Refund"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TaxDocument" ADD CONSTRAINT "TaxDocument_invoiceId_fkey" FOREIGN KEY ("invoiceId") REFERENCES "TaxDocument"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TaxDocumentLine" ADD CONSTRAINT "TaxDocumentLine_documentId_fkey" FOREIGN KEY ("documentId") REFERENCES "TaxDocument"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Written by hand ---------------------------------------------------------------------------------

-- Orders waiting for their invoice, and refunds for their credit note, oldest first (the issuing
-- rounds read them in order).
CREATE INDEX "Order_invoice_due_idx" ON "Order"("createdAt", "id") WHERE "invoiceDue";
CREATE INDEX "Refund_credit_note_due_idx" ON "Refund"("createdAt", "id") WHERE "creditNoteDue";

-- A credit note's documents by invoice (what is left to credit), and the report's reads by kind and date
-- (declared in schema.prisma too).
CREATE INDEX "TaxDocument_invoiceId_idx" ON "TaxDocument"("invoiceId");
CREATE INDEX "TaxDocument_kind_issuedAt_idx" ON "TaxDocument"("kind", "issuedAt");

ALTER TABLE "DocumentSeries" ADD CONSTRAINT "DocumentSeries_serial_positive" CHECK ("lastSerial" >= 1);

-- The rule's form (CGST Rules 46(b)): at most 16 letters, digits, "-" and "/"; serials from 1.
ALTER TABLE "TaxDocument" ADD CONSTRAINT "TaxDocument_number_format" CHECK ("number" ~ '^[A-Za-z0-9/-]{1,16}$');
ALTER TABLE "TaxDocument" ADD CONSTRAINT "TaxDocument_serial_positive" CHECK ("serial" >= 1);
-- The heads add up to the total, none negative; a credit note names its invoice and its refund.
ALTER TABLE "TaxDocument" ADD CONSTRAINT "TaxDocument_totals" CHECK (
  "taxable" >= 0 AND "cgst" >= 0 AND "sgst" >= 0 AND "utgst" >= 0 AND "igst" >= 0 AND "cess" >= 0
  AND "taxable" + "cgst" + "sgst" + "utgst" + "igst" + "cess" = "total");
ALTER TABLE "TaxDocument" ADD CONSTRAINT "TaxDocument_credit_note_links" CHECK (
  ("kind" = 'CREDIT_NOTE') = ("invoiceId" IS NOT NULL AND "refundId" IS NOT NULL));
ALTER TABLE "TaxDocument" ADD CONSTRAINT "TaxDocument_state_codes" CHECK ("placeOfSupply" ~ '^[0-9]{2}$' AND "sellerState" ~ '^[0-9]{2}$');
-- One invoice (or bill of supply) per order.
CREATE UNIQUE INDEX "TaxDocument_one_invoice_per_order" ON "TaxDocument"("orderId") WHERE "kind" <> 'CREDIT_NOTE';

ALTER TABLE "TaxDocumentLine" ADD CONSTRAINT "TaxDocumentLine_figures" CHECK (
  "quantity" >= 0 AND "unitPrice" >= 0 AND "taxable" >= 0 AND "cgst" >= 0 AND "sgst" >= 0 AND "utgst" >= 0
  AND "igst" >= 0 AND "cess" >= 0 AND "taxable" + "cgst" + "sgst" + "utgst" + "igst" + "cess" = "gross"
  AND "rateBp" IN (0, 500, 1800, 2800, 4000) AND "cessRateBp" >= 0 AND "kind" IN ('GOODS', 'SHIPPING')
  AND "hsnCode" ~ '^([0-9]{4}|[0-9]{6}|[0-9]{8})$');

-- Issued documents are frozen: no change, no deletion, by any code path.
CREATE FUNCTION "tax_document_frozen"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'tax documents are frozen once issued (% on %)', TG_OP, TG_TABLE_NAME USING ERRCODE = 'restrict_violation';
END $$;
CREATE TRIGGER "TaxDocument_frozen" BEFORE UPDATE OR DELETE ON "TaxDocument" FOR EACH ROW EXECUTE FUNCTION "tax_document_frozen"();
CREATE TRIGGER "TaxDocumentLine_frozen" BEFORE UPDATE OR DELETE ON "TaxDocumentLine" FOR EACH ROW EXECUTE FUNCTION "tax_document_frozen"();
