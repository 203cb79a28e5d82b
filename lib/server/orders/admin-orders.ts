import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { indianMobile } from "@/lib/shared/india";
import { ORDER_STATUSES } from "@/lib/orders/order-lifecycle";
import type { OrderListStatus } from "@/lib/schemas";
import { isRowId } from "../catalog/catalog";
import { db } from "../platform/db";
import { ITEMS_IN_ORDER, toPublicOrder } from "./orders";
import type { OrderCounts, PublicOrder } from "./types";

// The admin's Orders list (GET /api/all-orders): one state or all, a search, a page, and how
// many orders each state holds. Every query here is served by an index of the
// admin_orders_list migration (the counts by its OrderStatusCount), so it stays fast at 100 000
// orders (npm run bench measures it): the page's ids come from one indexed scan, then only that
// page's rows are read with their lines.

/** What the admin typed, as the query it means. */
export type OrderSearch =
  /** A whole order id (pasted from a link). */
  | { kind: "id"; id: string }
  /** The number shoppers quote, "#1A2B3C4D": the last 8 hex digits of the id. Without '#', also an email's beginning. */
  | { kind: "number"; digits: string; alsoEmail: boolean }
  /** The delivery phone, as fulfilment stores it (+91 and ten digits). */
  | { kind: "phone"; phone: string }
  /** The customer's email, or its beginning, case-insensitive. */
  | { kind: "email"; prefix: string };

export function readOrderSearch(q: string): OrderSearch {
  const text = q.trim();
  if (isRowId(text.toLowerCase())) return { kind: "id", id: text.toLowerCase() };
  const number = /^(#?)([0-9a-f]{8})$/i.exec(text);
  if (number) return { kind: "number", digits: number[2]!.toLowerCase(), alsoEmail: number[1] === "" };
  const phone = indianMobile(text);
  if (phone) return { kind: "phone", phone };
  return { kind: "email", prefix: text.toLowerCase() };
}

/** `value%` for LIKE, with LIKE's own wildcards in `value` taken literally. */
function startsWith(value: string): string {
  return `${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Each expression as its index in the migration has it, or the index is not used. */
function searchCondition(search: OrderSearch): Prisma.Sql {
  const email = (prefix: string) => Prisma.sql`lower("customerEmail") LIKE ${startsWith(prefix)}`;
  switch (search.kind) {
    case "id":
      return Prisma.sql`"id" = ${search.id}::uuid`;
    case "number":
      return search.alsoEmail ? Prisma.sql`(right("id"::text, 8) = ${search.digits} OR ${email(search.digits)})` : Prisma.sql`right("id"::text, 8) = ${search.digits}`;
    case "phone":
      return Prisma.sql`("delivery" ->> 'phone') = ${search.phone}`;
    case "email":
      return email(search.prefix);
  }
}

/**
 * Waiting to ship: the oversold ones first (the owner must act), then the oldest first (first
 * paid, first shipped). Another state: newest first. All states: oversold first, then newest.
 * Needing attention (oversold, or a refund failed; any state): the oldest first.
 */
function orderFor(status: OrderListStatus): Prisma.Sql {
  if (status === "PAID" || status === "PLACED") return Prisma.sql`"attention" ASC NULLS LAST, "createdAt" ASC, "id" ASC`;
  // Needing the owner, in any state: the longest waiting first.
  if (status === "attention" || status === "returns" || status === "cash-due") return Prisma.sql`"createdAt" ASC, "id" ASC`;
  if (status === "all") return Prisma.sql`"attention" ASC NULLS LAST, "createdAt" DESC, "id" DESC`;
  return Prisma.sql`"createdAt" DESC, "id" DESC`;
}

export type AdminOrdersQuery = { status?: OrderListStatus; q?: string; page: number; limit: number };
export type AdminOrdersPage = { orders: PublicOrder[]; total: number; counts: OrderCounts; attention: number; returns: number; cashDue: number };

/** Cash-on-delivery orders delivered whose cash has not come in from the courier (the "Cash to come in" tab). */
// Delivered (the courier collected it), refunded since or not: the courier owes the cash until it is recorded.
const CASH_DUE = Prisma.sql`"paymentMethod" = 'cod' AND "status" IN ('DELIVERED', 'REFUNDED') AND "deliveredAt" IS NOT NULL AND "cashReceivedAt" IS NULL`;

async function countCashDue(search: Prisma.Sql | null): Promise<number> {
  const [row] = await db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM "Order" WHERE ${CASH_DUE} ${search ? Prisma.sql`AND ${search}` : Prisma.empty}`;
  return row?.n ?? 0;
}

/** Orders with an open return request (asked for or approved): few, found by the requests' status index. */
const HAS_OPEN_RETURN = Prisma.sql`EXISTS (SELECT 1 FROM "ReturnRequest" r WHERE r."orderId" = "Order"."id" AND r."status" IN ('REQUESTED', 'APPROVED'))`;

async function countOpenReturns(search: Prisma.Sql | null): Promise<number> {
  const [row] = await db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM "Order" WHERE ${HAS_OPEN_RETURN} ${search ? Prisma.sql`AND ${search}` : Prisma.empty}`;
  return row?.n ?? 0;
}

/**
 * How many orders each state holds: of those matching `search` (few), counted; else read from
 * the counts the database keeps (OrderStatusCount, a trigger on "Order"), not by counting every order.
 */
async function countByState(search: Prisma.Sql | null): Promise<OrderCounts> {
  const rows = search
    ? await db.$queryRaw<{ status: keyof OrderCounts; n: number }[]>`SELECT "status", count(*)::int AS n FROM "Order" WHERE ${search} GROUP BY "status"`
    : await db.$queryRaw<{ status: keyof OrderCounts; n: number }[]>`SELECT "status", sum("n")::int AS n FROM "OrderStatusCount" GROUP BY "status"`;
  const counts = Object.fromEntries(ORDER_STATUSES.map((status) => [status, 0])) as OrderCounts;
  for (const row of rows) counts[row.status] = row.n;
  return counts;
}

/** How many orders (of those matching `search`) need the owner: few, found by the attention index. */
async function countNeedingAttention(search: Prisma.Sql | null): Promise<number> {
  const [row] = await db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM "Order" WHERE "attention" IS NOT NULL ${search ? Prisma.sql`AND ${search}` : Prisma.empty}`;
  return row?.n ?? 0;
}

/**
 * A page of the admin's orders: one state or all (`status` absent is all), narrowed by a search
 * when `q` has one, in the state's order (orderFor); `total` is how many match, `counts` how many
 * of them each state holds (the tabs).
 */
export async function listOrdersForAdmin({ status = "all", q, page, limit }: AdminOrdersQuery): Promise<AdminOrdersPage> {
  const search = q?.trim() ? searchCondition(readOrderSearch(q)) : null;
  const byStatus =
    status === "all"
      ? []
      : status === "attention"
        ? [Prisma.sql`"attention" IS NOT NULL`]
        : status === "returns"
          ? [HAS_OPEN_RETURN]
          : status === "cash-due"
            ? [CASH_DUE]
            : [Prisma.sql`"status" = ${status}::"OrderStatus"`];
  const conditions = [...byStatus, ...(search ? [search] : [])];
  const where = conditions.length ? Prisma.sql`WHERE ${Prisma.join(conditions, " AND ")}` : Prisma.empty;
  const [ids, counts, attention, returns, cashDue] = await Promise.all([
    db.$queryRaw<{ id: string }[]>`SELECT "id" FROM "Order" ${where} ORDER BY ${orderFor(status)} LIMIT ${limit} OFFSET ${(page - 1) * limit}`,
    countByState(search),
    countNeedingAttention(search),
    countOpenReturns(search),
    countCashDue(search),
  ]);
  const rows = ids.length ? await db.order.findMany({ where: { id: { in: ids.map((row) => row.id) } }, include: ITEMS_IN_ORDER }) : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  // A row deleted between the two reads (an account's orders are kept, so only by hand) is left out.
  const orders = ids.flatMap(({ id }) => {
    const row = byId.get(id);
    return row ? [toPublicOrder(row, true)] : [];
  });
  const total =
    status === "all"
      ? Object.values(counts).reduce((sum, n) => sum + n, 0)
      : status === "attention"
        ? attention
        : status === "returns"
          ? returns
          : status === "cash-due"
            ? cashDue
            : counts[status];
  return { orders, total, counts, attention, returns, cashDue };
}
