import "server-only";
import type { Role } from "@/lib/schemas";
import type { User } from "@/lib/generated/prisma/client";
import { isRowId } from "../catalog/catalog";
import { db } from "../platform/db";
import { dropUserSessions } from "./session-cache";
import { badRequest, conflict, forbidden, notFound } from "../platform/http";
import { toPublicUser, type PublicUser } from "./users";

// The admin's side of accounts (docs/PRODUCT.md §2.10 admin users screen, §6): list, change a role, delete.
// The store always keeps one ADMIN: the last one can be neither demoted nor deleted. Both checks
// run under one advisory lock, so two admins demoting each other at once cannot both succeed.

const USER_NOT_FOUND = "User not found";
export const LAST_ADMIN_MESSAGE = "The store must keep at least one admin.";
export const DELETE_SELF_MESSAGE = "You cannot delete your own account here.";

/** Every account, newest first, a page at a time (100 000 accounts stay one index scan). */
export async function listUsers(page: number, limit: number): Promise<{ users: PublicUser[]; total: number }> {
  const [rows, total] = await Promise.all([
    db.user.findMany({ orderBy: [{ createdAt: "desc" }, { id: "desc" }], skip: (page - 1) * limit, take: limit }),
    db.user.count(),
  ]);
  return { users: rows.map(toPublicUser), total };
}

type Tx = Parameters<Parameters<typeof db.$transaction>[0]>[0];

async function lockAdmins(tx: Tx): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended('admins', 0))`;
}

/** Refuses to take away the store's last ADMIN (a demotion or a deletion of `user`). */
async function assertNotLastAdmin(tx: Tx, user: User): Promise<void> {
  if (user.role === "ADMIN" && (await tx.user.count({ where: { role: "ADMIN", id: { not: user.id } } })) === 0) throw conflict(LAST_ADMIN_MESSAGE);
}

/** The acting admin, re-read under the lock: one demoted or deleted meanwhile acts no more. */
async function assertStillAdmin(tx: Tx, adminId: string): Promise<void> {
  if ((await tx.user.count({ where: { id: adminId, role: "ADMIN" } })) === 0) throw forbidden();
}

/** Runs `change` on the target account inside one transaction, under the admins' lock. */
async function underAdminLock<T>(admin: User, userId: string, change: (tx: Tx, user: User) => Promise<T>): Promise<T> {
  if (!isRowId(userId)) throw notFound(USER_NOT_FOUND);
  return db.$transaction(async (tx) => {
    await lockAdmins(tx);
    await assertStillAdmin(tx, admin.id);
    const user = await tx.user.findUnique({ where: { id: userId } });
    if (!user) throw notFound(USER_NOT_FOUND);
    return change(tx, user);
  });
}

/**
 * PUT /api/update-role/{userId}. A change bumps the user's session version: their open sessions
 * must sign in again (and so pick up the new role everywhere at once).
 */
export async function changeRole(admin: User, userId: string, role: Role): Promise<PublicUser> {
  const changed = await underAdminLock(admin, userId, async (tx, user) => {
    if (user.role === role) return toPublicUser(user);
    await assertNotLastAdmin(tx, user);
    return toPublicUser(await tx.user.update({ where: { id: user.id }, data: { role, sessionVersion: { increment: 1 } } }));
  });
  dropUserSessions(changed._id); // after the commit, so no read of the old row is kept after it
  return changed;
}

/**
 * DELETE /api/delete-user/{userId}: the account with its cart, wishlist and reset codes; its
 * orders stay, detached (userId becomes null), with the customer's email on them.
 */
export async function deleteUser(admin: User, userId: string): Promise<PublicUser> {
  const deleted = await underAdminLock(admin, userId, async (tx, user) => {
    // Compared as stored: the path's id may be spelled in upper case.
    if (user.id === admin.id) throw badRequest(DELETE_SELF_MESSAGE);
    await assertNotLastAdmin(tx, user);
    await tx.user.delete({ where: { id: user.id } });
    return toPublicUser(user);
  });
  dropUserSessions(deleted._id);
  return deleted;
}
