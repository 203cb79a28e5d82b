// Invoices made per second: the sample invoice (lib/billing/sample-document.ts) drawn as a PDF
// again and again, in this process, after one first render (fonts loaded, layout engine warm).
// Prints the time per PDF (min, median, p95) and PDFs per second. Run by `npm run bench`
// (scripts/bench.ts), or alone: node --import tsx scripts/bench-invoices.ts [count]
import { register } from "node:module";

register("../server/server-only.mjs", import.meta.url);
const { documentPdf } = await import("../lib/server/billing/document-pdf");
const { sampleInvoice } = await import("../lib/billing/sample-document");

const count = Number(process.argv[2] ?? 200);
const invoice = sampleInvoice();
const firstStarted = performance.now();
const first = await documentPdf(invoice);
const firstMs = performance.now() - firstStarted;
const times: number[] = [];
const started = performance.now();
for (let i = 0; i < count; i += 1) {
  const t = performance.now();
  await documentPdf(invoice);
  times.push(performance.now() - t);
}
const seconds = (performance.now() - started) / 1000;
times.sort((a, b) => a - b);
const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1);
console.log(`invoice PDF: first ${firstMs.toFixed(0)} ms; then ${count} in ${seconds.toFixed(2)} s: min ${at(0)} ms, median ${at(0.5)} ms, p95 ${at(0.95)} ms; ${(count / seconds).toFixed(0)} PDFs/s; ${first.length} bytes each`);
