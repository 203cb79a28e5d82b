-- AlterTable
ALTER TABLE "Order" ADD COLUMN     "reviewRequestClaimedAt" TIMESTAMPTZ(3),
ADD COLUMN     "reviewRequestSentAt" TIMESTAMPTZ(3);

-- AlterTable
ALTER TABLE "Product" ADD COLUMN     "alertsDueAt" TIMESTAMPTZ(3),
ADD COLUMN     "ratingAvg" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "ratingCount" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "ratingStars" INTEGER[] DEFAULT ARRAY[0, 0, 0, 0, 0]::INTEGER[],
ADD COLUMN     "ratingSum" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "restockedAt" TIMESTAMPTZ(3);

-- AlterTable
ALTER TABLE "User" ADD COLUMN     "alertsClaimedAt" TIMESTAMPTZ(3),
ADD COLUMN     "alertsMailedAt" TIMESTAMPTZ(3),
ADD COLUMN     "reviewRequestsOff" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "WishlistItem" ADD COLUMN     "priceAlert" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "priceBaseline" INTEGER,
ADD COLUMN     "stockAlert" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "stockSince" TIMESTAMPTZ(3);

-- CreateTable
CREATE TABLE "Review" (
    "id" UUID NOT NULL,
    "productId" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "orderId" UUID,
    "authorName" VARCHAR(60) NOT NULL,
    "rating" INTEGER NOT NULL,
    "title" VARCHAR(120) NOT NULL DEFAULT '',
    "body" VARCHAR(4000) NOT NULL DEFAULT '',
    "helpfulCount" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "editedAt" TIMESTAMPTZ(3),
    "hiddenAt" TIMESTAMPTZ(3),
    "hiddenReason" VARCHAR(500),
    "hiddenBy" UUID,
    "reply" VARCHAR(2000),
    "repliedAt" TIMESTAMPTZ(3),

    CONSTRAINT "Review_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ReviewVote" (
    "reviewId" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ReviewVote_pkey" PRIMARY KEY ("reviewId","userId")
);

-- CreateIndex
CREATE INDEX "Review_productId_createdAt_id_idx" ON "Review"("productId", "createdAt" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "Review_productId_helpfulCount_createdAt_id_idx" ON "Review"("productId", "helpfulCount" DESC, "createdAt" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "Review_productId_rating_createdAt_id_idx" ON "Review"("productId", "rating", "createdAt" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "Review_createdAt_id_idx" ON "Review"("createdAt" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "Review_orderId_idx" ON "Review"("orderId");

-- CreateIndex
CREATE UNIQUE INDEX "Review_userId_productId_key" ON "Review"("userId", "productId");

-- CreateIndex
CREATE INDEX "ReviewVote_userId_idx" ON "ReviewVote"("userId");

-- AddForeignKey
ALTER TABLE "Review" ADD CONSTRAINT "Review_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Review" ADD CONSTRAINT "Review_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Review" ADD CONSTRAINT "Review_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ReviewVote" ADD CONSTRAINT "ReviewVote_reviewId_fkey" FOREIGN KEY ("reviewId") REFERENCES "Review"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ReviewVote" ADD CONSTRAINT "ReviewVote_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Hand-written from here.
ALTER TABLE "Product" ALTER COLUMN "ratingStars" SET NOT NULL;
ALTER TABLE "Review" ADD CONSTRAINT "Review_rating_check" CHECK ("rating" BETWEEN 1 AND 5);
ALTER TABLE "Review" ADD CONSTRAINT "Review_helpfulCount_check" CHECK ("helpfulCount" >= 0);
ALTER TABLE "Product" ADD CONSTRAINT "Product_rating_check"
  CHECK ("ratingCount" >= 0 AND "ratingSum" BETWEEN "ratingCount" AND 5 * "ratingCount" AND cardinality("ratingStars") = 5 AND "ratingAvg" BETWEEN 0 AND 500);

-- A product's rating aggregate follows its published reviews: each insert, delete, and change of
-- stars or visibility moves it by that review's contribution alone (no scan of the reviews); a
-- review moved to another product recomputes both products' averages.
CREATE FUNCTION "volt_review_rating"() RETURNS trigger AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD."hiddenAt" IS NULL THEN
    UPDATE "Product" SET
      "ratingCount" = "ratingCount" - 1,
      "ratingSum" = "ratingSum" - OLD.rating,
      "ratingStars"[OLD.rating] = "ratingStars"[OLD.rating] - 1
    WHERE id = OLD."productId";
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW."hiddenAt" IS NULL THEN
    UPDATE "Product" SET
      "ratingCount" = "ratingCount" + 1,
      "ratingSum" = "ratingSum" + NEW.rating,
      "ratingStars"[NEW.rating] = "ratingStars"[NEW.rating] + 1
    WHERE id = NEW."productId";
  END IF;
  UPDATE "Product" SET "ratingAvg" = CASE WHEN "ratingCount" = 0 THEN 0 ELSE round("ratingSum" * 100.0 / "ratingCount")::int END
  WHERE id IN (CASE WHEN TG_OP <> 'INSERT' THEN OLD."productId" END, CASE WHEN TG_OP <> 'DELETE' THEN NEW."productId" END);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER "Review_rating_insert" AFTER INSERT ON "Review"
  FOR EACH ROW EXECUTE FUNCTION "volt_review_rating"();
CREATE TRIGGER "Review_rating_delete" AFTER DELETE ON "Review"
  FOR EACH ROW EXECUTE FUNCTION "volt_review_rating"();
CREATE TRIGGER "Review_rating_update" AFTER UPDATE ON "Review"
  FOR EACH ROW
  WHEN ((OLD.rating, OLD."hiddenAt" IS NULL, OLD."productId") IS DISTINCT FROM (NEW.rating, NEW."hiddenAt" IS NULL, NEW."productId"))
  EXECUTE FUNCTION "volt_review_rating"();

-- "Was this helpful?" votes, counted on their review.
CREATE FUNCTION "volt_review_vote"() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "Review" SET "helpfulCount" = "helpfulCount" + 1 WHERE id = NEW."reviewId";
  ELSE
    UPDATE "Review" SET "helpfulCount" = "helpfulCount" - 1 WHERE id = OLD."reviewId";
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER "ReviewVote_count_insert" AFTER INSERT ON "ReviewVote"
  FOR EACH ROW EXECUTE FUNCTION "volt_review_vote"();
CREATE TRIGGER "ReviewVote_count_delete" AFTER DELETE ON "ReviewVote"
  FOR EACH ROW EXECUTE FUNCTION "volt_review_vote"();

-- Alerts: a product that comes back into stock (more units, where none could be bought) notes
-- when, and a price drop or a restock marks its watchers' alerts as worth looking at. Whether an
-- alert is due is the sender's question (lib/server/shop-lists/alerts.ts); this only says where to look.
CREATE FUNCTION "volt_product_alerts"() RETURNS trigger AS $$
BEGIN
  IF NEW.stock > OLD.stock AND OLD.stock - OLD.held <= 0 AND NEW.stock - NEW.held > 0 THEN
    NEW."restockedAt" := now();
    NEW."alertsDueAt" := now();
  END IF;
  IF NEW."sellingPrice" < OLD."sellingPrice" THEN
    NEW."alertsDueAt" := now();
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER "Product_alerts" BEFORE UPDATE OF stock, "sellingPrice" ON "Product"
  FOR EACH ROW EXECUTE FUNCTION "volt_product_alerts"();

-- The sender's starting points: products with alerts to look at, and each product's watchers.
CREATE INDEX "Product_alertsDueAt_idx" ON "Product" ("alertsDueAt") WHERE "alertsDueAt" IS NOT NULL;
CREATE INDEX "WishlistItem_alerts_idx" ON "WishlistItem" ("productId", "userId") WHERE "priceAlert" OR "stockAlert";
-- Review requests: delivered orders whose request is not sent yet.
CREATE INDEX "Order_reviewRequest_idx" ON "Order" ("deliveredAt") WHERE "status" = 'DELIVERED' AND "reviewRequestSentAt" IS NULL;

-- The facet index (lib/server/catalog/facet-index.ts) sorts and filters by the rating too, and
-- breaks rating ties by the number of reviews: a count that moves alone is noted as well.
DROP TRIGGER "Product_facet_update" ON "Product";
CREATE TRIGGER "Product_facet_update" AFTER UPDATE ON "Product"
  FOR EACH ROW
  WHEN ((OLD.category, OLD."brandName", OLD."sellingPrice", OLD.specs, OLD."archivedAt", OLD."createdAt", OLD."ratingAvg", OLD."ratingCount") IS DISTINCT FROM (NEW.category, NEW."brandName", NEW."sellingPrice", NEW.specs, NEW."archivedAt", NEW."createdAt", NEW."ratingAvg", NEW."ratingCount")
        OR (OLD.stock - OLD.held > 0) <> (NEW.stock - NEW.held > 0))
  EXECUTE FUNCTION "volt_note_facet_change"();

-- Kept carts carry their products' prices and stock, not their ratings: a review moving a
-- product's rating drops no cart (the trigger of 20261126150000 fires on any update of a product).
DROP TRIGGER "Product_lists_change" ON "Product";
CREATE TRIGGER "Product_lists_change" AFTER UPDATE ON "Product"
  FOR EACH ROW
  WHEN ((to_jsonb(OLD) - ARRAY['ratingCount', 'ratingSum', 'ratingStars', 'ratingAvg']) IS DISTINCT FROM (to_jsonb(NEW) - ARRAY['ratingCount', 'ratingSum', 'ratingStars', 'ratingAvg']))
  EXECUTE FUNCTION "volt_notify_product_lists_change"();
