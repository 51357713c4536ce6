"use client";

import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useForm, useWatch, type FieldPath, type Resolver } from "react-hook-form";
import type { ApiError, ApiErrorDetail } from "@/lib/api-client";
import type { SearchCriteria } from "@/lib/search/criteria";
import type { ResultRow } from "@/lib/tds/contract/types";
import type { BookingKeeper } from "./booking-keeper";
import {
  buildCheckoutContext,
  defaultValues,
  toStoredValues,
  type BookingBody,
  type CheckoutContext,
  type CheckoutValues,
  type PriceCheck,
  type StoredValues,
} from "./checkout-schema";
import { demandsOf, landBookingError, withDemands, type Demands, type Landing } from "./landing";

// The form laid out for this booking: the fields the price-check asks for, plus what the
// service demanded when it refused a booking; what is typed kept (through a new layout, a
// reload or a sign-in); and a refused booking's errors landed on their fields.

// The form's validation (its zod schema and resolver) is loaded when the form is first focused
// or validated, not with the page.
const loadValidation = () => import("./checkout-validation");
export const preloadValidation = () => void loadValidation().catch(() => {});
/** The form's resolver for this booking; its code is loaded on first use. */
function lazyCheckoutResolver(ctx: CheckoutContext): Resolver<CheckoutValues> {
  let built: Resolver<CheckoutValues> | null = null;
  return async (values, context, options) => {
    built ??= (await loadValidation()).checkoutResolver(ctx);
    return built(values, context, options);
  };
}

export function useCheckoutForm({
  keeper,
  check,
  criteria,
  row,
  initial = null,
}: {
  keeper: BookingKeeper;
  check: PriceCheck | null;
  criteria: SearchCriteria;
  row: ResultRow | null;
  /** What the form starts with when nothing was typed yet (a proposal's client as the lead traveller). */
  initial?: Partial<StoredValues> | null;
}) {
  const [holdRefused, setHoldRefused] = useState(false);
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
  const { setError, setValue, getValues, reset } = form;

  // Lay the form out for this booking, keeping what was typed (or the saved draft on arrival).
  const shapeRef = useRef<CheckoutContext | null>(null);
  const shape = ctx
    ? JSON.stringify([ctx.manifest.length, ctx.answers.map((a) => a.key), ctx.rooms, ctx.holdable, ctx.titles, ctx.leadContact, ctx.travelDocuments, ctx.flightDetails, ctx.panRequired])
    : null;
  useEffect(() => {
    if (!ctx || shape === null) return;
    const previous = shapeRef.current ? toStoredValues(shapeRef.current, getValues()) : (keeper.draft() ?? initial);
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

  /**
   * A refused booking's field errors, on the fields they are about (shown first if the form did
   * not have them); returns the details that have no field on this form.
   */
  const land = useCallback(
    (body: BookingBody, err: ApiError): ApiErrorDetail[] => {
      if (!ctx) return [];
      const landing = landBookingError(ctx, body, err);
      const more = demandsOf(ctx, err.code, landing.placed);
      if (Object.keys(more).length > 0) {
        pendingLanding.current = landing.placed;
        setDemands((d) => ({ ...d, ...more }));
      } else {
        landing.placed.forEach((p, i) => setError(p.path as FieldPath<CheckoutValues>, { type: "server", message: p.message }, { shouldFocus: i === 0 }));
      }
      return landing.unplaced;
    },
    [ctx, setError],
  );

  /** The provider refused a hold: the rate is booked and paid now instead. */
  const refuseHold = useCallback(() => {
    setHoldRefused(true);
    setValue("payment", "now");
  }, [setValue]);
  const holdInstead = useCallback(() => setValue("payment", "hold"), [setValue]);

  return {
    form,
    ctx,
    holdRefused,
    /** The advisor chose to hold (and the rate can be held). */
    holding: payment === "hold" && ctx?.holdable === true,
    land,
    refuseHold,
    holdInstead,
  };
}
