-- AlterTable
ALTER TABLE "OrderItem" ADD COLUMN     "cessRateBp" INTEGER,
ADD COLUMN     "gstRateBp" INTEGER,
ADD COLUMN     "hsnCode" VARCHAR(8);

-- AlterTable
ALTER TABLE "Product" ADD COLUMN     "cessRateBp" INTEGER,
ADD COLUMN     "consumerCare" VARCHAR(400),
ADD COLUMN     "countryOfOrigin" VARCHAR(60),
ADD COLUMN     "gstRateBp" INTEGER,
ADD COLUMN     "hsnCode" VARCHAR(8),
ADD COLUMN     "importer" VARCHAR(400),
ADD COLUMN     "manufacturer" VARCHAR(400),
ADD COLUMN     "warrantyMonths" INTEGER;

-- CreateTable
CREATE TABLE "Category" (
    "value" VARCHAR(40) NOT NULL,
    "label" VARCHAR(60) NOT NULL,
    "position" INTEGER NOT NULL DEFAULT 0,
    "hsnCode" VARCHAR(8) NOT NULL,
    "gstRateBp" INTEGER NOT NULL DEFAULT 1800,
    "cessRateBp" INTEGER NOT NULL DEFAULT 0,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Category_pkey" PRIMARY KEY ("value")
);

-- The spec's twelve categories, with the HSN code and rate their products take by default (every
-- one 18 % since the rate changes of 22 September 2025).
INSERT INTO "Category" ("value", "label", "position", "hsnCode", "gstRateBp", "cessRateBp", "updatedAt") VALUES
  ('airpodes', 'Airpodes', 1, '85183000', 1800, 0, now()),
  ('camera', 'Camera', 2, '85258900', 1800, 0, now()),
  ('earphones', 'Earphones', 3, '85183000', 1800, 0, now()),
  ('mobiles', 'Mobiles', 4, '85171300', 1800, 0, now()),
  ('mouse', 'Mouse', 5, '84716060', 1800, 0, now()),
  ('printers', 'Printers', 6, '84433210', 1800, 0, now()),
  ('processor', 'Processor', 7, '85423100', 1800, 0, now()),
  ('refrigerator', 'Refrigerator', 8, '84182100', 1800, 0, now()),
  ('speakers', 'Speakers', 9, '85182200', 1800, 0, now()),
  ('trimmers', 'Trimmers', 10, '85102000', 1800, 0, now()),
  ('television', 'Television', 11, '85287200', 1800, 0, now()),
  ('watches', 'Watches', 12, '85176290', 1800, 0, now());

-- The rates the law has (nil, 5, 18, 28 and 40 %), a cess from 0 to 100 %, an HSN code of 4 to 8 digits.
ALTER TABLE "Category" ADD CONSTRAINT "Category_gstRateBp_check" CHECK ("gstRateBp" IN (0, 500, 1800, 2800, 4000)),
  ADD CONSTRAINT "Category_cessRateBp_check" CHECK ("cessRateBp" BETWEEN 0 AND 10000),
  ADD CONSTRAINT "Category_hsnCode_check" CHECK ("hsnCode" ~ '^[0-9]{4}([0-9]{2}){0,2}$');
ALTER TABLE "Product" ADD CONSTRAINT "Product_gstRateBp_check" CHECK ("gstRateBp" IS NULL OR "gstRateBp" IN (0, 500, 1800, 2800, 4000)),
  ADD CONSTRAINT "Product_cessRateBp_check" CHECK ("cessRateBp" IS NULL OR "cessRateBp" BETWEEN 0 AND 10000),
  ADD CONSTRAINT "Product_hsnCode_check" CHECK ("hsnCode" IS NULL OR "hsnCode" ~ '^[0-9]{4}([0-9]{2}){0,2}$'),
  ADD CONSTRAINT "Product_warrantyMonths_check" CHECK ("warrantyMonths" IS NULL OR "warrantyMonths" BETWEEN 0 AND 600);

-- AddForeignKey
ALTER TABLE "Product" ADD CONSTRAINT "Product_category_fkey" FOREIGN KEY ("category") REFERENCES "Category"("value") ON DELETE RESTRICT ON UPDATE CASCADE;
