-- AlterTable
ALTER TABLE "User" ADD COLUMN     "emailConfirmedAt" TIMESTAMPTZ(3);

-- Accounts at the upgrade: an account that once typed back a password-reset code (it holds a reset
-- grant) has proved an address it held, and every later address of an account was proved by the
-- email-change code mailed to it, so its current address counts as confirmed. Every other account
-- starts unconfirmed (its owner can ask for a link on My Account; any code it types back confirms it).
UPDATE "User" AS u SET "emailConfirmedAt" = g.at
FROM (SELECT "userId", max("createdAt") AS at FROM "PasswordResetGrant" GROUP BY "userId") AS g
WHERE g."userId" = u.id;
