"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore, type FormEvent, type ReactNode } from "react";
import { useForm, useWatch, type FieldPath, type Resolver } from "react-hook-form";
import * as z from "zod/mini";
import { useTimeZone } from "@/components/layout/time-zone";
import { useRunSearch } from "@/components/search/use-run-search";
import { Button, buttonClasses } from "@/components/ui/button";
import { Callout } from "@/components/ui/callout";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { Skeleton } from "@/components/ui/skeleton";
import { ActivityIcon, LockIcon, RefreshIcon } from "@/components/ui/icons";
import { apiPost, apiRequest, ApiError, type ApiErrorDetail } from "@/lib/api-client";
import { searchHref, type SearchCriteria } from "@/lib/search/criteria";
import { recallSelectedRate } from "@/lib/search/selected-rate";
import { activityOptionSchema, priceCheckSchema } from "@/lib/tds/adapter";
import type { ResultRow } from "@/lib/tds/types";
import { bookingKeeper, type BookedOutcome, type PendingAttempt } from "./booking-keeper";
import { classifyBookingError, CREDIT_TITLES, priceCheckProblem, type BookingFailure, type Problem, type PriceCheckAction } from "./checkout-errors";
import {
  buildCheckoutContext,
  defaultValues,
  toBookingBody,
  toStoredValues,
  type CheckoutContext,
  type CheckoutValues,
  type PriceCheck,
} from "./checkout-schema";
import { formatCountdown, formatMoney, readableDates } from "./format";
import { demandsOf, landBookingError, withDemands, type Demands, type Landing } from "./landing";
import { PriceCheckPanel, PriceCheckSkeleton, policyHeadline } from "./price-check-panel";
import { describeParty, SelectionSummary } from "./selection-summary";
import { BookingQuestionsSection, SpecialRequestsSection, TravelersSection } from "./travelers-form";

// Loaded when needed, not with the page: the form's validation (its zod schema and resolver)
// when the form is first focused or validated, and the booking's outcome once there is one.
const loadValidation = () => import("./checkout-validation");
const preloadValidation = () => void loadValidation().catch(() => {});
/** The form's resolver for this booking; its code is loaded on first use. */
function lazyCheckoutResolver(ctx: CheckoutContext): Resolver<CheckoutValues> {
  let built: Resolver<CheckoutValues> | null = null;
  return async (values, context, options) => {
    built ??= (await loadValidation()).checkoutResolver(ctx);
    return built(values, context, options);
  };
}

const loadOutcome = () => import("./booking-outcome");
const preloadOutcome = () => void loadOutcome().catch(() => {});
const BookingOutcomeView = lazy(() => loadOutcome().then((m) => ({ default: m.BookingOutcomeView })));

/** The outcome card's outline (icon, badge, heading, sentence) while its code loads. */
function OutcomeSkeleton() {
  return (
    <Card className="overflow-hidden" aria-busy="true">
      <p className="sr-only" role="status">
        Loading the booking&apos;s outcome…
      </p>
      <div className="flex flex-wrap items-start gap-4 px-5 py-6 sm:px-8 sm:py-8" aria-hidden>
        <Skeleton className="size-12 shrink-0 rounded-full" />
        <div className="min-w-0 flex-1 space-y-3">
          <Skeleton className="h-5 w-24 rounded-full" />
          <Skeleton className="h-7 w-72 max-w-full" />
          <Skeleton className="h-4 w-full max-w-2xl" />
          <Skeleton className="h-4 w-2/3 max-w-xl" />
        </div>
      </div>
    </Card>
  );
}

export type CheckoutProps = {
  quoteId: string;
  searchId: string;
  criteria: SearchCriteria;
  /** The agency's currency (prices come in the quote's own; this names the credit's). */
  currency: string;
  /** The row the desk handed out for this quote (from the server), when it still has it. */
  selection?: { row: ResultRow; hotelName: string | null } | null;
};

/** `idempotency_in_progress`: ask again after a few seconds, a few times, then leave it to the advisor. */
export const IN_PROGRESS_RETRY_MS = 4_000;
const IN_PROGRESS_MAX_RETRIES = 6;

const bookedSchema = z.looseObject({
  bookingId: z.string(),
  orderRef: z.string(),
  state: z.string(),
  bookedBy: z.nullish(z.looseObject({ id: z.string(), name: z.string() })),
});
type ActivityOption = z.output<typeof activityOptionSchema>;

const noSubscribe = () => () => {};

/** Checkout of one quote. Storage (the selected row, a booking in flight) is read only in the browser. */
export function Checkout(props: CheckoutProps) {
  const mounted = useSyncExternalStore(noSubscribe, () => true, () => false);
  if (!mounted) return <CheckoutShell {...props} />;
  return <CheckoutFlow key={props.quoteId} {...props} />;
}

function PageFrame({
  criteria,
  searchId,
  aside,
  asideLast = false,
  children,
}: {
  criteria: SearchCriteria;
  searchId: string;
  aside: ReactNode;
  /** On narrow screens the summary comes first, except after booking: then the outcome leads. */
  asideLast?: boolean;
  children: ReactNode;
}) {
  return (
    <>
      <Link href={searchHref(criteria, searchId)} className="text-sm font-medium text-brand-700 hover:text-brand-800">
        <span aria-hidden>←</span> Back to results
      </Link>
      <h1 className="mt-3 text-2xl font-semibold tracking-tight text-ink sm:text-[1.75rem]">Checkout</h1>
      <p className="mt-1 text-sm text-slate-500">Confirm the live price, name the travellers and book. {describeParty(criteria)}.</p>
      <div className="mt-6 grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <aside className={cn("lg:sticky lg:top-24 lg:order-last", asideLast && "order-last")} aria-label="What is being booked">
          {aside}
        </aside>
        <div className="min-w-0 space-y-6">{children}</div>
      </div>
    </>
  );
}

function CheckoutShell({ criteria, searchId, selection }: CheckoutProps) {
  return (
    <PageFrame
      criteria={criteria}
      searchId={searchId}
      aside={<SelectionSummary criteria={criteria} row={selection?.row ?? null} hotelName={selection?.hotelName} price={null} />}
    >
      <PriceCheckSkeleton />
    </PageFrame>
  );
}

function matchingOption(options: readonly ActivityOption[], row: ReturnType<typeof recallSelectedRate>): ActivityOption | undefined {
  const s = row?.row.summary as { modality?: unknown; sessionStartTime?: unknown } | undefined;
  if (!s) return undefined;
  return options.find((o) => o.label === s.modality && (o.startTime ?? null) === (s.sessionStartTime ?? null));
}

type BookingIssue = { failure: BookingFailure; error: unknown; unplaced: ApiErrorDetail[] };

function CheckoutFlow({ quoteId, searchId, criteria, currency, selection }: CheckoutProps) {
  const keeper = useMemo(() => bookingKeeper(quoteId), [quoteId]);
  // This tab's Select, else the row the server remembers: a link, a reload or a new tab show the same summary.
  const [selected] = useState(() => recallSelectedRate(quoteId) ?? (selection ? { row: selection.row, context: { hotelName: selection.hotelName } } : null));
  const row = selected?.row ?? null;
  const [outcome, setOutcome] = useState<BookedOutcome | null>(() => keeper.outcome());
  const [attempt, setAttempt] = useState<PendingAttempt | null>(() => keeper.attempt());
  // A booking left in flight (reload, closed tab) is settled before anything is priced again.
  const [resuming, setResuming] = useState(() => keeper.attempt() !== null);
  const [submitting, setSubmitting] = useState(false);
  const [issue, setIssue] = useState<BookingIssue | null>(null);
  const [notice, setNotice] = useState<ReactNode>(null);
  const [holdRefused, setHoldRefused] = useState(false);
  const [pickedRef, setPickedRef] = useState<string | null>(null);
  const [inProgressTries, setInProgressTries] = useState(0);
  const runSearch = useRunSearch();

  /* ---------------------------------------------------------------- options and price-check */

  const isActivity = criteria.productType === "activity";
  const optionsQuery = useQuery({
    queryKey: ["checkout-options", quoteId],
    enabled: isActivity && !outcome && !resuming,
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    queryFn: async ({ signal }) => {
      try {
        return await apiPost(`/api/quotes/${encodeURIComponent(quoteId)}/options`, z.array(activityOptionSchema), { occupancy: criteria.occupancy }, { signal });
      } catch (err) {
        // No separate options: the quote itself is priced.
        if (err instanceof ApiError && err.code === "activity_recheck_unsupported") return null;
        throw err;
      }
    },
  });
  const options = optionsQuery.data ?? null;
  const optionRef = options && options.length > 0 ? (pickedRef ?? matchingOption(options, selected)?.supplierRateRef ?? null) : null;
  const priceReady = !isActivity || optionsQuery.data === null || optionRef !== null;

  const priceQuery = useQuery({
    queryKey: ["checkout-price-check", quoteId, optionRef],
    enabled: !outcome && !resuming && priceReady,
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    queryFn: async ({ signal }) => {
      const check = await apiPost(
        `/api/quotes/${encodeURIComponent(quoteId)}/price-check`,
        priceCheckSchema,
        optionRef ? { supplierRateRef: optionRef } : {},
        { signal },
      );
      return { check, receivedAt: Date.now() };
    },
  });
  const check: PriceCheck | null = priceQuery.data?.check ?? null;
  const recheck = useCallback(() => {
    setNotice(null);
    void priceQuery.refetch();
  }, [priceQuery]);

  // The price holds 10 minutes from the check (and never past the quote's life), counted on this clock.
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!check) return;
    const tick = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(tick);
  }, [check]);
  const remainingMs = useMemo(() => {
    if (!priceQuery.data) return 0;
    const { check: c, receivedAt } = priceQuery.data;
    const until = Math.min(Date.parse(c.bookableUntil), Date.parse(c.quoteExpiresAt) || Infinity);
    const span = until - Date.parse(c.checkedAt);
    return Number.isFinite(span) ? span - Math.max(0, now - receivedAt) : 0;
  }, [priceQuery.data, now]);
  const lapsed = check !== null && remainingMs <= 0;

  /* ---------------------------------------------------------------------------- form */

  // What the service demanded at booking beyond the price-check (a title, the lead's contact…): shown from then on.
  const [demands, setDemands] = useState<Demands>({});
  // Errors that need fields the form did not show land once the new layout is in place.
  const pendingLanding = useRef<Landing[] | null>(null);
  const ctx: CheckoutContext | null = useMemo(() => {
    if (!check) return null;
    const c = withDemands(buildCheckoutContext({ criteria, check, row }), demands);
    return holdRefused ? { ...c, holdable: false } : c;
  }, [check, criteria, row, holdRefused, demands]);
  const resolver = useMemo<Resolver<CheckoutValues>>(
    () => (ctx ? lazyCheckoutResolver(ctx) : async (values) => ({ values, errors: {} })),
    [ctx],
  );
  const form = useForm<CheckoutValues>({
    resolver,
    mode: "onTouched",
    defaultValues: { travelers: [], answers: [], panNumber: "", changesAcknowledged: false, packageRateAcknowledged: false, payment: "now", specialRequest: "", rooms: [] },
  });
  const { register, formState, setError, setValue, getValues, reset } = form;

  // Lay the form out for this booking, keeping what was typed (or the saved draft on arrival).
  const shapeRef = useRef<CheckoutContext | null>(null);
  const shape = ctx
    ? JSON.stringify([ctx.manifest.length, ctx.answers.map((a) => a.key), ctx.rooms, ctx.holdable, ctx.titles, ctx.leadContact, ctx.travelDocuments, ctx.flightDetails, ctx.panRequired])
    : null;
  useEffect(() => {
    if (!ctx || shape === null) return;
    const previous = shapeRef.current ? toStoredValues(shapeRef.current, getValues()) : keeper.draft();
    reset(defaultValues(ctx, previous));
    shapeRef.current = ctx;
    const landing = pendingLanding.current;
    pendingLanding.current = null;
    landing?.forEach((p, i) => setError(p.path as FieldPath<CheckoutValues>, { type: "server", message: p.message }, { shouldFocus: i === 0 }));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new layout resets the form
  }, [shape]);

  // Each new check is confirmed afresh: acknowledgements given to an earlier one do not carry over.
  const checkedAt = check?.checkedAt;
  const firstCheck = useRef(true);
  useEffect(() => {
    if (!checkedAt) return;
    if (firstCheck.current) {
      firstCheck.current = false;
      return;
    }
    setValue("changesAcknowledged", false);
    setValue("packageRateAcknowledged", false);
  }, [checkedAt, setValue]);

  // What is typed survives a reload or a sign-in (sessionStorage, this tab only) until the outcome.
  useEffect(() => {
    if (!ctx) return;
    return form.subscribe({
      formState: { values: true },
      callback: ({ values }) => keeper.saveDraft(toStoredValues(ctx, values)),
    });
  }, [ctx, form, keeper]);
  const payment = useWatch({ control: form.control, name: "payment" });
  const holding = payment === "hold" && ctx?.holdable === true;

  /* --------------------------------------------------------------------------- booking */

  const sending = useRef(false);
  const send = useCallback(
    async (a: PendingAttempt) => {
      if (sending.current) return;
      sending.current = true;
      setSubmitting(true);
      setIssue(null);
      try {
        const { data } = await apiRequest("POST", "/api/bookings", bookedSchema, { body: a.body, headers: { "Idempotency-Key": a.key } });
        const result: BookedOutcome = { bookingId: data.bookingId, orderRef: data.orderRef, state: data.state, bookedBy: data.bookedBy ?? null };
        keeper.settle(result);
        setAttempt(null);
        setOutcome(result);
        setInProgressTries(0);
      } catch (err) {
        let failure = classifyBookingError(err);
        // A change (or package terms) the last check did not report: check again and show it the same way.
        const unannounced =
          err instanceof ApiError &&
          ctx !== null &&
          ((err.code === "changes_ack_required" && !ctx.changesAcknowledgementRequired) || (err.code === "package_ack_required" && !ctx.packageRate));
        if (unannounced) failure = { kind: "reprice" };
        const unplaced: ApiErrorDetail[] = [];
        if (failure.kind === "uncertain" || failure.kind === "in_progress" || failure.kind === "busy") {
          setAttempt(a);
        } else {
          keeper.refused();
          setAttempt(null);
          setInProgressTries(0);
        }
        if (failure.kind === "fields" && err instanceof ApiError && ctx) {
          const landing = landBookingError(ctx, a.body, err);
          unplaced.push(...landing.unplaced);
          const more = demandsOf(ctx, err.code, landing.placed);
          if (Object.keys(more).length > 0) {
            pendingLanding.current = landing.placed;
            setDemands((d) => ({ ...d, ...more }));
          } else {
            landing.placed.forEach((p, i) => setError(p.path as FieldPath<CheckoutValues>, { type: "server", message: p.message }, { shouldFocus: i === 0 }));
          }
        }
        if (failure.kind === "reprice") {
          setNotice(
            <Callout tone="warning" title="We checked the price again">
              {unannounced
                ? "The provider reported a change since the last check. Review what changed below and confirm the booking again."
                : "The earlier check was more than 10 minutes old. Review the price below and confirm the booking again."}
            </Callout>,
          );
          void priceQuery.refetch();
        }
        if (failure.kind === "hold_not_eligible") {
          setHoldRefused(true);
          setValue("payment", "now");
        }
        if (failure.kind === "in_progress" || failure.kind === "busy") setInProgressTries((n) => n + 1);
        setIssue({ failure, error: err, unplaced });
      } finally {
        sending.current = false;
        setSubmitting(false);
        setResuming(false);
      }
    },
    [keeper, ctx, setError, setValue, priceQuery],
  );

  // Resume a booking left in flight, under its own key and body.
  const resumed = useRef(false);
  useEffect(() => {
    if (resumed.current || !attempt || !resuming) return;
    resumed.current = true;
    void send(attempt);
  }, [attempt, resuming, send]);

  // Still being processed, or the agency's budget is spent for the moment: ask again with the same key shortly.
  // The timer reads `send` through a ref: `send` is rebuilt on renders (the price's countdown ticks every
  // second), and a timer restarted on each would never fire.
  const sendLatest = useRef(send);
  useEffect(() => {
    sendLatest.current = send;
  }, [send]);
  useEffect(() => {
    const kind = issue?.failure.kind;
    if ((kind !== "in_progress" && kind !== "busy") || !attempt || inProgressTries > IN_PROGRESS_MAX_RETRIES) return;
    const wait = issue?.failure.kind === "busy" ? issue.failure.retryInMs : IN_PROGRESS_RETRY_MS;
    const timer = setTimeout(() => void sendLatest.current(attempt), wait);
    return () => clearTimeout(timer);
  }, [issue, attempt, inProgressTries]);

  const bookValues = (values: CheckoutValues) => {
    if (!ctx) return;
    if (attempt) return send(attempt);
    const body = toBookingBody(ctx, values, { quoteId, searchId });
    const next = keeper.begin(body, toStoredValues(ctx, values));
    setAttempt(next);
    return send(next);
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    preloadOutcome();
    void form.handleSubmit(bookValues)(event);
  };

  const onOutcomeUpdate = useCallback(
    (next: BookedOutcome) => {
      keeper.updateOutcome(next);
      setOutcome(next);
    },
    [keeper],
  );

  /* ---------------------------------------------------------------------------- render */

  const livePrice = check
    ? { amountMinor: check.sellAmountMinor, currency: check.sellCurrency, label: "Total, checked live" }
    : row
      ? { amountMinor: row.sellAmountMinor, currency: row.sellCurrency, label: "Price in results" }
      : null;
  const aside = <SelectionSummary criteria={criteria} row={row} hotelName={selected?.context.hotelName} price={livePrice} />;

  if (outcome) {
    return (
      <PageFrame criteria={criteria} searchId={searchId} aside={aside} asideLast>
        <Suspense fallback={<OutcomeSkeleton />}>
          <BookingOutcomeView outcome={outcome} criteria={criteria} searchId={searchId} onUpdate={onOutcomeUpdate} />
        </Suspense>
      </PageFrame>
    );
  }

  if (resuming) {
    return (
      <PageFrame criteria={criteria} searchId={searchId} aside={aside}>
        <PriceCheckSkeleton label="Finishing the booking that was in progress…" />
      </PageFrame>
    );
  }

  const expired = issue?.failure.kind === "expired";
  const priceProblem: Problem<PriceCheckAction> | null = expired
    ? priceCheckProblem(issue?.error)
    : optionsQuery.error
      ? priceCheckProblem(optionsQuery.error)
      : priceQuery.error && !priceQuery.isFetching
        ? priceCheckProblem(priceQuery.error)
        : null;
  const locked = attempt !== null;

  return (
    <PageFrame criteria={criteria} searchId={searchId} aside={aside}>
      {isActivity && options && options.length > 0 ? (
        <ActivityOptions options={options} value={optionRef} onChange={(ref) => (setPickedRef(ref), setNotice(null))} disabled={locked || submitting} />
      ) : null}

      {priceProblem ? (
        <ProblemCard
          problem={priceProblem}
          criteria={criteria}
          searchId={searchId}
          onRetry={() => (optionsQuery.error ? void optionsQuery.refetch() : recheck())}
          retrying={priceQuery.isFetching || optionsQuery.isFetching}
          onSearchAgain={() => runSearch.mutate(criteria)}
          searching={runSearch.isPending}
          searchError={runSearch.error instanceof ApiError ? runSearch.error.message : runSearch.error ? "The search could not be started." : null}
          onOptions={() => (setPickedRef(null), void optionsQuery.refetch())}
        />
      ) : isActivity && optionsQuery.isPending && optionsQuery.fetchStatus !== "idle" ? (
        <PriceCheckSkeleton label="Loading the activity's options…" />
      ) : isActivity && options && options.length > 0 && !optionRef ? (
        <p className="rounded-lg border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-600">
          Pick an option above to check its live price.
        </p>
      ) : !check || (priceQuery.isFetching && !priceQuery.data) ? (
        <PriceCheckSkeleton />
      ) : null}

      {check && ctx && !expired && !(priceQuery.error && !priceQuery.isFetching) ? (
        <form onSubmit={onSubmit} onFocus={preloadValidation} noValidate className="space-y-6" aria-label="Travellers and booking">
          <PriceCheckPanel
            check={check}
            remainingMs={remainingMs}
            rechecking={priceQuery.isFetching}
            onRecheck={recheck}
            register={register}
            errors={formState.errors}
            notice={notice}
          />
          <fieldset disabled={locked || submitting} className="min-w-0 space-y-6">
            <legend className="sr-only">Booking details</legend>
            <TravelersSection ctx={ctx} register={register} errors={formState.errors} />
            <BookingQuestionsSection ctx={ctx} register={register} errors={formState.errors} />
            <SpecialRequestsSection ctx={ctx} register={register} errors={formState.errors} />
            <PaymentSection ctx={ctx} register={register} holdRefused={holdRefused} price={check} currency={currency} />
          </fieldset>

          <BookingIssueCallout
            issue={issue}
            criteria={criteria}
            searchId={searchId}
            attempt={attempt}
            inProgressTries={inProgressTries}
            onRetry={() => attempt && void send(attempt)}
            submitting={submitting}
            canHold={ctx.holdable && !holding}
            onHold={() => setValue("payment", "hold")}
            onSearchAgain={() => runSearch.mutate(criteria)}
            searching={runSearch.isPending}
          />
          {formState.submitCount > 0 && Object.keys(formState.errors).length > 0 && !issue ? (
            <Callout title="Some details need attention">The fields marked above need a correction before booking.</Callout>
          ) : null}

          <div className="flex flex-col-reverse gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:flex-row sm:items-center sm:justify-between sm:p-5">
            <p className="text-sm text-slate-600">
              {lapsed ? (
                "The price is no longer confirmed."
              ) : (
                <>
                  {formatMoney(check.sellAmountMinor, check.sellCurrency)} ·{" "}
                  {holding ? "held, paid later from agency credit" : "paid now from agency credit"}
                  <span className="block text-xs text-slate-500">Price confirmed for {formatCountdown(remainingMs)} more</span>
                </>
              )}
            </p>
            {locked ? (
              <Button type="button" onClick={() => void send(attempt)} pending={submitting} className="w-full sm:w-auto">
                {!submitting ? <RefreshIcon className="size-4" /> : null}
                {submitting ? "Booking…" : "Try again"}
              </Button>
            ) : lapsed ? (
              <Button type="button" onClick={recheck} pending={priceQuery.isFetching} className="w-full sm:w-auto">
                {!priceQuery.isFetching ? <RefreshIcon className="size-4" /> : null}
                Check the price again
              </Button>
            ) : (
              <Button type="submit" pending={submitting} disabled={priceQuery.isFetching} className="w-full sm:w-auto">
                {!submitting ? <LockIcon className="size-4" /> : null}
                {submitting ? "Booking…" : holding ? "Hold booking" : "Book and pay now"}
              </Button>
            )}
          </div>
        </form>
      ) : null}
    </PageFrame>
  );
}

/* ------------------------------------------------------------------------------ parts */

function ActivityOptions({
  options,
  value,
  onChange,
  disabled,
}: {
  options: ActivityOption[];
  value: string | null;
  onChange: (ref: string) => void;
  disabled: boolean;
}) {
  return (
    <Card aria-labelledby="options-title">
      <CardHeader icon={<ActivityIcon className="size-5" />} titleId="options-title" title="Option" description="Priced for this group of travellers. Pick the one the client wants." />
      <CardBody>
        <fieldset disabled={disabled}>
          <legend className="sr-only">Activity option</legend>
          <ul className="grid gap-2 sm:grid-cols-2">
            {options.map((o) => (
              <li key={o.supplierRateRef}>
                <label
                  className={cn(
                    "flex cursor-pointer items-center justify-between gap-3 rounded-lg border px-4 py-3 text-sm transition-colors has-[:focus-visible]:ring-3 has-[:focus-visible]:ring-brand-500/20",
                    value === o.supplierRateRef ? "border-brand-500 bg-brand-50/60" : "border-slate-200 hover:border-slate-300",
                  )}
                >
                  <span className="flex items-center gap-3">
                    <input
                      type="radio"
                      name="activity-option"
                      value={o.supplierRateRef}
                      checked={value === o.supplierRateRef}
                      onChange={() => onChange(o.supplierRateRef)}
                      className="size-4 accent-brand-600"
                    />
                    <span>
                      <span className="block font-medium text-ink">{o.label}</span>
                      <span className="text-slate-500">{o.startTime ? `Starts ${o.startTime}` : "Open time"}</span>
                    </span>
                  </span>
                  <span className="font-semibold text-ink tabular-nums">{formatMoney(o.sellAmountMinor, o.sellCurrency)}</span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      </CardBody>
    </Card>
  );
}

function PaymentSection({
  ctx,
  register,
  holdRefused,
  price,
  currency,
}: {
  ctx: CheckoutContext;
  register: ReturnType<typeof useForm<CheckoutValues>>["register"];
  holdRefused: boolean;
  price: PriceCheck;
  currency: string;
}) {
  const timeZone = useTimeZone();
  return (
    <Card aria-labelledby="payment-title">
      <CardHeader titleId="payment-title" title="Payment" description="Bookings are paid from the agency's credit with the travel service." />
      <CardBody className="space-y-3">
        {price.sellCurrency !== currency ? (
          <Callout tone="warning" title={`This price is in ${price.sellCurrency}; the agency's credit is in ${currency}`}>
            The travel service may refuse to charge it. If it does, search again so prices come in {currency}.
          </Callout>
        ) : null}
        {holdRefused ? (
          <Callout tone="warning" title="This rate cannot be held">
            The provider refused a hold (holds need a fully refundable hotel rate with free cancellation ahead). It will be booked and paid now instead.
          </Callout>
        ) : null}
        {ctx.holdable ? (
          <fieldset className="space-y-2">
            <legend className="sr-only">When to pay</legend>
            {(
              [
                ["now", "Book and pay now from agency credit", `${formatMoney(price.sellAmountMinor, price.sellCurrency)} is taken from the agency's credit and the booking is confirmed.`],
                [
                  "hold",
                  "Hold now, pay later",
                  `The room is reserved without taking credit. Pay it from agency credit before the hold's payment deadline (shown once held), or it is released. ${policyHeadline(price.cancellationPolicy, timeZone)}.`,
                ],
              ] as const
            ).map(([value, label, help]) => (
              <label
                key={value}
                className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-200 px-4 py-3 has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50/50 has-[:focus-visible]:ring-3 has-[:focus-visible]:ring-brand-500/20"
              >
                <input type="radio" value={value} className="mt-0.5 size-4 accent-brand-600" {...register("payment")} />
                <span>
                  <span className="block text-sm font-medium text-ink">{label}</span>
                  <span className="block text-[0.8125rem] text-slate-600">{help}</span>
                </span>
              </label>
            ))}
          </fieldset>
        ) : (
          <p className="text-sm text-slate-700">
            <span className="font-medium text-ink">Book and pay now from agency credit.</span>{" "}
            {ctx.productType === "hotel" ? "This rate cannot be held for later payment." : null}
          </p>
        )}
      </CardBody>
    </Card>
  );
}

function ProblemCard({
  problem,
  criteria,
  searchId,
  onRetry,
  retrying,
  onSearchAgain,
  searching,
  searchError,
  onOptions,
}: {
  problem: Problem<PriceCheckAction>;
  criteria: SearchCriteria;
  searchId: string;
  onRetry: () => void;
  retrying: boolean;
  onSearchAgain: () => void;
  searching: boolean;
  searchError: string | null;
  onOptions: () => void;
}) {
  const back = (
    <Link href={searchHref(criteria, searchId)} className={buttonClasses({ variant: problem.action === "back" ? "primary" : "secondary" })}>
      Back to results
    </Link>
  );
  return (
    <Card aria-labelledby="problem-title">
      <CardBody className="space-y-4">
        <div role="alert">
          <h2 id="problem-title" className="text-lg font-semibold text-ink">
            {problem.title}
          </h2>
          <p className="mt-1 max-w-2xl text-sm text-slate-600">{problem.message}</p>
        </div>
        <div className="flex flex-wrap gap-3">
          {problem.action === "search_again" ? (
            <Button onClick={onSearchAgain} pending={searching}>
              Search again
            </Button>
          ) : null}
          {problem.action === "retry" ? (
            <Button onClick={onRetry} pending={retrying}>
              {!retrying ? <RefreshIcon className="size-4" /> : null}
              Check the price again
            </Button>
          ) : null}
          {problem.action === "options" ? <Button onClick={onOptions}>Show the options again</Button> : null}
          {back}
        </div>
        {searchError ? <Callout title="The search could not be started">{searchError}</Callout> : null}
      </CardBody>
    </Card>
  );
}

function BookingIssueCallout({
  issue,
  criteria,
  searchId,
  attempt,
  inProgressTries,
  onRetry,
  submitting,
  canHold,
  onHold,
  onSearchAgain,
  searching,
}: {
  issue: BookingIssue | null;
  criteria: SearchCriteria;
  searchId: string;
  attempt: PendingAttempt | null;
  inProgressTries: number;
  onRetry: () => void;
  submitting: boolean;
  canHold: boolean;
  onHold: () => void;
  onSearchAgain: () => void;
  searching: boolean;
}) {
  if (!issue) return null;
  const message = issue.error instanceof ApiError ? readableDates(issue.error.message) : "Something went wrong while booking.";
  const code = issue.error instanceof ApiError ? issue.error.code : "";
  const back = (
    <Link href={searchHref(criteria, searchId)} className="font-medium underline underline-offset-2">
      Back to results
    </Link>
  );
  switch (issue.failure.kind) {
    case "uncertain":
      return (
        <Callout tone="warning" title="We could not confirm whether the booking went through">
          <p>{message}</p>
          <p className="mt-1">Trying again is safe: the desk resends the same booking and the travel service will not book it twice.</p>
          {attempt ? (
            <Button size="sm" className="mt-3" onClick={onRetry} pending={submitting}>
              Try again
            </Button>
          ) : null}
        </Callout>
      );
    case "in_progress":
    case "busy": {
      // Waited out with the same request: the service is still on it, or the agency's budget refills shortly.
      const busy = issue.failure.kind === "busy";
      const gaveUp = inProgressTries > IN_PROGRESS_MAX_RETRIES;
      return (
        <Callout tone="warning" title={busy ? "The travel service is busy: booking in a moment…" : "This booking is still being processed…"}>
          <p>
            {busy
              ? gaveUp
                ? "The travel service is still limiting the agency's requests. Try again in a moment; the same booking is sent, so nothing is booked twice."
                : "The agency has reached the travel service's request limit for this minute. The desk sends the same booking again shortly; nothing will be booked twice."
              : gaveUp
                ? "It is taking longer than usual. Try again in a moment; the same request is sent, so nothing is booked twice."
                : "The travel service is still working on it. We'll ask again in a few seconds with the same request; nothing will be booked twice."}
          </p>
          {gaveUp && attempt ? (
            <Button size="sm" className="mt-3" onClick={onRetry} pending={submitting}>
              Try again
            </Button>
          ) : null}
        </Callout>
      );
    }
    case "credit":
      return (
        <Callout title={CREDIT_TITLES[code] ?? "Agency credit"}>
          <p>{message}</p>
          {canHold ? (
            <p className="mt-2">
              This rate can be held without taking credit now.{" "}
              <button type="button" className="font-medium underline underline-offset-2" onClick={onHold}>
                Hold it instead
              </button>
            </p>
          ) : null}
        </Callout>
      );
    case "manifest":
      return (
        <Callout title="The travellers do not match the search">
          <p>{message}</p>
          {issue.error instanceof ApiError
            ? issue.error.details.filter((d) => d.message !== message).map((d, i) => <p key={i}>{d.message}</p>)
            : null}
          <p className="mt-2">
            The travellers follow the rooms and guests in this page&apos;s address. If the search changed, search again with the right party.{" "}
            <button type="button" className="font-medium underline underline-offset-2" onClick={onSearchAgain} disabled={searching}>
              Search again
            </button>{" "}
            · {back}
          </p>
        </Callout>
      );
    case "session":
      return (
        <Callout title="Your session has ended">
          <p>
            Nothing was booked, and what you typed is kept in this tab.{" "}
            <a href={`/login?next=${encodeURIComponent(location.pathname + location.search)}`} className="font-medium underline underline-offset-2">
              Sign in again
            </a>{" "}
            and book.
          </p>
        </Callout>
      );
    case "fields":
      return (
        <Callout title="Some details need attention">
          <p>{message}</p>
          {issue.unplaced.map((d, i) => (
            <p key={i}>{d.message}</p>
          ))}
        </Callout>
      );
    case "hold_not_eligible":
    case "reprice":
    case "expired":
      return null;
    default:
      return (
        <Callout title="The booking was not made">
          <p>{message}</p>
          <p className="mt-1">Nothing was booked. {back} to pick another rate.</p>
        </Callout>
      );
  }
}

