// Every link in the README and the documents points at something that exists: a file of the
// repository, and, after a `#`, a heading of that file (GitHub's anchors). Moving a section
// between documents without mending its links fails here.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const DOCUMENTS = ["README.md", "BENCHMARKS.md", ...readdirSync(path.join(ROOT, "docs")).filter((name) => name.endsWith(".md")).map((name) => `docs/${name}`)];

/** The lines outside fenced code blocks. */
function prose(text: string): string[] {
  let fenced = false;
  return text.split("\n").filter((line) => {
    if (line.trimStart().startsWith("```")) fenced = !fenced;
    return !fenced && !line.trimStart().startsWith("```");
  });
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens; repeats numbered. */
function anchorsOf(text: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const line of prose(text)) {
    const heading = /^#{1,6}\s+(.*)$/.exec(line)?.[1];
    if (heading === undefined) continue;
    const slug = heading.trim().toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, "").replace(/ /g, "-");
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

/** The broken links of one document, as "file: [label](target): why". */
function brokenLinks(file: string, text = readFileSync(path.join(ROOT, file), "utf8")): string[] {
  const broken: string[] = [];
  for (const line of prose(text)) {
    // Inline code is not a link.
    for (const [whole, target] of line.replace(/`[^`]*`/g, "").matchAll(/\[[^\]]*\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:/i.test(target!)) continue; // http:, https:, mailto:
      const [where, anchor] = target!.split("#") as [string, string | undefined];
      const resolved = where ? path.normalize(path.join(path.dirname(file), where)) : file;
      if (resolved.startsWith("..")) broken.push(`${file}: ${whole}: points outside the repository`);
      else if (!existsSync(path.join(ROOT, resolved))) broken.push(`${file}: ${whole}: no such file`);
      else if (anchor && resolved.endsWith(".md") && !anchorsOf(readFileSync(path.join(ROOT, resolved), "utf8")).has(anchor)) broken.push(`${file}: ${whole}: no such heading`);
    }
  }
  return broken;
}

describe("the documents' links", () => {
  it("point at files and headings that exist, in the README and every document", () => {
    expect(DOCUMENTS.length).toBeGreaterThan(6);
    expect(DOCUMENTS.flatMap((file) => brokenLinks(file))).toEqual([]);
  });

  it("reach every document of docs/ from the README", () => {
    const readme = readFileSync(path.join(ROOT, "README.md"), "utf8");
    for (const file of DOCUMENTS.filter((name) => name.startsWith("docs/"))) expect(readme, file).toContain(`](${file})`);
  });

  it("find GitHub's anchors, and catch a missing file or heading", () => {
    expect([...anchorsOf("# Deploying\n## Several instances\n### Payments (Stripe Checkout)\n## Rooms of `lib/server`\n## Notes\n## Notes\n```\n# not a heading\n```")]).toEqual([
      "deploying",
      "several-instances",
      "payments-stripe-checkout",
      "rooms-of-libserver",
      "notes",
      "notes-1",
    ]);
    const links = "[ops](docs/OPERATIONS.md) [gone](docs/GONE.md) [soak](docs/OPERATIONS.md#no-such-part) [up](../elsewhere/NOTES.md) [web](https://example.com) `[code](nowhere.md)`";
    expect(brokenLinks("README.md", links)).toEqual([
      "README.md: [gone](docs/GONE.md): no such file",
      "README.md: [soak](docs/OPERATIONS.md#no-such-part): no such heading",
      "README.md: [up](../elsewhere/NOTES.md): points outside the repository",
    ]);
  });
});
