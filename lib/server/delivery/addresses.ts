import "server-only";
import type { Address, Prisma } from "@/lib/generated/prisma/client";
import { ADDRESS_BOOK_MAX, type AddressInput } from "@/lib/delivery/schemas";
import { indiaStateName } from "@/lib/shared/india";
import type { PublicAddress } from "@/lib/delivery/address";
import { isRowId } from "../catalog/catalog";
import { db } from "../platform/db";
import { conflict, HttpError, notFound } from "../platform/http";
import { lookupPin } from "./pin-directory";

// The address book: each shopper's saved delivery addresses (at most ADDRESS_BOOK_MAX), one of them
// the default. Every call names the owner (the session's user): another's address is as absent as
// one that does not exist. Changes to one shopper's book run one at a time (an advisory lock per
// user), so two tabs cannot pass the limit or leave two defaults.

export const ADDRESS_NOT_FOUND = "Address not found";
export const ADDRESS_BOOK_FULL_MESSAGE = `Your address book is full (${ADDRESS_BOOK_MAX} addresses). Delete one to add another.`;
export const unknownPinWarning = (pin: string) => `We could not find PIN ${pin} in our directory. New post offices take a while to appear: please check it is right.`;
export const pinStateMessage = (pin: string, state: string) => `PIN ${pin} is in ${indiaStateName(state)}. Check the PIN code or the state.`;

export function toPublicAddress(row: Address): PublicAddress {
  return {
    _id: row.id,
    name: row.name,
    phone: row.phone,
    line1: row.line1,
    area: row.area,
    landmark: row.landmark,
    city: row.city,
    district: row.district,
    state: row.state,
    stateName: indiaStateName(row.state),
    postalCode: row.postalCode,
    isDefault: row.isDefault,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The PIN against the directory: a PIN it does not know passes with a warning (the data lags new
 * post offices); one in another state than the chosen one is refused (422, under the state, with
 * the PIN's state in `data`) unless the shopper confirmed it.
 */
export function checkPin(input: Pick<AddressInput, "postalCode" | "state" | "confirmState">): string[] {
  const place = lookupPin(input.postalCode);
  if (!place) return [unknownPinWarning(input.postalCode)];
  if (place.state !== input.state && !input.confirmState) {
    const message = pinStateMessage(input.postalCode, place.state);
    throw new HttpError(422, message, undefined, { state: message }, { pinState: place.state, pinStateName: indiaStateName(place.state) });
  }
  return [];
}

type Tx = Prisma.TransactionClient;

async function lockBook(tx: Tx, userId: string): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`address-book:${userId}`}, 0))`;
}

const ORDER: Prisma.AddressOrderByWithRelationInput[] = [{ isDefault: "desc" }, { createdAt: "asc" }, { id: "asc" }];

/** The shopper's addresses, the default first, then oldest first. */
export async function listAddresses(userId: string): Promise<PublicAddress[]> {
  return (await db.address.findMany({ where: { userId }, orderBy: ORDER })).map(toPublicAddress);
}

/** One of the shopper's addresses, or null (another's, or none). */
export async function findAddress(userId: string, addressId: unknown): Promise<Address | null> {
  if (!isRowId(addressId)) return null;
  return db.address.findFirst({ where: { id: addressId, userId } });
}

function fieldsOf(input: AddressInput) {
  const { confirmState: _confirmed, isDefault: _default, ...fields } = input;
  return fields;
}

/**
 * Adds an address; the first one, or one marked so, becomes the default. The same address again
 * (every field alike: a retried checkout that saves its typed address, a double submit) is the
 * one already in the book, not a second copy.
 */
export async function addAddress(userId: string, input: AddressInput): Promise<{ address: PublicAddress; warnings: string[]; created: boolean }> {
  const warnings = checkPin(input);
  let created = false;
  const address = await db.$transaction(async (tx) => {
    await lockBook(tx, userId);
    const fields = fieldsOf(input);
    const same = await tx.address.findFirst({ where: { userId, ...fields, landmark: fields.landmark ?? null } });
    if (same) {
      if (!input.isDefault || same.isDefault) return same;
      await tx.address.updateMany({ where: { userId, isDefault: true }, data: { isDefault: false } });
      return tx.address.update({ where: { id: same.id }, data: { isDefault: true } });
    }
    const count = await tx.address.count({ where: { userId } });
    if (count >= ADDRESS_BOOK_MAX) throw conflict(ADDRESS_BOOK_FULL_MESSAGE);
    const isDefault = input.isDefault || count === 0;
    if (isDefault) await tx.address.updateMany({ where: { userId, isDefault: true }, data: { isDefault: false } });
    created = true;
    return tx.address.create({ data: { ...fields, userId, isDefault } });
  });
  return { address: toPublicAddress(address), warnings, created };
}

/** Changes one of the shopper's addresses (404 for another's); `isDefault: true` makes it the default. */
export async function updateAddress(userId: string, addressId: unknown, input: AddressInput): Promise<{ address: PublicAddress; warnings: string[] }> {
  if (!isRowId(addressId)) throw notFound(ADDRESS_NOT_FOUND);
  const warnings = checkPin(input);
  const address = await db.$transaction(async (tx) => {
    await lockBook(tx, userId);
    const current = await tx.address.findFirst({ where: { id: addressId, userId } });
    if (!current) throw notFound(ADDRESS_NOT_FOUND);
    if (input.isDefault && !current.isDefault) await tx.address.updateMany({ where: { userId, isDefault: true }, data: { isDefault: false } });
    return tx.address.update({ where: { id: addressId }, data: { ...fieldsOf(input), isDefault: current.isDefault || input.isDefault } });
  });
  return { address: toPublicAddress(address), warnings };
}

/** Makes one of the shopper's addresses the default. */
export async function setDefaultAddress(userId: string, addressId: unknown): Promise<PublicAddress> {
  if (!isRowId(addressId)) throw notFound(ADDRESS_NOT_FOUND);
  const address = await db.$transaction(async (tx) => {
    await lockBook(tx, userId);
    const current = await tx.address.findFirst({ where: { id: addressId, userId } });
    if (!current) throw notFound(ADDRESS_NOT_FOUND);
    if (current.isDefault) return current;
    await tx.address.updateMany({ where: { userId, isDefault: true }, data: { isDefault: false } });
    return tx.address.update({ where: { id: addressId }, data: { isDefault: true } });
  });
  return toPublicAddress(address);
}

/** Deletes one of the shopper's addresses; when it was the default, the oldest left becomes the default. */
export async function deleteAddress(userId: string, addressId: unknown): Promise<void> {
  if (!isRowId(addressId)) throw notFound(ADDRESS_NOT_FOUND);
  await db.$transaction(async (tx) => {
    await lockBook(tx, userId);
    const deleted = await tx.address.findFirst({ where: { id: addressId, userId } });
    if (!deleted) throw notFound(ADDRESS_NOT_FOUND);
    await tx.address.delete({ where: { id: deleted.id } });
    if (!deleted.isDefault) return;
    const next = await tx.address.findFirst({ where: { userId }, orderBy: ORDER });
    if (next) await tx.address.update({ where: { id: next.id }, data: { isDefault: true } });
  });
}
