// A module resolution hook for server/serve.ts: "server-only" (which throws anywhere but inside
// React's server bundle, to keep server code out of browser bundles) resolves to an empty module,
// so the front door can load the route handlers it calls itself (ApiRoute.direct).
export async function resolve(specifier, context, nextResolve) {
  if (specifier === "server-only") return { url: "data:text/javascript,export {};", shortCircuit: true };
  return nextResolve(specifier, context);
}
