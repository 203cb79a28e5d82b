// npm run bench's static-file rows (scripts/bench.ts runs them when `--rows` matches "static
// chunk", or without `--rows`): the largest script of the home page, asked for with
// `Accept-Encoding: br` as a browser asks for it, against its ceiling: a bare node:http server
// in a process of its own sending the same chunk's brotli bytes (quality 11, as `npm run build`
// writes them) from memory. The two rows run back to back, so the ratio compares one moment of a
// machine whose load moves.
import { request as httpRequest } from "node:http";
import { brotliCompressSync, constants as zlib } from "node:zlib";

type Figures = { rps: number; p99: number; errors: number };
type Row = { what: string; figures: Record<string, string> };

export type StaticBench = {
  base: string;
  /** The chunk's address on the store (a path under /_next/static/). */
  chunk: string;
  /** autocannon at the bench's connections and duration, with these headers. */
  load: (url: string, options: { headers: Record<string, string> }) => Promise<Figures>;
  /** The bench's bare node:http ceiling process, answering `body` with `headers`. */
  ceiling: (body: Buffer, headers: Record<string, string>) => Promise<Figures>;
};

/** One GET's headers and body bytes exactly as sent. */
function rawGet(url: string, headers: Record<string, string>): Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    httpRequest(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
    })
      .on("error", reject)
      .end();
  });
}

const kb = (bytes: number) => `${Math.round(bytes / 1024)} KB`;

/** The chunk as the store sends it for `br`, then the ceiling; both rows with their ratio. */
export async function staticChunkRows({ base, chunk, load, ceiling }: StaticBench): Promise<Row[]> {
  const name = chunk.split("/").pop()!;
  const plain = await rawGet(`${base}${chunk}`, { "accept-encoding": "identity" });
  const brotli = brotliCompressSync(plain.body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: plain.body.length } });
  const sent = await rawGet(`${base}${chunk}`, { "accept-encoding": "br" });
  const sentAs = `${sent.headers["content-encoding"] ?? "identity"}, ${kb(sent.body.length)}`;
  console.error(`[bench] autocannon ${chunk} with accept-encoding: br (sent as ${sentAs})`);
  const store = await load(`${base}${chunk}`, { headers: { "accept-encoding": "br" } });
  console.error(`[bench]   ${store.rps} req/s, p99 ${store.p99} ms, ${store.errors} errors`);
  console.error(`[bench] autocannon bare node:http ceiling (the chunk's ${brotli.length} brotli bytes)`);
  const bare = await ceiling(brotli, {
    "content-type": String(plain.headers["content-type"] ?? "application/javascript; charset=utf-8"),
    "content-encoding": "br",
    "cache-control": "public, max-age=31536000, immutable",
  });
  console.error(`[bench]   ${bare.rps} req/s, p99 ${bare.p99} ms, ${bare.errors} errors`);
  const ratio = `${(store.rps / Math.max(1, bare.rps)).toFixed(2)}×`;
  return [
    {
      what: `load static chunk ${name} (${kb(plain.body.length)}), accept-encoding: br`,
      figures: { "req/s": String(store.rps), "p99 ms": String(store.p99), errors: String(store.errors), "sent as": sentAs, "of br ceiling": ratio },
    },
    {
      what: `load static chunk ceiling: bare node:http, its brotli bytes (${kb(brotli.length)}) from memory`,
      figures: { "req/s": String(bare.rps), "p99 ms": String(bare.p99), errors: String(bare.errors), "sent as": `br, ${kb(brotli.length)}` },
    },
  ];
}
