"use client";

import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { BellRing, CheckCircle2, RefreshCw } from "lucide-react";
import { useRouter } from "next/navigation";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { bookingQueryKey } from "@/components/bookings/actions/use-booking-step";
import { countdown, useNow } from "@/components/bookings/actions/use-now";
import { BookingStateBadge, bookingStateView } from "@/components/bookings/booking-state";
import { useTimeZone } from "@/components/layout/time-zone";
import { productTypeMeta } from "@/components/status/product-types";
import { Button, buttonClasses } from "@/components/ui/button";
import { Callout } from "@/components/ui/callout";
import { cn } from "@/components/ui/cn";
import { IntentLink } from "@/components/ui/intent-link";
import { Skeleton } from "@/components/ui/skeleton";
import { apiGet, ApiError } from "@/lib/api-client";
import { attentionResponseSchema, REASON_VIEW, type AttentionReason, type AttentionResponse } from "@/lib/bookings/attention";
import { FREE_CANCELLATION_UNTIL, PAY_BY } from "@/lib/bookings/deadlines";
import { bookingHref } from "@/lib/bookings/filters";
import { bookingPageSchema, type BookingPageData } from "@/lib/bookings/schemas";
import { ago, formatInstant, formatTravelTime, travelMoment } from "@/lib/format/dates";
import { formatMoney } from "@/lib/money";
import { bookingActions } from "@/lib/tds/contract/adapter";
import { ChosenProposals } from "./chosen-proposals";

// The actions (paying a hold, cancelling, sending a voucher, following a pending booking) are the
// booking page's own panels; their code (React Aria's radio group, the voucher's form) loads when
// an action is first reached for, not with the list.
const loaders = {
  pay: () => import("@/components/bookings/actions/pay-hold"),
  cancel: () => import("@/components/bookings/actions/cancel-booking"),
  email: () => import("@/components/bookings/actions/email-voucher"),
  refresh: () => import("@/components/bookings/actions/follow-status"),
};
const PayHold = lazy(() => loaders.pay().then((m) => ({ default: m.PayHold })));
const CancelBooking = lazy(() => loaders.cancel().then((m) => ({ default: m.CancelBooking })));
const EmailVoucher = lazy(() => loaders.email().then((m) => ({ default: m.EmailVoucher })));
const FollowPending = lazy(() => loaders.refresh().then((m) => ({ default: m.FollowPending })));
const preloadAction = (action: keyof typeof loaders) => void loaders[action]().catch(() => {});

type Item = AttentionResponse["items"][number];
/** `admin`: the rows say whose proposal each is (an advisor sees only their own). */
type Me = { id: string; email: string; admin?: boolean };

export const attentionQueryKey = (mine: boolean, limit: number) => ["attention", mine ? "mine" : "all", limit] as const;
/** Rows asked for at first, and added by "Show more" (the server's ATTENTION_PAGE). */
const PAGE = 100;
export const ATTENTION_COUNT_KEY = ["attention-count"] as const;
/** The list is read again this often while the page is open (the service is checked at most every minute). */
const REREAD_MS = 30_000;

const ACTION_LABEL = { pay: "Pay the hold", cancel: "Cancel", refresh: "Check status", email: "Email voucher", open: "Open" } as const;

/**
 * /attention: proposals whose client chose, to book (the latest choice first); then bookings whose
 * deadlines cost money if they slip, nearest first, each with its action in place.
 */
export function AttentionDesk({ mine, me }: { mine: boolean; me: Me }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const now = useNow(30_000);
  const timeZone = useTimeZone();
  const [checkingNow, setCheckingNow] = useState(false);
  const [limit, setLimit] = useState(PAGE);
  const list = useQuery({
    queryKey: attentionQueryKey(mine, limit),
    queryFn: ({ signal }) => apiGet("/api/attention", attentionResponseSchema, { query: { ...(mine ? { mine: 1 } : {}), limit }, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.checking || q.state.data?.checkedAt === null ? 5_000 : REREAD_MS),
  });
  const data = list.data;

  const checkNow = async () => {
    setCheckingNow(true);
    try {
      const fresh = await apiGet("/api/attention", attentionResponseSchema, { query: { ...(mine ? { mine: 1 } : {}), check: 1, limit } });
      queryClient.setQueryData(attentionQueryKey(mine, limit), fresh);
      void queryClient.invalidateQueries({ queryKey: ATTENTION_COUNT_KEY });
    } catch {
      void list.refetch();
    } finally {
      setCheckingNow(false);
    }
  };
  // How the last action went, kept here: its row leaves the list once the deadline is dealt with.
  const [notice, setNotice] = useState<string | null>(null);
  const changed = (orderRef: string, message: string) => {
    setNotice(`${orderRef}: ${message}`);
    void queryClient.invalidateQueries({ queryKey: ["attention"] });
    void queryClient.invalidateQueries({ queryKey: ATTENTION_COUNT_KEY });
  };

  return (
    <div>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-ink sm:text-[1.75rem]">Needs attention</h1>
          <p className="mt-1 max-w-2xl text-sm text-slate-600">
            Proposals whose client chose and that are not booked yet; then holds due for payment within 48 hours, free cancellation ending
            within 72 hours, bookings still waiting for the supplier, failed or in review, and trips within 7 days whose voucher has not been
            sent. Nearest deadline first, in your time zone.
          </p>
        </div>
        <div className="flex items-center gap-1 rounded-lg border border-slate-200 bg-white p-1 text-sm" role="group" aria-label="Whose bookings">
          {([false, true] as const).map((m) => (
            <button
              key={String(m)}
              type="button"
              aria-pressed={mine === m}
              onClick={() => router.replace(m ? "/attention?mine=1" : "/attention")}
              className={cn("rounded-md px-3 py-1.5 font-medium", mine === m ? "bg-brand-50 text-brand-700" : "text-slate-600 hover:bg-slate-100")}
            >
              {m ? "Mine" : "Everyone"}
            </button>
          ))}
        </div>
      </div>

      <div className="mt-4 flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 bg-white px-4 py-2.5 text-sm text-slate-600" data-testid="freshness">
        <p aria-live="polite">
          {!data
            ? "Reading what the desk knows…"
            : data.checkedAt
              ? `Checked with the travel service ${ago(Date.parse(data.checkedAt), now.getTime(), timeZone)}${data.checking ? "; checking again now…" : "."}`
              : "The desk is checking the agency's bookings with the travel service for the first time…"}
        </p>
        <Button variant="secondary" size="sm" onClick={() => void checkNow()} pending={checkingNow}>
          {!checkingNow ? <RefreshCw className="size-3.5" aria-hidden /> : null}
          Check now
        </Button>
      </div>

      {notice ? (
        <p role="status" data-testid="attention-outcome" className="mt-4 rounded-xl border border-emerald-200 bg-emerald-50/70 px-4 py-3 text-sm text-emerald-900">
          {notice}
        </p>
      ) : null}

      <div className="mt-6">
        {list.isPending ? (
          <AttentionSkeleton />
        ) : list.isError && !data ? (
          <Callout title="Needs attention could not be loaded">
            <p>{list.error instanceof ApiError ? list.error.message : "Try again in a moment."}</p>
            <Button size="sm" className="mt-3" onClick={() => void list.refetch()}>
              Try again
            </Button>
          </Callout>
        ) : data && data.items.length === 0 && data.proposals.length === 0 ? (
          <Empty mine={mine} checked={data.checkedAt !== null} />
        ) : data ? (
          <div className="space-y-8">
            {data.proposals.length > 0 ? <ChosenProposals proposals={data.proposals} now={now} me={me} showAdvisor={!!me.admin} /> : null}
            <div>
              {data.proposals.length > 0 ? <h2 className="mb-0.5 text-base font-semibold text-ink">Bookings</h2> : null}
              {data.items.length === 0 ? (
                <p className="text-sm text-slate-600" data-testid="attention-count">
                  {data.checkedAt !== null
                    ? `No booking needs attention${mine ? " among yours" : ""}.`
                    : "The desk is still checking the agency's bookings with the travel service; those that need attention appear here as it learns."}
                </p>
              ) : (
                <>
                  <p className="mb-3 text-sm text-slate-600" data-testid="attention-count">
                    {data.total === 1 ? "1 booking needs attention" : `${data.total} bookings need attention`}
                    {mine ? " among yours" : ""}.
                  </p>
                  <ul className="space-y-3">
                    {data.items.map((item) => (
                      <AttentionRow key={item.bookingId} item={item} now={now} me={me} onChanged={changed} />
                    ))}
                  </ul>
                  {data.items.length < data.total ? (
                    <div className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm text-slate-600">
                      <p>
                        Showing the {data.items.length} nearest of {data.total}.
                      </p>
                      <Button variant="secondary" size="sm" onClick={() => setLimit((n) => n + PAGE)} pending={list.isFetching && list.isPlaceholderData}>
                        Show {Math.min(PAGE, data.total - data.items.length)} more
                      </Button>
                    </div>
                  ) : null}
                </>
              )}
            </div>
          </div>
        ) : null}
      </div>
    </div>
  );
}

/** What the row says of its first reason's deadline: "Pay by …", "Free cancellation until …", "Travels …". */
function deadlineLine(item: Item, reason: AttentionReason, deadline: string, timeZone: string): { text: string; exact: boolean } {
  switch (reason) {
    case "hold_deadline":
      return { text: `${PAY_BY} ${formatInstant(deadline, timeZone)}`, exact: true };
    case "free_cancel_ends":
      return { text: `${FREE_CANCELLATION_UNTIL} ${formatInstant(deadline, timeZone)}`, exact: true };
    case "voucher_not_sent":
    case "pending": {
      // The booking's own travel field, as its page shows it (a pickup time, a departure), or its day.
      const travel = item.travelAt ?? item.travelStart;
      return travel ? { text: `Travels ${formatTravelTime(travel, timeZone)}`, exact: travelMoment(travel)?.exact ?? false } : { text: `By ${formatInstant(deadline, timeZone)}`, exact: true };
    }
    default:
      return { text: `By ${formatInstant(deadline, timeZone)}`, exact: true };
  }
}

function AttentionRow({ item, now, me, onChanged }: { item: Item; now: Date; me: Me; onChanged: (orderRef: string, message: string) => void }) {
  const [open, setOpen] = useState(false);
  const timeZone = useTimeZone();
  const primary = item.flags[0]!;
  const reason = primary.reason as AttentionReason;
  const view = REASON_VIEW[reason] ?? { label: reason, action: "open" as const };
  const meta = productTypeMeta(item.productType);
  const line = primary.deadline ? deadlineLine(item, reason, primary.deadline, timeZone) : null;
  const left = primary.deadline ? countdown(Date.parse(primary.deadline), now.getTime()) : null;
  const panelId = `attention-panel-${item.bookingId}`;
  const action = view.action === "open" ? null : view.action;
  return (
    <li className="rounded-xl border border-slate-200 bg-white shadow-xs" data-testid="attention-row" aria-label={`${item.orderRef}: ${view.label}`}>
      <div className="flex flex-col gap-3 px-4 py-4 sm:flex-row sm:items-center sm:justify-between sm:px-5">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            {item.flags.map((f) => (
              <span
                key={f.reason}
                className={cn(
                  "inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium",
                  f.reason === "failed" ? "bg-rose-50 text-rose-700" : "bg-amber-50 text-amber-800",
                )}
              >
                <BellRing className="size-3" aria-hidden />
                {REASON_VIEW[f.reason as AttentionReason]?.label ?? f.reason}
              </span>
            ))}
            <BookingStateBadge state={item.state} />
          </div>
          <p className="mt-2 text-sm text-ink">
            <IntentLink href={bookingHref(item.bookingId)} className="font-mono font-semibold text-brand-700 hover:text-brand-800">
              {item.orderRef}
            </IntentLink>
            <span className="text-slate-400"> · </span>
            <span className="inline-flex items-center gap-1 text-slate-600">
              <meta.Icon className="size-3.5" aria-hidden />
              {item.item ?? meta.singular}
            </span>
            {item.leadGuest ? <span className="text-slate-600"> · {item.leadGuest}</span> : null}
          </p>
          <p className="mt-1 text-[0.8125rem] text-slate-500">
            {line ? (
              <>
                <span className="font-medium text-ink" data-testid="attention-deadline">
                  {line.text}
                </span>
                {!line.exact ? null : left ? <span className="font-medium text-amber-800"> · in {left}</span> : <span className="font-medium text-rose-700"> · passed</span>}
              </>
            ) : reason === "failed" ? (
              "The provider did not confirm it. Tell the client, and book again if they still want it."
            ) : (
              "The travel service's team is reviewing it; check on it and keep the client informed."
            )}
            {item.totalSellMinor !== null && item.currency ? <> · {formatMoney(item.totalSellMinor, item.currency)}</> : null}
            {item.bookedBy ? <> · booked by {item.bookedBy.id === me.id ? "you" : item.bookedBy.name}</> : null}
          </p>
        </div>
        <div className="flex shrink-0 items-center gap-2">
          {view.action === "open" ? (
            <IntentLink href={bookingHref(item.bookingId)} className={buttonClasses({ variant: "secondary", size: "sm" })}>
              Open
            </IntentLink>
          ) : (
            <>
              <IntentLink href={bookingHref(item.bookingId)} className={buttonClasses({ variant: "ghost", size: "sm" })}>
                Open
              </IntentLink>
              <Button
                size="sm"
                aria-expanded={open}
                aria-controls={panelId}
                onPointerEnter={() => action && preloadAction(action)}
                onFocus={() => action && preloadAction(action)}
                onClick={() => {
                  if (action) preloadAction(action);
                  setOpen((o) => !o);
                }}
              >
                {ACTION_LABEL[view.action]}
              </Button>
            </>
          )}
        </div>
      </div>
      {open && view.action !== "open" ? (
        <div id={panelId} className="border-t border-slate-100 px-4 py-4 sm:px-5">
          <ActionPanel
            item={item}
            action={view.action}
            me={me}
            onOutcome={(message) => onChanged(item.orderRef, message)}
          />
        </div>
      ) : null}
    </li>
  );
}

/** The booking's own action, run here: the same panels as on its page, fed by its detail. */
function ActionPanel({ item, action, me, onOutcome }: { item: Item; action: "pay" | "cancel" | "refresh" | "email"; me: Me; onOutcome: (m: string) => void }) {
  const now = useNow(30_000);
  const booking = useQuery({
    queryKey: bookingQueryKey(item.bookingId),
    queryFn: ({ signal }) => apiGet(`/api/bookings/${encodeURIComponent(item.bookingId)}`, bookingPageSchema, { signal }),
    staleTime: 5_000,
  });
  if (booking.isPending) return <Skeleton className="h-16 w-full" />;
  if (booking.isError) {
    return (
      <Callout title="The booking could not be read">
        <p>{booking.error instanceof ApiError ? booking.error.message : "Try again in a moment."}</p>
        <Button size="sm" className="mt-3" onClick={() => void booking.refetch()}>
          Try again
        </Button>
      </Callout>
    );
  }
  return (
    <Suspense fallback={<Skeleton className="h-16 w-full" />}>
      <ActionFor item={item} action={action} me={me} now={now} data={booking.data} reload={() => void booking.refetch()} onOutcome={onOutcome} />
    </Suspense>
  );
}

function ActionFor({
  item,
  action,
  me,
  now,
  data,
  reload,
  onOutcome,
}: {
  item: Item;
  action: "pay" | "cancel" | "refresh" | "email";
  me: Me;
  now: Date;
  data: BookingPageData;
  reload: () => void;
  onOutcome: (m: string) => void;
}) {
  const state = data.order.state;
  const allowed = bookingActions(state);
  // A pending booking followed here settles on its own: say so, and let the list move on.
  const settledOnce = useRef(false);
  useEffect(() => {
    if (action !== "refresh" || state === "supplier_pending" || settledOnce.current) return;
    settledOnce.current = true;
    onOutcome(`The supplier has answered: the booking is now ${bookingStateView(state).label.toLowerCase()}.`);
  }, [action, state, onOutcome]);
  if (action === "pay") {
    return state === "held" && data.order.held ? (
      <PayHold
        bookingId={item.bookingId}
        orderRef={data.order.orderRef}
        total={data.order.totalSell}
        held={data.order.held}
        policy={data.cancellationPolicy}
        onReload={reload}
        onOutcome={onOutcome}
      />
    ) : (
      <Settled state={state} />
    );
  }
  if (action === "refresh") {
    return state === "supplier_pending" ? <FollowPending bookingId={item.bookingId} lastCheckedAt={null} /> : <Settled state={state} />;
  }
  if (action === "email") {
    return (
      <EmailVoucher
        bookingId={item.bookingId}
        orderRef={data.order.orderRef}
        leadEmail={data.order.travelers[0]?.email ?? null}
        advisorEmail={me.email}
        allowed={allowed.email}
        onOutcome={onOutcome}
      />
    );
  }
  return allowed.cancel ? (
    <CancelBooking bookingId={item.bookingId} booking={data} now={now} onReload={reload} onOutcome={(message, detail) => onOutcome(detail ? `${message} ${detail}` : message)} />
  ) : (
    <Settled state={state} />
  );
}

function Settled({ state }: { state: string }) {
  return (
    <p className="flex items-center gap-2 text-sm text-slate-600">
      <CheckCircle2 className="size-4 text-emerald-600" aria-hidden />
      The booking is now <BookingStateBadge state={state} />; nothing more to do here.
    </p>
  );
}

function Empty({ mine, checked }: { mine: boolean; checked: boolean }) {
  return (
    <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      <CheckCircle2 className="mx-auto size-8 text-emerald-600" aria-hidden />
      <h2 className="mt-3 text-base font-semibold text-ink">{checked ? "Nothing needs attention" : "Nothing needs attention so far"}</h2>
      <p className="mx-auto mt-1 max-w-md text-sm text-slate-600">
        {checked
          ? `No client's choice waits to be booked, no hold is due, no free cancellation is ending and every trip this week has its voucher${mine ? ", among your proposals and bookings" : ""}.`
          : "The desk is still checking the agency's bookings with the travel service; this list fills in as it learns."}
      </p>
    </div>
  );
}

function AttentionSkeleton() {
  return (
    <ul className="space-y-3" aria-busy="true" aria-label="Loading">
      {[0, 1, 2].map((i) => (
        <li key={i} className="rounded-xl border border-slate-200 bg-white px-5 py-4">
          <Skeleton className="h-4 w-40" />
          <Skeleton className="mt-3 h-4 w-72" />
          <Skeleton className="mt-2 h-3 w-56" />
        </li>
      ))}
    </ul>
  );
}
