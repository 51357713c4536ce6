"use client";

import { Button } from "@/components/ui/button";
import { Lock as LockIcon, RefreshCw as RefreshIcon } from "lucide-react";
import type { PriceCheck } from "./checkout-schema";
import { formatCountdown, formatMoney } from "./format";

/**
 * The form's last line: the price and how long it is confirmed, and the one thing to press now:
 * book (or hold), check a lapsed price again, or try a pending attempt again.
 */
export function SubmitBar({
  check,
  remainingMs,
  lapsed,
  holding,
  locked,
  submitting,
  checking,
  onRetry,
  onRecheck,
}: {
  check: PriceCheck;
  remainingMs: number;
  lapsed: boolean;
  holding: boolean;
  /** An attempt is pending: only Try again sends it (as it was). */
  locked: boolean;
  submitting: boolean;
  checking: boolean;
  onRetry: () => void;
  onRecheck: () => void;
}) {
  return (
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
        <Button type="button" onClick={onRetry} pending={submitting} className="w-full sm:w-auto">
          {!submitting ? <RefreshIcon className="size-4" /> : null}
          {submitting ? "Booking…" : "Try again"}
        </Button>
      ) : lapsed ? (
        <Button type="button" onClick={onRecheck} pending={checking} className="w-full sm:w-auto">
          {!checking ? <RefreshIcon className="size-4" /> : null}
          Check the price again
        </Button>
      ) : (
        <Button type="submit" pending={submitting} disabled={checking} className="w-full sm:w-auto">
          {!submitting ? <LockIcon className="size-4" /> : null}
          {submitting ? "Booking…" : holding ? "Hold booking" : "Book and pay now"}
        </Button>
      )}
    </div>
  );
}
