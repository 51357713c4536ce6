"use client";

import { useQuery } from "@tanstack/react-query";
import { Printer } from "lucide-react";
import { useState } from "react";
import { Button, buttonClasses } from "@/components/ui/button";
import { Callout } from "@/components/ui/callout";
import { Dialog, DialogActions, preloadDialog } from "@/components/ui/dialog";
import { Skeleton } from "@/components/ui/skeleton";
import { StructuredValue, isEmptyValue } from "@/components/hotel/structured-value";
import { apiGet, ApiError } from "@/lib/api-client";
import { formatMoney } from "@/lib/money";
import { voucherSchema } from "@/lib/tds/contract/schemas";
import { humanizeState } from "../booking-state";

/** Vouchers exist for confirmed bookings, and for cancelled or refunded ones marked as cancelled. */
export const VOUCHER_STATES = new Set(["confirmed", "cancelled", "refunded"]);

export const voucherDocumentHref = (bookingId: string, withoutPrices = false) =>
  `/api/bookings/${encodeURIComponent(bookingId)}/voucher/document${withoutPrices ? "?prices=without" : ""}`;

/** The printable voucher (a new tab, A4), with or without prices; for hotels also its details here. */
export function VoucherActions({ bookingId, state, productType }: { bookingId: string; state: string; productType: string }) {
  const [open, setOpen] = useState(false);
  if (!VOUCHER_STATES.has(state)) {
    return (
      <p className="basis-full text-[0.8125rem] text-slate-500 sm:basis-auto">
        The voucher is issued once the booking is confirmed ({humanizeState(state).toLowerCase()} now).
      </p>
    );
  }
  return (
    <>
      <a href={voucherDocumentHref(bookingId)} target="_blank" rel="noopener" className={buttonClasses({ variant: "secondary" })}>
        <Printer className="size-4" aria-hidden />
        Print voucher
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
      <a href={voucherDocumentHref(bookingId, true)} target="_blank" rel="noopener" className={buttonClasses({ variant: "ghost" })}>
        Without prices
        <span className="sr-only"> (printable voucher, opens in a new tab)</span>
      </a>
      {productType === "hotel" ? (
        <Button onPointerEnter={preloadDialog} onFocus={preloadDialog} variant="ghost" onClick={() => setOpen(true)}>
          Voucher details
        </Button>
      ) : null}
      {open ? <VoucherDialog bookingId={bookingId} open={open} onOpenChange={setOpen} /> : null}
    </>
  );
}

function VoucherDialog({ bookingId, open, onOpenChange }: { bookingId: string; open: boolean; onOpenChange: (o: boolean) => void }) {
  const voucher = useQuery({
    queryKey: ["voucher", bookingId],
    queryFn: ({ signal }) => apiGet(`/api/bookings/${encodeURIComponent(bookingId)}/voucher`, voucherSchema, { signal }),
  });
  const v = voucher.data;
  const summary = v?.priceSummary as { totalSellMinor?: unknown; currency?: unknown } | null | undefined;
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Voucher details" description="What the client's voucher says, as the travel service issued it.">
      {voucher.isPending ? (
        <div className="space-y-3" aria-busy="true">
          <Skeleton className="h-4 w-1/2" />
          <Skeleton className="h-4 w-3/4" />
          <Skeleton className="h-16 w-full" />
        </div>
      ) : voucher.isError ? (
        <Callout title="The voucher could not be read">
          <p>{voucher.error instanceof ApiError ? voucher.error.message : "Try again in a moment."}</p>
        </Callout>
      ) : v ? (
        <dl className="space-y-3 text-sm">
          <div>
            <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">Order reference</dt>
            <dd className="font-mono font-semibold text-ink">{v.orderRef}</dd>
          </div>
          <div>
            <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">Stay</dt>
            <dd className="text-ink">
              {v.stay.checkIn} to {v.stay.checkOut} · {v.stay.nights} {v.stay.nights === 1 ? "night" : "nights"}
              <ul className="mt-1 list-disc pl-5 text-slate-700">
                {v.stay.rooms.map((r, i) => (
                  <li key={i}>
                    {r.roomName ?? "Room"}
                    {r.boardBasis ? ` · ${humanizeState(r.boardBasis)}` : ""} — {r.guests.join(", ")}
                  </li>
                ))}
              </ul>
            </dd>
          </div>
          <div>
            <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">Hotel confirmation number</dt>
            <dd className="font-mono text-ink">{v.hotelConfirmationNumber ?? "Not recorded yet"}</dd>
          </div>
          {typeof summary?.totalSellMinor === "number" && typeof summary.currency === "string" ? (
            <div>
              <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">Total</dt>
              <dd className="font-semibold text-ink tabular-nums">{formatMoney(summary.totalSellMinor, summary.currency)}</dd>
            </div>
          ) : null}
          {!isEmptyValue(v.policies) ? (
            <div>
              <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">Policies</dt>
              <dd className="text-slate-700">
                <StructuredValue value={v.policies} />
              </dd>
            </div>
          ) : null}
        </dl>
      ) : null}
      <DialogActions>
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
