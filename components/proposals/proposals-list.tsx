"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { FileText, Plus, SearchX } from "lucide-react";
import Link from "next/link";
import { useId, useState } from "react";
import { useTimeZone } from "@/components/layout/time-zone";
import { Button, buttonClasses } from "@/components/ui/button";
import { Callout } from "@/components/ui/callout";
import { cn } from "@/components/ui/cn";
import { IntentLink } from "@/components/ui/intent-link";
import { EmptyCard, FilterCard, MineToggle, Pager, rowLinkClasses, SearchField, SkeletonRows, SkeletonTitle, TableCard, tableRowClasses, useListFilters } from "@/components/ui/list-parts";
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

/** /proposals: the advisor's proposals (an admin's: the agency's), filtered in the URL. */
export function ProposalsList({ initialFilters }: { initialFilters: ProposalFilters }) {
  const { filters, update, text, setText, clear } = useListFilters(initialFilters, { href: proposalsHref, defaults: DEFAULT_PROPOSAL_FILTERS, queryMax: PROPOSAL_QUERY_MAX });
  const list = useQuery({
    queryKey: ["proposals", filters.state, filters.q, filters.mine, filters.page],
    queryFn: ({ signal }) => listProposals({ state: filters.state === "all" ? undefined : filters.state, q: filters.q, mine: filters.mine, page: filters.page }, signal),
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.rows ?? [];
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PROPOSALS_PAGE_SIZE));

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
          <SkeletonRows label="Loading proposals">
            <SkeletonTitle width="w-56" under="w-32" />
            <Skeleton className="h-6 w-20 rounded-full" />
            <Skeleton className="hidden h-4 w-28 sm:block" />
            <Skeleton className="h-4 w-20" />
          </SkeletonRows>
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

      <Pager page={filters.page} pages={pages} onPage={(page) => update({ page })} />
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
    <FilterCard label="Filters">
      <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_12rem_auto] sm:items-end">
        <div>
          <SearchField id={`${id}-q`} label="Search proposals" value={text} onChange={onText} placeholder="Reference, title or client" />
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
        <MineToggle label="Whose proposals" mine={filters.mine} onChange={(mine) => onChange({ mine })} className="self-end" />
      </div>
      {isFiltered(filters) ? (
        <Button variant="ghost" size="sm" className="mt-3" onClick={onClear}>
          Clear filters
        </Button>
      ) : null}
    </FilterCard>
  );
}

const COLUMNS = [
  { label: "Proposal", className: "px-4" },
  { label: "State" },
  { label: "Client" },
  { label: "Valid until", className: "hidden px-3 md:table-cell" },
  { label: "Views", className: "hidden px-3 lg:table-cell" },
  { label: "Client total", className: "px-4 text-right" },
];

function ProposalsTable({ rows }: { rows: ProposalListRow[] }) {
  const zone = useTimeZone();
  const [now] = useState(() => Date.now());
  return (
    <TableCard caption="Proposals" columns={COLUMNS}>
      {rows.map((row) => (
        <tr key={row.id} className={tableRowClasses}>
          <td className="px-4 py-3">
            <IntentLink href={`/proposals/${row.id}`} className={rowLinkClasses}>
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
    </TableCard>
  );
}

function EmptyState({ filtered, onClear }: { filtered: boolean; onClear: () => void }) {
  return (
    <EmptyCard
      icon={filtered ? SearchX : FileText}
      title={filtered ? "No proposal matches these filters" : "No proposals yet"}
      actions={
        filtered ? (
          <Button size="sm" variant="secondary" onClick={onClear}>
            Clear filters
          </Button>
        ) : (
          <Link href="/search" className={buttonClasses({ size: "sm" })}>
            Search for offers
          </Link>
        )
      }
    >
      {filtered
        ? "Try another state or fewer words, or clear the filters."
        : "Search for hotels, flights, activities or transfers and use “Add to proposal” on the offers the client should see. The proposal collects them, priced with the agency's markup."}
    </EmptyCard>
  );
}
