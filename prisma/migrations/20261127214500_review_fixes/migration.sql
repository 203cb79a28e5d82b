-- Hand-written: fixes to the reviews' triggers (20261127205002_reviews_and_alerts).

-- A review moved to another product recomputes both products' averages (the one it left kept its
-- old average before), and each product's aggregate moves in one statement per side.
CREATE OR REPLACE FUNCTION "volt_review_rating"() RETURNS trigger AS $$
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

-- The facet index breaks rating ties by the number of reviews: a count that moves alone is noted too.
DROP TRIGGER "Product_facet_update" ON "Product";
CREATE TRIGGER "Product_facet_update" AFTER UPDATE ON "Product"
  FOR EACH ROW
  WHEN ((OLD.category, OLD."brandName", OLD."sellingPrice", OLD.specs, OLD."archivedAt", OLD."createdAt", OLD."ratingAvg", OLD."ratingCount") IS DISTINCT FROM (NEW.category, NEW."brandName", NEW."sellingPrice", NEW.specs, NEW."archivedAt", NEW."createdAt", NEW."ratingAvg", NEW."ratingCount")
        OR (OLD.stock - OLD.held > 0) <> (NEW.stock - NEW.held > 0))
  EXECUTE FUNCTION "volt_note_facet_change"();

-- Kept carts carry their products' prices and stock, not their ratings: a review moving a
-- product's rating drops no cart (before, every review dropped every kept cart on every instance).
DROP TRIGGER "Product_lists_change" ON "Product";
CREATE TRIGGER "Product_lists_change" AFTER UPDATE ON "Product"
  FOR EACH ROW
  WHEN ((to_jsonb(OLD) - ARRAY['ratingCount', 'ratingSum', 'ratingStars', 'ratingAvg']) IS DISTINCT FROM (to_jsonb(NEW) - ARRAY['ratingCount', 'ratingSum', 'ratingStars', 'ratingAvg']))
  EXECUTE FUNCTION "volt_notify_product_lists_change"();
