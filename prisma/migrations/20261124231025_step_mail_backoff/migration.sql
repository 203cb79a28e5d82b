-- AlterTable
ALTER TABLE "OrderEvent" ADD COLUMN     "mailRetryAt" TIMESTAMPTZ(3);
