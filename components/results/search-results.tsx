"use client";

import { List, Map as MapIcon, SlidersHorizontal } from "lucide-react";
import { Suspense, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { Skeleton } from "@/components/ui/skeleton";
import { hotelHref, type SearchCriteria } from "@/lib/search/criteria";
import { FilterPanel } from "./filters/filter-panel";
import { activeFilterCount, applyFilters, EMPTY_FILTERS, facetsOf, type ResultFilters, type ResultSort } from "./filters/filter-model";
import { PricingCountry } from "@/components/pricing/client-prices";
import { ClientPricesSwitch } from "@/components/pricing/client-prices-switch";
import { destinationCountry } from "@/lib/pricing/destination";
import { SortSelect } from "./filters/sort-select";
import { SourceLabels } from "./format";
import { countOf, nounOf } from "./nouns";
import { ResultCard, type CardContext } from "./result-cards";
import { filtersFromParams, withFilterParams } from "./filters/filters-url";
import { EmptyResults, FilteredEmpty, FilterPanelOutline, ResultsError, SearchExpired } from "./results-states";
import { ResultsSkeleton } from "./results-skeleton";
import { SearchProgress, SearchProgressPlaceholder } from "./search-progress";
import type { ResultGroup } from "./types";
import { useLiveResults } from "./use-live-results";
// For whoever starts a search: its first page asked for while the results page opens (use-run-search.ts).
export { prefetchFirstPage } from "./use-live-results";
import { useThumbnails } from "./use-thumbnails";
import { VirtualResults } from "./virtual-results";
import { formatCount } from "@/lib/money";
// The map and the filters sheet load when first used (lazy-parts.ts says why they live there).
import { FiltersSheet, MapView, preloadMap, preloadSheet } from "./lazy-parts";

const NO_GROUPS: ResultGroup[] = [];

export type SearchResultsProps = {
  searchId: string;
  criteria: SearchCriteria;
  onSearchAgain: () => void;
  searchingAgain: boolean;
  /** Opens the search form (collapsed above the results) to change the criteria. */
  onEditSearch?: () => void;
};

/** Sources keep the number they were first given ("Source 1…n") for the life of the page. */
/** `aliases` must be distinct. */
function useSourceLabels(aliases: readonly string[]): SourceLabels {
  const [seen, setSeen] = useState<readonly string[]>([]);
  const fresh = aliases.filter((a) => !seen.includes(a));
  // Adjusting state while rendering: React renders again at once with the longer list.
  if (fresh.length) setSeen([...seen, ...fresh]);
  return useMemo(() => new SourceLabels(seen), [seen]);
}

/**
 * Live results of one search: progress, filters and sort over the loaded products, a virtualised
 * list (or map for hotels), paging, and every state from loading to expired.
 */
export function SearchResults({ searchId, criteria, onSearchAgain, searchingAgain, onEditSearch }: SearchResultsProps) {
  const productType = criteria.productType;
  const live = useLiveResults(searchId, productType);
  // Filters and sort live in the address too: a link or a reload shows the same list.
  const [fromUrl] = useState(() =>
    typeof window === "undefined" ? { filters: EMPTY_FILTERS, sort: "recommended" as ResultSort } : filtersFromParams(new URLSearchParams(window.location.search)),
  );
  const [filters, setFilters] = useState<ResultFilters>(fromUrl.filters);
  const [sort, setSort] = useState<ResultSort>(fromUrl.sort);
  useEffect(() => {
    const next = withFilterParams(new URLSearchParams(window.location.search), filters, sort).toString();
    if (next !== window.location.search.replace(/^\?/, "")) window.history.replaceState(window.history.state, "", `${window.location.pathname}${next ? `?${next}` : ""}`);
  }, [filters, sort]);
  const [view, setView] = useState<"list" | "map">("list");
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [filtersOpen, setFiltersOpen] = useState(false);
  // Mounted from the first opening on, so it can close (and open again) in place.
  const [sheetWanted, setSheetWanted] = useState(false);
  if (filtersOpen && !sheetWanted) setSheetWanted(true);

  // A new search starts clean.
  const [forSearch, setForSearch] = useState(searchId);
  if (forSearch !== searchId) {
    setForSearch(searchId);
    setFilters(EMPTY_FILTERS);
    setSort("recommended");
    setSelectedId(null);
  }

  // Filtering runs over the loaded products at a lower priority than typing and dragging.
  const deferredFilters = useDeferredValue(filters);
  const deferredSort = useDeferredValue(sort);
  // The list, the filters and the counts render from a deferred copy of the groups: React renders
  // them at a lower priority, in slices that leave the main thread free in between, so new results
  // never hold up typing, scrolling or a click (on a phone, the first 20 cards were one 400 ms task).
  // Until the first copy is rendered the page still shows the results as on their way.
  const groups = useDeferredValue(live.groups, NO_GROUPS);
  const status = live.status === "ready" && groups.length === 0 && live.groups.length > 0 ? "loading" : live.status;
  const visible = useMemo(() => applyFilters(groups, deferredFilters, deferredSort), [groups, deferredFilters, deferredSort]);
  const facetsRaw = useMemo(() => facetsOf(groups, productType, deferredFilters), [groups, productType, deferredFilters]);

  const aliases = useMemo(() => {
    const all = new Set(live.session?.supplierOutcomes.map((o) => o.supplier));
    for (const g of groups) for (const r of g.rows) all.add(r.supplier);
    return [...all];
  }, [live.session, groups]);
  const sources = useSourceLabels(aliases);
  // One numbering on the page: the filter panel's source names follow the progress chips'.
  const facets = useMemo(
    () => ({ ...facetsRaw, sources: facetsRaw.sources.map((o) => ({ ...o, label: sources.label(o.value) })) }),
    [facetsRaw, sources],
  );

  const hotelIds = useMemo(() => (productType === "hotel" ? groups.map((g) => g.productId) : []), [groups, productType]);
  const thumbnailOf = useThumbnails(hotelIds);

  const ctx: CardContext = useMemo(() => ({ searchId, criteria, sources }), [searchId, criteria, sources]);
  const select = useCallback((id: string) => setSelectedId(id), []);
  const hrefFor = useCallback((group: ResultGroup) => hotelHref(searchId, group.productId, criteria), [searchId, criteria]);
  const renderItem = useCallback(
    (group: ResultGroup) => (
      <ResultCard group={group} ctx={ctx} thumbnail={thumbnailOf(group.productId)} selected={group.productId === selectedId} onSelect={select} />
    ),
    [ctx, thumbnailOf, selectedId, select],
  );

  const currency = groups[0]?.rows[0]?.sellCurrency ?? "USD";
  const filterCount = activeFilterCount(filters);
  const viewKey = `${JSON.stringify(deferredFilters)}|${deferredSort}`;
  const noun = nounOf(productType);
  const filling = live.filling;
  // Whether results were listed while sources were still answering (see "More are still arriving").
  const [arrivedWhileFilling, setArrivedWhileFilling] = useState(false);
  if (status === "ready" && groups.length > 0 && filling && !arrivedWhileFilling) setArrivedWhileFilling(true);

  // Say plainly what the numbers cover: with more pages at the service, only the loaded ones.
  const partial = live.hasNextPage;
  const loadedLine = partial ? `First ${countOf(groups.length, productType)} loaded, more available` : countOf(groups.length, productType);
  const countLine = filterCount > 0 ? `${formatCount(visible.length)} of ${loadedLine}` : loadedLine;

  if (status === "expired") {
    return (
      <section aria-label="Search results" className="space-y-4">
        <SearchExpired onSearchAgain={onSearchAgain} searchingAgain={searchingAgain} />
      </section>
    );
  }

  const filterPanel = (hideHeading?: boolean) => (
    <FilterPanel productType={productType} facets={facets} filters={filters} onChange={setFilters} currency={currency} hideHeading={hideHeading} />
  );
  const hasResults = groups.length > 0;
  const showFilters = status === "ready" && hasResults;
  // While results are on their way the filter column is already there, as an outline: it came
  // with the first results and moved the list sideways (the page's last layout shift on desktop).
  const awaitingFilters = !showFilters && (status === "loading" || (status === "ready" && filling));

  return (
    // Prices below (cards, map, the price filter) are for the search's destination (Client prices on).
    <PricingCountry country={destinationCountry(criteria)}>
      <section aria-labelledby="results-heading" className="space-y-4">
        {live.session && (productType === "hotel" || live.session.status !== "completed" || live.session.supplierOutcomes.some((o) => o.status === "failed")) ? (
          <SearchProgress session={live.session} productType={productType} labels={sources} />
        ) : status === "loading" && productType === "hotel" ? (
          <SearchProgressPlaceholder productType={productType} />
        ) : null}

        <p aria-live="polite" aria-atomic="true" className="sr-only">
          {live.announcement}
        </p>

        <div className={cn("gap-6", (showFilters || awaitingFilters) && "lg:grid lg:grid-cols-[16.5rem_minmax(0,1fr)]")}>
          {showFilters ? (
            <aside aria-label="Filters" className="hidden lg:block">
              <div className="sticky top-20 max-h-[calc(100vh-6rem)] overflow-y-auto rounded-xl border border-slate-200 bg-white p-4">{filterPanel()}</div>
            </aside>
          ) : awaitingFilters ? (
            <FilterPanelOutline />
          ) : null}

          <div className="min-w-0 space-y-3">
            {/* As tall as the sort and view controls that come with the results, so the heading stays put. */}
            <div className="flex min-h-9 flex-wrap items-center justify-between gap-x-4 gap-y-2">
              <div className="min-w-0">
                <h2 id="results-heading" className="text-base font-semibold text-ink">
                  {/* "0 hotels" while the sources are still answering would read as "none": it is not known yet. */}
                  {status === "ready" && (hasResults || !filling) ? countLine : `Finding ${noun}…`}
                </h2>
                {status === "ready" && hasResults && (filling || arrivedWhileFilling) ? (
                  // Once shown, the line keeps its place after the last source answers (hidden, not removed),
                  // so the list under it does not move up at the moment an advisor may be reading it.
                  <p className={cn("text-xs text-slate-500", !filling && "invisible")} aria-hidden={!filling}>
                    More are still arriving
                  </p>
                ) : null}
                {status === "ready" && hasResults && partial && (filterCount > 0 || sort !== "recommended") ? (
                  <p className="text-xs text-slate-600" data-testid="partial-note">
                    {sort !== "recommended" ? "Sorted" : "Filtered"} among the {countOf(groups.length, productType)} loaded so far; prices, stars and counts in the
                    filters cover these too. Show more results below to include the rest.
                  </p>
                ) : null}
              </div>
              {showFilters ? (
                <div className="flex flex-wrap items-center gap-2">
                  <ClientPricesSwitch />
                  <SortSelect productType={productType} value={sort} onChange={setSort} />
                  {productType === "hotel" ? <ViewToggle view={view} onChange={setView} /> : null}
                  <Button
                    variant="secondary"
                    size="sm"
                    className="h-9 lg:hidden"
                    onClick={() => setFiltersOpen(true)}
                    onPointerEnter={preloadSheet}
                    onFocus={preloadSheet}
                    aria-haspopup="dialog"
                  >
                    <SlidersHorizontal aria-hidden className="size-4" />
                    Filters{filterCount > 0 ? ` (${filterCount})` : ""}
                  </Button>
                </div>
              ) : null}
            </div>

            {status === "loading" ? <ResultsSkeleton productType={productType} /> : null}
            {status === "error" ? <ResultsError message={live.error?.message ?? "Something went wrong."} onRetry={live.retry} /> : null}

            {status === "ready" && !hasResults ? (
              filling ? (
                <ResultsSkeleton productType={productType} count={2} />
              ) : (
                <EmptyResults productType={productType} failed={live.session?.status === "failed"} onEditSearch={onEditSearch} />
              )
            ) : null}

            {status === "ready" && hasResults && visible.length === 0 ? <FilteredEmpty onClear={() => setFilters(EMPTY_FILTERS)} /> : null}

            {status === "ready" && visible.length > 0 ? (
              view === "map" && productType === "hotel" ? (
                <Suspense fallback={<MapPlaceholder />}>
                  <MapView groups={visible} selectedId={selectedId} onSelect={select} hrefFor={hrefFor} currency={currency} country={destinationCountry(criteria)} />
                </Suspense>
              ) : (
                <VirtualResults
                  groups={visible}
                  viewKey={viewKey}
                  label={`${noun.charAt(0).toUpperCase()}${noun.slice(1)}`}
                  estimateSize={productType === "hotel" ? 170 : productType === "flight" ? 230 : 190}
                  renderItem={renderItem}
                  revealKey={selectedId}
                />
              )
            ) : null}

            {status === "ready" && hasResults ? (
              <MoreResults
                loaded={groups.length}
                productType={productType}
                hasNextPage={live.hasNextPage}
                loading={live.isFetchingNextPage}
                error={live.nextPageError?.message ?? null}
                onMore={live.fetchNextPage}
                autoLoad={view === "list"}
              />
            ) : null}
          </div>
        </div>

        {showFilters && sheetWanted ? (
          // Nothing to show while its code arrives: the sheet opens a moment later, over the list.
          <Suspense fallback={null}>
            <FiltersSheet open={filtersOpen} onOpenChange={setFiltersOpen} showLabel={`Show ${countOf(visible.length, productType)}`}>
              {filterPanel(true)}
            </FiltersSheet>
          </Suspense>
        ) : null}
      </section>
    </PricingCountry>
  );
}

/** The map's frame (MapView's border, viewport height and note line) while its code loads. */
function MapPlaceholder() {
  return (
    <div role="status" aria-label="Loading the map" className="flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white">
      <div aria-hidden className="h-[min(70vh,620px)] min-h-80 animate-pulse bg-slate-100" />
      <div aria-hidden className="border-t border-slate-200 px-4 py-2 text-[0.8125rem]">
        <Skeleton className="my-0.5 h-4 w-48" />
      </div>
    </div>
  );
}

function ViewToggle({ view, onChange }: { view: "list" | "map"; onChange: (v: "list" | "map") => void }) {
  const item = (value: "list" | "map", label: string, icon: React.ReactNode) => (
    <button
      type="button"
      aria-pressed={view === value}
      onClick={() => onChange(value)}
      onPointerEnter={value === "map" ? preloadMap : undefined}
      onFocus={value === "map" ? preloadMap : undefined}
      className={cn(
        "inline-flex h-8 items-center gap-1.5 rounded-md px-2.5 text-[0.8125rem] font-semibold transition-colors",
        view === value ? "bg-white text-ink shadow-xs ring-1 ring-slate-200" : "text-slate-600 hover:text-ink",
      )}
    >
      {icon}
      {label}
    </button>
  );
  return (
    <div role="group" aria-label="View" className="inline-flex h-9 items-center gap-0.5 rounded-lg bg-slate-100 p-0.5">
      {item("list", "List", <List aria-hidden className="size-4" />)}
      {item("map", "Map", <MapIcon aria-hidden className="size-4" />)}
    </div>
  );
}

/** "Showing 120 hotels · more available", a button for the next page, and loading it when the end comes into view. */
function MoreResults({
  loaded,
  productType,
  hasNextPage,
  loading,
  error,
  onMore,
  autoLoad,
}: {
  loaded: number;
  productType: string;
  hasNextPage: boolean;
  loading: boolean;
  error: string | null;
  onMore: () => void;
  autoLoad: boolean;
}) {
  const sentinel = useRef<HTMLDivElement>(null);
  const latest = useRef({ onMore, active: false });
  useEffect(() => {
    latest.current = { onMore, active: autoLoad && hasNextPage && !loading && !error };
  });
  useEffect(() => {
    const el = sentinel.current;
    if (!el || typeof IntersectionObserver === "undefined") return;
    // Fires when the end comes into view, not while it stays there: a short filtered list does not page on its own.
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && latest.current.active) latest.current.onMore();
      },
      { rootMargin: "600px 0px" },
    );
    io.observe(el);
    return () => io.disconnect();
  }, []);

  return (
    <div ref={sentinel} className="flex flex-col items-center gap-2 pt-2 pb-6 text-center">
      <p className="text-sm text-slate-600">
        Showing {countOf(loaded, productType)}
        {hasNextPage ? " · more available" : ""}
      </p>
      {error ? (
        <p role="alert" className="text-sm text-rose-700">
          {error}
        </p>
      ) : null}
      {hasNextPage ? (
        <Button variant="secondary" onClick={onMore} pending={loading}>
          {loading ? "Loading more…" : error ? "Try again" : "Show more results"}
        </Button>
      ) : null}
    </div>
  );
}

