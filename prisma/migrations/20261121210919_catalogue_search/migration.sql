-- Search: one lower-cased text per product (brand, name, category) kept by a trigger, with a
-- trigram index, and a vocabulary of its words (SearchTerm) that typo-tolerant search corrects
-- a query against. Both are maintained in the database so every writer (admin panel, seed,
-- imports, plain SQL) keeps them right.

-- DropIndex
DROP INDEX "Product_brandName_trgm_idx";

-- DropIndex
DROP INDEX "Product_productName_trgm_idx";

-- AlterTable
ALTER TABLE "Product" ADD COLUMN     "searchText" TEXT NOT NULL DEFAULT '';

-- CreateTable
CREATE TABLE "SearchTerm" (
    "term" VARCHAR(100) NOT NULL,

    CONSTRAINT "SearchTerm_pkey" PRIMARY KEY ("term")
);

-- The searchText of a row, set before every insert and every change of its words
CREATE FUNCTION "product_search_text"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."searchText" := lower(NEW."brandName" || ' ' || NEW."productName" || ' ' || NEW.category);
  RETURN NEW;
END
$$;

CREATE TRIGGER "Product_search_text" BEFORE INSERT OR UPDATE OF "productName", "brandName", category ON "Product"
  FOR EACH ROW EXECUTE FUNCTION "product_search_text"();

-- New words join the vocabulary once per statement (a bulk insert costs one extra statement)
CREATE FUNCTION "product_search_terms"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "SearchTerm" (term)
  SELECT DISTINCT word
  FROM changed_rows, regexp_split_to_table(changed_rows."searchText", '[^[:alnum:]]+') AS word
  WHERE length(word) BETWEEN 3 AND 100 AND word ~ '[[:alpha:]]'
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;

CREATE TRIGGER "Product_search_terms_insert" AFTER INSERT ON "Product"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "product_search_terms"();

CREATE TRIGGER "Product_search_terms_update" AFTER UPDATE ON "Product"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "product_search_terms"();

-- Backfill the rows that exist (the triggers above fill searchText and the vocabulary)
UPDATE "Product" SET "productName" = "productName";

-- CreateIndex
CREATE INDEX "SearchTerm_term_trgm_idx" ON "SearchTerm" USING GIST ("term" gist_trgm_ops);

-- CreateIndex
CREATE INDEX "Product_searchText_trgm_idx" ON "Product" USING GIN ("searchText" gin_trgm_ops);
