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

-- CreateTable
CREATE TABLE "OrderStatusCount" (
    "status" "OrderStatus" NOT NULL,
    "shard" SMALLINT NOT NULL,
    "n" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "OrderStatusCount_pkey" PRIMARY KEY ("status","shard")
);

-- The counts per state, kept in the same transaction as every change of an order's state
-- (hand-written: Prisma's schema has no triggers). A state change moves one order between two
-- rows of the same shard, both in one statement and in the states' order, so two changes at once
-- never wait on each other in a circle.
CREATE FUNCTION "order_status_count"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM "OrderStatusCount";
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO "OrderStatusCount" AS c ("status", "shard", "n") VALUES (NEW."status", get_byte(uuid_send(NEW."id"), 15) % 16, 1)
    ON CONFLICT ("status", "shard") DO UPDATE SET "n" = c."n" + 1;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "OrderStatusCount" SET "n" = "n" - 1 WHERE "status" = OLD."status" AND "shard" = get_byte(uuid_send(OLD."id"), 15) % 16;
  ELSIF NEW."status" IS DISTINCT FROM OLD."status" THEN
    INSERT INTO "OrderStatusCount" AS c ("status", "shard", "n")
    SELECT v.s, get_byte(uuid_send(NEW."id"), 15) % 16, v.d FROM (VALUES (OLD."status", -1), (NEW."status", 1)) AS v(s, d) ORDER BY v.s
    ON CONFLICT ("status", "shard") DO UPDATE SET "n" = c."n" + EXCLUDED."n";
  END IF;
  RETURN NULL;
END $$;

-- Deferred to the commit: a count row is locked only from then until the commit ends, not
-- through the rest of the transaction that made the order (fulfilment takes its hot rows last
-- for the same reason).
CREATE CONSTRAINT TRIGGER "Order_status_count" AFTER INSERT OR DELETE OR UPDATE OF "status" ON "Order"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION "order_status_count"();
CREATE TRIGGER "Order_status_count_truncate" AFTER TRUNCATE ON "Order"
  FOR EACH STATEMENT EXECUTE FUNCTION "order_status_count"();

-- The orders made before.
INSERT INTO "OrderStatusCount" ("status", "shard", "n")
SELECT "status", get_byte(uuid_send("id"), 15) % 16, count(*) FROM "Order" GROUP BY 1, 2;
