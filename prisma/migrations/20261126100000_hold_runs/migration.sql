-- AlterTable
ALTER TABLE "Checkout" ADD COLUMN     "heldSince" JSONB NOT NULL DEFAULT '{}',
ADD COLUMN     "releasedAt" TIMESTAMPTZ(3);
