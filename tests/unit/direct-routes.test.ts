// server/direct-routes.ts: the front door's direct routes load in plain Node (as
// server/serve.ts loads them, not through Vitest's resolver), and Next's config headers apply.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { API_ROUTES, routeFile } from "@/lib/api-routes";
import { directRouteEntry } from "../../server/compiled";
import { configHeaderRules } from "../../server/direct-routes";

/** A direct route's answer without a session or a database. */
function expectedAnswer(path: string): [number, string] {
  if (path === "/api/health") return [200, "OK"];
  if (path === "/api/ready") return [503, "Not ready: the database does not answer."];
  return [401, "Please log in first."];
}

describe("direct routes", () => {
  it("load from their route files under node --import tsx, each with the methods the route list names", () => {
    // Each handler is called as the front door calls it: a plain Request (not Next's NextRequest),
    // here without a session, which every direct route refuses before anything else (the probes
    // need none: alive, and not ready without a database).
    const script = `import { loadDirectRoutes } from "./server/direct-routes.ts";
const routes = await loadDirectRoutes();
const out = [];
for (const [route, handlers] of routes) {
  const methods = Object.keys(handlers).filter((name) => typeof handlers[name] === "function").sort();
  const answers = [];
  for (const method of methods) {
    const path = route.path.replace(/:[a-zA-Z]+/g, "00000000-0000-4000-8000-000000000000");
    const answer = await handlers[method](new Request("http://localhost" + path, { method, headers: { "content-type": "application/json" }, body: method === "GET" ? undefined : "{}" }), { params: Promise.resolve({ userId: "00000000-0000-4000-8000-000000000000" }) });
    answers.push([method, answer.status, (await answer.json()).message]);
  }
  out.push([route.path, methods, answers]);
}
console.log(JSON.stringify(out));`;
    const output = execFileSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { cwd: process.cwd(), encoding: "utf8", env: { ...process.env, DATABASE_URL: "", NEXTAUTH_SECRET: "direct-routes-test-secret" } });
    const loaded = new Map<string, [string[], [string, number, string][]]>((JSON.parse(output.trim().split("\n").at(-1)!) as [string, string[], [string, number, string][]][]).map(([path, methods, answers]) => [path, [methods, answers]]));
    const expected = API_ROUTES.filter((route) => route.direct);
    expect([...loaded.keys()]).toEqual(expected.map((route) => route.path));
    for (const route of expected) {
      const [methods, answers] = loaded.get(route.path)!;
      expect(methods, route.path).toEqual([...route.methods].sort());
      for (const [method, status, message] of answers) expect([method, status, message], route.path).toEqual([method, ...expectedAnswer(route.path)]);
    }
  });

  it("run compiled by npm run build, under plain node (no TypeScript loader), with the same answers", async () => {
    const { buildServer } = await import("../../server/build-server");
    // Inside the project, so that Node finds the packages the bundle leaves to it.
    const dir = path.resolve(".data", "tmp", `volt-server-${process.pid}`);
    await buildServer(dir);
    const routes = API_ROUTES.filter((route) => route.direct).map((route) => [route.path, pathToFileURL(path.join(dir, `${directRouteEntry(routeFile(route))}.mjs`)).href]);
    const script = `const out = [];
for (const [routePath, url] of ${JSON.stringify(routes)}) {
  const handlers = await import(url);
  const methods = Object.keys(handlers).filter((name) => typeof handlers[name] === "function").sort();
  for (const method of methods) {
    const answer = await handlers[method](new Request("http://localhost" + routePath.replace(/:[a-zA-Z]+/g, "00000000-0000-4000-8000-000000000000"), { method, headers: { "content-type": "application/json" }, body: method === "GET" ? undefined : "{}" }), { params: Promise.resolve({ userId: "00000000-0000-4000-8000-000000000000" }) });
    out.push([routePath, method, answer.status, (await answer.json()).message]);
  }
}
console.log(JSON.stringify(out));`;
    const output = execFileSync(process.execPath, ["--input-type=module", "-e", script], { cwd: process.cwd(), encoding: "utf8", env: { ...process.env, DATABASE_URL: "", NEXTAUTH_SECRET: "direct-routes-test-secret", NODE_OPTIONS: "" } });
    const answers = JSON.parse(output.trim().split("\n").at(-1)!) as [string, string, number, string][];
    const expected = API_ROUTES.filter((route) => route.direct).flatMap((route) => [...route.methods].sort().map((method) => [route.path, method, ...expectedAnswer(route.path)]));
    expect(answers).toEqual(expected);
    rmSync(dir, { recursive: true, force: true });
  });

  it("import nothing that works only inside Next", () => {
    for (const route of API_ROUTES.filter((candidate) => candidate.direct)) {
      const file = routeFile(route);
      const source = readFileSync(file, "utf8");
      expect(source, file).not.toMatch(/from "next\/(?:headers|cache|navigation)"|\bafter\(|NextRequest|\.nextUrl\b/);
    }
  });

  it("get the headers Next's config gives their path, and none when a rule has conditions Next must judge", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "volt-manifest-"));
    const manifest = path.join(dir, "routes-manifest.json");
    const all = { source: "/:path*", regex: "^(?:/((?:[^/]+?)(?:/(?:[^/]+?))*))?(?:/)?$", headers: [{ key: "X-Frame-Options", value: "DENY" }] };
    const api = { source: "/api/:path*", regex: "^/api(?:/((?:[^/]+?)(?:/(?:[^/]+?))*))?(?:/)?$", headers: [{ key: "Content-Security-Policy", value: "default-src 'none'" }] };
    writeFileSync(manifest, JSON.stringify({ headers: [all, api] }));
    const headers = configHeaderRules(manifest)!;
    expect(headers("/api/user-details")).toEqual({ "x-frame-options": "DENY", "content-security-policy": "default-src 'none'" });
    expect(headers("/robots.txt")).toEqual({ "x-frame-options": "DENY" });
    writeFileSync(manifest, JSON.stringify({ headers: [all, { ...api, has: [{ type: "header", key: "x" }] }] }));
    expect(configHeaderRules(manifest)).toBeNull();
  });
});
