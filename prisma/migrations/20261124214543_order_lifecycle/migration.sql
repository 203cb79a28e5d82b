-- CreateEnum
CREATE TYPE "OrderStatus" AS ENUM ('PAID', 'SHIPPED', 'DELIVERED', 'CANCELLED', 'REFUNDED');

-- AlterTable
ALTER TABLE "Order" ADD COLUMN     "cancelledAt" TIMESTAMPTZ(3),
ADD COLUMN     "carrier" VARCHAR(60),
ADD COLUMN     "deliveredAt" TIMESTAMPTZ(3),
ADD COLUMN     "refundedAmount" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "shippedAt" TIMESTAMPTZ(3),
ADD COLUMN     "status" "OrderStatus" NOT NULL DEFAULT 'PAID',
ADD COLUMN     "trackingNumber" VARCHAR(60),
ADD COLUMN     "trackingUrl" VARCHAR(500);

-- CreateTable
CREATE TABLE "OrderEvent" (
    "id" UUID NOT NULL,
    "orderId" UUID NOT NULL,
    "type" VARCHAR(40) NOT NULL,
    "actor" VARCHAR(20) NOT NULL,
    "actorId" UUID,
    "data" JSONB NOT NULL DEFAULT '{}',
    "note" VARCHAR(1000),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "OrderEvent_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "OrderEvent_orderId_createdAt_idx" ON "OrderEvent"("orderId", "createdAt");

-- CreateIndex
CREATE INDEX "Order_status_createdAt_idx" ON "Order"("status", "createdAt");

-- AddForeignKey
ALTER TABLE "OrderEvent" ADD CONSTRAINT "OrderEvent_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Refunds never add up to more than was paid (hand-written: Prisma's schema has no CHECKs).
ALTER TABLE "Order" ADD CONSTRAINT "Order_refunded_bounds" CHECK ("refundedAmount" >= 0 AND "refundedAmount" <= "totalAmount");

-- Every order made before the timeline existed starts it with its payment.
INSERT INTO "OrderEvent" ("id", "orderId", "type", "actor", "data", "createdAt")
SELECT gen_random_uuid(), "id", 'paid', 'stripe', jsonb_build_object('amount', "totalAmount"), "createdAt" FROM "Order";
