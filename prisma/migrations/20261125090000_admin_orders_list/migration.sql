-- DropIndex
DROP INDEX "Order_attention_createdAt_idx";

-- DropIndex
DROP INDEX "Order_status_createdAt_idx";

-- CreateIndex
CREATE INDEX "Order_attention_createdAt_id_idx" ON "Order"("attention", "createdAt" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "Order_status_createdAt_id_idx" ON "Order"("status", "createdAt", "id");

-- CreateIndex
CREATE INDEX "Order_status_attention_createdAt_id_idx" ON "Order"("status", "attention", "createdAt", "id");

-- The admin's search (hand-written: Prisma's schema has no expression indexes), each matching
-- the expression lib/server/orders/admin-orders.ts queries with:
-- the order number shoppers quote, "#1A2B3C4D": the last 8 hex digits of the id.
CREATE INDEX "Order_number_idx" ON "Order" (right("id"::text, 8));
-- the customer's email, case-insensitive, whole or its beginning (LIKE 'prefix%').
CREATE INDEX "Order_customerEmail_lower_idx" ON "Order" (lower("customerEmail") text_pattern_ops);
-- the delivery phone, as fulfilment stores it (+91 and ten digits: lib/india.ts indianMobile).
CREATE INDEX "Order_delivery_phone_idx" ON "Order" (("delivery" ->> 'phone'));
