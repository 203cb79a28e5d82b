-- DropIndex
DROP INDEX "Product_category_createdAt_idx";

-- DropIndex
DROP INDEX "Product_category_sellingPrice_idx";

-- DropIndex
DROP INDEX "Product_createdAt_id_idx";

-- CreateTable
CREATE TABLE "ProductCount" (
    "category" VARCHAR(40) NOT NULL,
    "archived" BOOLEAN NOT NULL,
    "shard" SMALLINT NOT NULL,
    "n" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "ProductCount_pkey" PRIMARY KEY ("category","archived","shard")
);

-- CreateIndex
CREATE INDEX "Product_createdAt_id_archivedAt_idx" ON "Product"("createdAt" DESC, "id" DESC, "archivedAt");

-- CreateIndex
CREATE INDEX "Product_category_createdAt_id_archivedAt_idx" ON "Product"("category", "createdAt" DESC, "id" DESC, "archivedAt");

-- CreateIndex
CREATE INDEX "Product_category_sellingPrice_id_archivedAt_idx" ON "Product"("category", "sellingPrice", "id", "archivedAt");

-- CreateIndex
CREATE INDEX "Product_sellingPrice_id_archivedAt_idx" ON "Product"("sellingPrice", "id", "archivedAt");

-- CreateIndex
CREATE INDEX "Product_archivedAt_createdAt_id_idx" ON "Product"("archivedAt", "createdAt" DESC, "id" DESC);

-- The counts per category and state, kept in the same transaction as every insert, delete,
-- archive, restore or change of category (hand-written: Prisma's schema has no triggers).
-- Inserts and deletes are counted per statement from their transition table, so a bulk insert
-- (the synthetic seed) adds a few dozen rows of counts, not one update per product. Rows are
-- written in key order, so two writers never wait on each other in a circle.
CREATE FUNCTION "product_count_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM "ProductCount";
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO "ProductCount" AS c ("category", "archived", "shard", "n")
    SELECT "category", "archivedAt" IS NOT NULL, get_byte(uuid_send("id"), 15) % 16, count(*) FROM new_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT ("category", "archived", "shard") DO UPDATE SET "n" = c."n" + EXCLUDED."n";
  ELSE
    INSERT INTO "ProductCount" AS c ("category", "archived", "shard", "n")
    SELECT "category", "archivedAt" IS NOT NULL, get_byte(uuid_send("id"), 15) % 16, -count(*) FROM old_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT ("category", "archived", "shard") DO UPDATE SET "n" = c."n" + EXCLUDED."n";
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER "Product_count_insert" AFTER INSERT ON "Product" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "product_count_rows"();
CREATE TRIGGER "Product_count_delete" AFTER DELETE ON "Product" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "product_count_rows"();
CREATE TRIGGER "Product_count_truncate" AFTER TRUNCATE ON "Product"
  FOR EACH STATEMENT EXECUTE FUNCTION "product_count_rows"();

-- An update moves one product between two rows only when its category or state changed (stock
-- and price updates, the common ones, do nothing here).
CREATE FUNCTION "product_count_move"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "ProductCount" AS c ("category", "archived", "shard", "n")
  SELECT v.category, v.archived, get_byte(uuid_send(NEW."id"), 15) % 16, v.d
  FROM (VALUES (OLD."category", OLD."archivedAt" IS NOT NULL, -1), (NEW."category", NEW."archivedAt" IS NOT NULL, 1)) AS v(category, archived, d)
  ORDER BY 1, 2
  ON CONFLICT ("category", "archived", "shard") DO UPDATE SET "n" = c."n" + EXCLUDED."n";
  RETURN NULL;
END $$;

CREATE TRIGGER "Product_count_update" AFTER UPDATE OF "category", "archivedAt" ON "Product"
  FOR EACH ROW WHEN (OLD."category" IS DISTINCT FROM NEW."category" OR (OLD."archivedAt" IS NULL) <> (NEW."archivedAt" IS NULL))
  EXECUTE FUNCTION "product_count_move"();

-- The products made before.
INSERT INTO "ProductCount" ("category", "archived", "shard", "n")
SELECT "category", "archivedAt" IS NOT NULL, get_byte(uuid_send("id"), 15) % 16, count(*) FROM "Product" GROUP BY 1, 2, 3;
