"use client";

import { useQuery } from "@tanstack/react-query";
import { useState, useSyncExternalStore } from "react";
import Link from "next/link";
import { Button, buttonClasses } from "@/components/ui/button";
import { Callout } from "@/components/ui/callout";
import { apiGet, ApiError } from "@/lib/api-client";
import { bookingPageSchema, type BookingPageData } from "@/lib/bookings/schemas";
import { bookingActions } from "@/lib/tds/contract/adapter";
import { AutoPayHold } from "./auto-pay";
import { BookingNotFound } from "./booking-not-found";
import { bookingStateView } from "./booking-state";
import { CancelBooking } from "./actions/cancel-booking";
import { EmailVoucher } from "./actions/email-voucher";
import { FollowPending, FollowUnknownState } from "./actions/follow-status";
import { PayHold } from "./actions/pay-hold";
import { bookingQueryKey } from "./actions/use-booking-step";
import { useNow } from "./actions/use-now";
import { VoucherActions } from "./actions/voucher-actions";
import { BookingDetailView, BookingDetailSkeleton } from "./detail/booking-detail-view";

/** A state the desk does not know is re-read this often until it settles (a cancellation under way). */
const UNKNOWN_STATE_REREAD_MS = 10_000;
/** States in which the automatic payment of a hold has something to say: its switch, or that the desk paid it. */
const AUTO_PAY_STATES = new Set(["held", "confirmed", "supplier_pending"]);

/**
 * /bookings/[bookingId]: the booking read through the BFF, its detail, and the steps its state
 * allows (pay a hold, cancel, follow a pending confirmation, print or email the voucher).
 */
export function BookingPage({
  bookingId,
  me,
  backHref,
  initial,
}: {
  bookingId: string;
  me: { id: string; email: string; role?: "advisor" | "admin" };
  backHref: string;
  /** The booking as the server read it to answer the page's status (lib/bff/booking-page.ts), when it did. */
  initial?: { booking: unknown; readAt: number };
}) {
  const booking = useQuery({
    queryKey: bookingQueryKey(bookingId),
    queryFn: ({ signal }) => apiGet(`/api/bookings/${encodeURIComponent(bookingId)}`, bookingPageSchema, { signal }),
    initialData: () => startingData(initial),
    initialDataUpdatedAt: initial?.readAt,
    staleTime: 5_000,
    refetchInterval: (q) => {
      const state = q.state.data?.order.state;
      return state && !bookingStateView(state).known ? UNKNOWN_STATE_REREAD_MS : false;
    },
  });
  const now = useNow(30_000);
  // How the last step went, kept here: the panel that ran it may be gone with the state it served.
  const [outcome, setOutcome] = useState<{ message: string; detail?: string; tone: "ok" | "info" } | null>(null);

  // Deadlines and countdowns depend on the moment: they are drawn in the browser only, never in
  // the server's HTML (which would disagree with the browser's first render by a few seconds).
  const hydrated = useHydrated();
  if (booking.isPending || !hydrated) return <BookingDetailSkeleton />;
  if (booking.isError && !booking.data) return <BookingLoadError error={booking.error} onRetry={() => void booking.refetch()} backHref={backHref} />;

  const data = booking.data;
  const state = data.order.state;
  const view = bookingStateView(state);
  const allowed = bookingActions(state);
  const lastRefresh = [...data.history].reverse().find((h) => h.action === "refresh");
  const reload = () => void booking.refetch();

  const notices = (
    <>
      {booking.isError ? (
        <Callout tone="warning" title="Showing the booking as last read">
          <p>{booking.error instanceof ApiError ? booking.error.message : "It could not be read again just now."}</p>
        </Callout>
      ) : null}
      {outcome ? (
        <div
          role="status"
          data-testid="step-outcome"
          className={
            outcome.tone === "ok"
              ? "rounded-xl border border-emerald-200 bg-emerald-50/70 px-5 py-3 text-sm text-emerald-900 sm:px-6"
              : "rounded-xl border border-slate-200 bg-white px-5 py-3 text-sm text-slate-700 sm:px-6"
          }
        >
          <p className="font-medium">{outcome.message}</p>
          {outcome.detail ? <p className="mt-0.5">{outcome.detail}</p> : null}
        </div>
      ) : null}
      {state === "held" && data.order.held ? (
        <PayHold
          bookingId={bookingId}
          orderRef={data.order.orderRef}
          total={data.order.totalSell}
          held={data.order.held}
          policy={data.cancellationPolicy}
          onReload={reload}
          onOutcome={(message) => setOutcome({ message, tone: "ok" })}
        />
      ) : null}
      {/* Admins only: the desk pays this hold by itself 2 h before its deadline (and says how that went). */}
      {me.role === "admin" && AUTO_PAY_STATES.has(state) ? <AutoPayHold bookingId={bookingId} held={state === "held" && !!data.order.held} /> : null}
      {state === "supplier_pending" ? <FollowPending key={state} bookingId={bookingId} lastCheckedAt={lastRefresh?.at ?? null} /> : null}
      {!view.known ? <FollowUnknownState state={state} readAt={booking.dataUpdatedAt} /> : null}
    </>
  );

  const actions = (
    <div className="flex flex-wrap items-center gap-2">
      <VoucherActions bookingId={bookingId} state={state} productType={data.lineItems[0]?.productType ?? ""} />
      <EmailVoucher
        bookingId={bookingId}
        orderRef={data.order.orderRef}
        leadEmail={data.order.travelers[0]?.email ?? null}
        advisorEmail={me.email}
        allowed={allowed.email}
        onOutcome={(message) => setOutcome({ message, tone: "ok" })}
      />
      {allowed.cancel ? (
        <CancelBooking
          bookingId={bookingId}
          booking={data}
          now={now}
          onReload={reload}
          onOutcome={(message, detail) => setOutcome({ message, detail, tone: "info" })}
        />
      ) : null}
    </div>
  );

  return <BookingDetailView booking={data} bookingId={bookingId} now={now} meId={me.id} backHref={backHref} actions={actions} notices={notices} />;
}

const noSubscription = () => () => {};
/** False in the server's HTML and the browser's first (hydrating) render, true after. */
function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/** The server's read, checked as the page's own read would check it; anything amiss is simply read again. */
function startingData(initial: { booking: unknown } | undefined): BookingPageData | undefined {
  if (!initial) return undefined;
  const parsed = bookingPageSchema.safeParse(initial.booking);
  return parsed.success ? parsed.data : undefined;
}

function BookingLoadError({ error, onRetry, backHref }: { error: unknown; onRetry: () => void; backHref: string }) {
  if (error instanceof ApiError && error.code === "not_found") return <BookingNotFound backHref={backHref} />;
  return (
    <div className="max-w-2xl">
      <p className="text-sm font-medium text-brand-700">Booking</p>
      <h1 className="mt-1 text-2xl font-semibold tracking-tight text-ink sm:text-[1.75rem]">The booking could not be loaded</h1>
      <Callout title="The travel service did not answer" className="mt-6">
        <p>{error instanceof ApiError ? error.message : "Try again in a moment."}</p>
      </Callout>
      <div className="mt-6 flex flex-wrap gap-3">
        <Button onClick={onRetry}>Try again</Button>
        <Link href={backHref} className={buttonClasses({ variant: "secondary" })}>
          Back to bookings
        </Link>
      </div>
    </div>
  );
}
