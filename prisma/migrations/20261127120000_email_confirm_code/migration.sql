-- AlterTable
ALTER TABLE "User" ADD COLUMN     "confirmCodeAttempts" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "confirmCodeExpiresAt" TIMESTAMPTZ(3),
ADD COLUMN     "confirmCodeHash" VARCHAR(64);
