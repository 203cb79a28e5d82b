-- A code counts every guess (right or wrong): at most 5, then it is dead.
ALTER TABLE "PasswordResetCode" RENAME COLUMN "failedAttempts" TO "attempts";
