-- AlterTable
ALTER TABLE "OrderEvent" ADD COLUMN     "mailAttempts" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "mailClaimedAt" TIMESTAMPTZ(3),
ADD COLUMN     "mailSentAt" TIMESTAMPTZ(3);

-- CreateIndex
CREATE INDEX "OrderEvent_mailSentAt_createdAt_idx" ON "OrderEvent"("mailSentAt", "createdAt");
