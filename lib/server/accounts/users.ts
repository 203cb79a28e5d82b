import "server-only";
import { db } from "../platform/db";
import { dropUserSessions } from "./session-cache";
import { conflict } from "../platform/http";
import { dummyPasswordHash, hashPassword, verifyPassword } from "./passwords";
import { spendPasswordHash } from "../platform/rate-limit";
import { Prisma, type User } from "@/lib/generated/prisma/client";

/** The user as the API shows it (docs/PRODUCT.md §3.1): never the password hash or the session version. */
export type PublicUser = {
  _id: string;
  name: string;
  email: string;
  contact: string;
  role: "ADMIN" | "USER";
  profilepic: string;
  createdAt: string;
  /** Whether the address is confirmed (lib/server/accounts/email-confirmation.ts). */
  emailConfirmed: boolean;
};

export function toPublicUser(user: User): PublicUser {
  return {
    _id: user.id,
    name: user.name,
    email: user.email,
    contact: user.contact,
    role: user.role,
    profilepic: user.profilePic,
    createdAt: user.createdAt.toISOString(),
    emailConfirmed: user.emailConfirmedAt !== null,
  };
}

export const INVALID_CREDENTIALS_MESSAGE = "Invalid email or password.";
export const DUPLICATE_EMAIL_MESSAGE = "An account with this email already exists.";

/** Sign-up: always a USER, whatever the caller asked for. */
export async function createUser(input: {
  name: string;
  email: string;
  contact: string;
  password: string;
  profilePic: string;
}): Promise<User> {
  await spendPasswordHash();
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.user.create({
      data: {
        name: input.name,
        email: input.email.toLowerCase(),
        contact: input.contact,
        profilePic: input.profilePic,
        passwordHash,
        role: "USER",
      },
    });
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
      throw conflict(DUPLICATE_EMAIL_MESSAGE);
    }
    throw error;
  }
}

/**
 * Writes the caller's own profile (lib/server/accounts/profile.ts decides what may change). Only these
 * fields can change; the email changes through confirmEmailChange. A new password bumps
 * sessionVersion, so other sessions of the user end.
 */
export async function updateProfile(user: User, input: { name: string; contact: string; profilePic: string; password?: string }): Promise<User> {
  if (input.password) await spendPasswordHash();
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  const updated = await db.user.update({
    where: { id: user.id },
    data: {
      name: input.name,
      contact: input.contact,
      profilePic: input.profilePic,
      ...(passwordHash ? { passwordHash, sessionVersion: { increment: 1 } } : {}),
    },
  });
  dropUserSessions(user.id); // this instance at once; the others hear it (session-cache.ts)
  return updated;
}

/** The user whose email and password these are, or null; takes as long either way. */
export async function verifyCredentials(email: string, password: string): Promise<User | null> {
  await spendPasswordHash();
  const user = await db.user.findUnique({ where: { email: email.toLowerCase() } });
  if (!user) {
    await verifyPassword(await dummyPasswordHash(), password);
    return null;
  }
  return (await verifyPassword(user.passwordHash, password)) ? user : null;
}

/** Refuses an email that another account already has (before any costly work, like an upload). */
export async function assertEmailFree(email: string, exceptUserId?: string): Promise<void> {
  const owner = await db.user.findUnique({ where: { email: email.toLowerCase() }, select: { id: true } });
  if (owner && owner.id !== exceptUserId) throw conflict(DUPLICATE_EMAIL_MESSAGE);
}

export function findUserById(id: string): Promise<User | null> {
  return db.user.findUnique({ where: { id } });
}
