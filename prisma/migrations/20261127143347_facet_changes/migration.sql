-- AlterTable
ALTER TABLE "Product" ADD COLUMN     "unitsSold" INTEGER NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "FacetChange" (
    "productId" UUID NOT NULL,
    "xid" BIGINT NOT NULL,
    "changedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "FacetChange_pkey" PRIMARY KEY ("productId")
);

-- CreateIndex
CREATE INDEX "FacetChange_xid_idx" ON "FacetChange"("xid");

-- Hand-written: what changes a product's filters is noted with the writing transaction's id.
-- Stock moves note a change only when the product goes in or out of stock (a hold's every unit
-- would otherwise write here), and the units-sold count (an order's) never does.
CREATE FUNCTION "volt_note_facet_change"() RETURNS trigger AS $$
BEGIN
  INSERT INTO "FacetChange" ("productId", "xid", "changedAt")
  VALUES (CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END, pg_current_xact_id()::text::bigint, now())
  ON CONFLICT ("productId") DO UPDATE SET "xid" = EXCLUDED."xid", "changedAt" = EXCLUDED."changedAt";
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER "Product_facet_insert" AFTER INSERT ON "Product"
  FOR EACH ROW EXECUTE FUNCTION "volt_note_facet_change"();
CREATE TRIGGER "Product_facet_delete" AFTER DELETE ON "Product"
  FOR EACH ROW EXECUTE FUNCTION "volt_note_facet_change"();
CREATE TRIGGER "Product_facet_update" AFTER UPDATE ON "Product"
  FOR EACH ROW
  WHEN ((OLD.category, OLD."brandName", OLD."sellingPrice", OLD.specs, OLD."archivedAt", OLD."createdAt") IS DISTINCT FROM (NEW.category, NEW."brandName", NEW."sellingPrice", NEW.specs, NEW."archivedAt", NEW."createdAt")
        OR (OLD.stock - OLD.held > 0) <> (NEW.stock - NEW.held > 0))
  EXECUTE FUNCTION "volt_note_facet_change"();
