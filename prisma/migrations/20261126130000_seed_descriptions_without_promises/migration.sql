-- Issue 35: the seed's descriptions ended "…, free delivery on orders above ₹499 and easy 7-day
-- replacement.", which the store never did (every order pays the one shipping rate of
-- lib/constants.ts, and returns are refunded, not replaced). The product page now states the
-- delivery fee and the returns window beside the price, from those constants; this drops the
-- promise from descriptions that still carry the seed's exact words (the seed itself no longer
-- writes them, and its upsert rewrites seeded products when it is run again). Nothing else changes.
UPDATE "Product"
SET "productDesc" = left("productDesc", length("productDesc") - length(', free delivery on orders above ₹499 and easy 7-day replacement.')) || '.'
WHERE "productDesc" LIKE '%, free delivery on orders above ₹499 and easy 7-day replacement.';
