import "server-only";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/lib/generated/prisma/client";

// One Prisma client per process (kept across hot reloads in development), made on first use so
// that importing this module never needs a database (next build, type checks).
const globalForPrisma = globalThis as unknown as { prisma?: PrismaClient };

function client(): PrismaClient {
  if (globalForPrisma.prisma) return globalForPrisma.prisma;
  const connectionString = process.env.DATABASE_URL;
  if (!connectionString) {
    throw new Error("DATABASE_URL is not set. Start the store with `npm run dev` or `npm start`, which provide a database.");
  }
  const pool = Number(process.env.DATABASE_POOL_SIZE ?? 10);
  globalForPrisma.prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString, max: pool }) });
  return globalForPrisma.prisma;
}

export const db: PrismaClient = new Proxy({} as PrismaClient, {
  get(_target, property) {
    const real = client();
    const value: unknown = Reflect.get(real, property);
    return typeof value === "function" ? value.bind(real) : value;
  },
});
