// npm run bench's static-file rows (scripts/bench.ts runs them when `--rows` matches "static
// chunk", or without `--rows`): the largest script of the home page, asked for with
// `Accept-Encoding: br` as a browser asks for it, against its ceiling: a bare node:http server
// in a process of its own sending the same chunk's brotli bytes (quality 11, as `npm run build`
// writes them) from memory. The two rows run back to back, so the ratio compares one moment of a
// machine whose load moves; then both again with a client that keeps no bodies (see load()).
import { brotliCompressSync, constants as zlib } from "node:zlib";
import autocannon from "autocannon";
import { rawGet, startBareServer } from "./lib/bare-server";

type Figures = { rps: number; p99: number; errors: number };
type Row = { what: string; figures: Record<string, string> };

export type StaticBench = {
  base: string;
  /** The chunk's address on the store (a path under /_next/static/). */
  chunk: string;
  /** Seconds a row lasts (the bench's --duration). */
  duration: number;
};

/**
 * autocannon as the bench's other rows run it (50 connections). With `skipBodies`, the client does
 * not keep the bodies: autocannon 9 appends every chunk of a body to a string (`req.body += data`),
 * a UTF-8 decode that costs ~6× more on compressed bytes than on text, in the bench's process on
 * the same two cores (a bare server's 10 KB: 22 800 req/s as text, 4 100 as brotli bytes).
 */
async function load(url: string, duration: number, skipBodies: boolean): Promise<Figures> {
  const result = await autocannon({
    url,
    connections: 50,
    duration,
    headers: { "accept-encoding": "br" },
    // The bytes are still counted (autocannon counts them apart from the body).
    ...(skipBodies ? { setupClient: (client: unknown) => ((client as { pipelinedRequests: { addBody: () => void } }).pipelinedRequests.addBody = () => undefined) } : {}),
  });
  return { rps: Math.round(result.requests.average), p99: result.latency.p99, errors: result.errors + result.non2xx };
}

const kb = (bytes: number) => `${Math.round(bytes / 1024)} KB`;

/**
 * The chunk as the store sends it for `br`, then the ceiling, twice: as autocannon runs in the rest
 * of the bench, and with the client not keeping the bodies (see load()). Rows with their ratio.
 */
export async function staticChunkRows({ base, chunk, duration }: StaticBench): Promise<Row[]> {
  const name = chunk.split("/").pop()!;
  const plain = await rawGet(`${base}${chunk}`, { "accept-encoding": "identity" });
  const brotli = brotliCompressSync(plain.body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: plain.body.length } });
  const sent = await rawGet(`${base}${chunk}`, { "accept-encoding": "br" });
  const sentAs = `${sent.headers["content-encoding"] ?? "identity"}, ${kb(sent.body.length)}`;
  const bare = await startBareServer(brotli, {
    "content-type": String(plain.headers["content-type"] ?? "application/javascript; charset=utf-8"),
    "content-encoding": "br",
    "cache-control": "public, max-age=31536000, immutable",
  });
  const rows: Row[] = [];
  try {
    for (const skipBodies of [false, true]) {
      const client = skipBodies ? "client keeps no bodies" : "client as in the other rows";
      console.error(`[bench] autocannon ${chunk} with accept-encoding: br (sent as ${sentAs}; ${client})`);
      const store = await load(`${base}${chunk}`, duration, skipBodies);
      console.error(`[bench]   ${store.rps} req/s, p99 ${store.p99} ms, ${store.errors} errors`);
      console.error(`[bench] autocannon bare node:http ceiling (the chunk's ${brotli.length} brotli bytes; ${client})`);
      const ceiling = await load(bare.url, duration, skipBodies);
      console.error(`[bench]   ${ceiling.rps} req/s, p99 ${ceiling.p99} ms, ${ceiling.errors} errors`);
      rows.push(
        {
          what: `load static chunk ${name} (${kb(plain.body.length)}), accept-encoding: br; ${client}`,
          figures: { "req/s": String(store.rps), "p99 ms": String(store.p99), errors: String(store.errors), "sent as": sentAs, "of br ceiling": `${(store.rps / Math.max(1, ceiling.rps)).toFixed(2)}×` },
        },
        {
          what: `load static chunk ceiling: bare node:http, its brotli bytes from memory; ${client}`,
          figures: { "req/s": String(ceiling.rps), "p99 ms": String(ceiling.p99), errors: String(ceiling.errors), "sent as": `br, ${kb(brotli.length)}` },
        },
      );
    }
  } finally {
    bare.stop();
  }
  return rows;
}
