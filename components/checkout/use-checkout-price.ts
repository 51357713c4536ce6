"use client";

import { useQuery } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useState } from "react";
import * as z from "zod/mini";
import { apiPost, ApiError } from "@/lib/api-client";
import type { SearchCriteria } from "@/lib/search/criteria";
import type { recallSelectedRate } from "@/lib/search/selected-rate";
import { activityOptionSchema, priceCheckSchema } from "@/lib/tds/contract/adapter";
import type { PriceCheck } from "./checkout-schema";

// The live price of the quote: for an activity first its options priced for this party (the
// one picked in results chosen already), then the price-check, and how long it holds on this
// browser's clock. Nothing is asked while a booking is settled or known (`enabled`).

export type ActivityOption = z.output<typeof activityOptionSchema>;
type Selected = ReturnType<typeof recallSelectedRate>;

/** Why the price was checked again after a booking was refused. */
export type RecheckReason = "unannounced" | "stale";

/** What stands in for the form while there is no price to book at yet. */
export type PriceWait = "options" | "pick" | "price" | null;

function matchingOption(options: readonly ActivityOption[], row: Selected): ActivityOption | undefined {
  const s = row?.row.summary as { modality?: unknown; sessionStartTime?: unknown } | undefined;
  if (!s) return undefined;
  return options.find((o) => o.label === s.modality && (o.startTime ?? null) === (s.sessionStartTime ?? null));
}

export function useCheckoutPrice({
  quoteId,
  criteria,
  selected,
  enabled,
}: {
  quoteId: string;
  criteria: SearchCriteria;
  selected: Selected;
  enabled: boolean;
}) {
  const [pickedRef, setPickedRef] = useState<string | null>(null);
  const [notice, setNotice] = useState<RecheckReason | null>(null);

  const isActivity = criteria.productType === "activity";
  const optionsQuery = useQuery({
    queryKey: ["checkout-options", quoteId],
    enabled: isActivity && enabled,
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
    enabled: enabled && priceReady,
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
  const { refetch: refetchPrice } = priceQuery;
  const { refetch: refetchOptions } = optionsQuery;

  /** The advisor asks for a fresh check. */
  const recheck = useCallback(() => {
    setNotice(null);
    void refetchPrice();
  }, [refetchPrice]);
  /** A refused booking needs a fresh check, and the form says why. */
  const recheckAfter = useCallback(
    (reason: RecheckReason) => {
      setNotice(reason);
      void refetchPrice();
    },
    [refetchPrice],
  );
  const pick = useCallback((ref: string) => {
    setPickedRef(ref);
    setNotice(null);
  }, []);
  const showOptionsAgain = useCallback(() => {
    setPickedRef(null);
    void refetchOptions();
  }, [refetchOptions]);

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

  const checkFailed = !!priceQuery.error && !priceQuery.isFetching;
  const shownOptions = isActivity && options && options.length > 0 ? options : null;
  const waiting: PriceWait =
    isActivity && optionsQuery.isPending && optionsQuery.fetchStatus !== "idle"
      ? "options"
      : shownOptions && !optionRef
        ? "pick"
        : !check || (priceQuery.isFetching && !priceQuery.data)
          ? "price"
          : null;

  return {
    /** The activity's options to pick from (null when there are none to show). */
    options: shownOptions,
    optionRef,
    pick,
    check,
    remainingMs,
    lapsed: check !== null && remainingMs <= 0,
    /** A check is on its way (the first, or one asked for again). */
    checking: priceQuery.isFetching,
    /** The options or the check failed: what the advisor can do is the failure's (priceCheckProblem). */
    error: optionsQuery.error ?? (checkFailed ? priceQuery.error : null),
    checkFailed,
    retrying: priceQuery.isFetching || optionsQuery.isFetching,
    /** Try the failed step again: the options if they failed, else the check. */
    retry: optionsQuery.error ? () => void refetchOptions() : recheck,
    showOptionsAgain,
    waiting,
    notice,
    recheck,
    recheckAfter,
  };
}
