-- CreateEnum
CREATE TYPE "GstRegistration" AS ENUM ('REGULAR', 'COMPOSITION');

-- CreateTable
CREATE TABLE "SellerSettings" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "legalName" VARCHAR(200),
    "tradeName" VARCHAR(200),
    "addressLine1" VARCHAR(200),
    "addressLine2" VARCHAR(200),
    "city" VARCHAR(100),
    "state" VARCHAR(2),
    "postalCode" VARCHAR(6),
    "email" VARCHAR(254),
    "phone" VARCHAR(20),
    "gstin" VARCHAR(15),
    "registration" "GstRegistration" NOT NULL DEFAULT 'REGULAR',
    "grievanceName" VARCHAR(100),
    "grievanceDesignation" VARCHAR(100),
    "grievanceEmail" VARCHAR(254),
    "grievancePhone" VARCHAR(20),
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,
    "updatedBy" UUID,

    CONSTRAINT "SellerSettings_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SellerSettingsChange" (
    "id" UUID NOT NULL,
    "changedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "changedBy" UUID,
    "changes" JSONB NOT NULL,

    CONSTRAINT "SellerSettingsChange_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "SellerSettingsChange_changedAt_idx" ON "SellerSettingsChange"("changedAt" DESC);

-- One row: the store has one seller.
ALTER TABLE "SellerSettings" ADD CONSTRAINT "SellerSettings_single_row" CHECK ("id" = 1);
