import type { Server } from "node:http";
import type { AddressInfo } from "node:net";

// A server of the front door's unit tests on a free loopback port.

/** Starts `server` on a free port of 127.0.0.1 and gives its base URL. */
export async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Stops it. */
export function close(server: Server): Promise<void> {
  return new Promise((resolve) => server.close(() => resolve()));
}
