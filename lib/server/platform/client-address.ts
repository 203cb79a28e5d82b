import { isIP } from "node:net";
import { readConfig } from "./config";

// The client's address, for per-address limits. No "server-only" here: server/serve.ts imports
// the header names outside Next. Where it comes from is the deployer's choice
// (TRUSTED_PROXY_HOPS, docs/SECURITY.md):
//   0  the TCP peer of the server: `npm start` (server/serve.ts) puts it in PEER_ADDRESS_HEADER,
//      replacing whatever a client sent under that name; X-Forwarded-For is ignored.
//   N  the N-th address from the right of X-Forwarded-For: each trusted proxy appends the address
//      it saw, so everything left of that was written by the client and proves nothing.

/** Set by server/serve.ts on every request, from the socket. */
export const PEER_ADDRESS_HEADER = "x-volt-peer-address";
/** server/serve.ts sets this in its process: only then does PEER_ADDRESS_HEADER come from the socket. */
export const PEER_ADDRESS_FLAG = "VOLT_PEER_ADDRESS_FROM_SOCKET";

type HeaderSource = Headers | Record<string, string | string[] | undefined>;

/** A Headers, or anything that reads like one (the front door's direct requests: direct-request.ts). */
const isHeaders = (headers: HeaderSource): headers is Headers => typeof (headers as Headers).get === "function";

function readHeader(headers: HeaderSource, name: string): string | undefined {
  if (isHeaders(headers)) return headers.get(name) ?? undefined;
  const value = headers[name];
  return Array.isArray(value) ? value.join(",") : value;
}

/** Expands an IPv6 address to its 8 groups. */
function ipv6Groups(address: string): string[] {
  const [head = "", tail] = address.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const missing = tail === undefined ? 0 : 8 - left.length - right.length;
  return [...left, ...Array<string>(missing).fill("0"), ...right].map((group) => group.toLowerCase().replace(/^0+(?=.)/, ""));
}

/**
 * The address as a bucket name: IPv4 as is (also when written IPv4-mapped), IPv6 by its /64,
 * since one subscriber usually holds a whole /64 and could otherwise take a fresh address per try.
 */
export function addressBucket(raw: string | undefined): string | null {
  const address = raw?.trim().replace(/^\[(.*)\]$/, "$1");
  if (!address || address.length > 45) return null;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  const family = isIP(address);
  if (family === 4) return address;
  if (family === 6 && !address.includes(".")) return `${ipv6Groups(address).slice(0, 4).join(":")}::/64`;
  return null;
}

/** The client's address bucket, or null when there is none to trust (then only the other limits apply). */
export function clientAddress(headers: HeaderSource, hops: number = readConfig().trustedProxyHops): string | null {
  if (hops === 0) return process.env[PEER_ADDRESS_FLAG] === "1" ? addressBucket(readHeader(headers, PEER_ADDRESS_HEADER)) : null;
  const forwarded = readHeader(headers, "x-forwarded-for")?.split(",") ?? [];
  return forwarded.length >= hops ? addressBucket(forwarded[forwarded.length - hops]) : null;
}
