"use client";

/**
 * A script that runs once, as the browser parses the server's HTML (before the first paint). When
 * React renders it in the browser (hydration, or a page the browser renders itself) it is a
 * text/plain block, which never runs and which React does not warn about; the DOM keeps the
 * server's element.
 */
export function InlineScript({ code }: { code: string }) {
  return <script type={typeof window === "undefined" ? "text/javascript" : "text/plain"} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: code }} />;
}
