import type { ReactNode } from "react";
import type { FieldErrors, UseFormRegister } from "react-hook-form";
import { RefreshCw, ShieldCheck, TriangleAlert } from "lucide-react";
import { useTimeZone } from "@/components/layout/time-zone";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { StatusBadge } from "@/components/ui/status-badge";
import { freeCancellation, freeCancellationLine } from "@/lib/bookings/deadlines";
import { formatInstant } from "@/lib/format/dates";
import { humanize } from "@/lib/format/words";
import type { CheckoutValues, PriceCheck } from "./checkout-schema";
import { formatCountdown, formatMoney, formatMoneyDelta } from "./format";

type Policy = PriceCheck["cancellationPolicy"];

const CHANGE_LABELS: Record<string, string> = {
  price: "Price",
  cancellation_policy: "Cancellation policy",
  board_basis: "Board",
  other: "Other",
};

const isMoney = (v: unknown): v is { amountMinor: number; currency: string } =>
  !!v && typeof v === "object" && typeof (v as { amountMinor?: unknown }).amountMinor === "number" && typeof (v as { currency?: unknown }).currency === "string";
const isPolicy = (v: unknown): v is Policy => !!v && typeof v === "object" && typeof (v as { refundable?: unknown }).refundable === "boolean";

/**
 * The policy in one line, its free-cancellation end by the desk's one rule (lib/bookings/deadlines.ts)
 * in the advisor's zone: "Free cancellation until Fri, 11 Dec 2026, 23:59 GMT+1".
 */
export function policyHeadline(policy: Policy, timeZone: string, now = new Date()): string {
  const free = freeCancellation(policy);
  const line = freeCancellationLine(free, now, timeZone);
  if (line) return line;
  if (free.kind === "unknown" && free.reason === "withheld") return "Cancellation terms not given by the provider";
  return policy.refundable ? "Refundable; the provider gives no date for its charges" : "Non-refundable";
}

/** A before/after value of a change: money, a policy, a board code or text. */
function ChangeValue({ value, kind }: { value: unknown; kind: string }) {
  const timeZone = useTimeZone();
  if (value === null || value === undefined || value === "") return <span className="text-slate-400">not given</span>;
  if (isMoney(value)) return <span className="tabular-nums">{formatMoney(value.amountMinor, value.currency)}</span>;
  if (isPolicy(value)) return <span>{policyHeadline(value, timeZone)}</span>;
  if (typeof value === "string") return <span>{kind === "board_basis" ? humanize(value) : value}</span>;
  if (typeof value === "number" || typeof value === "boolean") return <span>{String(value)}</span>;
  return <span className="text-slate-500">changed</span>;
}

export function PolicyDetails({ policy, currency }: { policy: Policy; currency: string }) {
  const timeZone = useTimeZone();
  const charges = policy.deadlines.filter((d) => d.from);
  return (
    <div className="space-y-2 text-sm">
      <p className="flex items-center gap-2 font-medium text-ink">
        <ShieldCheck className={policy.refundable ? "size-4 text-emerald-600" : "size-4 text-slate-400"} />
        {policyHeadline(policy, timeZone)}
      </p>
      {charges.length > 0 ? (
        <ul className="space-y-1 border-l-2 border-slate-200 pl-3 text-[0.8125rem] text-slate-600">
          {charges.map((d, i) => (
            <li key={`${d.from}-${i}`}>
              From {formatInstant(d.from!, timeZone)}:{" "}
              {d.amountMinor !== undefined ? (
                <span className="font-medium text-ink tabular-nums">{formatMoney(d.amountMinor, d.currency ?? currency)}</span>
              ) : (
                "a charge"
              )}{" "}
              if cancelled
            </li>
          ))}
        </ul>
      ) : null}
      {policy.nonrefundableDateRanges?.length || policy.perStayAmountsNonRefundable?.length ? (
        <p className="text-[0.8125rem] text-slate-600">Part of the price is not refundable whatever the date.</p>
      ) : null}
    </div>
  );
}

export function PriceCheckSkeleton({ label = "Checking the live price with the provider…" }: { label?: string }) {
  return (
    <Card aria-busy="true">
      <CardHeader title="Price check" description={label} />
      <CardBody className="space-y-4">
        <p className="sr-only" role="status">
          {label}
        </p>
        <div className="flex items-end justify-between gap-4" aria-hidden>
          <div className="space-y-2">
            <Skeleton className="h-3 w-20" />
            <Skeleton className="h-7 w-36" />
          </div>
          <Skeleton className="h-6 w-28 rounded-full" />
        </div>
        <Skeleton className="h-3 w-full max-w-md" />
        <Skeleton className="h-3 w-2/3 max-w-sm" />
      </CardBody>
    </Card>
  );
}

/** The live price against the price shown in results, what changed, the policy, and how long the price holds. */
export function PriceCheckPanel({
  check,
  remainingMs,
  rechecking,
  onRecheck,
  register,
  errors,
  notice,
}: {
  check: PriceCheck;
  remainingMs: number;
  rechecking: boolean;
  onRecheck: () => void;
  register: UseFormRegister<CheckoutValues>;
  errors: FieldErrors<CheckoutValues>;
  notice?: ReactNode;
}) {
  const timeZone = useTimeZone();
  const currency = check.sellCurrency;
  const delta = check.sellAmountMinor - check.previousSellAmountMinor;
  const pct = check.previousSellAmountMinor > 0 ? (delta / check.previousSellAmountMinor) * 100 : 0;
  const changed = check.status !== "unchanged" || check.changes.length > 0;
  const lapsed = remainingMs <= 0;
  return (
    <Card aria-labelledby="price-check-title">
      <CardHeader
        titleId="price-check-title"
        title="Price check"
        description={`Checked live with the provider at ${formatInstant(check.checkedAt, timeZone)}.`}
        action={
          changed ? (
            <StatusBadge tone="warning">Changed since the search</StatusBadge>
          ) : (
            <StatusBadge tone="ok">Unchanged</StatusBadge>
          )
        }
      />
      <CardBody className="space-y-5">
        {notice}
        <div className="flex flex-wrap items-end justify-between gap-x-6 gap-y-3">
          <div>
            <p className="text-sm text-slate-500">Live price</p>
            <p className="text-2xl font-semibold tracking-tight text-ink tabular-nums" data-testid="live-price">
              {formatMoney(check.sellAmountMinor, currency)}
            </p>
          </div>
          <div className="text-sm sm:text-right">
            <p className="text-slate-500">
              Shown in results <span className="font-medium text-slate-700 tabular-nums">{formatMoney(check.previousSellAmountMinor, currency)}</span>
            </p>
            <p className={delta > 0 ? "font-medium text-rose-700" : delta < 0 ? "font-medium text-emerald-700" : "text-slate-500"}>
              {delta === 0 ? "No difference" : `${formatMoneyDelta(delta, currency)} (${delta > 0 ? "+" : "−"}${Math.abs(pct).toFixed(1)}%)`}
            </p>
          </div>
        </div>

        {check.changes.length > 0 ? (
          <div className="rounded-lg border border-amber-200 bg-amber-50/70 p-4">
            <h3 className="flex items-center gap-2 text-sm font-semibold text-amber-900">
              <TriangleAlert className="size-4 text-amber-600" />
              What changed
            </h3>
            {/* Before and after side by side, so the client hears both (price, policy, board). */}
            <table className="mt-3 w-full table-fixed border-collapse text-sm text-amber-950" data-testid="changes">
              <thead>
                <tr className="text-left text-xs font-medium tracking-wide text-amber-900/80 uppercase">
                  <th scope="col" className="w-[34%] pr-3 pb-1.5 font-medium">Change</th>
                  <th scope="col" className="pr-3 pb-1.5 font-medium">Before</th>
                  <th scope="col" className="pb-1.5 font-medium">Now</th>
                </tr>
              </thead>
              <tbody>
                {check.changes.map((c, i) => (
                  <tr key={i} className="border-t border-amber-200/80 align-top">
                    <th scope="row" className="py-2 pr-3 text-left font-normal">
                      <span className="font-medium">{CHANGE_LABELS[c.kind] ?? humanize(c.kind)}</span>
                      <span className="mt-0.5 block text-[0.8125rem] text-amber-900/80">{c.message}</span>
                    </th>
                    <td className="py-2 pr-3 break-words text-amber-900/80">
                      <ChangeValue value={c.before} kind={c.kind} />
                    </td>
                    <td className="py-2 font-medium break-words">
                      <ChangeValue value={c.after} kind={c.kind} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            {check.changesAcknowledgementRequired ? (
              <Checkbox
                className="mt-4"
                label="The client accepts these changes"
                hint="Required to book: tell the client what changed before confirming."
                error={errors.changesAcknowledged?.message}
                {...register("changesAcknowledged")}
              />
            ) : null}
          </div>
        ) : null}

        {check.packageRate ? (
          <div className="rounded-lg border border-slate-200 bg-slate-50 p-4">
            <h3 className="text-sm font-semibold text-ink">Package rate</h3>
            <p className="mt-1 text-[0.8125rem] text-slate-600">
              This rate is only sold as part of a package and may not be shown to the client as a separate price.
            </p>
            <Checkbox
              className="mt-3"
              label="The client accepts the package terms"
              error={errors.packageRateAcknowledged?.message}
              {...register("packageRateAcknowledged")}
            />
          </div>
        ) : null}

        <div>
          <h3 className="mb-2 text-sm font-semibold text-ink">Cancellation</h3>
          <PolicyDetails policy={check.cancellationPolicy} currency={currency} />
        </div>

        <div
          className={
            lapsed
              ? "flex flex-wrap items-center justify-between gap-3 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
              : "flex flex-wrap items-center justify-between gap-3 rounded-lg bg-slate-50 px-4 py-3 text-sm text-slate-600"
          }
        >
          <p aria-live="polite">
            {lapsed ? (
              "The confirmed price has lapsed (it holds 10 minutes). Check it again before booking."
            ) : (
              <>
                Price confirmed for <span className="font-semibold text-ink tabular-nums" role="timer">{formatCountdown(remainingMs)}</span> more
              </>
            )}
          </p>
          <Button variant="secondary" size="sm" onClick={onRecheck} pending={rechecking}>
            {!rechecking ? <RefreshCw className="size-3.5" /> : null}
            Check the price again
          </Button>
        </div>
      </CardBody>
    </Card>
  );
}

type CheckboxProps = React.ComponentProps<"input"> & { label: string; hint?: string; error?: string };

export function Checkbox({ label, hint, error, className, id, ...input }: CheckboxProps) {
  const inputId = id ?? `cb-${input.name}`;
  const describedBy = error ? `${inputId}-error` : hint ? `${inputId}-hint` : undefined;
  return (
    <div className={className}>
      <div className="flex items-start gap-3">
        <input
          id={inputId}
          type="checkbox"
          aria-invalid={!!error}
          aria-describedby={describedBy}
          className="mt-0.5 size-4.5 shrink-0 rounded border-slate-300 accent-brand-600"
          {...input}
        />
        <label htmlFor={inputId} className="text-sm font-medium text-ink">
          {label} <span className="text-rose-600" aria-hidden>*</span>
        </label>
      </div>
      {error ? (
        <p id={`${inputId}-error`} className="mt-1.5 ml-7.5 flex items-start gap-1.5 text-[0.8125rem] text-rose-700">
          <TriangleAlert className="mt-px size-3.5 shrink-0" />
          {error}
        </p>
      ) : hint ? (
        <p id={`${inputId}-hint`} className="mt-1 ml-7.5 text-[0.8125rem] text-slate-600">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
