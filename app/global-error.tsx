"use client";

import { chunkErrorMessage, failedChunkId } from "@/lib/shared/chunk-error";

// Shown when the root layout itself fails; it replaces the whole document. A script chunk that
// did not load shows the spec's 'Loading chunk {id} failed' and reloads the page to retry.
export default function GlobalError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const chunk = failedChunkId(error);
  return (
    <html lang="en-IN">
      <body style={{ fontFamily: "system-ui, sans-serif", textAlign: "center", padding: "6rem 1rem" }}>
        <h1>{chunk === null ? "Unexpected Application Error!" : chunkErrorMessage(chunk)}</h1>
        <button type="button" onClick={chunk === null ? reset : () => window.location.reload()}>
          {chunk === null ? "Try again" : "Reload the page"}
        </button>
      </body>
    </html>
  );
}
