-- CreateEnum
CREATE TYPE "CheckoutStatus" AS ENUM ('OPEN', 'COMPLETED', 'EXPIRED', 'FAILED');

-- DropForeignKey
ALTER TABLE "Order" DROP CONSTRAINT "Order_userId_fkey";

-- AlterTable
ALTER TABLE "Order" ADD COLUMN     "checkoutId" UUID,
ADD COLUMN     "customerEmail" VARCHAR(254) NOT NULL,
ADD COLUMN     "emailAttempts" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "emailClaimedAt" TIMESTAMPTZ(3),
ADD COLUMN     "emailRetryAt" TIMESTAMPTZ(3),
ADD COLUMN     "emailSentAt" TIMESTAMPTZ(3),
ADD COLUMN     "expectedAmount" INTEGER NOT NULL,
ALTER COLUMN "userId" DROP NOT NULL;

-- CreateTable
CREATE TABLE "Checkout" (
    "id" UUID NOT NULL,
    "userId" UUID,
    "customerEmail" VARCHAR(254) NOT NULL,
    "fingerprint" VARCHAR(64) NOT NULL,
    "lines" JSONB NOT NULL,
    "shippingAmount" INTEGER NOT NULL,
    "shippingRateName" VARCHAR(100) NOT NULL,
    "total" INTEGER NOT NULL,
    "currency" VARCHAR(3) NOT NULL DEFAULT 'inr',
    "status" "CheckoutStatus" NOT NULL DEFAULT 'OPEN',
    "stripeSessionId" VARCHAR(255),
    "stripeSessionUrl" TEXT,
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Checkout_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Checkout_stripeSessionId_key" ON "Checkout"("stripeSessionId");

-- CreateIndex
CREATE INDEX "Checkout_userId_fingerprint_createdAt_idx" ON "Checkout"("userId", "fingerprint", "createdAt" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "Order_checkoutId_key" ON "Order"("checkoutId");

-- CreateIndex
CREATE INDEX "Order_createdAt_idx" ON "Order"("createdAt" DESC);

-- AddForeignKey
ALTER TABLE "Checkout" ADD CONSTRAINT "Checkout_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Order" ADD CONSTRAINT "Order_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Order" ADD CONSTRAINT "Order_checkoutId_fkey" FOREIGN KEY ("checkoutId") REFERENCES "Checkout"("id") ON DELETE SET NULL ON UPDATE CASCADE;
