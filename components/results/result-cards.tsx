"use client";

import { ArrowRight, BadgePercent, ImageOff, MapPin, Package } from "lucide-react";
import { memo, Suspense, useContext, useState } from "react";
import { buttonClasses } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { IntentLink } from "@/components/ui/intent-link";
import { boardLabel, plural } from "@/lib/format/words";
import { hotelHref, type SearchCriteria } from "@/lib/search/criteria";
import { isActivityRow, isFlightRow, isHotelRow, isTransferRow } from "@/lib/tds/contract/narrow";
// Used by the other products' cards only (offer-cards.tsx), yet named here, with the results' code:
// the proposal tray's store it brings is part of the desk's bar too, and reached from the cards'
// chunk alone it made the build split the code the desk's pages share off the bar's chunk, about
// 1 KB more on every desk page (measured with bench/page-weight.ts).
import "@/components/proposals/add-button";
import { Badge, CancellationLine, CardShell, PriceBlock, StarRating, useRowPrice, type CardContext } from "./card-parts";
import { formatMoney } from "./format";
// The other products' cards come from the page, loaded when their results are to be shown (offer-cards-lazy.ts).
import { OfferCardsContext } from "./offer-cards-context";
import { CardSkeleton } from "./results-skeleton";
import type { HotelRow, ResultGroup } from "./types";
import type { Thumbnail } from "./use-thumbnails";

export type { CardContext };

function sourceCount(group: ResultGroup): number {
  return new Set(group.rows.map((r) => r.supplier)).size;
}

/* --------------------------------------------------------------------------- hotel */

export function HotelThumb({ thumbnail, name }: { thumbnail: Thumbnail; name: string }) {
  const [failed, setFailed] = useState(false);
  const frame = "relative size-24 shrink-0 overflow-hidden rounded-lg bg-slate-100 sm:h-auto sm:min-h-32 sm:w-44";
  if (thumbnail.state === "ready" && !failed) {
    return (
      <div className={frame}>
        {/* eslint-disable-next-line @next/next/no-img-element -- thumbnails come from the service's image hosts */}
        <img
          src={thumbnail.url}
          alt={name}
          width={176}
          height={128}
          loading="lazy"
          decoding="async"
          onError={() => setFailed(true)}
          className="absolute inset-0 size-full object-cover"
        />
      </div>
    );
  }
  if (thumbnail.state === "loading") return <div aria-hidden className={cn(frame, "animate-pulse bg-slate-200/70")} />;
  return (
    <div className={cn(frame, "grid place-items-center bg-gradient-to-br from-slate-100 to-slate-200/80 text-slate-400")}>
      <span className="flex flex-col items-center gap-1 text-[0.6875rem] font-medium">
        <ImageOff aria-hidden className="size-5" />
        <span>No photo</span>
      </span>
    </div>
  );
}

function commissionText(c: NonNullable<HotelRow["summary"]["agencyCommission"]>, currency: string): string | null {
  const parts: string[] = [];
  if (typeof c.percent === "number") parts.push(`${c.percent}%`);
  if (typeof c.amountMinor === "number") parts.push(formatMoney(c.amountMinor, c.currency ?? currency));
  return parts.length ? `Commission ${parts.join(" · ")}` : null;
}

function nightsOf(criteria: SearchCriteria): number | null {
  if (criteria.productType !== "hotel" || !criteria.checkIn || !criteria.checkOut) return null;
  const n = Math.round((Date.parse(criteria.checkOut) - Date.parse(criteria.checkIn)) / 86_400_000);
  return n > 0 ? n : null;
}

/** The group's cheapest rate (a refundable one on a tie): what "from" promises. */
export function cheapestHotelRow(group: ResultGroup, fallback: HotelRow): HotelRow {
  let best = fallback;
  for (const r of group.rows) {
    if (!isHotelRow(r) || r.sellCurrency !== fallback.sellCurrency) continue;
    if (r.sellAmountMinor < best.sellAmountMinor || (r.sellAmountMinor === best.sellAmountMinor && r.refundable && !best.refundable)) best = r;
  }
  return best;
}

export function HotelCard({
  group,
  row,
  ctx,
  thumbnail,
  selected,
  onSelect,
}: {
  group: ResultGroup;
  row: HotelRow;
  ctx: CardContext;
  thumbnail: Thumbnail;
  selected: boolean;
  onSelect: (id: string) => void;
}) {
  const s = row.summary;
  const name = s.hotelName ?? "Unnamed hotel";
  const titleId = `hotel-${group.productId}`;
  const place = [s.neighborhoodName, s.cityName].filter(Boolean).join(" · ");
  const board = boardLabel(s.boardBasis);
  const { shown, clientPrices } = useRowPrice(ctx);
  // A screen turned to a client shows no commission.
  const commission = s.agencyCommission && !clientPrices ? commissionText(s.agencyCommission, row.sellCurrency) : null;
  const nights = nightsOf(ctx.criteria);
  const sources = sourceCount(group);
  return (
    <CardShell selected={selected} onSelect={() => onSelect(group.productId)} labelledBy={titleId}>
      <div className="flex flex-col gap-4 p-3 sm:flex-row sm:p-4">
        <div className="flex min-w-0 flex-1 gap-3 sm:gap-4">
          <HotelThumb thumbnail={thumbnail} name={name} />
          <div className="min-w-0 flex-1 space-y-1.5">
            <div>
              <h3 id={titleId} className="text-[0.9375rem] leading-snug font-semibold text-ink">
                {name}
              </h3>
              <div className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-0.5 text-[0.8125rem] text-slate-600">
                <StarRating value={s.starRating} />
                {place ? (
                  <span className="inline-flex min-w-0 items-center gap-1">
                    <MapPin aria-hidden className="size-3.5 shrink-0 text-slate-400" />
                    <span className="truncate">{place}</span>
                  </span>
                ) : null}
              </div>
            </div>
            <p className="text-[0.8125rem] text-slate-700">
              {s.roomName ?? s.roomGroupLabel ?? "Room details at the rate sheet"}
              {board ? <span className="text-slate-500"> · {board}</span> : null}
            </p>
            <div className="flex flex-wrap items-center gap-x-2 gap-y-1.5">
              <CancellationLine policy={s.cancellationPolicy} refundable={row.refundable} />
              {s.isPackage ? (
                <Badge tone="amber" title="Sold only as part of a package: the advisor confirms this at checkout">
                  <Package aria-hidden className="size-3" />
                  Package rate
                </Badge>
              ) : null}
              {commission ? (
                <Badge tone="brand">
                  <BadgePercent aria-hidden className="size-3" />
                  {commission}
                </Badge>
              ) : null}
            </div>
          </div>
        </div>
        <div className="flex shrink-0 items-end justify-between gap-3 border-t border-slate-100 pt-3 sm:w-44 sm:flex-col sm:justify-between sm:border-t-0 sm:border-l sm:pt-0 sm:pl-4">
          <PriceBlock
            price={shown(row)}
            lead="from"
            caption={nights ? `total for ${plural(nights, "night")}` : "total"}
          />
          <div className="flex flex-col items-end gap-1.5 sm:w-full">
            <p className="text-xs text-slate-500">
              {plural(group.rows.length, "rate")} from {plural(sources, "source")}
            </p>
            <IntentLink
              href={hotelHref(ctx.searchId, group.productId, ctx.criteria)}
              onClick={(e) => e.stopPropagation()}
              className={cn(buttonClasses({ variant: "primary", size: "sm" }), "sm:w-full")}
              aria-label={`See rooms at ${name}`}
            >
              See rooms
              <ArrowRight aria-hidden className="size-3.5" />
            </IntentLink>
          </div>
        </div>
      </div>
    </CardShell>
  );
}

type ResultCardProps = {
  group: ResultGroup;
  ctx: CardContext;
  thumbnail: Thumbnail;
  selected: boolean;
  onSelect: (id: string) => void;
};

const sameThumbnail = (a: Thumbnail, b: Thumbnail) => a.state === b.state && (a.state !== "ready" || a.url === (b as { url: string }).url);

/**
 * The card for a product, by its type. Memoised: the virtual list re-renders on every scroll
 * frame, and a card only changes with its group, selection or thumbnail.
 */
export const ResultCard = memo(
  ResultCardByType,
  (a: ResultCardProps, b: ResultCardProps) =>
    a.group === b.group && a.ctx === b.ctx && a.selected === b.selected && a.onSelect === b.onSelect && sameThumbnail(a.thumbnail, b.thumbnail),
);

function ResultCardByType({
  group,
  ctx,
  thumbnail,
  selected,
  onSelect,
}: ResultCardProps) {
  const cards = useContext(OfferCardsContext);
  const row = group.rows[0];
  if (!row) return null;
  // A hotel's "from" is the lowest of its rates the advisor will find, described by that rate.
  if (isHotelRow(row)) return <HotelCard group={group} row={cheapestHotelRow(group, row)} ctx={ctx} thumbnail={thumbnail} selected={selected} onSelect={onSelect} />;
  // The search page always provides the other products' cards (search-workspace.tsx).
  if (!cards) return null;
  const { FlightCard, ActivityCard, TransferCard, GenericCard } = cards;
  return (
    // The outline only while their code is on its way (preloaded with their results' page).
    <Suspense fallback={<CardSkeleton />}>
      {isFlightRow(row) ? (
        <FlightCard group={group} row={row} ctx={ctx} />
      ) : isActivityRow(row) ? (
        <ActivityCard group={group} row={row} ctx={ctx} />
      ) : isTransferRow(row) ? (
        <TransferCard group={group} row={row} ctx={ctx} />
      ) : (
        <GenericCard group={group} row={row} ctx={ctx} />
      )}
    </Suspense>
  );
}
