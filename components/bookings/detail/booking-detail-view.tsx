"use client";

import Link from "next/link";
import type { ReactNode } from "react";
import { CancellationTimeline } from "@/components/hotel/cancellation-timeline";
import { useTimeZone } from "@/components/layout/time-zone";
import { StructuredValue, isEmptyValue } from "@/components/hotel/structured-value";
import { productTypeMeta } from "@/components/status/product-types";
import { Skeleton } from "@/components/ui/skeleton";
import { freeCancellation, freeCancellationFact, PAY_BY } from "@/lib/bookings/deadlines";
import type { BookingPageData } from "@/lib/bookings/schemas";
import { formatDay, formatInstant } from "@/lib/format/dates";
import { humanize } from "@/lib/format/words";
import { formatMoney } from "@/lib/money";
import { BookingStateBadge, bookingStateView } from "../booking-state";
import { bookingTitle, isObj, maskDocument, money, num, objs, str, strs } from "./facts";
import { HistoryList } from "./history";
import { LineItemView } from "./line-items";
import { ProposalOrigin } from "./proposal-origin";
import { CopyButton, EmptyLine, FactItem, Facts, Section } from "./parts";

export { bookingTitle } from "./facts";

/**
 * Everything a booking's detail holds, whatever the product, with the page's steps (`actions`)
 * and live notices (a hold's countdown, a pending check, a step's outcome) in the header.
 * Presentational: the page fetches and acts (components/bookings/booking-page.tsx).
 */
export function BookingDetailView({
  booking,
  bookingId,
  now,
  meId,
  backHref = "/bookings",
  actions,
  notices,
}: {
  booking: BookingPageData;
  bookingId: string;
  now: Date;
  meId?: string;
  backHref?: string;
  actions?: ReactNode;
  notices?: ReactNode;
}) {
  const timeZone = useTimeZone();
  const { order } = booking;
  const title = bookingTitle(booking);
  const state = String(order.state);
  const view = bookingStateView(state);
  const Icon = productTypeMeta(booking.lineItems[0]?.productType ?? "").Icon;
  const who = (by: { id: string; name: string } | null) => (by ? (by.id === meId ? "You" : by.name) : null);
  const bookedBy = who(booking.bookedBy);

  return (
    <div className="space-y-6">
      <header className="space-y-4">
        <Link href={backHref} className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
          <span aria-hidden>←</span> Back to bookings
        </Link>
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div className="min-w-0">
            <p className="flex items-center gap-1.5 text-sm font-medium text-brand-700">
              <Icon className="size-4" aria-hidden />
              {title.productLabel} booking
            </p>
            <h1 className="mt-1 text-2xl font-semibold tracking-tight break-words text-ink sm:text-[1.75rem]">{title.item}</h1>
            <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-2">
              <span className="font-mono text-base font-semibold text-ink" data-testid="order-ref">
                {order.orderRef}
              </span>
              <CopyButton text={order.orderRef} label="order reference" />
              <BookingStateBadge state={state} />
            </div>
            <p className="mt-2 max-w-2xl text-sm text-slate-600">{view.description}</p>
          </div>
        </div>
        <Facts className="grid gap-x-6 gap-y-3 rounded-xl border border-slate-200 bg-white px-5 py-4 sm:grid-cols-4 sm:px-6">
          <FactItem label="Travel">
            {title.travelStart ? (title.travelEnd && title.travelEnd !== title.travelStart ? `${formatDay(title.travelStart)} – ${formatDay(title.travelEnd)}` : formatDay(title.travelStart)) : "—"}
          </FactItem>
          <FactItem label="Travellers">
            {order.travelers.length ? `${order.travelers.length} · lead ${[order.travelers[0]?.firstName, order.travelers[0]?.lastName].filter(Boolean).join(" ")}` : "—"}
          </FactItem>
          <FactItem label="Total">
            <span className="font-semibold tabular-nums">{formatMoney(order.totalSell.amountMinor, order.totalSell.currency)}</span>
          </FactItem>
          <FactItem label="Booked by">{bookedBy ?? <span className="text-slate-500">Outside Agency Desk</span>}</FactItem>
        </Facts>
        {actions}
        {notices ? <div className="space-y-3">{notices}</div> : null}
      </header>

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="min-w-0 space-y-6 lg:col-span-2">
          <Section id="items-title" title="What was booked">
            <div className="divide-y divide-slate-100">
              {booking.lineItems.map((item, i) => (
                <LineItemView key={i} item={item} index={i} count={booking.lineItems.length} />
              ))}
            </div>
          </Section>
          <TravellersSection booking={booking} />
          {booking.bookedHotel ? <HotelSection hotel={booking.bookedHotel} /> : null}
          <PolicySection booking={booking} now={now} />
          <ImportantInformation value={booking.importantInformation} />
        </div>
        <div className="min-w-0 space-y-6">
          {order.held ? <HoldSection held={order.held} policy={booking.cancellationPolicy} now={now} timeZone={timeZone} /> : null}
          {order.failureReason ? (
            <Section id="failure-title" title="Why it failed">
              <p className="text-sm text-slate-700">The provider gave this reason:</p>
              <p className="mt-1 font-mono text-sm text-ink">{order.failureReason}</p>
            </Section>
          ) : null}
          {booking.proposal ? <ProposalOrigin proposal={booking.proposal} /> : null}
          <PriceSection booking={booking} />
          <PaymentsSection booking={booking} timeZone={timeZone} />
          <EarningsSection booking={booking} />
          <Section id="history-title" title="Booked by and history">
            <p className="text-sm text-ink">
              {bookedBy ? (
                <>
                  Booked by <strong>{bookedBy}</strong>
                </>
              ) : (
                "Booked with the agency's key outside Agency Desk."
              )}
            </p>
            <HistoryList history={booking.history} meId={meId} now={now} />
          </Section>
        </div>
      </div>
      <p className="text-xs text-slate-500">
        Booking ID <span className="font-mono">{bookingId}</span> · paid by {order.paymentMethod === "credit" ? "agency credit" : humanize(order.paymentMethod)}
      </p>
    </div>
  );
}

/** The hold's two deadlines (lib/bookings/deadlines.ts): pay by, and free cancellation under the policy once paid. */
function HoldSection({ held, policy, now, timeZone }: { held: { paymentDeadline: string }; policy: BookingPageData["cancellationPolicy"]; now: Date; timeZone: string }) {
  const free = freeCancellationFact(freeCancellation(policy), now, timeZone);
  return (
    <Section id="hold-facts-title" title="Hold">
      <Facts className="space-y-3">
        <FactItem label={PAY_BY}>{formatInstant(held.paymentDeadline, timeZone)}</FactItem>
        {free ? <FactItem label={free.label}>{free.value}</FactItem> : null}
      </Facts>
    </Section>
  );
}

function TravellersSection({ booking }: { booking: BookingPageData }) {
  const hotel = booking.lineItems[0]?.productType === "hotel";
  const travellers = booking.order.travelers;
  return (
    <Section id="travellers-title" title="Travellers" description={travellers.length ? `${travellers.length} on this booking` : undefined}>
      {travellers.length === 0 ? (
        <EmptyLine>The travel service returned no travellers for this booking.</EmptyLine>
      ) : (
        <ol className="divide-y divide-slate-100">
          {travellers.map((t, i) => {
            const rec = t as Record<string, unknown>;
            const name = [t.title, t.firstName, t.lastName].filter(Boolean).join(" ") || `Traveller ${i + 1}`;
            const facts: Array<[string, string]> = [];
            if (t.email) facts.push(["Email", t.email]);
            if (t.phone) facts.push(["Phone", t.phone]);
            if (str(rec.dateOfBirth)) facts.push(["Born", formatDay(str(rec.dateOfBirth)!)]);
            if (str(rec.gender)) facts.push(["Gender", humanize(str(rec.gender)!)]);
            if (str(rec.nationality)) facts.push(["Nationality", str(rec.nationality)!]);
            if (str(rec.passportNumber)) facts.push(["Passport", maskDocument(str(rec.passportNumber)!)]);
            if (str(rec.passportExpiry)) facts.push(["Passport expires", formatDay(str(rec.passportExpiry)!)]);
            if (str(rec.carrierName) || str(rec.flightNumber)) facts.push(["Flight", [str(rec.carrierName), str(rec.flightNumber)].filter(Boolean).join(" ")]);
            return (
              <li key={i} className="py-3 first:pt-0 last:pb-0">
                <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-ink">
                  {name}
                  {i === 0 ? <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-700 ring-1 ring-brand-100 ring-inset">Lead</span> : null}
                  <span className="text-xs font-normal text-slate-500">
                    {t.type === "child" ? `Child${num(t.age) !== null ? `, ${t.age}` : ""}` : "Adult"}
                    {hotel && num(t.roomIndex) !== null ? ` · room ${(t.roomIndex as number) + 1}` : ""}
                  </span>
                </p>
                {facts.length ? (
                  <dl className="mt-1 grid gap-x-4 gap-y-0.5 text-[0.8125rem] sm:grid-cols-2">
                    {facts.map(([label, value]) => (
                      <div key={label} className="flex gap-1.5">
                        <dt className="text-slate-500">{label}:</dt>
                        <dd className="min-w-0 break-all text-slate-700">{value}</dd>
                      </div>
                    ))}
                  </dl>
                ) : null}
              </li>
            );
          })}
        </ol>
      )}
    </Section>
  );
}

function HotelSection({ hotel }: { hotel: NonNullable<BookingPageData["bookedHotel"]> }) {
  const rec = hotel as Record<string, unknown>;
  const stars = num(rec.starRating);
  return (
    <Section id="hotel-title" title="The hotel">
      <p className="text-sm font-medium text-ink">
        {hotel.name}
        {stars ? <span className="ml-2 text-amber-600" aria-label={`${stars} stars`}>{"★".repeat(Math.round(stars))}</span> : null}
      </p>
      <address className="mt-1 text-sm text-slate-600 not-italic">{[hotel.address, hotel.city, hotel.country].filter(Boolean).join(", ") || "No address given"}</address>
    </Section>
  );
}

function PolicySection({ booking, now }: { booking: BookingPageData; now: Date }) {
  const policy = booking.cancellationPolicy ?? null;
  const title = bookingTitle(booking);
  const state = String(booking.order.state);
  const over = state === "cancelled" || state === "refunded" || state === "failed";
  const current = policy?.currentRefundability;
  const currentWords: Record<string, string> = { refundable: "refundable", partially_refundable: "partly refundable", non_refundable: "non-refundable" };
  return (
    <Section
      id="policy-title"
      title="Cancellation policy"
      description={over ? "Shown for reference: this booking can no longer be cancelled." : current ? `Cancelling now: ${currentWords[current] ?? humanize(current).toLowerCase()}.` : undefined}
    >
      <CancellationTimeline
        policy={policy}
        refundable={policy?.refundable ?? false}
        totalMinor={booking.order.totalSell.amountMinor}
        currency={booking.order.totalSell.currency}
        checkIn={title.travelStart ?? ""}
        now={now}
      />
    </Section>
  );
}

function ImportantInformation({ value }: { value: BookingPageData["importantInformation"] }) {
  const info = isObj(value) ? value : {};
  const notes = strs(info.notes);
  const taxes = objs(info.excludedTaxes);
  const rest = Object.fromEntries(Object.entries(info).filter(([k, v]) => k !== "notes" && k !== "excludedTaxes" && !isEmptyValue(v)));
  return (
    <Section id="info-title" title="Important information" description="What the travellers must know, from the property or operator.">
      {notes.length === 0 && taxes.length === 0 && Object.keys(rest).length === 0 ? <EmptyLine>Nothing from the provider for this booking.</EmptyLine> : null}
      {notes.length ? (
        <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
          {notes.map((n, i) => (
            <li key={i}>{n}</li>
          ))}
        </ul>
      ) : null}
      {taxes.length ? (
        <div className="mt-3">
          <h3 className="text-xs font-medium tracking-wide text-slate-500 uppercase">Taxes not included</h3>
          <ul className="mt-1 space-y-0.5 text-sm text-slate-700">
            {taxes.map((t, i) => {
              const m = money(t);
              return (
                <li key={i}>
                  {str(t.name) ?? "Tax"}
                  {m ? `: ${formatMoney(m.amountMinor, m.currency)}` : ""}
                  {str(t.payableAt) ? `, paid at the ${str(t.payableAt)}` : ""}
                </li>
              );
            })}
          </ul>
        </div>
      ) : null}
      {Object.keys(rest).length ? (
        <div className="mt-3 text-sm text-slate-700">
          <StructuredValue value={rest} />
        </div>
      ) : null}
    </Section>
  );
}

function PriceSection({ booking }: { booking: BookingPageData }) {
  const ps = isObj(booking.priceSummary) ? booking.priceSummary : {};
  const currency = str(ps.currency) ?? booking.order.totalSell.currency;
  const lines = objs(ps.lines).filter((l) => str(l.label) && num(l.amountMinor) !== null);
  const m = (v: unknown) => (num(v) !== null ? formatMoney(num(v)!, currency) : null);
  const known = new Set(["currency", "lines", "totalSellMinor", "payNowMinor", "payAtPropertyMinor", "nights", "perNightMinor"]);
  const rest = Object.fromEntries(Object.entries(ps).filter(([k, v]) => !known.has(k) && !isEmptyValue(v)));
  return (
    <Section id="price-title" title="Price summary">
      <dl className="space-y-1.5 text-sm">
        {lines.map((l, i) => (
          <div key={i} className="flex justify-between gap-4">
            <dt className="text-slate-600">{str(l.label)}</dt>
            <dd className="text-ink tabular-nums">{m(l.amountMinor)}</dd>
          </div>
        ))}
        {m(ps.perNightMinor) ? (
          <div className="flex justify-between gap-4">
            <dt className="text-slate-600">Per night</dt>
            <dd className="text-ink tabular-nums">{m(ps.perNightMinor)}</dd>
          </div>
        ) : null}
        {num(ps.payAtPropertyMinor) && lines.length === 0 ? (
          <div className="flex justify-between gap-4">
            <dt className="text-slate-600">Paid at the property</dt>
            <dd className="text-ink tabular-nums">{m(ps.payAtPropertyMinor)}</dd>
          </div>
        ) : null}
        <div className="flex justify-between gap-4 border-t border-slate-100 pt-2 font-semibold">
          <dt className="text-ink">Total</dt>
          <dd className="text-ink tabular-nums">{formatMoney(booking.order.totalSell.amountMinor, booking.order.totalSell.currency)}</dd>
        </div>
        {m(ps.payNowMinor) && num(ps.payNowMinor) !== booking.order.totalSell.amountMinor ? (
          <div className="flex justify-between gap-4">
            <dt className="text-slate-600">Paid from credit</dt>
            <dd className="text-ink tabular-nums">{m(ps.payNowMinor)}</dd>
          </div>
        ) : null}
      </dl>
      {Object.keys(rest).length ? (
        <div className="mt-3 text-sm text-slate-700">
          <StructuredValue value={rest} />
        </div>
      ) : null}
    </Section>
  );
}

function PaymentsSection({ booking, timeZone }: { booking: BookingPageData; timeZone: string }) {
  const payments = booking.payments;
  return (
    <Section id="payments-title" title="Payments">
      {payments.length === 0 ? (
        <EmptyLine>No payments recorded{String(booking.order.state) === "held" ? ": a hold is paid when you pay it." : "."}</EmptyLine>
      ) : (
        <ul className="divide-y divide-slate-100 text-sm">
          {payments.map((p, i) => {
            const refund = p.kind === "refund";
            const amount = num(p.amountMinor);
            const note = str((p as Record<string, unknown>).note);
            return (
              <li key={i} className="py-2 first:pt-0 last:pb-0">
                <div className="flex justify-between gap-3">
                  <span className="text-ink">{note ?? (refund ? "Refund" : "Charge")}</span>
                  <span className={refund ? "text-emerald-700 tabular-nums" : "text-ink tabular-nums"}>
                    {amount !== null ? `${refund ? "−" : ""}${formatMoney(amount, p.currency ?? booking.order.totalSell.currency)}` : "—"}
                  </span>
                </div>
                <p className="text-xs text-slate-500">
                  {[p.method === "credit" ? "Agency credit" : p.method, p.status ? humanize(p.status) : null, p.createdAt ? formatInstant(p.createdAt, timeZone) : null].filter(Boolean).join(" · ")}
                </p>
              </li>
            );
          })}
        </ul>
      )}
    </Section>
  );
}

function EarningsSection({ booking }: { booking: BookingPageData }) {
  const e = isObj(booking.earnings) ? booking.earnings : {};
  const c = booking.order.agencyCommission;
  const currency = str(e.currency) ?? booking.order.totalSell.currency;
  const commission = num(e.commissionMinor);
  const known = new Set(["currency", "basis", "commissionMinor", "commissionPercent", "status"]);
  const rest = Object.fromEntries(Object.entries(e).filter(([k, v]) => !known.has(k) && !isEmptyValue(v)));
  const nothing = !c && commission === null && Object.keys(rest).length === 0 && !str(e.basis);
  return (
    <Section id="earnings-title" title="Earnings and commission">
      {nothing ? (
        <EmptyLine>The travel service reports no earnings for this booking.</EmptyLine>
      ) : (
        <dl className="space-y-1.5 text-sm">
          {str(e.basis) ? (
            <div className="flex justify-between gap-4">
              <dt className="text-slate-600">Basis</dt>
              <dd className="text-ink">{e.basis === "net" ? "Net rate (your margin is your own)" : humanize(str(e.basis)!)}</dd>
            </div>
          ) : null}
          {commission !== null ? (
            <div className="flex justify-between gap-4">
              <dt className="text-slate-600">Commission{num(e.commissionPercent) !== null ? ` (${num(e.commissionPercent)}%)` : ""}</dt>
              <dd className="text-ink tabular-nums">{formatMoney(commission, currency)}</dd>
            </div>
          ) : null}
          {str(e.status) ? (
            <div className="flex justify-between gap-4">
              <dt className="text-slate-600">Status</dt>
              <dd className="text-ink">{humanize(str(e.status)!)}</dd>
            </div>
          ) : null}
          {c && (c.amountMinor !== undefined || c.percent !== undefined) ? (
            <div className="flex justify-between gap-4">
              <dt className="text-slate-600">Agency commission on the order</dt>
              <dd className="text-ink tabular-nums">
                {c.amountMinor !== undefined ? formatMoney(c.amountMinor, c.currency ?? currency) : ""}
                {c.percent !== undefined ? ` (${c.percent}%)` : ""}
              </dd>
            </div>
          ) : null}
        </dl>
      )}
      {Object.keys(rest).length ? (
        <div className="mt-3 text-sm text-slate-700">
          <StructuredValue value={rest} />
        </div>
      ) : null}
    </Section>
  );
}

/** The booking page's shape while it loads. */
export function BookingDetailSkeleton() {
  return (
    <div className="space-y-6" aria-busy="true">
      <p className="sr-only" role="status">
        Loading the booking…
      </p>
      <div className="space-y-3">
        <Skeleton className="h-4 w-32" />
        <Skeleton className="h-4 w-24" />
        <Skeleton className="h-8 w-2/3 max-w-md" />
        <Skeleton className="h-5 w-60" />
        <Skeleton className="h-20 w-full rounded-xl" />
      </div>
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <Skeleton className="h-56 w-full rounded-xl" />
          <Skeleton className="h-40 w-full rounded-xl" />
        </div>
        <div className="space-y-6">
          <Skeleton className="h-40 w-full rounded-xl" />
          <Skeleton className="h-48 w-full rounded-xl" />
        </div>
      </div>
    </div>
  );
}
