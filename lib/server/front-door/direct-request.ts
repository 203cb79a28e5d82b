import type { IncomingHttpHeaders } from "node:http";

// The request a direct route's handler gets (front-door.ts answerDirectly): what the handlers read
// of a web Request (its method, URL, headers and body) over the Node request as it came, without
// building undici's Request, whose construction (every header copied and validated into a
// Headers, an AbortSignal made, the URL parsed) was a sixth of a signed-in read's CPU. The
// handlers are typed against Request and use only these members; tests/unit/direct-request.test.ts
// holds this object to a real Request's answers.
// No "server-only": server/serve.ts runs it outside Next's bundles.

/** A Headers over Node's parsed headers (already lower-case, repeated ones joined), read-only. */
export class NodeHeaders implements Headers {
  constructor(private readonly source: IncomingHttpHeaders) {}

  get(name: string): string | null {
    const key = name.toLowerCase();
    const value = Object.hasOwn(this.source, key) ? this.source[key] : undefined;
    if (value === undefined) return null;
    return Array.isArray(value) ? value.join(", ") : value;
  }

  has(name: string): boolean {
    return this.get(name) !== null;
  }

  getSetCookie(): string[] {
    const value = this.source["set-cookie"];
    return value === undefined ? [] : [...value];
  }

  forEach(callback: (value: string, key: string, parent: Headers) => void, thisArg?: unknown): void {
    for (const [name, value] of this.entries()) callback.call(thisArg, value, name, this);
  }

  *entries(): HeadersIterator<[string, string]> {
    // As a Headers iterates: by name, each name once.
    for (const name of Object.keys(this.source).sort()) {
      const value = this.get(name);
      if (value !== null) yield [name, value];
    }
  }

  *keys(): HeadersIterator<string> {
    for (const [name] of this.entries()) yield name;
  }

  *values(): HeadersIterator<string> {
    for (const [, value] of this.entries()) yield value;
  }

  [Symbol.iterator](): HeadersIterator<[string, string]> {
    return this.entries();
  }

  append(): void {
    throw new TypeError("The request's headers cannot be changed");
  }

  set(): void {
    throw new TypeError("The request's headers cannot be changed");
  }

  delete(): void {
    throw new TypeError("The request's headers cannot be changed");
  }
}

/** The web Request members a direct handler reads, over a Node request. */
class DirectRequest {
  readonly headers: Headers;
  #signal: AbortSignal | undefined;

  constructor(
    readonly method: string,
    readonly url: string,
    headers: IncomingHttpHeaders,
    readonly body: ReadableStream<Uint8Array> | null,
  ) {
    this.headers = new NodeHeaders(headers);
  }

  get bodyUsed(): boolean {
    return this.body?.locked ?? false;
  }

  /** Never aborted, as a Request made without a signal. */
  get signal(): AbortSignal {
    return (this.#signal ??= new AbortController().signal);
  }

  async arrayBuffer(): Promise<ArrayBuffer> {
    return new Response(this.body).arrayBuffer();
  }

  async text(): Promise<string> {
    return new Response(this.body).text();
  }

  async json(): Promise<unknown> {
    return JSON.parse(await this.text());
  }
}

/**
 * A Request for a direct handler: `path` (the path and query as sent) on a fixed origin, so a
 * client's Host header, which may hold anything, never becomes part of the URL.
 */
export function directRequest(method: string, path: string, headers: IncomingHttpHeaders, body: ReadableStream<Uint8Array> | null): Request {
  return new DirectRequest(method, `http://localhost${path.startsWith("/") ? path : `/${path}`}`, headers, body) as unknown as Request;
}
