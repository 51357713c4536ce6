"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { FileText, Plus, SearchX } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useId, useState } from "react";
import { useTimeZone } from "@/components/layout/time-zone";
import { Button, buttonClasses } from "@/components/ui/button";
import { Callout } from "@/components/ui/callout";
import { cn } from "@/components/ui/cn";
import { inputClasses } from "@/components/ui/field";
import { IntentLink } from "@/components/ui/intent-link";
import { Select } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { ApiError } from "@/lib/api-client";
import { formatDay } from "@/lib/format/dates";
import { PROPOSAL_STATES, PROPOSALS_PAGE_SIZE, type ProposalListRow } from "@/lib/proposals/model";
import { listProposals } from "./api";
import { trayStore } from "./draft-store";
import { DEFAULT_PROPOSAL_FILTERS, isFiltered, PROPOSAL_QUERY_MAX, proposalsHref, type ProposalFilters } from "./filters";
import { STATE_WORDS, totalText, viewsText } from "./format";
import { ProposalStateBadge } from "./state-badge";

const SEARCH_DEBOUNCE_MS = 300;

/** /proposals: the advisor's proposals (an admin's: the agency's), filtered in the URL. */
export function ProposalsList({ initialFilters }: { initialFilters: ProposalFilters }) {
  const router = useRouter();
  const [filters, setFilters] = useState(initialFilters);
  const [text, setText] = useState(initialFilters.q);
  const update = (next: Partial<ProposalFilters>) => {
    // Any change but the page's own goes back to the first page.
    const merged = { ...filters, page: 1, ...next };
    setFilters(merged);
    router.replace(proposalsHref(merged), { scroll: false });
  };
  const trimmed = text.trim().slice(0, PROPOSAL_QUERY_MAX);
  useEffect(() => {
    if (trimmed === filters.q) return;
    const t = setTimeout(() => update({ q: trimmed }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(t);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- update is stable in effect (setState + router)
  }, [trimmed, filters.q]);

  const list = useQuery({
    queryKey: ["proposals", filters.state, filters.q, filters.mine, filters.page],
    queryFn: ({ signal }) => listProposals({ state: filters.state === "all" ? undefined : filters.state, q: filters.q, mine: filters.mine, page: filters.page }, signal),
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.rows ?? [];
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PROPOSALS_PAGE_SIZE));
  const clear = () => {
    setText("");
    update({ ...DEFAULT_PROPOSAL_FILTERS });
  };

  return (
    <div>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <p className="text-sm font-medium text-brand-700">Selling</p>
          <h1 className="mt-1 text-2xl font-semibold tracking-tight text-ink sm:text-[1.75rem]">Proposals</h1>
          <p className="mt-2 max-w-2xl text-[0.9375rem] leading-relaxed text-slate-600">
            Offers sent to clients at the agency&apos;s prices: what they opened, what they chose.
          </p>
        </div>
        <Button onClick={() => trayStore.open()}>
          <Plus aria-hidden className="size-4" />
          New proposal
        </Button>
      </div>

      <Filters filters={filters} text={text} onText={setText} onChange={update} onClear={clear} />

      <div className="mt-4 flex min-h-5 items-center text-sm text-slate-600" aria-live="polite">
        <p>{list.isPending ? "Loading proposals…" : rows.length === 0 ? "" : total === 1 ? "1 proposal" : `${total} proposals`}</p>
      </div>

      <div className="mt-3" aria-busy={list.isFetching || undefined}>
        {list.isPending ? (
          <ListSkeleton />
        ) : list.isError && rows.length === 0 ? (
          <Callout title="The proposals could not be loaded" className="max-w-2xl">
            <p>{list.error instanceof ApiError ? list.error.message : "Try again in a moment."}</p>
            <Button size="sm" variant="secondary" className="mt-3" onClick={() => void list.refetch()}>
              Try again
            </Button>
          </Callout>
        ) : rows.length === 0 ? (
          <EmptyState filtered={isFiltered(filters)} onClear={clear} />
        ) : (
          <div className={cn("transition-opacity", list.isPlaceholderData && "opacity-60")}>
            <ProposalsTable rows={rows} />
          </div>
        )}
      </div>

      {pages > 1 ? (
        <nav aria-label="Pages" className="mt-5 flex items-center justify-center gap-3 text-sm">
          <Button size="sm" variant="secondary" disabled={filters.page <= 1} onClick={() => update({ page: filters.page - 1 })}>
            Previous
          </Button>
          <span className="text-slate-600">
            Page {filters.page} of {pages}
          </span>
          <Button size="sm" variant="secondary" disabled={filters.page >= pages} onClick={() => update({ page: filters.page + 1 })}>
            Next
          </Button>
        </nav>
      ) : null}
    </div>
  );
}

function Filters({
  filters,
  text,
  onText,
  onChange,
  onClear,
}: {
  filters: ProposalFilters;
  text: string;
  onText: (t: string) => void;
  onChange: (f: Partial<ProposalFilters>) => void;
  onClear: () => void;
}) {
  const id = useId();
  return (
    <section aria-label="Filters" className="mt-6 rounded-xl border border-slate-200 bg-white p-4 shadow-[0_1px_2px_rgb(15_23_42/0.04)] sm:p-5">
      <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_12rem_auto] sm:items-end">
        <div>
          <label htmlFor={`${id}-q`} className="text-sm font-medium text-slate-800">
            Search proposals
          </label>
          <input
            id={`${id}-q`}
            type="search"
            value={text}
            onChange={(e) => onText(e.target.value)}
            placeholder="Reference, title or client"
            className={cn(inputClasses(false), "mt-1.5")}
          />
        </div>
        <label className="text-sm font-medium text-slate-800">
          State
          <Select className="mt-1.5" value={filters.state} onChange={(e) => onChange({ state: e.target.value as ProposalFilters["state"] })}>
            <option value="all">Any state</option>
            {PROPOSAL_STATES.map((s) => (
              <option key={s} value={s}>
                {STATE_WORDS[s].label}
              </option>
            ))}
          </Select>
        </label>
        <div role="group" aria-label="Whose proposals" className="inline-flex h-10 shrink-0 self-end rounded-lg border border-slate-300 bg-slate-50 p-0.5">
          {([
            [false, "Everyone"],
            [true, "Mine"],
          ] as const).map(([mine, label]) => (
            <button
              key={label}
              type="button"
              aria-pressed={filters.mine === mine}
              onClick={() => onChange({ mine })}
              className={cn(
                "rounded-md px-3 text-sm font-medium transition-colors",
                filters.mine === mine ? "bg-white text-ink shadow-xs ring-1 ring-slate-200" : "text-slate-600 hover:text-ink",
              )}
            >
              {label}
            </button>
          ))}
        </div>
      </div>
      {isFiltered(filters) ? (
        <Button variant="ghost" size="sm" className="mt-3" onClick={onClear}>
          Clear filters
        </Button>
      ) : null}
    </section>
  );
}

function ProposalsTable({ rows }: { rows: ProposalListRow[] }) {
  const zone = useTimeZone();
  const [now] = useState(() => Date.now());
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-[0_1px_2px_rgb(15_23_42/0.04)]">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Proposals</caption>
        <thead className="border-b border-slate-200 bg-slate-50/80 text-xs font-medium tracking-wide text-slate-500 uppercase">
          <tr>
            <th scope="col" className="px-4 py-2.5">Proposal</th>
            <th scope="col" className="px-3 py-2.5">State</th>
            <th scope="col" className="px-3 py-2.5">Client</th>
            <th scope="col" className="hidden px-3 py-2.5 md:table-cell">Valid until</th>
            <th scope="col" className="hidden px-3 py-2.5 lg:table-cell">Views</th>
            <th scope="col" className="px-4 py-2.5 text-right">Client total</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={row.id} className="relative align-top hover:bg-slate-50 focus-within:bg-brand-50/40">
              <td className="px-4 py-3">
                <IntentLink
                  href={`/proposals/${row.id}`}
                  className="font-medium text-brand-700 after:absolute after:inset-0 hover:underline focus:outline-none focus-visible:underline"
                >
                  {row.title}
                </IntentLink>
                <p className="mt-0.5 font-mono text-xs text-slate-500">
                  {row.reference} · {row.itemCount === 1 ? "1 item" : `${row.itemCount} items`}
                </p>
              </td>
              <td className="px-3 py-3">
                <ProposalStateBadge state={row.state} />
              </td>
              <td className="px-3 py-3">
                {/* Above the row's link (its ::after covers the row), so the client's page opens from their name. */}
                <p>
                  <Link href={`/clients/${encodeURIComponent(row.client.id)}`} className="relative z-[1] text-ink underline decoration-slate-300 underline-offset-2 hover:text-brand-700 hover:decoration-brand-600">
                    {row.client.name}
                  </Link>
                </p>
                <p className="text-xs text-slate-500">by {row.advisor.name}</p>
              </td>
              <td className="hidden px-3 py-3 whitespace-nowrap text-slate-700 md:table-cell">{formatDay(row.validUntil)}</td>
              <td className="hidden px-3 py-3 text-slate-700 lg:table-cell">{viewsText(row.views, now, zone)}</td>
              <td className="px-4 py-3 text-right font-semibold whitespace-nowrap text-ink tabular-nums">{totalText(row.total)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ListSkeleton() {
  return (
    <div className="rounded-xl border border-slate-200 bg-white" aria-hidden>
      {Array.from({ length: 5 }, (_, i) => (
        <div key={i} className="flex items-center gap-4 border-b border-slate-100 px-4 py-4 last:border-0">
          <div className="flex-1 space-y-2">
            <Skeleton className="h-4 w-56 max-w-full" />
            <Skeleton className="h-3 w-32" />
          </div>
          <Skeleton className="h-6 w-20 rounded-full" />
          <Skeleton className="hidden h-4 w-28 sm:block" />
          <Skeleton className="h-4 w-20" />
        </div>
      ))}
    </div>
  );
}

function EmptyState({ filtered, onClear }: { filtered: boolean; onClear: () => void }) {
  return (
    <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center">
      <span className="mx-auto grid size-10 place-items-center rounded-full bg-slate-100 text-slate-500">
        {filtered ? <SearchX aria-hidden className="size-5" /> : <FileText aria-hidden className="size-5" />}
      </span>
      <h2 className="mt-3 text-[0.9375rem] font-semibold text-ink">{filtered ? "No proposal matches these filters" : "No proposals yet"}</h2>
      <p className="mx-auto mt-1 max-w-md text-sm leading-relaxed text-slate-600">
        {filtered
          ? "Try another state or fewer words, or clear the filters."
          : "Search for hotels, flights, activities or transfers and use “Add to proposal” on the offers the client should see. The proposal collects them, priced with the agency's markup."}
      </p>
      <div className="mt-4 flex justify-center gap-2">
        {filtered ? (
          <Button size="sm" variant="secondary" onClick={onClear}>
            Clear filters
          </Button>
        ) : (
          <Link href="/search" className={buttonClasses({ size: "sm" })}>
            Search for offers
          </Link>
        )}
      </div>
    </div>
  );
}
