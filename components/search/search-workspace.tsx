"use client";

import { useQuery } from "@tanstack/react-query";
import { BedDouble, Lightbulb, Plane, Ticket, CarFront, X, type LucideIcon } from "lucide-react";
import dynamic from "next/dynamic";
import { useRouter } from "next/navigation";
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from "react";
// Loaded with this page, so that the results' own import()s are not inside their next/dynamic
// module (why: components/results/lazy-parts.ts).
import "@/components/results/lazy-parts";
import { OfferCardsContext } from "@/components/results/offer-cards-context";
import { OFFER_CARDS, preloadOfferCards } from "@/components/results/offer-cards-lazy";
import { ResultsSkeleton } from "@/components/results/results-skeleton";
import { Button } from "@/components/ui/button";
import { Callout } from "@/components/ui/callout";
import { cn } from "@/components/ui/cn";
import { Skeleton } from "@/components/ui/skeleton";
import { Tabs } from "@/components/ui/tabs";
import { useDeferredAnswer } from "@/components/ui/use-deferred-answer";
import { apiGetChecked } from "@/lib/api-client";
import {
  criteriaQuery,
  emptyCriteria,
  encodeOccupancy,
  parseCriteria,
  SEARCH_PRODUCT_TYPES,
  type CriteriaOf,
  type SearchCriteria,
  type SearchProductType,
} from "@/lib/search/criteria";
import { isCapabilities } from "@/lib/tds/contract/answers";
import type { RunSearchMutation } from "./search-form-shell";
import { fitOccupancy } from "./search-limits";
import type { SearchRules } from "./search-resolver";
import { useRunSearch } from "./use-run-search";

// What the page loads only when it is used (issue 15, page weight):
// - each product's form (its fields, react-hook-form, the resolver) with its tab: the shown tab's
//   starts loading with the page, alongside the capabilities request, another tab's when it is
//   pointed at or focused; under results, when "Edit search" first opens the form;
// - the results (list, cards, filters, virtualiser) only with a search to show. next/dynamic, so
//   that a results page rendered on the server also preloads their code.
const FIELDS = {
  hotel: () => import("./hotel-fields"),
  flight: () => import("./flight-fields"),
  activity: () => import("./activity-fields"),
  transfer: () => import("./transfer-fields"),
} as const;
// A preload that fails is not an error: the form asks again when it renders, and shows that failure.
const preloadFields = (type: SearchProductType) => void FIELDS[type]().catch(() => {});
const HotelForm = lazy(() => FIELDS.hotel().then((m) => ({ default: m.HotelForm })));
const FlightForm = lazy(() => FIELDS.flight().then((m) => ({ default: m.FlightForm })));
const ActivityForm = lazy(() => FIELDS.activity().then((m) => ({ default: m.ActivityForm })));
const TransferForm = lazy(() => FIELDS.transfer().then((m) => ({ default: m.TransferForm })));
// The bar that says what was searched shows only with results: /search without them does not load it.
const SearchSummary = lazy(() => import("./search-summary").then((m) => ({ default: m.SearchSummary })));

const SearchResults = dynamic(() => import("@/components/results/search-results").then((m) => m.SearchResults), {
  loading: () => <ResultsLoading />,
});

const TABS: Record<SearchProductType, { label: string; Icon: LucideIcon }> = {
  hotel: { label: "Hotels", Icon: BedDouble },
  flight: { label: "Flights", Icon: Plane },
  activity: { label: "Activities", Icon: Ticket },
  transfer: { label: "Transfers", Icon: CarFront },
};

export type SearchWorkspaceProps = {
  /** The criteria in the URL, or null when it names no product. */
  initialCriteria: SearchCriteria | null;
  /** The search whose results to show (`sid` in the URL). */
  sid: string | null;
  currency: string;
  market: string;
  /** The server's day (YYYY-MM-DD) for the date rules. */
  today: string;
};

const keyOf = (c: SearchCriteria | null) => (c ? criteriaQuery(c).toString() : "");

/**
 * The search page's client side: a tab per product on sale, each with its own form, and under
 * it either the results of `sid` (the form folded into a one-line summary) or a guide to searching.
 */
export function SearchWorkspace({ initialCriteria, sid, currency, market, today }: SearchWorkspaceProps) {
  const router = useRouter();
  const capabilities = useQuery({
    queryKey: ["capabilities"],
    queryFn: ({ signal }) => apiGetChecked("/api/capabilities", isCapabilities, { signal }),
    staleTime: 10 * 60_000,
  });
  // The tabs and the form first render when the products on sale are known, at a lower priority, in
  // slices (on a phone it was one task of 400–500 ms); the outline stays until they are on screen.
  const { shown: productTypes, catchingUp } = useDeferredAnswer(capabilities.data?.productTypes);
  const capabilitiesPending = capabilities.isPending || catchingUp;
  const onSale = useMemo(() => (productTypes ? SEARCH_PRODUCT_TYPES.filter((t) => productTypes.includes(t)) : null), [productTypes]);

  const urlType = initialCriteria?.productType ?? null;
  const [active, setActive] = useState<SearchProductType>(urlType ?? "hotel");
  // Each tab's values while the advisor is on the page (a tab's form unmounts when another is shown).
  const [drafts, setDrafts] = useState<Partial<Record<SearchProductType, SearchCriteria>>>(() =>
    initialCriteria ? { [initialCriteria.productType]: initialCriteria } : {},
  );
  const [formRevision, setFormRevision] = useState(0);
  const valuesRef = useRef<(() => SearchCriteria) | null>(null);
  const [editing, setEditing] = useState(false);
  const rules = useMemo<SearchRules>(() => ({ currency, market, today }), [currency, market, today]);

  const run = useRunSearch();
  const again = useRunSearch({ replace: true });

  // The URL changed under the form (back/forward, a link opened in place): show its criteria.
  // A URL the page asked for itself (a tab switch, a search it started) keeps the form as it is.
  const urlKey = keyOf(initialCriteria);
  const [seen, setSeen] = useState({ urlKey, sid });
  const [expectedKey, setExpectedKey] = useState<string | null>(null);
  if (seen.urlKey !== urlKey || seen.sid !== sid) {
    setSeen({ urlKey, sid });
    if (seen.sid !== sid) setEditing(false);
    const ours = urlKey === expectedKey || urlKey === keyOf(run.variables ?? null) || urlKey === keyOf(again.variables ?? null);
    if (seen.urlKey !== urlKey && !ours && initialCriteria) {
      setDrafts((d) => ({ ...d, [initialCriteria.productType]: initialCriteria }));
      setActive(initialCriteria.productType);
      setFormRevision((n) => n + 1);
    }
  }

  // A finished start has served its purpose once its results (or any other search) are on screen.
  const runReset = run.reset;
  const againReset = again.reset;
  useEffect(() => {
    runReset();
    againReset();
  }, [sid, runReset, againReset]);

  const running = run.isPending || (run.isSuccess && run.data.searchId !== sid);
  const searchingAgain = again.isPending || (again.isSuccess && again.data.searchId !== sid);

  const shown: SearchProductType | null = onSale ? (onSale.includes(active) ? active : (onSale[0] ?? null)) : active;
  const notOnSale = onSale && urlType && !onSale.includes(urlType) ? urlType : null;

  function switchTo(next: SearchProductType) {
    if (next === shown) return;
    const current = valuesRef.current?.();
    const base = drafts[next] ?? emptyCriteria(next, market);
    // The party comes along, unless it is still the one this tab gave: then the tab keeps its own
    // rooms (a hotel's rooms would otherwise merge into one after a look at another tab).
    const sameParty = !!current && encodeOccupancy(fitOccupancy(base.occupancy, current.productType)) === encodeOccupancy(current.occupancy);
    setDrafts({
      ...drafts,
      ...(current ? { [current.productType]: current } : {}),
      [next]: current && !sameParty ? ({ ...base, occupancy: fitOccupancy(current.occupancy, next) } as SearchCriteria) : base,
    });
    setActive(next);
    const params = new URLSearchParams({ type: next });
    setExpectedKey(keyOf(parseCriteria(params, market)));
    router.replace(`/search?${params}`, { scroll: false });
  }

  const defaultsFor = <T extends SearchProductType>(type: T): CriteriaOf<T> =>
    (drafts[type] as CriteriaOf<T> | undefined) ?? emptyCriteria(type, market);

  const showResults = !!sid && !!initialCriteria;
  // Results of another product than hotels show cards of their own: their code starts loading
  // alongside the results' (hotel results do without it).
  const resultsType = showResults ? (initialCriteria?.productType ?? null) : null;
  useEffect(() => {
    if (resultsType && resultsType !== "hotel") preloadOfferCards();
  }, [resultsType]);
  const collapsed = showResults && !editing;
  // Under results the form stays folded until "Edit search": it is mounted (and its code loaded)
  // the first time it opens, then kept, so what the advisor typed survives closing it again.
  const [formWanted, setFormWanted] = useState(!collapsed);
  if (!collapsed && !formWanted) setFormWanted(true);
  useEffect(() => {
    if (formWanted) preloadFields(active);
  }, [active, formWanted]);

  return (
    <div className="space-y-6">
      {notOnSale ? (
        <Callout tone="warning" title={`${TABS[notOnSale].label} are not on sale in your agency's market (${market}).`}>
          <p>Choose one of the products below instead.</p>
        </Callout>
      ) : null}

      {collapsed ? (
        <Suspense fallback={<Skeleton className="h-[4.5rem] w-full rounded-xl" />}>
          <SearchSummary criteria={initialCriteria!} onEdit={() => setEditing(true)} onEditIntent={() => preloadFields(initialCriteria!.productType)} />
        </Suspense>
      ) : null}

      <div hidden={collapsed}>
        {capabilitiesPending ? (
          <TabsSkeleton type={active} />
        ) : capabilities.isError ? (
          <Callout title="The products on sale could not be loaded.">
            <p>{capabilities.error.message} </p>
            <Button variant="secondary" size="sm" className="mt-2" pending={capabilities.isFetching} onClick={() => capabilities.refetch()}>
              Try again
            </Button>
          </Callout>
        ) : !shown || !onSale || onSale.length === 0 ? (
          <Callout tone="warning" title="Nothing is on sale in your agency's market right now.">
            <p>The service offers no hotels, flights, activities or transfers for market {market}. Ask an admin to check the agency settings.</p>
          </Callout>
        ) : (
          <Tabs
            label="What to search"
            items={onSale.map((t) => {
              const { label, Icon } = TABS[t];
              return {
                id: t,
                onIntent: () => preloadFields(t),
                label: (
                  <>
                    {/* Four tabs fit a phone without their icons. */}
                    <Icon className="hidden size-4 min-[420px]:block" aria-hidden />
                    {label}
                  </>
                ),
              };
            })}
            selected={shown}
            onSelect={switchTo}
            className="rounded-xl border border-slate-200 bg-white shadow-[0_1px_2px_rgb(15_23_42/0.04)]"
            listClassName="-mb-px flex min-w-0 flex-1 overflow-x-auto px-1.5 [scrollbar-width:none] sm:px-4"
            panelClassName="px-4 py-5 outline-none sm:px-6 sm:py-6"
            aside={
              showResults && editing ? (
                <Button variant="ghost" size="sm" onClick={() => setEditing(false)} aria-label="Close the search form">
                  <X className="size-4" aria-hidden />
                  <span className="hidden sm:inline">Close</span>
                </Button>
              ) : null
            }
          >
            {formWanted ? (
              <Suspense fallback={<FormPlaceholder type={shown} />}>
                <FormFor key={`${shown}:${formRevision}`} type={shown} defaults={defaultsFor(shown)} rules={rules} run={run} running={running} valuesRef={valuesRef} today={today} currency={currency} />
              </Suspense>
            ) : null}
          </Tabs>
        )}
      </div>

      {showResults ? (
        <OfferCardsContext.Provider value={OFFER_CARDS}>
          <SearchResults
            searchId={sid}
            criteria={initialCriteria}
            onSearchAgain={() => again.mutate(initialCriteria)}
            searchingAgain={searchingAgain}
            onEditSearch={() => (setEditing(true), window.scrollTo({ top: 0, behavior: "smooth" }))}
          />
        </OfferCardsContext.Provider>
      ) : sid && !initialCriteria ? (
        <Callout tone="warning" title="This link is missing what was searched.">
          <p>Fill in the search form on this page and search again to see results.</p>
        </Callout>
      ) : (
        <SearchGuide type={shown ?? "hotel"} />
      )}
      {again.isError ? (
        <Callout title="The search could not start again.">
          <p>{again.error.message}</p>
        </Callout>
      ) : null}
    </div>
  );
}

function FormFor({
  type,
  defaults,
  rules,
  run,
  running,
  valuesRef,
  today,
  currency,
}: {
  type: SearchProductType;
  defaults: SearchCriteria;
  rules: SearchRules;
  run: RunSearchMutation;
  running: boolean;
  valuesRef: React.RefObject<(() => SearchCriteria) | null>;
  today: string;
  currency: string;
}) {
  const common = { rules, run, running, valuesRef, today };
  const footer = <>Prices in {currency}. Results stay available for 20 minutes.</>;
  switch (type) {
    case "hotel":
      return <HotelForm defaultValues={defaults as CriteriaOf<"hotel">} footer={footer} {...common} />;
    case "flight":
      return <FlightForm defaultValues={defaults as CriteriaOf<"flight">} footer={footer} {...common} />;
    case "activity":
      return <ActivityForm defaultValues={defaults as CriteriaOf<"activity">} footer={footer} {...common} />;
    case "transfer":
      return <TransferForm defaultValues={defaults as CriteriaOf<"transfer">} footer={footer} {...common} />;
  }
}

function TabsSkeleton({ type }: { type: SearchProductType }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white" aria-busy="true">
      <p className="sr-only">Loading the products on sale…</p>
      {/* As tall as the tab bar (50 px with its border), so the form does not move down when the tabs come. */}
      <div className="flex h-[50px] items-center gap-6 border-b border-slate-100 px-4 sm:px-6" aria-hidden>
        {["w-20", "w-20", "w-24", "w-24"].map((w, i) => (
          <Skeleton key={i} className={`h-5 ${w}`} />
        ))}
      </div>
      <div className="px-4 py-5 sm:px-6 sm:py-6">
        <FormPlaceholder type={type} />
      </div>
    </div>
  );
}

// Each form's fields as tall as they first show (measured at 412 px and, from md, at 1350 px), so
// the guide under the form stays where it is when the form's code arrives (layout shift).
const FIELDS_HEIGHT: Record<SearchProductType, string> = {
  hotel: "min-h-[700px] md:min-h-[397px]",
  flight: "min-h-[888px] md:min-h-[457px]",
  activity: "min-h-[467px] md:min-h-[263px]",
  transfer: "min-h-[815px] md:min-h-[424px]",
};

/** A product form's outline (two rows of fields, the options bar, the submit row) while its code loads. */
function FormPlaceholder({ type }: { type: SearchProductType }) {
  return (
    <div aria-busy="true">
      <p className="sr-only">Loading the search form…</p>
      <div className={cn("flex flex-col justify-between gap-6", FIELDS_HEIGHT[type])} aria-hidden>
        {[0, 1].map((row) => (
          <div key={row} className="grid gap-6 md:grid-cols-2">
            {[0, 1].map((i) => (
              <div key={i} className="space-y-2">
                <Skeleton className="h-4 w-28" />
                <Skeleton className="h-10 w-full" />
                <Skeleton className="h-3 w-3/5" />
              </div>
            ))}
          </div>
        ))}
        <Skeleton className="h-11 w-full shrink-0 rounded-lg" />
      </div>
      <div className="mt-6 flex flex-col-reverse gap-3 border-t border-slate-100 pt-5 sm:flex-row sm:items-center sm:justify-between" aria-hidden>
        <Skeleton className="my-0.5 h-4 w-64 max-w-full" />
        <Skeleton className="h-10 w-full sm:w-40" />
      </div>
    </div>
  );
}

/** Where the results will be while their code loads ("Loading results"). */
function ResultsLoading() {
  return <ResultsSkeleton productType="results" count={2} />;
}

const GUIDES: Record<SearchProductType, { title: string; what: string; tips: string[] }> = {
  hotel: {
    title: "Search hotels",
    what: "Rooms and rates from every source the agency sells, for a city, a single hotel or an area.",
    tips: [
      "Pick a city from the suggestions to search all its hotels; pick a hotel to price just that one.",
      "Stays are up to 30 nights, with check-in up to two years ahead.",
      "Up to 9 rooms, each with its own adults and children's ages — ages change the price.",
      "Results keep arriving for a few seconds after the first rows show.",
    ],
  },
  flight: {
    title: "Search flights",
    what: "One-way, return and multi-city trips of up to six flights.",
    tips: [
      "Type a city or an airport code such as LHR; pick the airport with the arrow keys and Enter.",
      "Multi-city flights must be in date order; a new flight starts where the last one landed.",
      "One party per search: adults and children's ages.",
    ],
  },
  activity: {
    title: "Search activities",
    what: "Tours, tickets and experiences on a given day.",
    tips: [
      "Choose a destination from the suggestions, or browse every activity destination.",
      "Each activity's sessions and options open from the results.",
    ],
  },
  transfer: {
    title: "Search transfers",
    what: "Private and shared rides between airports, hotels and addresses.",
    tips: [
      "Pickup and drop-off can each be an airport, a hotel or an address given by its coordinates.",
      "Turn on “Return journey” to price the ride back as well.",
      "Passengers replaces the adult count when the party differs from the booking's travellers.",
    ],
  },
};

function SearchGuide({ type }: { type: SearchProductType }) {
  const guide = GUIDES[type];
  const { Icon } = TABS[type];
  return (
    <section aria-labelledby="search-guide" className="rounded-xl border border-dashed border-slate-300 bg-white/60 px-5 py-6 sm:px-6">
      <div className="flex items-start gap-4">
        <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-brand-50 text-brand-700 ring-1 ring-brand-100 ring-inset">
          <Icon className="size-5" aria-hidden />
        </span>
        <div className="min-w-0">
          <h2 id="search-guide" className="text-[0.9375rem] font-semibold text-ink">
            {guide.title}
          </h2>
          <p className="mt-0.5 text-sm text-slate-600">{guide.what} Results appear here.</p>
          <ul className="mt-4 space-y-2">
            {guide.tips.map((tip) => (
              <li key={tip} className="flex items-start gap-2 text-sm text-slate-600">
                <Lightbulb className="mt-0.5 size-4 shrink-0 text-amber-500" aria-hidden />
                {tip}
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
