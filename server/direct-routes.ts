// What server/serve.ts needs to answer the `direct` routes (lib/api-routes.ts) itself: their
// handlers, loaded from their route files, and the headers next.config.mjs gives each path.
import { readFileSync } from "node:fs";
import { register } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { API_ROUTES, routeFile, type ApiRoute } from "../lib/api-routes";
import type { DirectHandler } from "../lib/server/front-door/front-door";
import { ROOT } from "./root";
import { directRouteEntry, SERVER_BUILD_DIR } from "./compiled";

/**
 * The handlers of the `direct` routes (lib/api-routes.ts), loaded from their route files: the
 * front door calls them itself. The same code Next would run, in this process's own copy of the
 * modules; what they share with Next's copy lives on globalThis (the Prisma client and its pool
 * in db.ts, the session cache), and everything else is in the database.
 */
export async function loadDirectRoutes(): Promise<Map<ApiRoute, Record<string, DirectHandler>>> {
  // The production server (.next/volt-server, server/build-server.ts) loads the compiled route
  // modules beside it, where "server-only" is already an empty module; under tsx (the tests) the
  // route files themselves, with "server-only" resolved to nothing (see server-only.mjs).
  const compiled = process.env.STORE_COMPILED_SERVER === "1";
  if (!compiled) register("./server-only.mjs", import.meta.url);
  const routes = new Map<ApiRoute, Record<string, DirectHandler>>();
  for (const route of API_ROUTES.filter((candidate) => candidate.direct)) {
    const file = compiled ? path.join(SERVER_BUILD_DIR, `${directRouteEntry(routeFile(route))}.mjs`) : path.join(ROOT, routeFile(route));
    routes.set(route, (await import(pathToFileURL(file).href)) as Record<string, DirectHandler>);
  }
  return routes;
}

type HeaderRule = { regex: string; headers: { key: string; value: string }[]; has?: unknown; missing?: unknown };

/** The headers next.config.mjs's headers() gives a path, as Next would add them (from the build's routes manifest). */
export function configHeaderRules(manifest = path.join(ROOT, ".next", "routes-manifest.json")): ((path: string) => Record<string, string>) | null {
  const rules = (JSON.parse(readFileSync(manifest, "utf8")) as { headers: HeaderRule[] }).headers;
  // Conditions (has/missing) are Next's to judge: with any, Next answers every route itself.
  if (rules.some((rule) => rule.has || rule.missing)) return null;
  const compiled = rules.map((rule) => ({ regex: new RegExp(rule.regex), headers: rule.headers }));
  return (requestPath) => {
    const headers: Record<string, string> = {};
    for (const rule of compiled) if (rule.regex.test(requestPath)) for (const { key, value } of rule.headers) headers[key.toLowerCase()] = value;
    return headers;
  };
}

