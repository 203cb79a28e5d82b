import { IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from "node:http";
import { bodyCap, routeParams, type ApiRoute } from "../../api-routes";
import { canonicalPath } from "../../canonical-path";
import { CACHE_CANDIDATE_HEADER, INTERNAL_ERROR_MESSAGE, jsonBodyOf, jsonError } from "../platform/answers";
import { apiGate } from "./api-gate";
import { directRequest, NodeBody } from "./direct-request";
import { PEER_ADDRESS_HEADER } from "../platform/client-address";
import { log } from "../platform/log";
import { currentRequest, markCache } from "../platform/request-context";
import { inlineScriptHashes, mergeFlightScripts } from "./csp";
import { holdHtml, holdResponse, identityBody, NEXT_REQUEST_HEADERS, pageCacheKey, postCacheKey, sendHeld, type PageCache } from "./page-cache";

// What server/serve.ts puts in front of Next's request handler, for every request: it records the
// TCP peer's address (client-address.ts) and gates the API (api-gate.ts); answers a page address
// that is not valid percent-encoding with the not-found page, as a 400; serves pages and cacheable
// catalogue GETs from the page cache, or holds Next's answer until complete, gives a page its CSP,
// keeps what it may and sends it compressed; calls the `direct` routes' handlers itself
// (lib/api-routes.ts). Details: docs/ENGINEERING.md §10a.
// No "server-only": it runs outside Next's bundles.

export type FrontDoorOptions = {
  cache: PageCache | null;
  /**
   * Answers a request for the build's hashed files (`/_next/static/…`, the canonical path) and
   * says true, or false to leave it to Next (static-files.ts). Consulted first for those paths.
   */
  staticFiles?: (request: IncomingMessage, response: ServerResponse, path: string) => boolean;
  /** Next's request handler (or a stand-in in tests). */
  upstream: (request: IncomingMessage, response: ServerResponse) => Promise<unknown> | unknown;
  /** The CSP of a page whose inline scripts hash to these sources. */
  policy: (hashes: string[]) => string;
  /** Headers every answer carries (HSTS in production). */
  headers?: Record<string, string>;
  /**
   * Whether proxy.ts lets this request through to the signed-in pages (SHELL_PATH): its session
   * cookie decodes. Their HTML is then one shell for everyone, kept in the page cache.
   */
  signedIn?: (request: IncomingMessage) => Promise<boolean>;
  /**
   * The handler of a `direct` route for this method (its route file's export), or undefined to
   * leave the request to Next. `configHeaders` are the headers Next's config gives the path.
   */
  direct?: { handler: (route: ApiRoute, method: string) => DirectHandler | undefined; configHeaders: (path: string) => Record<string, string> };
};

/** A route handler as Next calls it: the request, and a context whose `params` are the path's segments. */
export type DirectHandler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;


/**
 * Runs a route handler on a Node request, as Next would: a web Request (direct-request.ts: the
 * body streamed, the headers as sent), the path's params, and the answer written back compressed
 * like every other (sendHeld), with the headers Next's config adds. A JSON answer's text is taken
 * as the handler made it (jsonBodyOf) rather than read back out of the Response's stream.
 */
async function answerDirectly(handler: DirectHandler, request: IncomingMessage, response: ServerResponse, params: Record<string, string>, extra: Record<string, string>): Promise<void> {
  const method = request.method ?? "GET";
  const body = method === "GET" || method === "HEAD" ? null : new NodeBody(request);
  const context = currentRequest();
  if (context) context.direct = true;
  try {
    const answer = await handler(directRequest(method, request.url ?? "/", request.headers, body), { params: Promise.resolve(params) });
    // What the front door set already (the gate's CORS headers and their Vary, HSTS), then Next's
    // config headers, then the handler's own.
    const out: OutgoingHttpHeaders = { ...response.getHeaders(), ...extra };
    answer.headers.forEach((value, name) => {
      if (name !== "set-cookie") out[name] = value;
    });
    const cookies = answer.headers.getSetCookie();
    if (cookies.length > 0) out["set-cookie"] = cookies;
    const text = jsonBodyOf(answer);
    sendHeld(request, response, answer.status, out, text === undefined ? Buffer.from(await answer.arrayBuffer()) : Buffer.from(text), request.headers["accept-encoding"]);
  } catch (error) {
    log.error({ err: error }, "a direct route's handler failed");
    if (!response.headersSent) {
      const failure = jsonError(500, INTERNAL_ERROR_MESSAGE);
      response.writeHead(failure.status, { ...extra, ...failure.headers }).end(failure.body);
    } else response.destroy();
  } finally {
    // A body the handler did not read (refused before reading it, or too large) is read and
    // dropped, as Node does for an unread body, so the next request on the connection is parsed.
    if (body && !request.complete) {
      request.removeAllListeners("data");
      request.resume();
    }
  }
}

/**
 * Counts the body bytes of a request that declared no length as the socket delivers them: once
 * past `cap` the rest is not read, the 413 is answered at once with Connection: close (the
 * connection ends after it), and whatever the handler behind still sends goes nowhere.
 */
function capUnannouncedBody(request: IncomingMessage, response: ServerResponse, cap: number, cors: Record<string, string>): void {
  let received = 0;
  const push = request.push;
  // Node's HTTP parser hands each piece of the body to push(): counted before anyone can read it.
  request.push = function (this: IncomingMessage, chunk: unknown, encoding?: BufferEncoding) {
    if (chunk !== null && chunk !== undefined) {
      received += (chunk as Buffer).length;
      if (received > cap) {
        refuse();
        return false; // the parser stops reading the socket
      }
    }
    return push.call(this, chunk, encoding);
  };
  const refuse = () => {
    request.push = () => false;
    if (response.headersSent) {
      response.destroy();
      return;
    }
    const answer = jsonError(413, `The request body must be at most ${cap} bytes`, { ...cors, Connection: "close" });
    response.writeHead(answer.status, answer.headers).end(answer.body);
    silence(response);
  };
}

/** Makes a finished response ignore what its handler still does with it (never an error). */
function silence(response: ServerResponse): void {
  const same = function (this: ServerResponse) {
    return this;
  };
  const later = (args: unknown[]) => {
    const callback = args.find((arg): arg is () => void => typeof arg === "function");
    if (callback) process.nextTick(callback);
  };
  Object.assign(response, {
    setHeader: same,
    appendHeader: same,
    removeHeader: () => undefined,
    writeHead: same,
    flushHeaders: () => undefined,
    write: (...args: unknown[]) => (later(args), true),
    end: function (this: ServerResponse, ...args: unknown[]) {
      later(args);
      return this;
    },
  });
}

/** Next's build output: files, never pages. Anything else may answer with a page. */
const BUILD_PATH = /^\/_next\//;
/** Pages about one visitor: their shells hold nothing personal, but no cache should keep them. */
const PERSONAL_PATH = /^\/(?:user-panel|admin-panel|success|cancel|verify-otp|reset-password)(?:\/|$)/;
/**
 * The signed-in shopper's pages: static shells (each loads the shopper's data from the API in the
 * browser), the same HTML for every request proxy.ts lets through. The front door keeps them for
 * requests whose session cookie decodes (options.signedIn: proxy.ts's own test), so such a
 * request does not enter Next; every other goes to Next, and proxy.ts sends it to /signin.
 */
const SHELL_PATH = /^\/user-panel(?:\/[a-z-]+)?$/;
const PRIVATE = { "cache-control": "private, no-store" };

/**
 * A personal page, by its address or by what Next's router decodes it to (`%2F` stays escaped in
 * the canonical spelling, and Next also tries the decoded form).
 */
function isPersonalPath(path: string): boolean {
  if (PERSONAL_PATH.test(path)) return true;
  try {
    return PERSONAL_PATH.test(decodeURIComponent(path));
  } catch {
    return false;
  }
}

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
  /** An HTML answer as sent: Next's flight scripts merged (csp.ts), its policy naming its inline scripts. */
  const withPolicy = (headers: OutgoingHttpHeaders, body: Buffer): Buffer => {
    const html = body.toString("utf8");
    const merged = mergeFlightScripts(html);
    headers["content-security-policy"] = options.policy(inlineScriptHashes(merged));
    return merged === html ? body : Buffer.from(merged);
  };
  return (request, response) => {
    request.headers[PEER_ADDRESS_HEADER] = request.socket.remoteAddress ?? "";
    delete request.headers[CACHE_CANDIDATE_HEADER];
    for (const [name, value] of Object.entries(options.headers ?? {})) response.setHeader(name, value);
    const url = request.url ?? "/";
    const queryAt = url.indexOf("?");
    let path = queryAt === -1 ? url : url.slice(0, queryAt);
    // Every decision below, and the cache key, is made on one spelling of the address: another
    // spelling (`/_next/%2e%2e/product/…`, a product id in capitals) is sent to it instead of
    // being rendered under it.
    const canonical = canonicalPath(path);
    if (canonical !== path) {
      response.writeHead(308, { Location: canonical + (queryAt === -1 ? "" : url.slice(queryAt)), "Cache-Control": "no-store", "Content-Length": "0" }).end();
      return;
    }
    if (options.staticFiles && path.startsWith("/_next/static/") && options.staticFiles(request, response, path)) return;
    const api = path === "/api" || path.startsWith("/api/");
    if (api) {
      const decision = apiGate(request.method ?? "GET", path, typeof request.headers.origin === "string" ? request.headers.origin : null, request.headers["content-length"] ?? null);
      if (decision.answer) {
        response.writeHead(decision.answer.status, decision.answer.headers).end(decision.answer.body ?? undefined);
        return;
      }
      for (const [name, value] of Object.entries(decision.headers)) response.setHeader(name, value);
      // Only the route's own address: a trailing slash or an escaped letter is left to Next
      // (which redirects or routes it its own way).
      const exact = decision.pathname === path && !path.endsWith("/");
      const handler = exact && decision.route.direct ? options.direct?.handler(decision.route, request.method ?? "GET") : undefined;
      if (handler) {
        void answerDirectly(handler, request, response, routeParams(decision.route, decision.pathname), options.direct!.configHeaders(path));
        return;
      }
      // A body without a declared length (chunked) is counted here as it arrives (the gate refused
      // a declared one past the cap already): Next would read up to its proxy's limit first.
      if (request.headers["content-length"] === undefined && request.headers["transfer-encoding"] !== undefined) {
        capUnannouncedBody(request, response, bodyCap(decision.route), decision.headers);
      }
    } else if (!decodablePath(path)) {
      // The not-found page, with 400 whatever status Next gives it.
      request.url = path = "/__malformed-address";
      const writeHead = response.writeHead.bind(response) as (status: number, ...rest: unknown[]) => ServerResponse;
      response.writeHead = ((_status: number, ...rest: unknown[]) => writeHead(400, ...rest)) as ServerResponse["writeHead"];
    }
    const page = isPageRequest(request, path);
    const pass = (forwarded: IncomingMessage, key: string | null) => {
      if (page || key) {
        // The request's log line and metrics say what the cache did (observe.ts).
        const kind = key?.startsWith("api:") ? "api" : "page";
        if (key && options.cache?.serve(key, request, response)) return markCache("hit", kind);
        if (key && options.cache) {
          forwarded.headers[CACHE_CANDIDATE_HEADER] = "1";
          markCache("miss", kind);
        }
        const generation = options.cache?.generation;
        // Next answers uncompressed; the answer is compressed once it is complete (and kept so when cached).
        const acceptEncoding = request.headers["accept-encoding"];
        delete forwarded.headers["accept-encoding"];
        holdResponse(response, (status, headers, body) => {
          // Every HTML answer held here gets its policy, page or not: nothing the cache keeps can lack it.
          if (String(headers["content-type"] ?? "").startsWith("text/html")) body = withPolicy(headers, body);
          // A shell is kept when Next says it may be; every copy sent says private.
          if (key) options.cache?.store(key, status, headers, body, generation, page && isPersonalPath(path) ? PRIVATE : {});
          if (page && isPersonalPath(path)) Object.assign(headers, PRIVATE);
          sendHeld(request, response, status, headers, body, acceptEncoding);
        });
      } else if (!api && request.method !== "HEAD") {
        // Whatever else answers outside the API is held only if it is HTML (a POST to a page,
        // Next's not-found page under /_next/, a navigation answered with a page), for its policy.
        holdHtml(response, (status, headers, body) => {
          const html = identityBody(headers, body);
          if (html === null) {
            // An encoding it cannot read: the policy without hashes (no inline script runs).
            headers["content-security-policy"] = options.policy([]);
            response.writeHead(status, headers).end(body);
            return;
          }
          sendHeld(request, response, status, headers, withPolicy(headers, html), request.headers["accept-encoding"]);
        });
      }
      Promise.resolve()
        .then(() => options.upstream(forwarded, response))
        .catch((error: unknown) => {
          log.error({ err: error }, "the request handler failed");
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
    if (options.cache && options.signedIn && page && SHELL_PATH.test(path) && !request.headers.cookie?.includes("__prerender_bypass=")) {
      options.signedIn(request).then(
        (signedIn) => pass(request, signedIn ? `shell:${path}` : null),
        () => pass(request, null),
      );
      return;
    }
    pass(request, options.cache || !page ? pageCacheKey(request) : null);
  };
}
