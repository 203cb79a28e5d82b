"use client";

import { useEffect } from "react";
import { chunkErrorMessage, failedChunkId } from "@/lib/shared/chunk-error";

// The spec's generic router error page, or, when a script chunk did not load, its
// 'Loading chunk {id} failed' with a retry that loads the page again (new chunks and all).
export default function ErrorPage({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  useEffect(() => {
    console.error(error);
  }, [error]);
  const chunk = failedChunkId(error);
  return (
    <section role="alert" className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
      <h1 className="text-2xl font-semibold">{chunk === null ? "Unexpected Application Error!" : chunkErrorMessage(chunk)}</h1>
      <p className="text-slate-600">{chunk === null ? "Something went wrong while showing this page." : "Part of the page could not be downloaded. Check your connection and try again."}</p>
      <button type="button" onClick={chunk === null ? reset : () => window.location.reload()} className="rounded-full bg-brand-600 px-5 py-2 text-white hover:bg-brand-700">
        {chunk === null ? "Try again" : "Reload the page"}
      </button>
    </section>
  );
}
