-- AlterEnum
-- This migration adds more than one value to an enum.
-- With PostgreSQL versions 11 and earlier, this is not possible
-- in a single migration. This can be worked around by creating
-- multiple migrations, each migration adding only one value to
-- the enum.


ALTER TYPE "OrderStatus" ADD VALUE 'PLACED';
ALTER TYPE "OrderStatus" ADD VALUE 'RETURNED_TO_ORIGIN';

-- AlterTable
ALTER TABLE "Checkout" ADD COLUMN     "buyerGstin" VARCHAR(15),
ADD COLUMN     "buyerLegalName" VARCHAR(200),
ADD COLUMN     "codFee" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "delivery" JSONB,
ADD COLUMN     "paymentMethod" VARCHAR(10) NOT NULL DEFAULT 'card';

-- AlterTable
ALTER TABLE "Order" ADD COLUMN     "cashAmount" INTEGER,
ADD COLUMN     "cashReceivedAt" TIMESTAMPTZ(3),
ADD COLUMN     "cashReference" VARCHAR(100),
ADD COLUMN     "codConfirmedAt" TIMESTAMPTZ(3),
ADD COLUMN     "codConfirmedBy" VARCHAR(40),
ADD COLUMN     "paymentMethod" VARCHAR(10) NOT NULL DEFAULT 'card',
ADD COLUMN     "refundAccount" JSONB,
ADD COLUMN     "returnedToOriginAt" TIMESTAMPTZ(3),
ADD COLUMN     "rtoReceivedAt" TIMESTAMPTZ(3),
ALTER COLUMN "checkoutSessionId" DROP NOT NULL;

-- AlterTable
ALTER TABLE "Refund" ADD COLUMN     "reference" VARCHAR(100);

-- CreateIndex
CREATE INDEX "Order_paymentMethod_status_createdAt_idx" ON "Order"("paymentMethod", "status", "createdAt");

-- The two ways to pay.
ALTER TABLE "Checkout" ADD CONSTRAINT "Checkout_paymentMethod_check" CHECK ("paymentMethod" IN ('card', 'cod'));
ALTER TABLE "Order" ADD CONSTRAINT "Order_paymentMethod_check" CHECK ("paymentMethod" IN ('card', 'cod'));
-- A card order has its payment session; a cash-on-delivery order has none.
ALTER TABLE "Order" ADD CONSTRAINT "Order_session_check" CHECK (("paymentMethod" = 'card') = ("checkoutSessionId" IS NOT NULL));
