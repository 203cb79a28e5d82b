-- CreateEnum
CREATE TYPE "HoldState" AS ENUM ('HELD', 'RELEASED', 'SOLD');

-- AlterTable
ALTER TABLE "Checkout" ADD COLUMN     "buyNow" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "holdState" "HoldState" NOT NULL DEFAULT 'HELD';

-- AlterTable
ALTER TABLE "Order" ADD COLUMN     "attention" VARCHAR(40),
ADD COLUMN     "attentionMailedAt" TIMESTAMPTZ(3),
ADD COLUMN     "attentionNote" VARCHAR(1000),
ADD COLUMN     "delivery" JSONB;

-- AlterTable
ALTER TABLE "Product" ADD COLUMN     "archivedAt" TIMESTAMPTZ(3),
ADD COLUMN     "held" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "stock" INTEGER NOT NULL DEFAULT 0;

-- CreateIndex
CREATE INDEX "Checkout_holdState_expiresAt_idx" ON "Checkout"("holdState", "expiresAt");

-- CreateIndex
CREATE INDEX "Order_attention_createdAt_idx" ON "Order"("attention", "createdAt" DESC);

-- Stock never goes negative, holds never exceed it, and the admin's bound holds (hand-written:
-- Prisma's schema has no CHECK constraints). A sale past a released hold takes what is left
-- and flags the order instead (lib/server/orders/holds.ts).
ALTER TABLE "Product" ADD CONSTRAINT "Product_stock_bounds" CHECK ("stock" >= 0 AND "stock" <= 1000000);
ALTER TABLE "Product" ADD CONSTRAINT "Product_held_bounds" CHECK ("held" >= 0 AND "held" <= "stock");

-- Checkouts made before holds existed held nothing: a paid one is a sale, the rest hold nothing.
UPDATE "Checkout" SET "holdState" = CASE WHEN "status" = 'COMPLETED' THEN 'SOLD'::"HoldState" ELSE 'RELEASED'::"HoldState" END;
