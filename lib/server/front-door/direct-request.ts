import type { IncomingHttpHeaders } from "node:http";
import type { Readable } from "node:stream";
import { READ_BODY_CAPPED } from "../platform/answers";

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

/**
 * A Node request's body, read once: as a web stream when a handler asks for `request.body`, or
 * straight into one Buffer, at most so many bytes, when it reads through readRawBody
 * (lib/server/platform/http.ts): every JSON body the API reads comes that way, without the web
 * stream's own cost. Nothing listens to the request before a handler reads, so an unread body
 * stays in Node's buffers (answerDirectly drops it after the answer).
 */
export class NodeBody {
  #stream: ReadableStream<Uint8Array> | undefined;
  #read = false;

  constructor(private readonly source: Readable) {}

  get used(): boolean {
    return this.#read || (this.#stream?.locked ?? false);
  }

  /** The body as a web stream (the same one each time), read as the handler reads it. */
  stream(): ReadableStream<Uint8Array> {
    if (this.#read && !this.#stream) throw new TypeError("The request's body was already read");
    return (this.#stream ??= webStream(this.source));
  }

  /** The whole body, or null as soon as it grows past `maxBytes` (the rest is left unread). */
  read(maxBytes: number): Promise<Buffer | null> {
    if (this.used) return Promise.reject(new TypeError("The request's body was already read"));
    this.#read = true;
    const source = this.source;
    return new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const done = () => {
        source.off("data", onData);
        source.off("end", onEnd);
        source.off("error", onError);
        source.off("close", onClose);
      };
      const onData = (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxBytes) {
          done();
          source.pause();
          resolve(null);
        } else chunks.push(chunk);
      };
      const onEnd = () => {
        done();
        resolve(Buffer.concat(chunks, size));
      };
      const onError = (error: Error) => {
        done();
        reject(error);
      };
      // A client that goes away mid-body: the request closes without an end.
      const onClose = () => {
        done();
        reject(new Error("The request was closed before its body ended"));
      };
      source.on("data", onData);
      source.once("end", onEnd);
      source.once("error", onError);
      source.once("close", onClose);
    });
  }
}

/**
 * A Node stream as a web stream, read as the handler reads it. A handler that stops reading
 * (a body past its limit) cancels the stream without closing the connection, so its answer (the
 * 413) still reaches the client; answerDirectly drops the rest of the body afterwards.
 */
function webStream(source: Readable): ReadableStream<Uint8Array> {
  let open = true;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        source.on("data", (chunk: Buffer) => {
          if (!open) return;
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
          if ((controller.desiredSize ?? 0) <= 0) source.pause();
        });
        source.once("end", () => {
          if (open) controller.close();
          open = false;
        });
        source.once("error", (error) => {
          if (open) controller.error(error);
          open = false;
        });
      },
      pull() {
        source.resume();
      },
      cancel() {
        open = false;
      },
    },
    new ByteLengthQueuingStrategy({ highWaterMark: 64 * 1024 }),
  );
}

/** The web Request members a direct handler reads, over a Node request. */
class DirectRequest {
  readonly headers: Headers;
  #signal: AbortSignal | undefined;

  constructor(
    readonly method: string,
    readonly url: string,
    headers: IncomingHttpHeaders,
    private readonly content: NodeBody | null,
  ) {
    this.headers = new NodeHeaders(headers);
  }

  get body(): ReadableStream<Uint8Array> | null {
    return this.content?.stream() ?? null;
  }

  get bodyUsed(): boolean {
    return this.content?.used ?? false;
  }

  /** readRawBody's way in: the body in one Buffer, null past `maxBytes`. */
  [READ_BODY_CAPPED](maxBytes: number): Promise<Buffer | null> {
    return this.content ? this.content.read(maxBytes) : Promise.resolve(Buffer.alloc(0));
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
export function directRequest(method: string, path: string, headers: IncomingHttpHeaders, body: NodeBody | null): Request {
  return new DirectRequest(method, `http://localhost${path.startsWith("/") ? path : `/${path}`}`, headers, body) as unknown as Request;
}
