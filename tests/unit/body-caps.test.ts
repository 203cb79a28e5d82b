// Bodies past a route's cap are refused before anything buffers them: the front door answers a
// declared Content-Length over the cap with 413 and closes the connection (Next would otherwise
// buffer up to its proxy limit for proxy.ts when an Origin is sent), and the caps the front door
// uses are the ones the handlers read with.
import { readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createServer, type Server } from "node:http";
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_ROUTES, bodyCap, LARGEST_BODY_CAP, routeFile } from "@/lib/api-routes";
import * as constants from "@/lib/constants";
import { frontDoor } from "@/lib/server/front-door/front-door";
import { close, listen } from "./test-server";

let server: Server;
let port: number;
let reached = 0;

beforeAll(async () => {
  server = createServer(
    frontDoor({
      cache: null,
      upstream: (request, response) => {
        reached += 1;
        // A body without a length is read to its end first, as Next does for proxy.ts.
        if (request.headers["transfer-encoding"]) return void request.resume().once("end", () => response.writeHead(200).end("{}"));
        response.writeHead(200).end("{}");
      },
      policy: () => "",
    }),
  );
  port = Number(new URL(await listen(server)).port);
});
afterAll(() => close(server));

/**
 * Sends the head of a request declaring `declared` bytes, then keeps writing body bytes until the
 * server answers or closes; gives the answer's status line and how much of the body it let in.
 */
function sendLarge(head: string, chunked = false): Promise<{ statusLine: string; sent: number; closed: boolean }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    let answer = "";
    let sent = 0;
    const spaces = Buffer.alloc(64 * 1024, 0x20);
    // In chunked transfer coding, each 64 KB of body framed as one chunk.
    const chunk = chunked ? Buffer.concat([Buffer.from(`${spaces.length.toString(16)}\r\n`), spaces, Buffer.from("\r\n")]) : spaces;
    const pump = () => {
      while (!socket.destroyed && sent < 60 * 1024 * 1024) {
        sent += chunk.length;
        if (!socket.write(chunk)) return void socket.once("drain", pump);
      }
    };
    socket.on("connect", () => {
      socket.write(head);
      pump();
    });
    socket.on("data", (data) => (answer += data.toString("latin1")));
    socket.on("error", () => undefined); // the server closing mid-write: expected
    socket.on("close", () => resolve({ statusLine: answer.split("\r\n")[0] ?? "", sent, closed: true }));
    setTimeout(() => reject(new Error(`no answer after ${sent} bytes`)), 20_000).unref();
  });
}

describe("declared bodies past the route's cap", () => {
  it("a 60 MB PUT with an Origin is refused with 413 before its body is read, and the connection closed", async () => {
    const length = 60 * 1024 * 1024;
    const result = await sendLarge(`PUT /api/update-user HTTP/1.1\r\nHost: store\r\nOrigin: http://localhost:3000\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`);
    expect(result.statusLine).toBe("HTTP/1.1 413 Payload Too Large");
    expect(result.sent).toBeLessThan(length);
    expect(reached).toBe(0);
  });

  it("a chunked body with an Origin is counted as it arrives and refused with 413 once past the cap, the connection closed", async () => {
    const before = reached;
    const result = await sendLarge(`POST /api/signin HTTP/1.1\r\nHost: store\r\nOrigin: http://localhost:3000\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`, true);
    expect(result.statusLine).toBe("HTTP/1.1 413 Payload Too Large");
    expect(result.sent).toBeLessThan(60 * 1024 * 1024);
    // Next was entered (nothing said the body was large), and never answered.
    expect(reached).toBe(before + 1);
  });

  it("a chunked body within the cap reaches the handler whole", async () => {
    const answer = await fetch(`http://127.0.0.1:${port}/api/signin`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: "http://localhost:3000" },
      body: new Blob(["{}"]).stream(),
      duplex: "half",
    } as RequestInit);
    expect(answer.status).toBe(200);
  });

  it("each route's cap: a sign-in's 16 KB, a sign-up's picture-sized 3 MB", async () => {
    const over = await fetch(`http://127.0.0.1:${port}/api/signin`, { method: "POST", headers: { "content-type": "application/json" }, body: "x".repeat(constants.JSON_BODY_MAX_BYTES + 1) });
    expect(over.status).toBe(413);
    expect((await over.json()).message).toBe(`The request body must be at most ${constants.JSON_BODY_MAX_BYTES} bytes`);
    const before = reached;
    const picture = await fetch(`http://127.0.0.1:${port}/api/signup`, { method: "POST", headers: { "content-type": "application/json" }, body: "x".repeat(constants.JSON_BODY_MAX_BYTES + 1) });
    expect(picture.status).toBe(200); // within the sign-up's cap: on to the handler
    expect(reached).toBe(before + 1);
  });
});

describe("one cap per route", () => {
  const constantValues = constants as unknown as Record<string, unknown>;

  it.each(API_ROUTES.filter((route) => route.access !== "unknown").map((route) => [route.path, route] as const))("%s reads its body with the cap the front door uses", (_path, route) => {
    const source = readFileSync(routeFile(route), "utf8");
    const reads = [...source.matchAll(/readBody\(request, \w+(?:, (\w+))?\)|readRawBody\(request, (\w+)\)/g)];
    for (const read of reads) {
      const name = read[1] ?? read[2];
      expect(name === undefined ? constants.JSON_BODY_MAX_BYTES : constantValues[name!], `${route.path}: ${read[0]}`).toBe(bodyCap(route));
    }
  });

  it("Next buffers no more for proxy.ts than the largest cap", async () => {
    const nextConfig = ((await import(pathToFileURL(path.resolve("next.config.mjs")).href)) as { default: { experimental?: { proxyClientMaxBodySize?: number } } }).default;
    expect(LARGEST_BODY_CAP).toBe(constants.PICTURE_BODY_MAX_BYTES);
    expect(nextConfig.experimental?.proxyClientMaxBodySize).toBe(LARGEST_BODY_CAP);
  });
});
