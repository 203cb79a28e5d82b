-- CreateTable
CREATE TABLE "Address" (
    "id" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "name" VARCHAR(100) NOT NULL,
    "phone" VARCHAR(13) NOT NULL,
    "line1" VARCHAR(200) NOT NULL,
    "area" VARCHAR(200) NOT NULL,
    "landmark" VARCHAR(120),
    "city" VARCHAR(100) NOT NULL,
    "district" VARCHAR(100) NOT NULL,
    "state" VARCHAR(2) NOT NULL,
    "postalCode" VARCHAR(6) NOT NULL,
    "isDefault" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Address_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DeliverySettings" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "dispatchCity" VARCHAR(100) NOT NULL,
    "dispatchState" VARCHAR(2) NOT NULL,
    "cutoffMinutes" INTEGER NOT NULL,
    "handlingDays" INTEGER NOT NULL,
    "closedWeekdays" INTEGER[],
    "holidays" TEXT[],
    "zones" JSONB NOT NULL,
    "notServed" TEXT[],
    "shippingFee" INTEGER NOT NULL,
    "freeShippingAbove" INTEGER,
    "codEnabled" BOOLEAN NOT NULL,
    "codMaxOrder" INTEGER NOT NULL,
    "codFee" INTEGER NOT NULL,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,
    "updatedBy" UUID,

    CONSTRAINT "DeliverySettings_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Address_userId_createdAt_idx" ON "Address"("userId", "createdAt");

-- AddForeignKey
ALTER TABLE "Address" ADD CONSTRAINT "Address_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- At most one default address per shopper.
CREATE UNIQUE INDEX "Address_one_default" ON "Address"("userId") WHERE "isDefault";
-- The settings are one row.
ALTER TABLE "DeliverySettings" ADD CONSTRAINT "DeliverySettings_one_row" CHECK ("id" = 1);
