import { IncomingMessage, type ServerResponse } from "node:http";
import { apiGate } from "./api-gate";
import { PEER_ADDRESS_HEADER } from "./client-address";
import { inlineScriptHashes } from "./csp";
import { CACHE_CANDIDATE_HEADER, holdResponse, NEXT_REQUEST_HEADERS, pageCacheKey, postCacheKey, sendHeld, type PageCache } from "./page-cache";

// What scripts/serve.ts puts in front of Next's request handler, for every request:
//   - records the TCP peer's address for the per-address limits (client-address.ts);
//   - gates the API (api-gate.ts): JSON 400/404/405 and CORS before Next is entered;
//   - answers a page address that is not valid percent-encoding with the not-found page, as a
//     400 (Next would answer a plain-text 500);
//   - serves pages: from the page cache when it holds them; otherwise Next renders the page, it
//     is held back until complete, gets its Content-Security-Policy (the hashes of its inline
//     scripts), is kept in the page cache when it may be, and is sent compressed;
//   - serves the catalogue API's GET answers (ApiRoute.cacheKeyParams) the same way, from the
//     same cache with the same purges, when their handler marked them cacheable.
// No "server-only": it runs outside Next's bundles.

export type FrontDoorOptions = {
  cache: PageCache | null;
  /** Next's request handler (or a stand-in in tests). */
  upstream: (request: IncomingMessage, response: ServerResponse) => Promise<unknown> | unknown;
  /** The CSP of a page whose inline scripts hash to these sources. */
  policy: (hashes: string[]) => string;
  /** Headers every answer carries (HSTS in production). */
  headers?: Record<string, string>;
};

/** Next's build output: files, never pages. Anything else may answer with a page. */
const BUILD_PATH = /^\/_next\//;
/** Pages about one visitor: their shells hold nothing personal, but no cache should keep them. */
const PERSONAL_PATH = /^\/(?:user-panel|admin-panel|success|cancel|verify-otp|reset-password)(?:\/|$)/;

function decodablePath(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * A GET that may answer with a page: anything but the API, Next's build files and Next's own
 * navigation requests (marked by headers, which decide whether Next sends a page; a query such as
 * `_rsc` does not). Whatever it answers is held, and gets the CSP when it is HTML.
 */
function isPageRequest(request: IncomingMessage, path: string): boolean {
  if (request.method !== "GET" || BUILD_PATH.test(path) || path === "/api" || path.startsWith("/api/")) return false;
  return !NEXT_REQUEST_HEADERS.some((name) => request.headers[name] !== undefined);
}

/** Bodies of cacheable POST reads are small (the API refuses JSON bodies over 16 KB anyway). */
const CACHEABLE_POST_MAX_BYTES = 16 * 1024;

function isCacheablePost(request: IncomingMessage, path: string): boolean {
  const length = Number(request.headers["content-length"]);
  return request.method === "POST" && path === "/api/fiter-product" && Number.isInteger(length) && length <= CACHEABLE_POST_MAX_BYTES && !request.headers["transfer-encoding"];
}

function readSmallBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > CACHEABLE_POST_MAX_BYTES) request.destroy(new Error("body larger than announced"));
      else chunks.push(chunk);
    });
    request.on("end", () => resolve(Buffer.concat(chunks)));
    request.on("error", reject);
  });
}

/** The request again, its body unread: what Next reads is the bytes the front door read. */
function replay(request: IncomingMessage, body: Buffer): IncomingMessage {
  const again = new IncomingMessage(request.socket);
  again.method = request.method;
  again.url = request.url;
  again.httpVersion = request.httpVersion;
  again.httpVersionMajor = request.httpVersionMajor;
  again.httpVersionMinor = request.httpVersionMinor;
  again.headers = request.headers;
  again.rawHeaders = request.rawHeaders;
  again.push(body);
  again.push(null);
  // Whole already: ending it must not count as the client aborting (which closes the socket).
  again.complete = true;
  return again;
}

export function frontDoor(options: FrontDoorOptions): (request: IncomingMessage, response: ServerResponse) => void {
  return (request, response) => {
    request.headers[PEER_ADDRESS_HEADER] = request.socket.remoteAddress ?? "";
    delete request.headers[CACHE_CANDIDATE_HEADER];
    for (const [name, value] of Object.entries(options.headers ?? {})) response.setHeader(name, value);
    const url = request.url ?? "/";
    const queryAt = url.indexOf("?");
    let path = queryAt === -1 ? url : url.slice(0, queryAt);
    if (path === "/api" || path.startsWith("/api/")) {
      const decision = apiGate(request.method ?? "GET", path, typeof request.headers.origin === "string" ? request.headers.origin : null);
      if (decision.answer) {
        response.writeHead(decision.answer.status, decision.answer.headers).end(decision.answer.body ?? undefined);
        return;
      }
      for (const [name, value] of Object.entries(decision.headers)) response.setHeader(name, value);
    } else if (!decodablePath(path)) {
      // The not-found page, with 400 whatever status Next gives it.
      request.url = path = "/__malformed-address";
      const writeHead = response.writeHead.bind(response) as (status: number, ...rest: unknown[]) => ServerResponse;
      response.writeHead = ((_status: number, ...rest: unknown[]) => writeHead(400, ...rest)) as ServerResponse["writeHead"];
    }
    const page = isPageRequest(request, path);
    const pass = (forwarded: IncomingMessage, key: string | null) => {
      if (page || key) {
        if (key && options.cache?.serve(key, request, response)) return;
        if (key && options.cache) forwarded.headers[CACHE_CANDIDATE_HEADER] = "1";
        const generation = options.cache?.generation;
        // Next answers uncompressed; the answer is compressed once it is complete (and kept so when cached).
        const acceptEncoding = request.headers["accept-encoding"];
        delete forwarded.headers["accept-encoding"];
        holdResponse(response, (status, headers, body) => {
          if (page && String(headers["content-type"] ?? "").startsWith("text/html")) {
            headers["content-security-policy"] = options.policy(inlineScriptHashes(body.toString("utf8")));
          }
          if (page && PERSONAL_PATH.test(path)) headers["cache-control"] = "private, no-store";
          if (key) options.cache?.store(key, status, headers, body, generation);
          sendHeld(request, response, status, headers, body, acceptEncoding);
        });
      }
      Promise.resolve()
        .then(() => options.upstream(forwarded, response))
        .catch((error: unknown) => {
          console.error(error);
          if (!response.headersSent) response.writeHead(500).end("Internal Server Error");
          else response.destroy();
        });
    };
    if (options.cache && isCacheablePost(request, path)) {
      // A catalogue read sent as POST (fiter-product): its key is its body, read here and then
      // handed to Next as if it had never been read.
      readSmallBody(request).then(
        (body) => pass(replay(request, body), postCacheKey(path, body)),
        () => response.destroy(),
      );
      return;
    }
    pass(request, options.cache || !page ? pageCacheKey(request) : null);
  };
}
