// Runs once when a server instance starts: a bad environment stops it with a clear message.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { readConfig } = await import("./lib/server/platform/config");
  const config = readConfig();
  for (const warning of config.warnings) console.warn(`[store] ${warning}`);
}
