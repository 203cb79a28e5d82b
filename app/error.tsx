"use client";

import { useEffect } from "react";

// The spec's generic router error page.
export default function ErrorPage({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
      <h1 className="text-2xl font-semibold">Unexpected Application Error!</h1>
      <p className="text-slate-600">Something went wrong while showing this page.</p>
      <button type="button" onClick={reset} className="rounded-full bg-brand-600 px-5 py-2 text-white hover:bg-brand-700">
        Try again
      </button>
    </section>
  );
}
