"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { SearchX, UsersRound } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useId, useState } from "react";
import { useTimeZone } from "@/components/layout/time-zone";
import { Button, buttonClasses } from "@/components/ui/button";
import { Callout } from "@/components/ui/callout";
import { cn } from "@/components/ui/cn";
import { inputClasses } from "@/components/ui/field";
import { IntentLink } from "@/components/ui/intent-link";
import { Skeleton } from "@/components/ui/skeleton";
import { ApiError } from "@/lib/api-client";
import { ago, formatInstant } from "@/lib/format/dates";
import { CLIENTS_PAGE_SIZE, type ClientListRow } from "@/lib/proposals/model";
import { clientListKey, listClients } from "./api";
import { CLIENT_QUERY_MAX, clientHref, clientsHref, DEFAULT_CLIENT_FILTERS, type ClientFilters } from "./filters";

const SEARCH_DEBOUNCE_MS = 300;

/**
 * /clients: the agency's clients, searched by name, email or phone (the search in the URL), each
 * with the proposals and bookings the advisor may see (their own; an admin's: everyone's).
 */
export function ClientsList({ initialFilters, admin }: { initialFilters: ClientFilters; admin: boolean }) {
  const router = useRouter();
  const [filters, setFilters] = useState(initialFilters);
  const [text, setText] = useState(initialFilters.q);
  const update = (next: Partial<ClientFilters>) => {
    // A new search goes back to the first page.
    const merged = { ...filters, page: 1, ...next };
    setFilters(merged);
    router.replace(clientsHref(merged), { scroll: false });
  };
  const trimmed = text.trim().slice(0, CLIENT_QUERY_MAX);
  useEffect(() => {
    if (trimmed === filters.q) return;
    const t = setTimeout(() => update({ q: trimmed }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(t);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- update is stable in effect (setState + router)
  }, [trimmed, filters.q]);

  const list = useQuery({
    queryKey: [...clientListKey, filters.q, filters.page],
    queryFn: ({ signal }) => listClients({ q: filters.q, page: filters.page }, signal),
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.rows ?? [];
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / CLIENTS_PAGE_SIZE));
  const clear = () => {
    setText("");
    update({ ...DEFAULT_CLIENT_FILTERS });
  };
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

      <section aria-label="Search" className="mt-6 rounded-xl border border-slate-200 bg-white p-4 shadow-[0_1px_2px_rgb(15_23_42/0.04)] sm:p-5">
        <label htmlFor={`${id}-q`} className="text-sm font-medium text-slate-800">
          Search clients
        </label>
        <input
          id={`${id}-q`}
          type="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder="Name, email or phone"
          autoComplete="off"
          className={cn(inputClasses(false), "mt-1.5")}
        />
      </section>

      <div className="mt-4 flex min-h-5 items-center text-sm text-slate-600" aria-live="polite">
        <p>{list.isPending ? "Loading clients…" : rows.length === 0 ? "" : total === 1 ? "1 client" : `${total} clients`}</p>
      </div>

      <div className="mt-3" aria-busy={list.isFetching || undefined}>
        {list.isPending ? (
          <ListSkeleton />
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

const count = (n: number, one: string, many: string) => (n === 1 ? `1 ${one}` : `${n} ${many}`);

function ClientsTable({ rows }: { rows: ClientListRow[] }) {
  const zone = useTimeZone();
  const [now] = useState(() => Date.now());
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-[0_1px_2px_rgb(15_23_42/0.04)]">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Clients</caption>
        <thead className="border-b border-slate-200 bg-slate-50/80 text-xs font-medium tracking-wide text-slate-500 uppercase">
          <tr>
            <th scope="col" className="px-4 py-2.5">Client</th>
            <th scope="col" className="hidden px-3 py-2.5 md:table-cell">Email and phone</th>
            <th scope="col" className="px-3 py-2.5 text-right">Proposals</th>
            <th scope="col" className="px-3 py-2.5 text-right">Bookings</th>
            <th scope="col" className="px-4 py-2.5 text-right">Last activity</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={row.id} className="relative align-top hover:bg-slate-50 focus-within:bg-brand-50/40">
              <td className="max-w-[14rem] px-4 py-3">
                <IntentLink
                  href={clientHref(row.id)}
                  className="font-medium break-words text-brand-700 after:absolute after:inset-0 hover:underline focus:outline-none focus-visible:underline"
                >
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
            <Skeleton className="h-4 w-44 max-w-full" />
            <Skeleton className="h-3 w-56 max-w-full" />
          </div>
          <Skeleton className="h-4 w-8" />
          <Skeleton className="h-4 w-8" />
          <Skeleton className="h-4 w-20" />
        </div>
      ))}
    </div>
  );
}

function EmptyState({ query, onClear }: { query: string; onClear: () => void }) {
  return (
    <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center">
      <span className="mx-auto grid size-10 place-items-center rounded-full bg-slate-100 text-slate-500">
        {query ? <SearchX aria-hidden className="size-5" /> : <UsersRound aria-hidden className="size-5" />}
      </span>
      <h2 className="mt-3 text-[0.9375rem] font-semibold text-ink">{query ? `No client matches “${query}”` : "No clients yet"}</h2>
      <p className="mx-auto mt-1 max-w-md text-sm leading-relaxed text-slate-600">
        {query
          ? "Search by a part of the name or email address, or by the phone number's digits; or clear the search."
          : "A client is added when you start a proposal: choose “New client” in its start form. Each client then has a page here with their proposals and what was booked from them."}
      </p>
      <div className="mt-4 flex justify-center gap-2">
        {query ? (
          <Button size="sm" variant="secondary" onClick={onClear}>
            Clear the search
          </Button>
        ) : (
          <Link href="/proposals" className={buttonClasses({ size: "sm" })}>
            Go to proposals
          </Link>
        )}
      </div>
    </div>
  );
}
