"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useEffect, useRef, useState, useTransition } from "react";
import { setSearchPending } from "./search-status";

/** docs/PRODUCT.md §2.1: every keystroke navigates to /search?q=…; emptied, it goes home. Any text is accepted. */
/** `focusWhenEmpty`: focused on arrival at a search without a query (the phone header's search icon leads there). */
export function SearchBox({ id = "site-search", className = "", focusWhenEmpty = false }: { id?: string; className?: string; focusWhenEmpty?: boolean }) {
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const current = pathname === "/search" ? (params.get("q") ?? "") : "";
  const [text, setText] = useState(current);
  const input = useRef<HTMLInputElement>(null);
  const [pending, startTransition] = useTransition();

  useEffect(() => setSearchPending(pending), [pending]);

  // Follow the address bar (back/forward, links), but never while the shopper is typing: the
  // URL lags a keystroke or two behind and would undo letters.
  useEffect(() => {
    if (document.activeElement !== input.current) setText(current);
  }, [current]);

  function navigate(value: string) {
    setText(value);
    startTransition(() => {
      if (value === "") router.push("/");
      else if (pathname === "/search") router.replace(`/search?q=${encodeURIComponent(value)}`, { scroll: false });
      else router.push(`/search?q=${encodeURIComponent(value)}`);
    });
  }

  return (
    <form
      role="search"
      className={`flex items-center overflow-hidden rounded-full border border-slate-300 bg-white focus-within:border-brand-600 focus-within:ring-1 focus-within:ring-brand-600 ${className}`}
      onSubmit={(event) => {
        event.preventDefault();
        if (text) router.push(`/search?q=${encodeURIComponent(text)}`);
      }}
    >
      <label htmlFor={id} className="sr-only">
        Search products
      </label>
      <input
        ref={input}
        id={id}
        type="search"
        value={text}
        onChange={(event) => navigate(event.target.value)}
        placeholder="Search product here..."
        autoComplete="off"
        autoFocus={focusWhenEmpty && current === ""}
        className="w-full min-w-0 bg-transparent px-4 py-1.5 text-sm outline-none placeholder:text-slate-500 [&::-webkit-search-cancel-button]:hidden"
      />
      <button type="submit" aria-label="Search" className="grid h-9 w-12 shrink-0 place-items-center bg-brand-600 text-white hover:bg-brand-700">
        <SearchIcon className="h-4 w-4" />
      </button>
    </form>
  );
}

/** The same box while the address bar's query is not yet known (prerendered shells). */
export function SearchBoxFallback({ className = "" }: { className?: string }) {
  return <div className={`h-9 rounded-full border border-slate-300 bg-white ${className}`} aria-hidden="true" />;
}

/** The magnifier, decorative (its button or link carries the name). */
export function SearchIcon({ className }: { className: string }) {
  return (
    <svg viewBox="0 0 24 24" className={className} fill="none" stroke="currentColor" strokeWidth="2.4" aria-hidden="true">
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-3.5-3.5" strokeLinecap="round" />
    </svg>
  );
}
