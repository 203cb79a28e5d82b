// A script chunk that did not load (a deploy replaced it, the network dropped it, a blocker
// refused it): the bundlers' ChunkLoadError. Webpack says "Loading chunk 123 failed." and
// Turbopack "Failed to load chunk /_next/static/chunks/0abc.js from module 456"; the error pages
// show the spec's 'Loading chunk {id} failed' with the chunk's id, and a retry that reloads.

/** The id of the chunk that failed to load (its file name without `.js` for Turbopack), or null for any other error. */
export function failedChunkId(error: unknown): string | null {
  if (!(error instanceof Error)) return null;
  const webpack = /Loading (?:CSS )?chunk (\S+?) failed/.exec(error.message);
  if (webpack) return webpack[1]!;
  const turbopack = /Failed to load chunk (\S+)/.exec(error.message);
  if (turbopack) return turbopack[1]!.replace(/^.*\//, "").replace(/\.(?:js|css)(?:\?.*)?$/, "");
  return error.name === "ChunkLoadError" ? "" : null;
}

/** The spec's text for it. */
export function chunkErrorMessage(id: string): string {
  return id ? `Loading chunk ${id} failed` : "Loading chunk failed";
}
