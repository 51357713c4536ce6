"use client";

import { useLayoutEffect, useRef, useState } from "react";
import { cn } from "@/components/ui/cn";
import { formatCount, formatMoney } from "@/lib/money";

// The overview's bar charts, drawn with plain elements (no chart library: three bar charts do not
// need one). Each sits beside a table with the same numbers, which is what screen readers are
// pointed to; the chart itself is hidden from them by its panel.

export type Point = { label: string; value: number };

/** 0 and 3–5 round steps up to at least `max` (1, 2 or 5 times a power of ten; whole steps for counts). */
export function niceTicks(max: number, count = 4, whole = false): number[] {
  if (!(max > 0)) return [0, 1];
  const rough = whole ? Math.max(1, max / count) : max / count;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough) ?? 10 * power;
  const top = Math.ceil(max / step) * step;
  const ticks: number[] = [];
  for (let t = 0; t <= top + step / 2; t += step) ticks.push(Math.round(t * 1e6) / 1e6);
  return ticks;
}

/** Which of `n` labels along an axis to show so that at most `room` fit: the first, then every k-th, and the last. */
export function labelIndexes(n: number, room: number): Set<number> {
  if (n <= room) return new Set(Array.from({ length: n }, (_, i) => i));
  const every = Math.ceil(n / Math.max(1, room));
  const shown = new Set<number>();
  for (let i = 0; i < n; i += every) shown.add(i);
  // The last one is always shown; the one before it gives way when it would crowd it.
  const last = n - 1;
  const before = last - (last % every);
  if (before !== last) {
    if (before > 0 && last - before < every / 2) shown.delete(before);
    shown.add(last);
  }
  return shown;
}

export function BarsChart({ data, money, currency, height = 220, vertical = false }: { data: Point[]; money?: boolean; currency: string; height?: number; vertical?: boolean }) {
  const tick = (v: number) => (money ? formatMoney(v, currency).replace(/\.\d+$/, "") : formatCount(v));
  const full = (v: number) => (money ? formatMoney(v, currency) : formatCount(v));
  const ticks = niceTicks(Math.max(0, ...data.map((d) => d.value)), 4, true);
  const top = ticks.at(-1)!;
  const share = (v: number) => `${Math.max(0, Math.min(100, (v / top) * 100))}%`;
  return vertical ? (
    <Rows data={data} share={share} ticks={ticks} tick={tick} full={full} height={height} />
  ) : (
    <Columns data={data} share={share} ticks={ticks} tick={tick} full={full} height={height} axisWidth={money ? "w-16" : "w-8"} />
  );
}

type Drawn = { data: Point[]; share: (v: number) => string; ticks: number[]; tick: (v: number) => string; full: (v: number) => string; height: number };

/** One bar per category, across: the label on the left, the value at the bar's end. */
function Rows({ data, share, ticks, tick, full }: Drawn) {
  const top = ticks.at(-1)!;
  return (
    <div data-testid="bars-chart" className="flex flex-col justify-center gap-3 py-2">
      {data.map((d) => (
        <div key={d.label} className="grid grid-cols-[7rem_1fr] items-center gap-3 text-xs">
          <span className="truncate text-right text-slate-500" title={d.label}>
            {d.label}
          </span>
          {/* The bars' scale leaves room at the end for the longest value. */}
          <div className="relative h-7 pr-16">
            <div className="absolute inset-y-0 right-16 left-0">
              {ticks.slice(1).map((t) => (
                <span key={t} className="absolute inset-y-0 w-px bg-slate-100" style={{ left: `${(t / top) * 100}%` }} />
              ))}
            </div>
            <div className="relative flex h-full items-center gap-2">
              <span data-bar className="h-full min-w-px shrink-0 rounded-r bg-brand-600" style={{ width: share(d.value) }} title={`${d.label}: ${full(d.value)}`} />
              <span className="-mr-16 shrink-0 font-medium text-slate-700 tabular-nums">{tick(d.value)}</span>
            </div>
          </div>
        </div>
      ))}
    </div>
  );
}

/** One column per day, up from a baseline, with round steps on the left and a value on hover. */
function Columns({ data, share, ticks, tick, full, height, axisWidth }: Drawn & { axisWidth: string }) {
  const [hover, setHover] = useState<number | null>(null);
  // As many day labels as fit the chart's width (about 3.5rem each).
  const axis = useRef<HTMLDivElement>(null);
  const [room, setRoom] = useState(2);
  useLayoutEffect(() => {
    const el = axis.current;
    if (!el) return;
    const measure = () => setRoom(Math.max(2, Math.floor(el.clientWidth / 56)));
    measure();
    if (typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  const shown = labelIndexes(data.length, room);
  const top = ticks.at(-1)!;
  const plot = height - 24;
  return (
    <div data-testid="bars-chart" className="flex text-[11px] text-slate-500" style={{ height }}>
      <div className={cn("relative shrink-0", axisWidth)} style={{ height: plot }}>
        {ticks.map((t) => (
          <span key={t} className="absolute right-2 translate-y-1/2 tabular-nums" style={{ bottom: `${(t / top) * 100}%` }}>
            {tick(t)}
          </span>
        ))}
      </div>
      <div className="relative min-w-0 flex-1">
        <div className="relative border-b border-slate-300" style={{ height: plot }} onPointerLeave={() => setHover(null)}>
          {ticks.slice(1).map((t) => (
            <span key={t} className="absolute inset-x-0 h-px bg-slate-100" style={{ bottom: `${(t / top) * 100}%` }} />
          ))}
          <div className="absolute inset-0 flex items-end gap-px px-1">
            {data.map((d, i) => (
              <div key={`${d.label}-${i}`} className="flex h-full min-w-0 flex-1 items-end justify-center" onPointerEnter={() => setHover(i)}>
                <span
                  data-bar
                  className={cn("w-full max-w-7 rounded-t", d.value > 0 ? "min-h-px" : "", hover === i ? "bg-brand-700" : "bg-brand-600")}
                  style={{ height: share(d.value) }}
                />
              </div>
            ))}
          </div>
          {hover !== null && data[hover] ? (
            <div
              className="pointer-events-none absolute top-1 z-10 -translate-x-1/2 rounded-md border border-slate-200 bg-white px-2 py-1 text-xs whitespace-nowrap text-slate-700 shadow-sm"
              style={{ left: `clamp(3rem, ${((hover + 0.5) / data.length) * 100}%, calc(100% - 3rem))` }}
            >
              <span className="font-medium text-ink">{data[hover].label}</span> · {full(data[hover].value)}
            </div>
          ) : null}
        </div>
        <div ref={axis} className="relative h-6">
          {data.map((d, i) =>
            shown.has(i) ? (
              <span
                key={`${d.label}-${i}`}
                className={cn("absolute top-1.5 whitespace-nowrap", i === 0 ? "" : i === data.length - 1 ? "-translate-x-full" : "-translate-x-1/2")}
                style={{ left: i === 0 ? "0.25rem" : i === data.length - 1 ? "calc(100% - 0.25rem)" : `${((i + 0.5) / data.length) * 100}%` }}
              >
                {d.label}
              </span>
            ) : null,
          )}
        </div>
      </div>
    </div>
  );
}
