"use client";

import { useRouter } from "next/navigation";
import { useEffect, useId, useLayoutEffect, useOptimistic, useRef, useState, useTransition } from "react";
import { CATEGORIES } from "@/lib/catalog/categories";
import { searchFilterHref } from "@/lib/catalog/search-filter";
import { categoryFilterHref, filterChips, priceLabel, withoutFilters, type CategoryFilter } from "@/lib/catalog/category-filter";
import { FILTER_PRICE_MAX, optionCount, type FacetCounts, type FacetOption, type FacetSort, type SpecFacet } from "@/lib/catalog/facets";
import { ProductGridSkeleton } from "./product-grid";

/**
 * Each selection is a page of its own, so a new selection mounts the filters afresh: what the
 * shopper was doing is carried over (the drawer open, the control that had focus, the panel's
 * scroll, the lists shown whole), so a keyboard or a phone carries on where it was.
 */
const carried = { at: 0, drawer: false, control: null as string | null, scroll: 0, expanded: new Set<string>() };
/** How long after a change the next mount takes the carried state (a navigation's time, with margin). */
const CARRY_MS = 20_000;

function carryFrom(root: HTMLElement | null) {
  carried.at = Date.now();
  const focused = document.activeElement;
  carried.control = root && focused && root.contains(focused) ? (focused.closest("[data-control]")?.getAttribute("data-control") ?? null) : null;
  carried.scroll = root?.querySelector("[data-scroll]")?.scrollTop ?? 0;
}

/** The carried state once, on the mount that follows a change (null otherwise). */
function takeCarried(): typeof carried | null {
  // Never on the server (nothing is carried there; and a prerender may not read the clock).
  if (typeof window === "undefined" || carried.at === 0 || Date.now() - carried.at > CARRY_MS) return null;
  carried.at = 0;
  return carried;
}

/**
 * docs/PRODUCT.md §2.5: the category page's two columns: the filters, and the results (rendered on the server
 * and passed in), which give way to the 13 skeleton cards while a new selection loads. Issue 39:
 * brands, a price range, in stock only and the specification filters, each option with the
 * products it would show; the active ones as chips above the results; on phones, a drawer.
 */
/** Where the filters are: a category page, or one search's results (brand, price and stock only). */
export type BrowsePlace = { kind: "category" } | { kind: "search"; query: string };

export function CategoryBrowser({
  filter,
  facets,
  place = { kind: "category" },
  headingId = "category-heading",
  children,
}: {
  filter: CategoryFilter;
  facets: FacetCounts | null;
  place?: BrowsePlace;
  /** The results' heading (focusable), where focus goes when the control used is gone (a removed chip). */
  headingId?: string;
  children: React.ReactNode;
}) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const root = useRef<HTMLDivElement>(null);
  // The boxes show the shopper's choice at once; the page's own filter takes over on arrival.
  const [selection, setSelection] = useOptimistic(filter);

  function apply(next: CategoryFilter) {
    carryFrom(root.current);
    startTransition(() => {
      const page = { ...next, page: 1 };
      setSelection(page);
      router.push(place.kind === "search" ? searchFilterHref(place.query, page) : categoryFilterHref(page), { scroll: false });
    });
  }

  const chips = filterChips(selection, {
    spec: (key) => facets?.specs.find((facet) => facet.key === key)?.label,
    option: (key, value) => facets?.specs.find((facet) => facet.key === key)?.options.find((option) => option.value === value)?.label,
  });

  return (
    // Next keeps the pages just left in the document, hidden (for back and forward): every lookup
    // is within this page's own root, never by id over the document.
    <div ref={root} data-category-browser className={`grid gap-6 lg:grid-cols-[240px_1fr] ${place.kind === "category" ? "mx-auto max-w-7xl px-4 py-6" : ""}`}>
      <aside aria-label="Filters">
        <FiltersPanel selection={selection} facets={facets} pending={pending} apply={apply} sorted={place.kind === "category"} headingId={headingId} />
      </aside>
      <div className="min-w-0 space-y-4">
        {chips.length > 0 && (
          <ul aria-label="Active filters" className="flex flex-wrap items-center gap-2">
            {chips.map((chip) => (
              <li key={chip.key}>
                <button
                  type="button"
                  data-control="chips"
                  onClick={() => apply(chip.without)}
                  className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-3 py-1 text-sm text-brand-700 ring-1 ring-brand-100 hover:bg-brand-100"
                >
                  {chip.label}
                  <span className="sr-only">, remove this filter</span>
                  <span aria-hidden="true">×</span>
                </button>
              </li>
            ))}
            <li>
              <button type="button" data-control="chips" onClick={() => apply(withoutFilters(selection))} className="px-2 py-1 text-sm font-medium text-brand-700 underline-offset-2 hover:underline">
                Clear all
              </button>
            </li>
          </ul>
        )}
        {pending ? (
          <div className="min-w-0 space-y-4" data-testid="results-loading">
            <div className="h-8 w-48 animate-pulse rounded bg-slate-200" aria-hidden="true" />
            <ProductGridSkeleton />
          </div>
        ) : (
          children
        )}
      </div>
    </div>
  );
}

type PanelProps = {
  selection: CategoryFilter;
  facets: FacetCounts | null;
  pending: boolean;
  apply: (next: CategoryFilter) => void;
  /** The sort radios and category boxes (a category page; search results keep their ranking). */
  sorted?: boolean;
  headingId?: string;
};

const SORTS: [FacetSort | null, string][] = [
  ["asc", "Low to High"],
  ["desc", "High to Low"],
  [null, "Newest first"],
  ["popular", "Popularity"],
  ["rating", "Customer rating"],
];

const legend = "mb-2 w-full border-b border-slate-200 pb-1 text-sm font-semibold uppercase tracking-wide text-slate-700";

/**
 * docs/PRODUCT.md §2.5: the sort radios and the category checkboxes, mirrored in the address bar, and the
 * facets. On phones the panel is a drawer behind 'Filters (N)': focus stays inside while it is open
 * and Escape closes it.
 */
function FiltersPanel({ selection, facets, pending, apply, sorted = true, headingId = "category-heading" }: PanelProps) {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const active = optionCount(selection);
  // Ids of this page's own (Next keeps the pages just left in the document, hidden).
  const panelId = useId();
  /** What this mount takes over from the page before it (see `carried`), until it is put back. */
  const restoring = useRef<typeof carried | null>(null);
  /** Set by the opener: the drawer's first control takes the focus once it shows. */
  const focusFirst = useRef(false);

  // On mount, once committed (a render React throws away takes nothing): a mount that follows the
  // shopper's own change reopens the drawer before the screen is painted.
  useLayoutEffect(() => {
    const restore = takeCarried();
    if (!restore) return;
    restoring.current = { ...restore, expanded: new Set(restore.expanded) };
    // eslint-disable-next-line react-hooks/set-state-in-effect -- read on commit, once: a render React throws away must not use it up
    if (restore.drawer) setOpen(true);
  }, []);

  useEffect(() => {
    carried.drawer = open;
  }, [open]);

  // Focus: back on the control used, the panel scrolled as it was; when that control went (a
  // removed chip, an option now disabled), on the drawer's first control if it is open, else on
  // the results' heading. Opened by its button, the drawer's first control.
  useEffect(() => {
    const first = () => panel.current?.querySelector<HTMLElement>("button, input:not([disabled])");
    const restore = restoring.current;
    if (restore && (!restore.drawer || open)) {
      restoring.current = null;
      const scroller = panel.current?.querySelector("[data-scroll]");
      if (scroller) scroller.scrollTop = restore.scroll;
      if (!restore.control) return;
      const scope = panel.current?.closest("[data-category-browser]");
      const control = scope?.querySelector<HTMLElement>(`[data-control="${CSS.escape(restore.control)}"]:not([disabled])`);
      (control ?? (open ? first() : scope?.querySelector<HTMLElement>(`#${headingId}`)))?.focus({ preventScroll: Boolean(control) });
    } else if (open && focusFirst.current) {
      focusFirst.current = false;
      first()?.focus();
    }
  }, [open, headingId]);

  // While the drawer is open: the page behind does not scroll, Escape closes it, and Tab stays
  // inside it (from the last control to the first and back, and back in from anywhere else).
  useEffect(() => {
    if (!open) return;
    const body = document.body.style;
    const overflow = body.overflow;
    body.overflow = "hidden";
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === "Escape") {
        event.preventDefault();
        setOpen(false);
        opener.current?.focus();
        return;
      }
      if (event.key !== "Tab" || !panel.current) return;
      const controls = [...panel.current.querySelectorAll<HTMLElement>("button:not([disabled]), input:not([disabled]), a[href]")].filter((element) => element.offsetParent !== null);
      const first = controls[0];
      const last = controls[controls.length - 1];
      if (!first || !last) return;
      const inside = panel.current.contains(document.activeElement);
      if (!inside || (event.shiftKey && document.activeElement === first) || (!event.shiftKey && document.activeElement === last)) {
        event.preventDefault();
        (event.shiftKey ? last : first).focus();
      }
    }
    document.addEventListener("keydown", onKeyDown);
    return () => {
      body.overflow = overflow;
      document.removeEventListener("keydown", onKeyDown);
    };
  }, [open]);

  function close() {
    setOpen(false);
    opener.current?.focus();
  }

  function toggleCategory(value: (typeof CATEGORIES)[number]["value"], checked: boolean) {
    const categories = CATEGORIES.map((c) => c.value).filter((c) => (c === value ? checked : selection.categories.includes(c)));
    // Another set of categories has other specifications: their filters start over.
    apply({ ...selection, categories, specs: {}, unknownOnly: false });
  }

  return (
    <div className="lg:sticky lg:top-20" aria-busy={pending}>
      <button
        ref={opener}
        type="button"
        onClick={() => {
          focusFirst.current = true;
          setOpen(true);
        }}
        aria-expanded={open}
        aria-controls={panelId}
        className="flex w-full items-center justify-between rounded-lg bg-white px-4 py-2 font-medium shadow-sm ring-1 ring-slate-200 lg:hidden"
      >
        {active > 0 ? `Filters (${active})` : "Filters"}
        <span aria-hidden="true">▸</span>
      </button>
      <div
        ref={panel}
        id={panelId}
        role={open ? "dialog" : undefined}
        aria-modal={open ? true : undefined}
        aria-label={open ? "Filters" : undefined}
        className={
          open
            ? "fixed inset-0 z-50 flex flex-col bg-white lg:static lg:z-auto lg:block lg:rounded-lg lg:shadow-sm lg:ring-1 lg:ring-slate-200"
            : "hidden rounded-lg bg-white shadow-sm ring-1 ring-slate-200 lg:block"
        }
      >
        {open && (
          <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3 lg:hidden">
            <p className="text-lg font-semibold">Filters</p>
            <button type="button" onClick={close} className="rounded-full px-3 py-1 text-sm font-medium ring-1 ring-slate-300">
              Close
            </button>
          </div>
        )}
        {/* A form: its radios are one group apart from those of the hidden pages Next keeps. */}
        <form
          data-scroll
          onSubmit={(event) => event.preventDefault()}
          className={`space-y-6 p-4 ${open ? "flex-1 overflow-y-auto" : "lg:max-h-[calc(100vh-6rem)] lg:overflow-y-auto"}`}
        >
          {sorted && (
            <>
              <fieldset>
                <legend className={legend}>Sort by</legend>
                {SORTS.map(([value, label]) => (
                  <label key={label} className="flex items-center gap-2 py-1 text-sm">
                    <input type="radio" name="sort" data-control={`sort:${value ?? "newest"}`} checked={selection.sort === value} onChange={() => apply({ ...selection, sort: value })} className="h-4 w-4 accent-brand-600" />
                    {label}
                  </label>
                ))}
              </fieldset>
              <fieldset>
                <legend className={legend}>Category</legend>
                {CATEGORIES.map((category) => (
                  <label key={category.value} className="flex items-center gap-2 py-1 text-sm">
                    <input
                      type="checkbox"
                      name="category"
                      data-control={`category:${category.value}`}
                      value={category.value}
                      checked={selection.categories.includes(category.value)}
                      onChange={(event) => toggleCategory(category.value, event.target.checked)}
                      className="h-4 w-4 accent-brand-600"
                    />
                    {category.label}
                  </label>
                ))}
              </fieldset>
            </>
          )}
          {facets && (
            <>
              <Options name="brand" title="Brand" options={facets.brands} onToggle={(value, on) => apply({ ...selection, brands: toggledIn(selection.brands, value, on) })} />
              <PriceFilter selection={selection} facets={facets} apply={apply} />
              <fieldset>
                <legend className={legend}>Availability</legend>
                <label className="flex items-center gap-2 py-1 text-sm">
                  <input
                    type="checkbox"
                    data-control="stock"
                    checked={selection.inStock}
                    disabled={!selection.inStock && facets.inStock.count === 0}
                    onChange={(event) => apply({ ...selection, inStock: event.target.checked })}
                    className="h-4 w-4 accent-brand-600"
                  />
                  In stock only <span className="text-slate-500">({facets.inStock.count})</span>
                </label>
              </fieldset>
              <fieldset>
                <legend className={legend}>Customer rating</legend>
                {[{ value: null, label: "Any rating", count: null }, ...facets.rating.map((option) => ({ ...option, value: Number(option.value) }))].map((option) => {
                  const checked = (selection.minRating ?? null) === option.value;
                  return (
                    <label key={option.value ?? "any"} className="flex items-center gap-2 py-1 text-sm">
                      <input
                        type="radio"
                        name="rating"
                        data-control={`rating-${option.value ?? "any"}`}
                        checked={checked}
                        disabled={!checked && option.count === 0}
                        onChange={() => apply({ ...selection, minRating: option.value, page: 1 })}
                        className="h-4 w-4 accent-brand-600"
                      />
                      {option.label}
                      {option.count !== null && <span className="text-slate-500">({option.count})</span>}
                    </label>
                  );
                })}
              </fieldset>
              {facets.specs.map((facet) => (
                <SpecOptions key={facet.key} facet={facet} selection={selection} apply={apply} />
              ))}
            </>
          )}
        </form>
        {open && (
          <div className="border-t border-slate-200 p-4 lg:hidden">
            <button type="button" onClick={close} className="w-full rounded-lg bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700">
              {facets ? `Show ${facets.total} ${facets.total === 1 ? "product" : "products"}` : "Show products"}
            </button>
          </div>
        )}
      </div>
    </div>
  );
}

function toggledIn(values: string[], value: string, on: boolean): string[] {
  return on ? [...new Set([...values, value])].sort() : values.filter((v) => v !== value);
}

function SpecOptions({ facet, selection, apply }: { facet: SpecFacet; selection: CategoryFilter; apply: PanelProps["apply"] }) {
  const title = facet.unit ? `${facet.label} (${facet.unit})` : facet.label;
  return (
    <Options
      name={facet.key}
      title={title}
      options={facet.options}
      onToggle={(value, on) => {
        const values = toggledIn(selection.specs[facet.key] ?? [], value, on);
        const specs = { ...selection.specs };
        if (values.length) specs[facet.key] = values;
        else delete specs[facet.key];
        apply({ ...selection, specs });
      }}
    />
  );
}

/** How many options show before 'Show all'. */
const OPTIONS_SHOWN = 8;

/** A facet's options as checkboxes with counts; one that would show nothing is disabled, not hidden. */
function Options({ name, title, options, onToggle }: { name: string; title: string; options: FacetOption[]; onToggle: (value: string, on: boolean) => void }) {
  const [all, setAll] = useState(() => carried.expanded.has(name));
  const listId = useId();
  if (options.length === 0) return null;
  // Ticked ones always show, even past the first few.
  const shown = all ? options : options.filter((option, i) => i < OPTIONS_SHOWN || option.selected);
  return (
    <fieldset>
      <legend className={legend}>{title}</legend>
      <div id={listId}>
        {shown.map((option) => {
          const disabled = option.count === 0 && !option.selected;
          return (
            <label key={option.value} className={`flex items-center gap-2 py-1 text-sm ${disabled ? "text-slate-400" : ""}`}>
              <input type="checkbox" data-control={`${name}:${option.value}`} checked={option.selected} disabled={disabled} onChange={(event) => onToggle(option.value, event.target.checked)} className="h-4 w-4 accent-brand-600" />
              <span className="min-w-0 flex-1 truncate">{option.label}</span>
              <span className={disabled ? "text-slate-400" : "text-slate-500"}>({option.count})</span>
            </label>
          );
        })}
      </div>
      {options.length > OPTIONS_SHOWN && (
        <button
          type="button"
          data-control={`more:${name}`}
          aria-expanded={all}
          aria-controls={listId}
          onClick={() => {
            if (all) carried.expanded.delete(name);
            else carried.expanded.add(name);
            setAll(!all);
          }} className="mt-1 text-sm font-medium text-brand-700 hover:underline">
          {all ? "Show fewer" : `Show all ${options.length}`}
        </button>
      )}
    </fieldset>
  );
}

/** The slider's step in rupees: about a hundredth of the span, rounded to a 1-2-5 figure. */
function stepOf(span: number): number {
  const rough = Math.max(1, span / 100);
  const power = 10 ** Math.floor(Math.log10(rough));
  return [1, 2, 5, 10].map((m) => m * power).find((step) => step >= rough) ?? power * 10;
}

/**
 * The price range: a two-handle slider between the cheapest and the dearest product the other
 * filters show, and the two bounds typed. The slider applies once it rests; typed bounds on Enter or 'Go'.
 */
function PriceFilter({ selection, facets, apply }: { selection: CategoryFilter; facets: FacetCounts; apply: PanelProps["apply"] }) {
  const floor = Math.floor(facets.price.min ?? 0);
  const ceiling = Math.ceil(facets.price.max ?? 0);
  const chosen = selection.price;
  const [low, setLow] = useState<number>(chosen?.min ?? floor);
  const [high, setHigh] = useState<number>(chosen?.max ?? ceiling);
  const [typedLow, setTypedLow] = useState(chosen?.min != null ? String(chosen.min) : "");
  const [typedHigh, setTypedHigh] = useState(chosen?.max != null ? String(chosen.max) : "");
  const [problem, setProblem] = useState<string | null>(null);
  const moved = useRef(false);
  const ids = useId();

  // A new selection (another page, back or forward) resets what the slider and boxes show.
  const chosenKey = `${chosen?.min ?? ""}-${chosen?.max ?? ""}:${floor}-${ceiling}`;
  const [seen, setSeen] = useState(chosenKey);
  if (seen !== chosenKey) {
    setSeen(chosenKey);
    setLow(chosen?.min ?? floor);
    setHigh(chosen?.max ?? ceiling);
    setTypedLow(chosen?.min != null ? String(chosen.min) : "");
    setTypedHigh(chosen?.max != null ? String(chosen.max) : "");
  }

  function commit(min: number | null, max: number | null) {
    const price = min === null && max === null ? null : { min, max };
    if ((price?.min ?? null) === (chosen?.min ?? null) && (price?.max ?? null) === (chosen?.max ?? null)) return;
    apply({ ...selection, price });
  }

  // The slider applies half a second after it rests (a drag or held arrow key is one change).
  useEffect(() => {
    if (!moved.current) return;
    const timer = setTimeout(() => {
      moved.current = false;
      commit(low <= floor ? null : low, high >= ceiling ? null : high);
    }, 500);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- commit reads the latest selection
  }, [low, high]);

  function submitTyped() {
    const min = typedLow.trim() === "" ? null : Number(typedLow);
    const max = typedHigh.trim() === "" ? null : Number(typedHigh);
    if ((min !== null && (!Number.isInteger(min) || min < 0)) || (max !== null && (!Number.isInteger(max) || max < 0))) {
      setProblem("Type whole rupees");
      return;
    }
    if ((min ?? 0) > FILTER_PRICE_MAX || (max ?? 0) > FILTER_PRICE_MAX) {
      setProblem(`A price can be at most ₹${FILTER_PRICE_MAX.toLocaleString("en-IN")}`);
      return;
    }
    if (min !== null && max !== null && min > max) {
      setProblem("The lowest price must not be above the highest");
      return;
    }
    setProblem(null);
    commit(min, max);
  }

  const span = Math.max(1, ceiling - floor);
  const step = stepOf(span);
  const usable = facets.price.min !== null && ceiling > floor;
  const left = ((Math.min(Math.max(low, floor), ceiling) - floor) / span) * 100;
  const right = ((Math.min(Math.max(high, floor), ceiling) - floor) / span) * 100;
  return (
    <fieldset>
      <legend className={legend}>Price</legend>
      {usable && (
        <div className="relative mx-1 mb-3 mt-2 h-6" data-testid="price-slider">
          <div className="absolute top-1/2 h-1 w-full -translate-y-1/2 rounded bg-slate-200" aria-hidden="true" />
          <div className="absolute top-1/2 h-1 -translate-y-1/2 rounded bg-brand-500" style={{ left: `${left}%`, right: `${100 - right}%` }} aria-hidden="true" />
          {(
            [
              {
                label: "Lowest price",
                side: "low",
                value: low,
                set: (value: number) => {
                  const kept = Math.min(value, high);
                  setLow(kept);
                  setTypedLow(kept <= floor ? "" : String(kept));
                },
              },
              {
                label: "Highest price",
                side: "high",
                value: high,
                set: (value: number) => {
                  const kept = Math.max(value, low);
                  setHigh(kept);
                  setTypedHigh(kept >= ceiling ? "" : String(kept));
                },
              },
            ] as const
          ).map((thumb) => (
            <input
              key={thumb.side}
              type="range"
              aria-label={thumb.label}
              data-control={`price:${thumb.side}`}
              aria-valuetext={`₹${thumb.value.toLocaleString("en-IN")}`}
              min={floor}
              max={ceiling}
              step={step}
              value={Math.min(Math.max(thumb.value, floor), ceiling)}
              onChange={(event) => {
                moved.current = true;
                thumb.set(Number(event.target.value));
              }}
              className="price-thumb absolute inset-0 w-full"
            />
          ))}
        </div>
      )}
      {/* Within the panel's form: Enter in a box applies the typed bounds. */}
      <div
        className="flex items-end gap-2"
        onKeyDown={(event) => {
          if (event.key !== "Enter" || !(event.target instanceof HTMLInputElement)) return;
          event.preventDefault();
          submitTyped();
        }}
      >
        {(
          [
            { side: "min", label: "Min ₹", value: typedLow, set: setTypedLow, placeholder: floor },
            { side: "max", label: "Max ₹", value: typedHigh, set: setTypedHigh, placeholder: ceiling },
          ] as const
        ).map((box) => (
          <label key={box.side} className="min-w-0 flex-1 text-xs text-slate-600" htmlFor={`${ids}-${box.side}`}>
            {box.label}
            <input
              id={`${ids}-${box.side}`}
              data-control={`price:${box.side}`}
              inputMode="numeric"
              value={box.value}
              placeholder={usable ? String(box.placeholder) : ""}
              onChange={(event) => box.set(event.target.value.replace(/[^\d]/g, ""))}
              aria-describedby={problem ? `${ids}-problem` : undefined}
              className="mt-0.5 w-full rounded border border-slate-300 px-2 py-1 text-sm text-slate-900"
            />
          </label>
        ))}
        <button type="button" onClick={submitTyped} data-control="price:go" className="rounded bg-slate-800 px-3 py-1.5 text-sm font-medium text-white hover:bg-slate-900">
          Go<span className="sr-only"> (apply the price range)</span>
        </button>
      </div>
      {problem && (
        <p id={`${ids}-problem`} role="alert" className="mt-1 text-xs text-red-700">
          {problem}
        </p>
      )}
      {chosen && <p className="mt-1 text-xs text-slate-600">{priceLabel(chosen)}</p>}
    </fieldset>
  );
}
