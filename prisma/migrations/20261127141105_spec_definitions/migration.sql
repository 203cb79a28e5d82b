-- AlterTable
ALTER TABLE "Product" ADD COLUMN     "gtin" VARCHAR(14),
ADD COLUMN     "mpn" VARCHAR(40),
ADD COLUMN     "specs" JSONB NOT NULL DEFAULT '{}';

-- CreateTable
CREATE TABLE "SpecDefinition" (
    "id" UUID NOT NULL,
    "category" VARCHAR(40) NOT NULL,
    "key" VARCHAR(40) NOT NULL,
    "label" VARCHAR(60) NOT NULL,
    "group" VARCHAR(40) NOT NULL,
    "type" VARCHAR(10) NOT NULL,
    "unit" VARCHAR(20),
    "unitCode" VARCHAR(3),
    "choices" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "min" DOUBLE PRECISION,
    "max" DOUBLE PRECISION,
    "decimals" INTEGER NOT NULL DEFAULT 0,
    "buckets" DOUBLE PRECISION[] DEFAULT ARRAY[]::DOUBLE PRECISION[],
    "filterable" BOOLEAN NOT NULL DEFAULT true,
    "comparable" BOOLEAN NOT NULL DEFAULT true,
    "better" VARCHAR(6),
    "position" INTEGER NOT NULL DEFAULT 0,
    "retiredAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "SpecDefinition_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "SpecDefinition_category_position_idx" ON "SpecDefinition"("category", "position");

-- CreateIndex
CREATE UNIQUE INDEX "SpecDefinition_category_key_key" ON "SpecDefinition"("category", "key");

-- CreateIndex
CREATE INDEX "Product_gtin_idx" ON "Product"("gtin");

-- AddForeignKey
ALTER TABLE "SpecDefinition" ADD CONSTRAINT "SpecDefinition_category_fkey" FOREIGN KEY ("category") REFERENCES "Category"("value") ON DELETE CASCADE ON UPDATE CASCADE;

-- Hand-written: the rules the app checks (lib/catalog/specs.ts), kept by the database too.
ALTER TABLE "SpecDefinition" ADD CONSTRAINT "SpecDefinition_key_check" CHECK ("key" ~ '^[a-z][a-z0-9_]{0,39}$');
ALTER TABLE "SpecDefinition" ADD CONSTRAINT "SpecDefinition_type_check" CHECK ("type" IN ('number', 'choice', 'multi', 'boolean', 'text'));
ALTER TABLE "SpecDefinition" ADD CONSTRAINT "SpecDefinition_better_check" CHECK ("better" IS NULL OR "better" IN ('higher', 'lower'));
ALTER TABLE "SpecDefinition" ADD CONSTRAINT "SpecDefinition_decimals_check" CHECK ("decimals" BETWEEN 0 AND 2);
ALTER TABLE "Product" ADD CONSTRAINT "Product_specs_check" CHECK (jsonb_typeof("specs") = 'object');
ALTER TABLE "Product" ADD CONSTRAINT "Product_gtin_check" CHECK ("gtin" IS NULL OR "gtin" ~ '^[0-9]{13}$');

-- A typed model number finds its product at once, whatever its case.
CREATE INDEX "Product_mpn_lower_idx" ON "Product" (lower("mpn"));
