// Search latency over a large synthetic catalogue, through the store's own searchProducts().
// Run by scripts/bench.ts in a child process with `--conditions=react-server` (so the server-only
// domain layer loads) and DATABASE_URL pointing at a database seeded with synthetic products.
// Prints one JSON line: { samples, p50, p97_5, p99, max, perQuery }.
import { searchProducts } from "../lib/server/catalog/catalog";

const QUERIES = [
  "samsung", "samsng", "headphones", "heaphones", "apple iphone 15", "iphone", "pro", "mobile", "mobils",
  "boat", "sony wireless", "television", "4k tv", "watch", "smart watch", "earbuds", "lumen neo", "(blue)",
  "galaxy s24", "refrigerator", "frost free", "trimmer", "printer", "mouse", "gaming mouse", "processor",
  "camera", "canon", "speaker", "jbl", "oneplus", "xiaomi", "helix max", "zenith", "c++", "50% off",
];
const ROUNDS = Number(process.env.BENCH_SEARCH_ROUNDS ?? 20);

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

async function main() {
  for (const query of QUERIES) await searchProducts(query); // warm the pool and Postgres' caches
  const samples: number[] = [];
  const perQuery: Record<string, number> = {};
  for (let round = 0; round < ROUNDS; round++) {
    for (const query of QUERIES) {
      const started = performance.now();
      const results = await searchProducts(query);
      const elapsed = performance.now() - started;
      samples.push(elapsed);
      perQuery[query] = Math.max(perQuery[query] ?? 0, elapsed);
      if (round === 0 && process.env.BENCH_VERBOSE) console.error(`${query}: ${results.length} results`);
    }
  }
  samples.sort((a, b) => a - b);
  const round2 = (n: number) => Math.round(n * 100) / 100;
  console.log(
    JSON.stringify({
      samples: samples.length,
      p50: round2(percentile(samples, 50)),
      p97_5: round2(percentile(samples, 97.5)),
      p99: round2(percentile(samples, 99)),
      max: round2(samples[samples.length - 1]!),
      slowest: Object.entries(perQuery).sort((a, b) => b[1] - a[1]).slice(0, 3).map(([q, ms]) => `${q} ${round2(ms)} ms`),
    }),
  );
  process.exit(0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
