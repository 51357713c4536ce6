"use client";

import { useId, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from "react";
import { cn } from "@/components/ui/cn";
import { EMPTY_FILTERS, activeFilterCount, toggleValue, type FacetOption, type Facets, type PriceFacet, type ResultFilters } from "./filter-model";
import { useRowPrices } from "@/components/pricing/client-prices";
import { formatMajor, formatMinor, minorPerMajor } from "./money";
import { formatCount } from "@/lib/money";

export type FilterPanelProps = {
  productType: string;
  /** From `facetsOf(groups, productType, filters)`: counts then follow the other filters. */
  facets: Facets;
  filters: ResultFilters;
  onChange: (filters: ResultFilters) => void;
  currency: string;
  /** Hide the "Filters" heading when a dialog already has one. */
  hideHeading?: boolean;
  className?: string;
};

const NOUNS: Record<string, [string, string]> = {
  hotel: ["hotel", "hotels"],
  flight: ["flight", "flights"],
  activity: ["activity", "activities"],
  transfer: ["transfer", "transfers"],
};
export const countNoun = (productType: string, n: number) => {
  const [one, many] = NOUNS[productType] ?? ["result", "results"];
  return `${formatCount(n)} ${n === 1 ? one : many}`;
};

/**
 * Filters over the loaded results: a price histogram with a two-thumb range, star rating,
 * refundable only, board, source and (flights) stops. A section shows only when there is a
 * choice to make. Fluid width: a sidebar on desktop, the body of a dialog on narrow screens.
 */
export function FilterPanel({ productType, facets, filters, onChange, currency, hideHeading, className }: FilterPanelProps) {
  const headingId = useId();
  const count = activeFilterCount(filters);
  const set = (patch: Partial<ResultFilters>) => onChange({ ...filters, ...patch });
  const stops = filters.stops ?? [];

  const sections: ReactNode[] = [];
  if (facets.price && facets.price.min < facets.price.max) {
    sections.push(
      <PriceSection
        key="price"
        price={facets.price}
        productType={productType}
        value={filters.price}
        currency={currency}
        onChange={(price) => set({ price })}
      />,
    );
  }
  if (facets.stars.length > 1) {
    sections.push(
      <CheckboxSection
        key="stars"
        legend="Star rating"
        options={facets.stars}
        selected={filters.stars}
        onToggle={(v, on) => set({ stars: toggleValue(filters.stars, v, on) })}
        renderLabel={(o) => <StarLabel bucket={o.value} />}
      />,
    );
  }
  if (facets.refundableChoice || filters.refundableOnly) {
    sections.push(
      <Section key="refundable" legendless>
        <label className="group flex cursor-pointer items-center justify-between gap-3 text-sm text-slate-800">
          <span className="flex min-w-0 flex-col">
            <span className="font-semibold text-ink">Refundable only</span>
            <span className="text-[0.8125rem] text-slate-500">{countNoun(productType, facets.refundable)} with a refundable rate</span>
          </span>
          {/* A native checkbox in the switch role, laid invisibly over the track and knob drawn from its state. */}
          <span className="relative inline-flex shrink-0">
            <input
              type="checkbox"
              role="switch"
              checked={filters.refundableOnly}
              onChange={(e) => set({ refundableOnly: e.currentTarget.checked })}
              className="peer absolute inset-0 z-10 m-0 size-full cursor-pointer opacity-0"
            />
            <span
              aria-hidden
              className={cn(
                "relative inline-flex h-6 w-10 items-center rounded-full border border-transparent bg-slate-300 p-0.5 transition-colors",
                "peer-checked:bg-brand-600 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600",
                "peer-checked:[&>span]:translate-x-4",
              )}
            >
              <span className="size-5 rounded-full bg-white shadow-sm transition-transform" />
            </span>
          </span>
        </label>
      </Section>,
    );
  }
  if (facets.stops.length > 1) {
    sections.push(
      <CheckboxSection
        key="stops"
        legend="Stops"
        hint="Most stops on any one way"
        options={facets.stops}
        selected={stops}
        onToggle={(v, on) => set({ stops: toggleValue(stops, v, on) })}
      />,
    );
  }
  if (facets.boards.length > 1) {
    sections.push(
      <CheckboxSection
        key="boards"
        legend="Board"
        options={facets.boards}
        selected={filters.boards}
        onToggle={(v, on) => set({ boards: toggleValue(filters.boards, v, on) })}
      />,
    );
  }
  if (facets.sources.length > 1) {
    sections.push(
      <CheckboxSection
        key="sources"
        legend="Source"
        options={facets.sources}
        selected={filters.sources}
        onToggle={(v, on) => set({ sources: toggleValue(filters.sources, v, on) })}
      />,
    );
  }

  return (
    <section aria-labelledby={hideHeading ? undefined : headingId} aria-label={hideHeading ? "Filters" : undefined} className={cn("min-w-0", className)}>
      <div className="flex items-start justify-between gap-3 pb-3">
        <div className="min-w-0">
          {hideHeading ? (
            <p className="text-sm font-medium text-slate-700">{count > 0 ? `${count} active` : "No filters"}</p>
          ) : (
            <h2 id={headingId} className="text-base font-semibold text-ink">
              Filters
              {count > 0 ? <span className="ml-2 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-700 tabular-nums">{count}</span> : null}
            </h2>
          )}
          {count > 0 ? (
            <p className="text-[0.8125rem] text-slate-500 tabular-nums">
              {formatCount(facets.matching)} of {countNoun(productType, facets.total)}
            </p>
          ) : null}
        </div>
        <button
          type="button"
          onClick={() => onChange({ ...EMPTY_FILTERS, stars: [], boards: [], sources: [], stops: [] })}
          disabled={count === 0}
          className="-mr-2 shrink-0 rounded-md px-2 py-1 text-[0.8125rem] font-semibold whitespace-nowrap text-brand-700 hover:bg-brand-50 disabled:cursor-default disabled:text-slate-400 disabled:hover:bg-transparent"
        >
          Clear all
        </button>
      </div>
      {sections.length > 0 ? (
        <div className="divide-y divide-slate-200 border-t border-slate-200">{sections}</div>
      ) : (
        <p className="border-t border-slate-200 pt-3 text-sm text-slate-500">
          {facets.total === 0 ? "Filters appear once results arrive." : "These results offer nothing to filter on yet."}
        </p>
      )}
    </section>
  );
}

function Section({ legend, hint, legendless, children }: { legend?: string; hint?: string; legendless?: boolean; children: ReactNode }) {
  if (legendless) return <div className="py-4">{children}</div>;
  return (
    <fieldset className="min-w-0 py-4">
      <legend className="float-left w-full pb-2 text-sm font-semibold text-ink">
        {legend}
        {hint ? <span className="block text-[0.8125rem] font-normal text-slate-500">{hint}</span> : null}
      </legend>
      <div className="clear-left">{children}</div>
    </fieldset>
  );
}

function CheckboxSection<V extends string | number>({
  legend,
  hint,
  options,
  selected,
  onToggle,
  renderLabel,
}: {
  legend: string;
  hint?: string;
  options: FacetOption<V>[];
  selected: readonly V[];
  onToggle: (value: V, on: boolean) => void;
  renderLabel?: (option: FacetOption<V>) => ReactNode;
}) {
  const id = useId();
  return (
    <Section legend={legend} hint={hint}>
      <ul className="space-y-0.5">
        {options.map((o) => {
          const checked = selected.includes(o.value);
          const inputId = `${id}-${o.value}`;
          return (
            <li key={String(o.value)}>
              <label
                htmlFor={inputId}
                className={cn(
                  "-mx-2 flex min-h-9 cursor-pointer items-center gap-2.5 rounded-md px-2 text-sm hover:bg-slate-50",
                  o.count === 0 && !checked ? "text-slate-500" : "text-slate-800",
                )}
              >
                <input
                  id={inputId}
                  type="checkbox"
                  checked={checked}
                  onChange={(e) => onToggle(o.value, e.currentTarget.checked)}
                  className="size-4 shrink-0 rounded border-slate-300 accent-brand-600"
                />
                <span className="min-w-0 flex-1 truncate">{renderLabel ? renderLabel(o) : o.label}</span>
                <span className="shrink-0 text-[0.8125rem] text-slate-500 tabular-nums" aria-label={`${o.count} results`}>
                  {formatCount(o.count)}
                </span>
              </label>
            </li>
          );
        })}
      </ul>
    </Section>
  );
}

function StarLabel({ bucket }: { bucket: number }) {
  if (bucket === 0) return <>Unrated</>;
  return (
    <span className="inline-flex items-center gap-1.5">
      <span aria-hidden className="tracking-tight text-amber-500">
        {"★".repeat(bucket)}
        <span className="text-slate-300">{"★".repeat(5 - bucket)}</span>
      </span>
      <span className="sr-only">{bucket === 1 ? "1 star" : `${bucket} stars`}</span>
      <span aria-hidden className="text-slate-600">
        {bucket}
      </span>
    </span>
  );
}

/** A step of 1, 2 or 5 × 10ⁿ major units giving about 200 steps over the domain. */
function niceStep(spanMajor: number): number {
  const raw = Math.max(1, spanMajor / 200);
  const pow = 10 ** Math.floor(Math.log10(raw));
  const m = raw / pow;
  return (m <= 1 ? 1 : m <= 2 ? 2 : m <= 5 ? 5 : 10) * pow;
}

function PriceSection({
  price,
  productType,
  value,
  currency,
  onChange,
}: {
  price: PriceFacet;
  productType: string;
  value: ResultFilters["price"];
  currency: string;
  onChange: (price: ResultFilters["price"]) => void;
}) {
  const unit = minorPerMajor(currency);
  // The filter works on the cost; with Client prices on, its amounts are said as client prices
  // (one product and destination: the markup keeps the order, so the range means the same rows).
  const { on, shown } = useRowPrices();
  const money = (major: number) => {
    if (!on) return formatMajor(major, currency);
    const p = shown({ sellAmountMinor: Math.round(major * unit), sellCurrency: currency, productType });
    return p.amountMinor === null ? "—" : formatMinor(p.amountMinor, currency, { whole: true });
  };
  const scale = useMemo(() => {
    const step = niceStep((price.max - price.min) / unit);
    const lo = Math.floor(price.min / unit / step) * step;
    const hi = Math.ceil(price.max / unit / step) * step;
    return { step, lo, hi: hi > lo ? hi : lo + step };
  }, [price.min, price.max, unit]);

  const committed: [number, number] = value
    ? [
        Math.max(scale.lo, Math.min(scale.hi, Math.floor(value.min / unit / scale.step) * scale.step)),
        Math.max(scale.lo, Math.min(scale.hi, Math.ceil(value.max / unit / scale.step) * scale.step)),
      ]
    : [scale.lo, scale.hi];
  // While a thumb moves, the range lives here; the filter changes when it is let go.
  const [draft, setDraft] = useState<[number, number] | null>(null);
  const range = draft ?? committed;

  const commit = ([lo, hi]: [number, number]) => {
    setDraft(null);
    onChange(lo <= scale.lo && hi >= scale.hi ? null : { min: Math.round(lo * unit), max: Math.round(hi * unit) });
  };

  const selMin = range[0] * unit;
  const selMax = range[1] * unit;
  const peak = Math.max(1, ...price.bins.map((b) => b.count));
  const inRange = price.bins.reduce((n, b) => (b.to >= selMin && b.from < selMax ? n + b.count : n), 0);
  const label = productType === "hotel" ? "Total price for the stay" : "Total price";
  const labelId = useId();
  const summary =
    `Price distribution of ${countNoun(productType, price.counted)} from ${money(scale.lo)} to ${money(scale.hi)}` +
    (range[0] > scale.lo || range[1] < scale.hi
      ? `; about ${countNoun(productType, inRange)} between ${money(range[0])} and ${money(range[1])}.`
      : ".");

  return (
    <div className="py-4">
      <div role="group" aria-labelledby={labelId} className="space-y-2">
        <div className="flex items-baseline justify-between gap-3">
          <span id={labelId} className="text-sm font-semibold text-ink">
            {label}
          </span>
        </div>
        <div role="img" aria-label={summary} className="flex h-16 items-end gap-px px-2.5">
          {price.bins.map((b) => {
            const selected = b.to >= selMin && b.from < selMax;
            return (
              <div
                key={b.from}
                className={cn("flex-1 rounded-t-sm", selected ? "bg-brand-400" : "bg-slate-200")}
                style={{ height: b.count === 0 ? 0 : `${Math.max(6, (b.count / peak) * 100)}%` }}
              />
            );
          })}
        </div>
        <RangeSlider
          value={range}
          min={scale.lo}
          max={scale.hi}
          step={scale.step}
          labels={["Minimum price", "Maximum price"]}
          format={money}
          onInput={setDraft}
          onCommit={commit}
        />
        <div className="flex items-center justify-between gap-2 text-sm text-slate-700 tabular-nums">
          <span>
            <span className="sr-only">From </span>
            {money(range[0])}
          </span>
          <span aria-hidden className="text-slate-400">
            –
          </span>
          <span>
            <span className="sr-only">to </span>
            {money(range[1])}
          </span>
        </div>
      </div>
    </div>
  );
}

// Two thumbs on one track, as React Aria's slider draws them: each thumb is a 20 px knob holding a
// visually hidden native range input, which is what keyboards and assistive technology (VoiceOver's
// swipes included) act on; the pointer is followed on the track. Written here rather than taken
// from React Aria because the filter column is on the results page at load, where React Aria's
// slider and press code cost about 15 KB gzip (issue 15, page weight). The knobs never overlap as
// targets: two native inputs laid over one track did, and touch targets must not.
const THUMB = 20;

/** Two thumbs over one range: `onInput` while a thumb is dragged, `onCommit` when it is let go or a key moved it. */
export function RangeSlider({
  value,
  min,
  max,
  step,
  labels,
  format,
  onInput,
  onCommit,
}: {
  value: [number, number];
  min: number;
  max: number;
  step: number;
  labels: [string, string];
  format: (v: number) => string;
  onInput: (value: [number, number]) => void;
  onCommit: (value: [number, number]) => void;
}) {
  const track = useRef<HTMLDivElement>(null);
  const inputs = [useRef<HTMLInputElement>(null), useRef<HTMLInputElement>(null)] as const;
  const [dragging, setDragging] = useState<0 | 1 | null>(null);
  const span = max - min || 1;
  const pct = (v: number) => ((v - min) / span) * 100;
  const snap = (v: number) => Math.min(max, Math.max(min, min + Math.round((v - min) / step) * step));
  const withThumb = (i: 0 | 1, v: number): [number, number] =>
    i === 0 ? [Math.min(snap(v), value[1]), value[1]] : [value[0], Math.max(snap(v), value[0])];
  const valueAt = (clientX: number) => {
    const rect = track.current?.getBoundingClientRect();
    if (!rect || rect.width <= THUMB) return min;
    const f = Math.min(1, Math.max(0, (clientX - rect.left - THUMB / 2) / (rect.width - THUMB)));
    return min + f * span;
  };

  function onKeyDown(i: 0 | 1, event: KeyboardEvent<HTMLInputElement>) {
    const page = Math.max(step, Math.round(span / 10 / step) * step);
    const at = value[i];
    const to = {
      ArrowRight: at + step,
      ArrowUp: at + step,
      ArrowLeft: at - step,
      ArrowDown: at - step,
      PageUp: at + page,
      PageDown: at - page,
      Home: min,
      End: max,
    }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    onCommit(withThumb(i, to));
  }

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    if (event.button !== 0) return;
    event.preventDefault();
    const v = valueAt(event.clientX);
    // The nearer thumb moves; at equal distance, the one on the side the pointer is.
    const i: 0 | 1 = Math.abs(v - value[0]) < Math.abs(v - value[1]) || (value[0] === value[1] && v < value[0]) ? 0 : 1;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    inputs[i].current?.focus({ preventScroll: true });
    setDragging(i);
    onInput(withThumb(i, v));
  }

  return (
    <div
      ref={track}
      data-testid="range-track"
      className="relative h-5 cursor-pointer touch-none select-none"
      onPointerDown={onPointerDown}
      onPointerMove={(e) => {
        if (dragging !== null) onInput(withThumb(dragging, valueAt(e.clientX)));
      }}
      onPointerUp={(e) => {
        if (dragging === null) return;
        setDragging(null);
        onCommit(withThumb(dragging, valueAt(e.clientX)));
      }}
      onPointerCancel={() => {
        if (dragging === null) return;
        setDragging(null);
        onCommit(value);
      }}
    >
      <div className="absolute inset-x-2.5 top-2 h-1 rounded-full bg-slate-200">
        <div className="absolute inset-y-0 rounded-full bg-brand-600" style={{ left: `${pct(value[0])}%`, right: `${100 - pct(value[1])}%` }} />
      </div>
      {([0, 1] as const).map((i) => (
        <div
          key={i}
          className={cn(
            "absolute top-0 size-5 -translate-x-1/2 rounded-full border-2 border-brand-600 bg-white shadow-sm transition-shadow",
            "has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600",
            dragging === i && "ring-4 ring-brand-500/20",
          )}
          style={{ left: `calc(${THUMB / 2}px + (100% - ${THUMB}px) * ${pct(value[i]) / 100})` }}
        >
          <input
            ref={inputs[i]}
            type="range"
            min={min}
            max={max}
            step={step}
            value={value[i]}
            aria-label={labels[i]}
            aria-valuetext={format(value[i])}
            // Assistive technology sets the value itself (a swipe, an increment): that is a finished move.
            onChange={(e) => onCommit(withThumb(i, Number(e.currentTarget.value)))}
            onKeyDown={(e) => onKeyDown(i, e)}
            className="sr-only"
          />
        </div>
      ))}
    </div>
  );
}
