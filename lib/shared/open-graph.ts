// The Open Graph properties every page carries (link previews read og:site_name and og:locale).
// Next merges metadata shallowly: a page that sets `openGraph` replaces the layout's whole object,
// so each such page spreads these in (issue 35: the product, category, search and home pages had
// lost them).
export const SITE_OPEN_GRAPH = { type: "website", siteName: "Volt Electronics", locale: "en_IN" } as const;
