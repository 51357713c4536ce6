"use client";

import { useQuery } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import type { ReactNode } from "react";
import { useNow } from "@/components/bookings/actions/use-now";
import { useTimeZone } from "@/components/layout/time-zone";
import { productTypeMeta } from "@/components/status/product-types";
import { Button } from "@/components/ui/button";
import { Callout } from "@/components/ui/callout";
import { cn } from "@/components/ui/cn";
import { Skeleton } from "@/components/ui/skeleton";
import { apiGet, ApiError } from "@/lib/api-client";
import { OVERVIEW_RANGES, overviewSchema, type Overview, type OverviewRange } from "@/lib/bookings/overview";
import { ago } from "@/lib/format/dates";
import { lazily } from "@/lib/lazily";
import { formatMoney } from "@/lib/money";
import { BarsChart } from "./charts";
import { ProposalMargins } from "./proposal-margins";

// /admin/overview: the agency at a glance. Each chart sits beside a table of the same numbers.


// One formatter for the chart's day labels (`toLocaleDateString` with options makes one per call).
const shortDayFormat = lazily(() => new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", timeZone: "UTC" }));
const shortDay = (iso: string) => shortDayFormat().format(new Date(`${iso}T00:00:00Z`));

export function AgencyOverview({ range }: { range: OverviewRange }) {
  const router = useRouter();
  const now = useNow(30_000);
  const timeZone = useTimeZone();
  const q = useQuery({
    queryKey: ["overview", range],
    queryFn: ({ signal }) => apiGet("/api/admin/overview", overviewSchema, { query: { range }, signal }),
    refetchInterval: 60_000,
  });
  const data = q.data;
  return (
    <div>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <p className="text-sm font-medium text-brand-700">Administration</p>
          <h1 className="mt-1 text-2xl font-semibold tracking-tight text-ink sm:text-[1.75rem]">Agency overview</h1>
          <p className="mt-1 max-w-2xl text-sm text-slate-600">
            Bookings made in the period, what they sold and earned, by advisor and by product; the margin on bookings from proposals; cancellations and
            refunds; and credit in use.
          </p>
        </div>
        <div className="flex items-center gap-1 rounded-lg border border-slate-200 bg-white p-1 text-sm" role="group" aria-label="Period">
          {OVERVIEW_RANGES.map((r) => (
            <button
              key={r}
              type="button"
              aria-pressed={range === r}
              onClick={() => router.replace(`/admin/overview?range=${r}`)}
              className={cn("rounded-md px-3 py-1.5 font-medium", range === r ? "bg-brand-50 text-brand-700" : "text-slate-600 hover:bg-slate-100")}
            >
              Last {r} days
            </button>
          ))}
        </div>
      </div>
      <p className="mt-4 rounded-lg border border-slate-200 bg-white px-4 py-2.5 text-sm text-slate-600" aria-live="polite">
        {!data
          ? "Reading what the desk knows…"
          : data.checkedAt
            ? `From the agency's bookings as checked with the travel service ${ago(Date.parse(data.checkedAt), now.getTime(), timeZone)}; ${data.from} to ${data.to} (UTC).`
            : "The desk is checking the agency's bookings with the travel service for the first time; the figures fill in as it learns."}
      </p>

      <div className="mt-6">
        {q.isPending ? (
          <OverviewSkeleton />
        ) : q.isError && !data ? (
          <Callout title="The overview could not be loaded">
            <p>{q.error instanceof ApiError ? q.error.message : "Try again in a moment."}</p>
            <Button size="sm" className="mt-3" onClick={() => void q.refetch()}>
              Try again
            </Button>
          </Callout>
        ) : data ? (
          <Figures data={data} />
        ) : null}
      </div>
    </div>
  );
}

function Figures({ data }: { data: Overview }) {
  const money = (m: number) => formatMoney(m, data.currency);
  const t = data.totals;
  const empty = t.bookings === 0;
  return (
    <div className="space-y-6">
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Kpi label="Bookings" value={String(t.bookings)} detail={`${t.held} held · ${t.failed} failed`} />
        <Kpi label="Sales" value={money(t.salesMinor)} detail={t.otherCurrency ? `${t.otherCurrency} in other currencies not summed` : "Confirmed, pending and in review"} />
        <Kpi label="Earnings" value={money(t.earningsMinor)} detail={`Commission of ${t.earningsKnown} booking${t.earningsKnown === 1 ? "" : "s"} read in detail`} />
        <Kpi label="Cancelled" value={String(t.cancelled)} detail={`${t.refunded} refunded`} />
      </dl>

      <Credit used={data.credit.usedMinor} limit={data.credit.limitMinor} money={money} />

      {empty ? (
        <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
          <h2 className="text-base font-semibold text-ink">No bookings in the last {data.range} days</h2>
          <p className="mx-auto mt-1 max-w-md text-sm text-slate-600">Bookings the agency makes appear here, by day, advisor and product.</p>
        </div>
      ) : (
        <>
          <Panel
            title="Sales per day"
            chart={<BarsChart currency={data.currency} money data={data.byDay.map((d) => ({ label: shortDay(d.day), value: d.salesMinor }))} />}
            table={
              <Table
                caption="Bookings and sales per day"
                head={["Day", "Bookings", "Sales"]}
                rows={data.byDay.filter((d) => d.bookings > 0).map((d) => [shortDay(d.day), String(d.bookings), money(d.salesMinor)])}
                empty="No bookings"
              />
            }
          />
          <Panel
            title="By advisor"
            chart={<BarsChart currency={data.currency} money vertical height={Math.max(160, data.byAdvisor.length * 44)} data={data.byAdvisor.map((a) => ({ label: a.name, value: a.salesMinor }))} />}
            table={
              <Table
                caption="Bookings, sales and earnings by advisor"
                head={["Advisor", "Bookings", "Sales", "Earnings"]}
                rows={data.byAdvisor.map((a) => [a.name, String(a.bookings), money(a.salesMinor), money(a.earningsMinor)])}
                testId="by-advisor"
              />
            }
          />
          <Panel
            title="By product"
            chart={<BarsChart currency={data.currency} vertical height={Math.max(160, data.byProduct.length * 44)} data={data.byProduct.map((p) => ({ label: productTypeMeta(p.productType).label, value: p.bookings }))} />}
            table={
              <Table
                caption="Bookings, sales and earnings by product"
                head={["Product", "Bookings", "Sales", "Earnings"]}
                rows={data.byProduct.map((p) => [productTypeMeta(p.productType).label, String(p.bookings), money(p.salesMinor), money(p.earningsMinor)])}
              />
            }
          />
        </>
      )}

      <ProposalMargins data={data.proposals} currency={data.currency} range={data.range} />
    </div>
  );
}

function Kpi({ label, value, detail }: { label: string; value: string; detail: string }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white px-5 py-4">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold tracking-tight text-ink tabular-nums">{value}</dd>
      <dd className="mt-0.5 text-xs text-slate-500">{detail}</dd>
    </div>
  );
}

function Credit({ used, limit, money }: { used: number; limit: number | null; money: (m: number) => string }) {
  const share = limit ? Math.min(1, used / limit) : null;
  return (
    <section aria-labelledby="credit-title" className="rounded-xl border border-slate-200 bg-white px-5 py-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="credit-title" className="text-sm font-semibold text-ink">
          Credit in use
        </h2>
        <p className="text-sm text-slate-600 tabular-nums">
          <span className="font-semibold text-ink">{money(used)}</span>
          {limit !== null ? <> of {money(limit)}</> : null}
        </p>
      </div>
      {share !== null ? (
        <div
          className="mt-3 h-2.5 overflow-hidden rounded-full bg-slate-100"
          role="meter"
          aria-label="Credit in use"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(share * 100)}
          aria-valuetext={`${Math.round(share * 100)}% of the limit`}
        >
          <div className={cn("h-full rounded-full", share > 0.9 ? "bg-rose-500" : share > 0.75 ? "bg-amber-500" : "bg-brand-600")} style={{ width: `${share * 100}%` }} />
        </div>
      ) : null}
      <p className="mt-2 text-xs text-slate-500">
        Charged by the active bookings the desk knows (the travel service does not report the wallet).{" "}
        {limit === null ? "Set AGENCY_CREDIT_LIMIT to compare it with the agency's limit." : null}
      </p>
    </section>
  );
}

function Panel({ title, chart, table }: { title: string; chart: ReactNode; table: ReactNode }) {
  return (
    <section aria-label={title} className="rounded-xl border border-slate-200 bg-white">
      <h2 className="border-b border-slate-100 px-5 py-3 text-sm font-semibold text-ink">{title}</h2>
      <div className="grid gap-4 p-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:p-5">
        <div aria-hidden>{chart}</div>
        <div className="max-h-72 overflow-auto">{table}</div>
      </div>
    </section>
  );
}

function Table({ caption, head, rows, empty, testId }: { caption: string; head: string[]; rows: string[][]; empty?: string; testId?: string }) {
  return (
    <table className="w-full text-sm" data-testid={testId}>
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="text-left text-xs font-medium tracking-wide text-slate-500 uppercase">
          {head.map((h, i) => (
            <th key={h} scope="col" className={cn("pb-2", i > 0 && "text-right")}>
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 ? (
          <tr>
            <td colSpan={head.length} className="py-2 text-slate-500">
              {empty ?? "Nothing yet"}
            </td>
          </tr>
        ) : (
          rows.map((r) => (
            <tr key={r[0]} className="border-t border-slate-100">
              {r.map((c, i) =>
                i === 0 ? (
                  <th key={i} scope="row" className="py-1.5 pr-3 text-left font-medium text-ink">
                    {c}
                  </th>
                ) : (
                  <td key={i} className="py-1.5 text-right text-slate-700 tabular-nums">
                    {c}
                  </td>
                ),
              )}
            </tr>
          ))
        )}
      </tbody>
    </table>
  );
}

function OverviewSkeleton() {
  return (
    <div className="space-y-6" aria-busy="true">
      <p className="sr-only" role="status">
        Loading the overview…
      </p>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-24 rounded-xl" />
        ))}
      </div>
      <Skeleton className="h-20 rounded-xl" />
      <Skeleton className="h-72 rounded-xl" />
    </div>
  );
}
