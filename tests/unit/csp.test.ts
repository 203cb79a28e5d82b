// Next's flight scripts merged before a page is hashed and sent (lib/server/front-door/csp.ts):
// fewer hashes in the policy, the same calls in the same order.
import { describe, expect, it } from "vitest";
import { inlineScriptHashes, mergeFlightScripts } from "@/lib/server/front-door/csp";

/** What the page's inline scripts push, run in document order as a browser runs them. */
function pushes(html: string): unknown[] {
  const self: { __next_f?: unknown[] } = {};
  for (const [, attributes, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (attributes!.trim() !== "" || !body!.includes("__next_f")) continue;
    new Function("self", body!)(self);
  }
  return self.__next_f ?? [];
}

const flight = (chunk: string) => `<script>self.__next_f.push([1,${JSON.stringify(chunk)}])</script>`;
const BOOT = "<script>(self.__next_f=self.__next_f||[]).push([0])</script>";

describe("merging Next's flight scripts", () => {
  it("makes each run of adjacent flight scripts one script with the same pushes, in order", () => {
    const html = `<html><body><main>shop</main>${BOOT}${flight("a")}${flight("b\\n")}${flight("c;d")}</body></html>`;
    const merged = mergeFlightScripts(html);
    expect(merged.match(/<script>/g)).toHaveLength(1);
    expect(pushes(merged)).toEqual(pushes(html));
    expect(pushes(merged)).toEqual([[0], [1, "a"], [1, "b\\n"], [1, "c;d"]]);
    expect(merged.startsWith("<html><body><main>shop</main><script>")).toBe(true);
    expect(merged.endsWith("</script></body></html>")).toBe(true);
    expect(inlineScriptHashes(merged)).toHaveLength(1);
    expect(inlineScriptHashes(html)).toHaveLength(4);
  });

  it("ends a run at any text, any other script and any script with attributes", () => {
    const other = "<script>$RC('B:0','S:0')</script>";
    const typed = '<script type="application/ld+json">{"a":1}</script>';
    const html = `${BOOT}${flight("a")}<div hidden id="S:0">x</div>${flight("b")}${flight("c")}${other}${flight("d")}${typed}${flight("e")}${flight("f")}`;
    const merged = mergeFlightScripts(html);
    expect(pushes(merged)).toEqual(pushes(html));
    // Runs: [BOOT a] [b c] [d] [e f]; the other scripts and the text stay where they were.
    expect(merged.match(/<script>/g)).toHaveLength(5);
    expect(merged).toContain(`<div hidden id="S:0">x</div><script>self.__next_f.push([1,"b"]);self.__next_f.push([1,"c"])</script>${other}${flight("d")}${typed}`);
    expect(merged.indexOf("S:0")).toBeLessThan(merged.indexOf('"b"'));
  });

  it("leaves a page without a run as it was (the same string)", () => {
    const html = `<html><body>${flight("only")}<p>text</p>${flight("other")}</body></html>`;
    expect(mergeFlightScripts(html)).toBe(html);
    const none = "<html><body><p>no scripts</p></body></html>";
    expect(mergeFlightScripts(none)).toBe(none);
  });

  it("never merges a script that only looks like one at its end", () => {
    const html = `${flight("a")}<script>alert(1);self.__next_f.push([1,"b"])</script>`;
    expect(mergeFlightScripts(html)).toBe(html);
  });
});
