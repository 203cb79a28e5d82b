import { allowedMethods, bodyCap, findApiRoute, type ApiRoute } from "../../api-routes";
import { jsonError, type GateAnswer } from "../platform/answers";
import { isAllowedCorsOrigin } from "../platform/origin";

// The API's front door, decided once for both places that run it: server/serve.ts's front door
// (every API request on a Node host, before Next) and proxy.ts (on hosts without it, such as
// Vercel, for requests that carry an Origin). An unknown path is a 404, a wrong method a 405
// with Allow, a path that is not valid percent-encoding a 400, all JSON in the API's shape; a
// CORS preflight from an ALLOWED_ORIGINS origin gets its answer, and calls from one get the CORS
// headers. No "server-only": the front door runs outside Next.

/** Passed on: the CORS headers to add, the route, and the decoded pathname. */
export type GateDecision = { answer: GateAnswer } | { answer: null; headers: Record<string, string>; route: ApiRoute; pathname: string };

/**
 * `contentLength`: the request's declared Content-Length, refused (413) past the route's cap
 * before anything reads the body.
 */
export function apiGate(method: string, rawPath: string, origin: string | null, contentLength: string | null = null): GateDecision {
  let pathname: string;
  try {
    pathname = decodeURIComponent(rawPath);
  } catch {
    return { answer: jsonError(400, "The request path is not valid (malformed percent-encoding)") };
  }
  const cors: Record<string, string> = isAllowedCorsOrigin(origin) ? { "Access-Control-Allow-Origin": origin, "Access-Control-Allow-Credentials": "true", Vary: "Origin" } : {};
  const route = findApiRoute(pathname);
  if (!route) return { answer: jsonError(404, `There is no API endpoint at ${rawPath}`, cors) };
  const allow = allowedMethods(route);
  if (method === "OPTIONS") {
    const preflight = cors["Access-Control-Allow-Origin"]
      ? { ...cors, "Access-Control-Allow-Methods": allow.join(", "), "Access-Control-Allow-Headers": "Content-Type", "Access-Control-Max-Age": "600" }
      : {};
    return { answer: { status: 204, headers: { Allow: allow.join(", "), ...preflight }, body: null } };
  }
  if (!allow.includes(method)) return { answer: jsonError(405, `${method} is not allowed on ${route.path}; use ${route.methods.join(" or ")}`, { Allow: allow.join(", "), ...cors }) };
  const cap = bodyCap(route);
  if (contentLength !== null && Number(contentLength) > cap) {
    // Connection: close, so the server does not read the rest of the body to keep the connection.
    return { answer: jsonError(413, `The request body must be at most ${cap} bytes`, { ...cors, Connection: "close" }) };
  }
  return { answer: null, headers: cors, route, pathname };
}
