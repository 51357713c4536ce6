"use client";

import { useTimeZone } from "@/components/layout/time-zone";
import { CalendarDays, Clock, MapPin, Users } from "lucide-react";
import { useMemo, useState } from "react";
import type { ActivityRow } from "@/components/results/types";
import { cn } from "@/components/ui/cn";
import type { SearchCriteria } from "@/lib/search/criteria";
import { formatDuration } from "@/lib/format/durations";
import { ActivityAbout } from "./activity-about";
import { PriceText, shownFee, useRowPrices } from "@/components/pricing/client-prices";
import { cancellationSummary, formatLocalDate, formatParty, partyOfOccupancy } from "./format";
import { activityModalities, cheapestId, count, groupActivityOptions, modalityKey, text, type ActivityModalityGroup } from "./group";
import { AddToProposalButton } from "@/components/proposals/add-button";
import { Cancellation, CheapestBadge, Price, SelectButton } from "./option-parts";
import { SheetHeader } from "./sheet-header";
import { useSelectOption } from "./use-select-option";

type Props = { rows: ActivityRow[]; searchId: string; criteria: SearchCriteria | null };

function participantsOf(row: ActivityRow | undefined, criteria: SearchCriteria | null): string {
  const p = row?.summary.participants as { adults?: unknown; children?: unknown } | undefined;
  const adults = count(p?.adults);
  if (adults !== null) return formatParty(adults, count(p?.children) ?? 0);
  return criteria ? partyOfOccupancy(criteria.occupancy) : "";
}

/** Every saved option of one activity: modalities and sessions to pick from, and what the activity is. */
export function ActivitySheet({ rows, searchId, criteria }: Props) {
  const first = rows[0];
  const activityKey = text(first?.summary.activityKey) ?? first?.canonicalProductId ?? "";
  const name = text(first?.summary.activityName) ?? "Activity";
  const dates = [...new Set(rows.map((r) => r.summary.date).filter((d): d is string => !!d))];
  const party = participantsOf(first, criteria);
  const modalities = useMemo(() => activityModalities(rows), [rows]);
  const [modality, setModality] = useState<string | null>(null);
  const shown = useMemo(() => (modality === null ? rows : rows.filter((r) => modalityKey(r) === modality)), [rows, modality]);
  const groups = useMemo(() => groupActivityOptions(shown), [shown]);
  const cheapest = useMemo(() => cheapestId(rows), [rows]);
  const { select, selectedId } = useSelectOption(searchId, criteria);

  return (
    <>
      <SheetHeader
        priced
        kicker="Activity options"
        title={name}
        facts={[
          text(first?.summary.cityName) ? (
            <>
              <MapPin aria-hidden className="size-4 text-slate-400" />
              {text(first?.summary.cityName)}
            </>
          ) : null,
          dates.length > 0 ? (
            <>
              <CalendarDays aria-hidden className="size-4 text-slate-400" />
              {dates.map((d) => formatLocalDate(d)).join(" – ")}
            </>
          ) : null,
          formatDuration(count(first?.summary.durationMinutes)) ? (
            <>
              <Clock aria-hidden className="size-4 text-slate-400" />
              {formatDuration(count(first?.summary.durationMinutes))}
            </>
          ) : null,
          party ? (
            <>
              <Users aria-hidden className="size-4 text-slate-400" />
              {party}
            </>
          ) : null,
        ]}
      />

      <div className="mt-8 grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <section aria-labelledby="activity-options-title" className="rounded-xl border border-slate-200 bg-white shadow-[0_1px_2px_rgb(15_23_42/0.04)]">
          <header className="border-b border-slate-100 px-5 py-4 sm:px-6">
            <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
              <h2 id="activity-options-title" className="text-[0.9375rem] font-semibold text-ink">
                Choose a session
              </h2>
              <p className="text-sm text-slate-500">
                {rows.length} option{rows.length === 1 ? "" : "s"} · prices for {party || "the party"}
              </p>
            </div>
            {modalities.length > 1 ? (
              <div role="group" aria-label="Show options of" className="mt-3 flex flex-wrap gap-2">
                <Chip pressed={modality === null} onClick={() => setModality(null)} count={rows.length}>
                  All
                </Chip>
                {modalities.map((m) => (
                  <Chip key={m.key} pressed={modality === m.key} onClick={() => setModality(m.key)} count={rows.filter((r) => modalityKey(r) === m.key).length}>
                    {m.label}
                  </Chip>
                ))}
              </div>
            ) : null}
          </header>

          <div className="divide-y divide-slate-100">
            {groups.map((day) => (
              <div key={day.date}>
                {groups.length > 1 ? (
                  <h3 className="bg-slate-50 px-5 py-2 text-sm font-semibold text-slate-700 sm:px-6">
                    {day.date ? formatLocalDate(day.date) : "Date to be confirmed"}
                  </h3>
                ) : null}
                <div className="divide-y divide-slate-100">
                  {day.modalities.map((group) => (
                    <ModalityGroup
                      key={group.key}
                      group={group}
                      headingLevel={groups.length > 1 ? 4 : 3}
                      cheapest={cheapest}
                      selectedId={selectedId}
                      onSelect={select}
                      criteria={criteria}
                    />
                  ))}
                </div>
              </div>
            ))}
          </div>
        </section>

        <ActivityAbout activityKey={activityKey} />
      </div>
    </>
  );
}

function Chip({ pressed, onClick, count: n, children }: { pressed: boolean; onClick: () => void; count: number; children: React.ReactNode }) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      className={cn(
        "inline-flex h-8 items-center gap-1.5 rounded-full border px-3 text-[0.8125rem] font-medium transition-colors",
        pressed
          ? "border-brand-600 bg-brand-50 text-brand-800 ring-1 ring-brand-600 ring-inset"
          : "border-slate-200 bg-white text-slate-700 hover:border-slate-300 hover:bg-slate-50",
      )}
    >
      {children}
      <span className={cn("tabular-nums", pressed ? "text-brand-700" : "text-slate-500")}>{n}</span>
    </button>
  );
}

function ModalityGroup({
  group,
  headingLevel,
  cheapest,
  selectedId,
  onSelect,
  criteria,
}: {
  group: ActivityModalityGroup;
  headingLevel: 3 | 4;
  cheapest: string | null;
  selectedId: string | null;
  onSelect: (row: ActivityRow) => void;
  criteria: SearchCriteria | null;
}) {
  const Heading = headingLevel === 3 ? "h3" : "h4";
  const timeZone = useTimeZone();
  const { shown } = useRowPrices();
  const headingId = `modality-${group.key || "default"}-${group.rows[0]?.summary.date ?? ""}`.replace(/[^a-zA-Z0-9_-]/g, "-");
  return (
    <section aria-labelledby={headingId} className="px-5 py-4 sm:px-6">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <Heading id={headingId} className="text-[0.9375rem] font-semibold text-ink">
          {group.label}
        </Heading>
        <p className="text-sm text-slate-500">
          {group.rows.length} session{group.rows.length === 1 ? "" : "s"} · from <PriceText price={shown({ sellAmountMinor: group.fromMinor, sellCurrency: group.currency, productType: "activity" })} />
        </p>
      </div>
      <ul className="mt-3 space-y-2">
        {group.rows.map((row) => {
          const time = text(row.summary.sessionStartTime);
          const price = shown(row);
          const cancel = cancellationSummary(row.refundable, row.summary.cancellationPolicy, { priceMinor: row.sellAmountMinor, timeZone, shownPriceMinor: shownFee(price) });
          const isCheapest = row._id === cheapest;
          return (
            <li
              key={row._id}
              className={cn(
                "grid grid-cols-[3.5rem_minmax(0,1fr)] items-center gap-x-3 gap-y-2 rounded-lg border px-4 py-3 sm:grid-cols-[4.5rem_minmax(0,1fr)_auto_auto] sm:gap-x-4",
                isCheapest ? "border-brand-200 bg-brand-50/40" : "border-slate-200",
              )}
            >
              <p className="text-lg font-semibold text-ink tabular-nums">
                {time ? <time>{time}</time> : <span className="text-[0.9375rem]">Open time</span>}
              </p>
              <Cancellation summary={cancel}>{isCheapest ? <CheapestBadge /> : null}</Cancellation>
              <div className="col-span-2 flex items-center justify-between gap-4 sm:contents">
                <Price price={price} className="max-sm:text-left" />
                <SelectButton
                  label={`${time ?? "open time"} ${group.label}, ${cancel.badge.toLowerCase()}, ${price.text}`}
                  onSelect={() => onSelect(row)}
                  pending={selectedId === row._id}
                  disabled={selectedId !== null}
                />
              </div>
              <AddToProposalButton
                className="col-span-2 justify-self-end sm:col-span-4"
                label={`${time ?? "open time"} ${group.label}, ${price.text}`}
                input={() => ({ kind: "activity", row, criteria })}
              />
            </li>
          );
        })}
      </ul>
    </section>
  );
}
