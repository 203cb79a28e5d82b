// Password hashing, shared by the app and the seed script (so no "server-only" import here;
// nothing in the browser imports it).
import { hash, verify } from "@node-rs/argon2";

// Argon2id (the package's const enum value 2) with OWASP's second recommended profile: 19 MiB, 2 passes.
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// Verified against when the email is unknown, so both answers take the same time.
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword("a password nobody has");
  return dummyHash;
}
