import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { addCompileHints, COMPILE_HINT } from "../../server/compile-hints";

describe("compile hints on the framework chunks (npm run build)", () => {
  let dir: string;
  const chunk = (name: string) => path.join(dir, "static/chunks", name);

  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), "hints-"));
    mkdirSync(path.join(dir, "static/chunks"), { recursive: true });
    for (const name of ["framework.js", "runtime.js", "page.js", "styles.css"]) writeFileSync(chunk(name), `/* ${name} */`);
    const rootMainFiles = ["static/chunks/framework.js", "static/chunks/runtime.js", "static/chunks/styles.css", "static/chunks/missing.js", "../outside.js"];
    writeFileSync(path.join(dir, "build-manifest.json"), JSON.stringify({ rootMainFiles }));
    writeFileSync(path.join(dir, "..", "outside.js"), "outside");
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
    rmSync(path.join(dir, "..", "outside.js"), { force: true });
  });

  it("puts the hint first in each root script, once, and leaves the rest alone", () => {
    expect(addCompileHints(dir)).toEqual(["static/chunks/framework.js", "static/chunks/runtime.js"]);
    expect(readFileSync(chunk("framework.js"), "utf8")).toBe(`${COMPILE_HINT}/* framework.js */`);
    expect(readFileSync(chunk("runtime.js"), "utf8")).toBe(`${COMPILE_HINT}/* runtime.js */`);
    expect(readFileSync(chunk("page.js"), "utf8")).toBe("/* page.js */");
    expect(readFileSync(chunk("styles.css"), "utf8")).toBe("/* styles.css */");
    expect(readFileSync(path.join(dir, "..", "outside.js"), "utf8")).toBe("outside");

    expect(addCompileHints(dir)).toEqual([]);
    expect(readFileSync(chunk("framework.js"), "utf8")).toBe(`${COMPILE_HINT}/* framework.js */`);
  });

  it("refuses a directory without a build", () => {
    rmSync(path.join(dir, "build-manifest.json"));
    expect(() => addCompileHints(dir)).toThrow(/No build manifest/);
  });
});
