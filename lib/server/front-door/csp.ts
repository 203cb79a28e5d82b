import { createHash } from "node:crypto";
import type { StoreConfig } from "../platform/config";

// The Content-Security-Policy of the store's pages. Scripts run only from the store itself and,
// inline, only when their SHA-256 is named in the policy: server/serve.ts holds each HTML page
// back until it is complete, hashes its inline scripts (Next's bootstrap and RSC payload), and
// sends the policy with the page (the page cache keeps it with the page). No 'unsafe-inline' and
// no 'unsafe-eval' for scripts. No "server-only": server/serve.ts imports this outside Next.

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
const TYPE = /\btype\s*=\s*["']?([^"'\s>]+)/i;
const JS_TYPES = new Set(["", "text/javascript", "application/javascript", "module"]);

/** The 'sha256-…' sources of the page's inline scripts that a browser would run, each once. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = "", body = ""] of html.matchAll(SCRIPT)) {
    if (/\bsrc\s*=/i.test(attributes)) continue;
    const type = (TYPE.exec(attributes)?.[1] ?? "").toLowerCase();
    if (!JS_TYPES.has(type)) continue; // data blocks such as JSON-LD are not run
    hashes.add(`'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}

/** The start of Next's flight scripts: the first makes the array, each next one pushes a chunk of the RSC payload. */
const FLIGHT = /^(?:\(self\.__next_f=self\.__next_f\|\|\[\]\)|self\.__next_f)\.push\(/;

/**
 * The page with each run of adjacent flight scripts (`<script>self.__next_f.push(…)</script>`, one
 * per chunk of the payload Next streamed) merged into one script that makes the same calls in the
 * same order, so the policy names one hash per run, not one per script (docs/ENGINEERING.md §10a).
 * Scripts with attributes, any other script, or any text between two scripts end a run.
 */
export function mergeFlightScripts(html: string): string {
  let out = "";
  let copied = 0;
  let run: string[] = [];
  let runStart = 0;
  let runEnd = -1;
  const endRun = () => {
    if (run.length > 1) {
      out += `${html.slice(copied, runStart)}<script>${run.join(";")}</script>`;
      copied = runEnd;
    }
    run = [];
  };
  for (const match of html.matchAll(SCRIPT)) {
    const [whole, attributes = "", body = ""] = match;
    const flight = attributes === "" && FLIGHT.test(body);
    if (flight && run.length > 0 && match.index === runEnd) {
      run.push(body);
      runEnd = match.index + whole.length;
      continue;
    }
    endRun();
    if (flight) {
      run = [body];
      runStart = match.index;
      runEnd = match.index + whole.length;
    }
  }
  endRun();
  return copied === 0 ? html : out + html.slice(copied);
}

/** Origins the pages talk to besides their own: the image host (and the emulators without keys). */
function providerOrigins(config: StoreConfig): { images: string[]; uploads: string[] } {
  const images = config.cloudinaryUrl ? ["https://res.cloudinary.com"] : [];
  const uploads = config.cloudinaryUrl ? ["https://api.cloudinary.com"] : [];
  if (config.emulatorUrl && config.mode !== "production") {
    const emulator = new URL(config.emulatorUrl).origin;
    if (!config.cloudinaryUrl) {
      images.push(emulator);
      uploads.push(emulator);
    }
  }
  return { images, uploads };
}

/** The policy for a page whose inline scripts hash to `hashes`. */
export function contentSecurityPolicy(hashes: readonly string[], config: StoreConfig): string {
  const { images, uploads } = providerOrigins(config);
  const https = config.siteUrl.startsWith("https://");
  return [
    "default-src 'self'",
    `script-src 'self' ${hashes.join(" ")}${config.mode === "development" ? " 'unsafe-eval'" : ""}`.trim(),
    // React and the toasts set style attributes; styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${images.join(" ")}`.trim(),
    "font-src 'self'",
    `connect-src 'self' ${uploads.join(" ")}`.trim(),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "frame-src 'none'",
    "worker-src 'self'",
    "manifest-src 'self'",
    ...(https ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
}

/** The policy of API answers and other non-HTML responses: nothing may load or frame them. */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";
