import { catalogChanged, renderPerRequest } from "@/lib/server/catalog/cache";
import { INTERNAL_TOKEN_ENV, INTERNAL_TOKEN_HEADER } from "@/lib/server/platform/catalog-broadcast";
import { handle, matchesSecret, notFound, ok, readBody } from "@/lib/server/platform/http";
import { z } from "zod";

// POST /api/internal/catalog-changed — how server/serve.ts refreshes its own Next instance when
// the catalogue broadcast tells it another instance changed the catalogue (Next revalidates tags
// only inside a request). Proven by a token that serve.ts draws at start and keeps in its own
// process; without it (every other caller, and every platform where serve.ts does not run) the
// path answers 404 like any unknown one.
const Body = z.object({ stale: z.boolean().optional() });

function fromThisProcess(request: Request): boolean {
  const token = process.env[INTERNAL_TOKEN_ENV];
  return Boolean(token) && matchesSecret(request.headers.get(INTERNAL_TOKEN_HEADER), token!);
}

export const POST = handle(async (request) => {
  await renderPerRequest();
  if (!fromThisProcess(request)) throw notFound();
  const { stale } = await readBody(request, Body);
  catalogChanged({ stale });
  return ok({}, "Catalogue refreshed");
});
