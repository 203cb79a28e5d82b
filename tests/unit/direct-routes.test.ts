// scripts/lib/direct-routes.ts: the front door's direct routes load in plain Node (as
// scripts/serve.ts loads them, not through Vitest's resolver), and Next's config headers apply.
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { API_ROUTES } from "@/lib/api-routes";
import { configHeaderRules } from "../../scripts/lib/direct-routes";

describe("direct routes", () => {
  it("load from their route files under node --import tsx, each with the methods the route list names", () => {
    const script = `import { loadDirectRoutes } from "./scripts/lib/direct-routes.ts";
const routes = await loadDirectRoutes();
console.log(JSON.stringify([...routes].map(([route, handlers]) => [route.path, Object.keys(handlers).filter((name) => typeof handlers[name] === "function").sort()])));`;
    const output = execFileSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { cwd: process.cwd(), encoding: "utf8", env: { ...process.env, DATABASE_URL: "" } });
    const loaded = new Map<string, string[]>(JSON.parse(output.trim().split("\n").at(-1)!));
    const expected = API_ROUTES.filter((route) => route.direct);
    expect([...loaded.keys()]).toEqual(expected.map((route) => route.path));
    for (const route of expected) expect(loaded.get(route.path), route.path).toEqual([...route.methods].sort());
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
