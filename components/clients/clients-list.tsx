"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { SearchX, UsersRound } from "lucide-react";
import Link from "next/link";
import { useId, useState } from "react";
import { useTimeZone } from "@/components/layout/time-zone";
import { Button, buttonClasses } from "@/components/ui/button";
import { Callout } from "@/components/ui/callout";
import { cn } from "@/components/ui/cn";
import { IntentLink } from "@/components/ui/intent-link";
import { EmptyCard, FilterCard, Pager, rowLinkClasses, SearchField, SkeletonRows, SkeletonTitle, TableCard, tableRowClasses, useListFilters } from "@/components/ui/list-parts";
import { Skeleton } from "@/components/ui/skeleton";
import { ApiError } from "@/lib/api-client";
import { ago, formatInstant } from "@/lib/format/dates";
import { CLIENTS_PAGE_SIZE, type ClientListRow } from "@/lib/proposals/model";
import { clientListKey, listClients } from "./api";
import { CLIENT_QUERY_MAX, clientHref, clientsHref, DEFAULT_CLIENT_FILTERS, type ClientFilters } from "./filters";

/**
 * /clients: the agency's clients, searched by name, email or phone (the search in the URL), each
 * with the proposals and bookings the advisor may see (their own; an admin's: everyone's).
 */
export function ClientsList({ initialFilters, admin }: { initialFilters: ClientFilters; admin: boolean }) {
  const { filters, update, text, setText, clear } = useListFilters(initialFilters, { href: clientsHref, defaults: DEFAULT_CLIENT_FILTERS, queryMax: CLIENT_QUERY_MAX });
  const list = useQuery({
    queryKey: [...clientListKey, filters.q, filters.page],
    queryFn: ({ signal }) => listClients({ q: filters.q, page: filters.page }, signal),
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.rows ?? [];
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / CLIENTS_PAGE_SIZE));
  const id = useId();

  return (
    <div>
      <div>
        <p className="text-sm font-medium text-brand-700">Selling</p>
        <h1 className="mt-1 text-2xl font-semibold tracking-tight text-ink sm:text-[1.75rem]">Clients</h1>
        <p className="mt-2 max-w-2xl text-[0.9375rem] leading-relaxed text-slate-600">
          The agency&apos;s clients, shared by every advisor, with{" "}
          {admin ? "every advisor's proposals to them and what was booked from those." : "your proposals to them and what you booked from those."}
        </p>
      </div>

      <FilterCard label="Search">
        <SearchField id={`${id}-q`} label="Search clients" value={text} onChange={setText} placeholder="Name, email or phone" />
      </FilterCard>

      <div className="mt-4 flex min-h-5 items-center text-sm text-slate-600" aria-live="polite">
        <p>{list.isPending ? "Loading clients…" : rows.length === 0 ? "" : total === 1 ? "1 client" : `${total} clients`}</p>
      </div>

      <div className="mt-3" aria-busy={list.isFetching || undefined}>
        {list.isPending ? (
          <SkeletonRows label="Loading clients">
            <SkeletonTitle />
            <Skeleton className="h-4 w-8" />
            <Skeleton className="h-4 w-8" />
            <Skeleton className="h-4 w-20" />
          </SkeletonRows>
        ) : list.isError && rows.length === 0 ? (
          <Callout title="The clients could not be loaded" className="max-w-2xl">
            <p>{list.error instanceof ApiError ? list.error.message : "Try again in a moment."}</p>
            <Button size="sm" variant="secondary" className="mt-3" onClick={() => void list.refetch()}>
              Try again
            </Button>
          </Callout>
        ) : rows.length === 0 ? (
          <EmptyState query={filters.q} onClear={clear} />
        ) : (
          <div className={cn("transition-opacity", list.isPlaceholderData && "opacity-60")}>
            <ClientsTable rows={rows} />
          </div>
        )}
      </div>

      <Pager page={filters.page} pages={pages} onPage={(page) => update({ page })} />
    </div>
  );
}

const count = (n: number, one: string, many: string) => (n === 1 ? `1 ${one}` : `${n} ${many}`);

const COLUMNS = [
  { label: "Client", className: "px-4" },
  { label: "Email and phone", className: "hidden px-3 md:table-cell" },
  { label: "Proposals", className: "px-3 text-right" },
  { label: "Bookings", className: "px-3 text-right" },
  { label: "Last activity", className: "px-4 text-right" },
];

function ClientsTable({ rows }: { rows: ClientListRow[] }) {
  const zone = useTimeZone();
  const [now] = useState(() => Date.now());
  return (
    <TableCard caption="Clients" columns={COLUMNS}>
      {rows.map((row) => (
        <tr key={row.id} className={tableRowClasses}>
          <td className="max-w-[14rem] px-4 py-3">
            <IntentLink href={clientHref(row.id)} className={cn(rowLinkClasses, "break-words")}>
              {row.name}
            </IntentLink>
            {/* Narrow screens: the contact under the name, the column being hidden. */}
            <p className="mt-0.5 truncate text-xs text-slate-500 md:hidden">{row.email}</p>
          </td>
          <td className="hidden px-3 py-3 md:table-cell">
            <p className="break-all text-ink">{row.email}</p>
            <p className="text-xs text-slate-500">{row.phone || "No phone"}</p>
          </td>
          <td className="px-3 py-3 text-right text-ink tabular-nums">
            <span aria-hidden>{row.proposalCount}</span>
            <span className="sr-only">{count(row.proposalCount, "proposal", "proposals")}</span>
          </td>
          <td className="px-3 py-3 text-right text-ink tabular-nums">
            <span aria-hidden>{row.bookingCount}</span>
            <span className="sr-only">{count(row.bookingCount, "booking", "bookings")}</span>
          </td>
          <td className="px-4 py-3 text-right whitespace-nowrap text-slate-700">
            <time dateTime={row.lastActivityAt} title={formatInstant(row.lastActivityAt, zone)}>
              {ago(Date.parse(row.lastActivityAt), now, zone)}
            </time>
          </td>
        </tr>
      ))}
    </TableCard>
  );
}

function EmptyState({ query, onClear }: { query: string; onClear: () => void }) {
  return (
    <EmptyCard
      icon={query ? SearchX : UsersRound}
      title={query ? `No client matches “${query}”` : "No clients yet"}
      actions={
        query ? (
          <Button size="sm" variant="secondary" onClick={onClear}>
            Clear the search
          </Button>
        ) : (
          <Link href="/proposals" className={buttonClasses({ size: "sm" })}>
            Go to proposals
          </Link>
        )
      }
    >
      {query
        ? "Search by a part of the name or email address, or by the phone number's digits; or clear the search."
        : "A client is added when you start a proposal: choose “New client” in its start form. Each client then has a page here with their proposals and what was booked from them."}
    </EmptyCard>
  );
}
