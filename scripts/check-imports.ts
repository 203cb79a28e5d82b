// The house's import rules, checked over the import graph of every TypeScript file of the
// repository (part of `npm run check`):
//   1. No import circles anywhere (type-only imports count: shared types live where both sides
//      can import them).
//   2. lib/server's rooms import only the rooms below them:
//        platform        the database, configuration, answers and errors, limits, the broadcast
//        providers       the Stripe, Resend and Cloudinary clients (and their emulator switches)
//        the domains     accounts, catalog, shop-lists, orders, billing, support, delivery, reviews: each
//                        other (without circles),
//                        the providers and the platform
//        front-door      what runs before and around every request: the platform only; it
//                        reaches the domains only through the route handlers it is given
//      and nothing in lib/server imports the front door.
//   3. The store's code (app/, components/, lib/, server/, prisma/, proxy.ts, instrumentation.ts)
//      never imports scripts/: scripts are developer tools (benches, the soak, checks, the test
//      runner), and they may import the store, never the other way round. Tests may import both.
//   4. The provider emulators (server/emulators/) stay out of production: in the store's code only
//      the launcher loads them (when no keys are given, in development and the demo).
//   5. components/ui/ knows no part of the shop: it imports no other folder of components/ and
//      nothing of lib/server.
// Prints each broken rule and exits 1, or prints a summary and exits 0.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");
const SCANNED = ["app", "components", "lib", "server", "scripts", "tests", "e2e", "prisma", "proxy.ts", "instrumentation.ts"];
const SKIPPED = new Set(["node_modules", "generated", ".next", ".data"]);
const EXTENSIONS = [".ts", ".tsx", ".mts", ".mjs", ".js"];

export const ROOMS = { platform: 0, providers: 1, accounts: 2, catalog: 2, "shop-lists": 2, orders: 2, billing: 2, support: 2, delivery: 2, reviews: 2, "front-door": 3 } as const;
type Room = keyof typeof ROOMS;

function walk(entry: string, out: string[]): void {
  const full = path.join(ROOT, entry);
  if (!existsSync(full)) return;
  if (statSync(full).isDirectory()) {
    for (const name of readdirSync(full)) if (!SKIPPED.has(name)) walk(path.join(entry, name), out);
  } else if (EXTENSIONS.some((extension) => entry.endsWith(extension)) && !entry.endsWith(".d.ts")) out.push(entry);
}

function resolve(from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith("@/")) base = specifier.slice(2);
  else if (specifier.startsWith(".")) base = path.join(path.dirname(from), specifier);
  else return null;
  for (const candidate of [base, ...EXTENSIONS.map((extension) => base + extension), ...EXTENSIONS.map((extension) => path.join(base, `index${extension}`))]) {
    const full = path.join(ROOT, candidate);
    if (existsSync(full) && statSync(full).isFile()) return path.normalize(candidate);
  }
  return null;
}

const IMPORT = /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[^"'`;]*?\s+from\s+)?["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

export function importGraph(): Map<string, string[]> {
  const files: string[] = [];
  for (const entry of SCANNED) walk(entry, files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const source = readFileSync(path.join(ROOT, file), "utf8").replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
    const targets = new Set<string>();
    for (const match of source.matchAll(IMPORT)) {
      const target = resolve(file, match[1] ?? match[2]!);
      if (target && target !== file && EXTENSIONS.some((extension) => target.endsWith(extension))) targets.add(target);
    }
    graph.set(file, [...targets]);
  }
  return graph;
}

/** The graph's circles: its strongly connected components of more than one file (Tarjan). */
export function circles(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

function roomOf(file: string): Room | "outside" | "unplaced" {
  const parts = file.split(path.sep);
  if (parts[0] !== "lib" || parts[1] !== "server") return "outside";
  if (parts.length === 3) return "unplaced";
  return parts[2]! in ROOMS ? (parts[2] as Room) : "unplaced";
}

/** The store's own code: what runs in production or builds it (not scripts/, tests/, e2e/). */
const RUNTIME = ["app", "components", "lib", "server", "prisma", "proxy.ts", "instrumentation.ts"];
const isRuntime = (file: string) => RUNTIME.some((top) => file === top || file.startsWith(`${top}${path.sep}`));
const EMULATORS = `server${path.sep}emulators${path.sep}`;
const EMULATOR_LOADER = path.join("server", "launch.ts");
const UI = `components${path.sep}ui${path.sep}`;

/** The imports that break the rules, as "from -> to: why". */
export function brokenRules(graph: Map<string, string[]>): string[] {
  const broken: string[] = [];
  for (const [file, targets] of graph) {
    if (file.startsWith(UI)) {
      for (const target of targets) {
        if ((target.startsWith(`components${path.sep}`) && !target.startsWith(UI)) || target.startsWith(`lib${path.sep}server${path.sep}`)) broken.push(`${file} -> ${target}: components/ui knows no part of the shop`);
      }
    }
    if (isRuntime(file)) {
      for (const target of targets) {
        if (target.startsWith(`scripts${path.sep}`)) broken.push(`${file} -> ${target}: the store's code does not import scripts/ (developer tools)`);
        else if (target.startsWith(EMULATORS) && !file.startsWith(EMULATORS) && file !== EMULATOR_LOADER) broken.push(`${file} -> ${target}: only the launcher loads the provider emulators`);
      }
    }
    const from = roomOf(file);
    if (from === "unplaced") broken.push(`${file}: lib/server files live in one of ${Object.keys(ROOMS).join(", ")}`);
    for (const target of targets) {
      const to = roomOf(target);
      if (to === "outside" || to === "unplaced" || from === "unplaced") continue;
      if (from === "outside") continue;
      if (to === "front-door" && from !== "front-door") broken.push(`${file} -> ${target}: only the front door imports the front door`);
      else if (from === "front-door" && to !== "front-door" && to !== "platform") broken.push(`${file} -> ${target}: the front door reaches the domains only through the route handlers`);
      else if (from !== "front-door" && ROOMS[to] > ROOMS[from]) broken.push(`${file} -> ${target}: ${from} may not import ${to}`);
    }
  }
  return broken;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const graph = importGraph();
  const problems = [...circles(graph).map((circle) => `import circle: ${circle.join(" <-> ")}`), ...brokenRules(graph)];
  for (const problem of problems) console.error(problem);
  if (problems.length > 0) {
    console.error(`check-imports: ${problems.length} broken rule(s)`);
    process.exit(1);
  }
  console.log(`check-imports: ${graph.size} files, no circles, lib/server's rooms in order, the runtime free of scripts/, components/ui free of the shop`);
}
