"use client";

import type { UseFormRegister } from "react-hook-form";
import { useTimeZone } from "@/components/layout/time-zone";
import { Callout } from "@/components/ui/callout";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import type { CheckoutContext, CheckoutValues, PriceCheck } from "./checkout-schema";
import { formatMoney } from "./format";
import { policyHeadline } from "./price-check-panel";

/** How the booking is paid: now from the agency's credit, or held (when the rate can be) and paid later. */
export function PaymentSection({
  ctx,
  register,
  holdRefused,
  price,
  currency,
}: {
  ctx: CheckoutContext;
  register: UseFormRegister<CheckoutValues>;
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

