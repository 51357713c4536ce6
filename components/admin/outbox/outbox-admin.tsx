"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ChevronLeft, ChevronRight, Inbox, Mail, Send } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useNow } from "@/components/bookings/actions/use-now";
import { useTimeZone } from "@/components/layout/time-zone";
import { apiGet, apiPost, ApiError } from "@/lib/api-client";
import { ago, formatInstant } from "@/lib/format/dates";
import { plural } from "@/lib/format/words";
import {
  formatAddress,
  MAIL_KIND_LABELS,
  MAIL_KINDS,
  outboxListSchema,
  outboxSearch,
  testMailAnswerSchema,
  type MailKind,
  type OutboxFilters,
  type OutboxItem,
  type OutboxList,
} from "@/lib/mail/shapes";
import { Button, buttonClasses } from "../../ui/button";
import { Callout } from "../../ui/callout";
import { Card, CardHeader } from "../../ui/card";
import { cn } from "../../ui/cn";
import { IntentLink } from "../../ui/intent-link";
import { Select } from "../../ui/select";
import { Skeleton } from "../../ui/skeleton";
import { AdminPageHeader } from "../admin-page-header";
import { MailModeBanner } from "./mail-mode-banner";
import { MailStatusBadge, kindLabel } from "./mail-status";

// /admin/outbox: every mail the desk sent or kept, newest first, by kind, a page at a time
// (filters in the URL); a banner says whether mail is really sent; a test mail checks the way.

export const outboxQueryKey = (filters: OutboxFilters) => ["outbox", filters.kind ?? "all", filters.page] as const;

export function OutboxAdmin({ filters }: { filters: OutboxFilters }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const [announcement, setAnnouncement] = useState("");
  const q = useQuery({
    queryKey: outboxQueryKey(filters),
    queryFn: ({ signal }) => apiGet("/api/admin/outbox", outboxListSchema, { query: { kind: filters.kind ?? undefined, page: filters.page > 1 ? filters.page : undefined }, signal }),
    // A mail sent by someone else's action appears without a reload.
    refetchInterval: 30_000,
  });
  const test = useMutation({
    mutationFn: () => apiPost("/api/admin/outbox/test", testMailAnswerSchema),
    onSuccess: ({ mail }) => {
      const to = mail.to[0]?.address ?? "you";
      setAnnouncement(
        mail.status === "sent"
          ? `Test mail sent to ${to}.`
          : mail.status === "kept"
            ? "Test mail kept in the outbox: no mail server is set, so nothing was sent."
            : `The test mail was not sent. ${mail.error ?? ""}`.trim(),
      );
      void queryClient.invalidateQueries({ queryKey: ["outbox"] });
      // The test mail is the newest: show it where it lands.
      if (filters.page !== 1 || (filters.kind && filters.kind !== "test")) router.push(`/admin/outbox${outboxSearch({ kind: null, page: 1 })}`);
    },
  });
  const go = (next: OutboxFilters) => router.push(`/admin/outbox${outboxSearch(next)}`);
  const data = q.data;

  return (
    <div className="space-y-6">
      <AdminPageHeader
        title="Outbox"
        action={
          <Button variant="secondary" className="self-start sm:self-auto" pending={test.isPending} onClick={() => test.mutate()}>
            <Send className="size-4" />
            Send a test mail
          </Button>
        }
      >
        Every mail the desk sends in the agency&apos;s name: proposals to clients, reminders and notifications to advisors. Open one to read it as it
        went out.
      </AdminPageHeader>

      <p role="status" className={cn(announcement ? "rounded-lg border border-slate-200 bg-white px-4 py-2.5 text-sm text-slate-700" : "sr-only")}>
        {announcement}
      </p>
      {test.isError ? (
        <Callout title="The test mail could not be sent">{test.error instanceof ApiError ? test.error.message : "Try again in a moment."}</Callout>
      ) : null}

      {data ? <MailModeBanner mode={data.mode} /> : q.isPending ? <Skeleton className="h-[4.5rem] w-full rounded-xl" /> : null}

      <Card aria-labelledby="outbox-title">
        <CardHeader
          icon={<Inbox className="size-5" />}
          title="Mail"
          titleId="outbox-title"
          description={data ? describeCount(data.total, filters.kind) : "Reading the outbox…"}
          action={
            <label className="flex items-center gap-2 text-sm text-slate-600">
              <span className="whitespace-nowrap">Kind</span>
              <Select size="sm" className="w-40" value={filters.kind ?? ""} onChange={(e) => go({ kind: (e.target.value || null) as MailKind | null, page: 1 })}>
                <option value="">All kinds</option>
                {MAIL_KINDS.map((k) => (
                  <option key={k} value={k}>
                    {MAIL_KIND_LABELS[k]}
                  </option>
                ))}
              </Select>
            </label>
          }
        />
        {q.isPending ? (
          <ListSkeleton />
        ) : q.isError && !data ? (
          <div className="p-5 sm:p-6">
            <Callout title="The outbox could not be loaded">
              <p>{q.error instanceof ApiError ? q.error.message : "Try again in a moment."}</p>
              <Button size="sm" className="mt-3" onClick={() => void q.refetch()}>
                Try again
              </Button>
            </Callout>
          </div>
        ) : data && data.items.length === 0 ? (
          <EmptyOutbox filters={filters} total={data.total} onTest={() => test.mutate()} testing={test.isPending} />
        ) : data ? (
          <MailList items={data.items} filters={filters} />
        ) : null}
        {data && data.total > data.pageSize ? <Pager data={data} filters={filters} /> : null}
      </Card>
    </div>
  );
}

function describeCount(total: number, kind: MailKind | null): string {
  const kindWord = kind ? `${MAIL_KIND_LABELS[kind].toLowerCase()} ` : "";
  if (total === 0) return `No ${kindWord}mail yet`;
  return `${total.toLocaleString("en-US")} ${kindWord}${total === 1 ? "mail" : "mails"}, newest first`;
}

const ROW = "xl:col-span-full xl:grid xl:grid-cols-subgrid xl:items-center";

function MailList({ items, filters }: { items: OutboxItem[]; filters: OutboxFilters }) {
  const timeZone = useTimeZone();
  const now = useNow(30_000);
  return (
    <ul role="list" aria-labelledby="outbox-title" className="divide-y divide-slate-100 xl:grid xl:grid-cols-[auto_minmax(0,1fr)_auto_auto] xl:gap-x-6">
      <li aria-hidden className={cn("hidden bg-slate-50/70 px-6 py-2.5 text-xs font-medium tracking-wide text-slate-500 uppercase", ROW)}>
        <span>Status</span>
        <span>Mail</span>
        <span>Kind</span>
        <span className="text-right">When</span>
      </li>
      {items.map((m) => (
        <li key={m.id} className={cn("relative px-5 py-4 hover:bg-slate-50/70 sm:px-6 xl:py-3", ROW)}>
          <div className="mb-1.5 flex items-center justify-between gap-3 xl:mb-0 xl:block">
            <MailStatusBadge status={m.status} />
            <span className="text-xs text-slate-500 xl:hidden">{ago(Date.parse(m.createdAt), now.getTime(), timeZone)}</span>
          </div>
          <div className="min-w-0">
            <IntentLink
              href={`/admin/outbox/${m.id}${outboxSearch(filters)}`}
              className="block truncate text-[0.9375rem] font-medium text-ink after:absolute after:inset-0 hover:text-brand-700 focus-visible:outline-none focus-visible:after:ring-2 focus-visible:after:ring-brand-500 focus-visible:after:ring-inset"
            >
              {m.subject}
            </IntentLink>
            <p className="mt-0.5 truncate text-sm text-slate-600">
              <span className="sr-only">To </span>
              {recipients(m)}
              {m.reference ? <span className="text-slate-500"> · {m.reference}</span> : null}
              {m.sentBy ? <span className="text-slate-500"> · by {m.sentBy}</span> : null}
            </p>
            {m.status === "failed" && m.error ? <p className="mt-1 text-sm text-rose-700">{m.error}</p> : null}
          </div>
          <p className="mt-1 text-xs text-slate-500 xl:mt-0 xl:text-sm xl:text-slate-600">
            <span className="sr-only">Kind: </span>
            {kindLabel(m.kind)}
          </p>
          <p className="hidden text-right text-sm whitespace-nowrap text-slate-600 tabular-nums xl:block" title={formatInstant(m.createdAt, timeZone)}>
            {ago(Date.parse(m.createdAt), now.getTime(), timeZone)}
          </p>
        </li>
      ))}
    </ul>
  );
}

function recipients(m: OutboxItem): string {
  const [first, ...rest] = m.to;
  if (!first) return "no recipient";
  return rest.length > 0 ? `${formatAddress(first)} and ${plural(rest.length, "other")}` : formatAddress(first);
}

function Pager({ data, filters }: { data: OutboxList; filters: OutboxFilters }) {
  const pages = Math.max(1, Math.ceil(data.total / data.pageSize));
  const link = (page: number, label: string, Icon: typeof ChevronLeft, rel: "prev" | "next") => (
    <Link href={`/admin/outbox${outboxSearch({ ...filters, page })}`} rel={rel} className={buttonClasses({ variant: "secondary", size: "sm" })}>
      {rel === "prev" ? <Icon className="size-4" aria-hidden /> : null}
      {label}
      {rel === "next" ? <Icon className="size-4" aria-hidden /> : null}
    </Link>
  );
  return (
    <nav aria-label="Pages of the outbox" className="flex items-center justify-between gap-3 border-t border-slate-100 px-5 py-3 text-sm text-slate-600 sm:px-6">
      <div>{data.page > 1 ? link(data.page - 1, "Newer", ChevronLeft, "prev") : null}</div>
      <p className="tabular-nums">
        Page {data.page} of {pages}
      </p>
      <div>{data.page < pages ? link(data.page + 1, "Older", ChevronRight, "next") : null}</div>
    </nav>
  );
}

function EmptyOutbox({ filters, total, onTest, testing }: { filters: OutboxFilters; total: number; onTest: () => void; testing: boolean }) {
  const beyond = filters.page > 1 && total > 0;
  return (
    <div className="px-6 py-12 text-center">
      <span className="mx-auto grid size-11 place-items-center rounded-full bg-brand-50 text-brand-700 ring-1 ring-brand-100 ring-inset">
        <Mail className="size-5" />
      </span>
      <h2 className="mt-3 text-[0.9375rem] font-semibold text-ink">
        {beyond ? "This page is past the last mail" : filters.kind ? `No ${MAIL_KIND_LABELS[filters.kind].toLowerCase()} mail yet` : "No mail yet"}
      </h2>
      <p className="mx-auto mt-1 max-w-sm text-sm text-slate-500">
        {beyond
          ? "The outbox has fewer mails than that. Go back to the first page."
          : "Proposals, reminders and notifications the desk sends appear here. Send a test mail to see how mail goes out."}
      </p>
      <div className="mt-4 flex justify-center gap-2">
        {beyond || filters.kind ? (
          <Link href="/admin/outbox" className={buttonClasses({ variant: "secondary" })}>
            {beyond ? "First page" : "All kinds"}
          </Link>
        ) : null}
        {beyond ? null : (
          <Button variant="secondary" pending={testing} onClick={onTest}>
            <Send className="size-4" />
            Send a test mail
          </Button>
        )}
      </div>
    </div>
  );
}

/** Four rows drawn as the list's: a state, a subject over its recipient, a time. */
function ListSkeleton() {
  const row = ["h-6 w-16 shrink-0 rounded-full", "h-10 flex-1", "hidden h-4 w-20 sm:block"];
  return (
    <ul aria-hidden className="divide-y divide-slate-100">
      {[0, 1, 2, 3].map((i) => (
        <li key={i} className="flex items-start gap-4 px-5 py-4 sm:px-6">
          {row.map((c) => (
            <Skeleton key={c} className={c} />
          ))}
        </li>
      ))}
    </ul>
  );
}
