"use client";

import Link from "next/link";
import { memo, useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from "react";
import { Maximize, Minus, Plus, X } from "lucide-react";
import { isHotelRow } from "@/lib/tds/contract/narrow";
import { cn } from "@/components/ui/cn";
import { bestPrice } from "./filters/filter-model";
import { usePricer } from "@/components/pricing/client-prices";
import { formatMinor } from "./filters/money";
import type { ResultGroup } from "./types";
import { formatCount } from "@/lib/money";

// Hotels on a map drawn without tiles (no internet needed): Web-Mercator positions on a plain
// background with a graticule and a scale bar, price pills that merge into clusters when they
// would overlap at the current zoom, pan by drag, zoom by buttons, wheel, pinch and keyboard.

export type MapViewProps = {
  groups: readonly ResultGroup[];
  selectedId: string | null;
  onSelect: (productId: string) => void;
  hrefFor: (group: ResultGroup) => string;
  currency: string;
  /** The search's destination country, for the markup rules (lib/pricing/destination.ts). */
  country?: string | null;
  className?: string;
  /** Height of the map area; defaults to min(70vh, 620px). */
  mapClassName?: string;
};

type Point = {
  id: string;
  group: ResultGroup;
  /** Web-Mercator world coordinates, 0–1. */
  x: number;
  y: number;
  lat: number;
  price: number;
  name: string;
  stars: number | null;
  pill: string;
  accessibleName: string;
  /** Index in `groups` (their order is the list's order). */
  index: number;
};

type Cluster = { key: string; lead: Point; members: Point[] };
type View = { cx: number; cy: number; z: number };

const WORLD_M = 40_075_016.686;
const MAX_Z = 256 * 2 ** 18;
const PILL_W = 66;
const PILL_H = 30;
const PAD = 48;

const worldX = (lng: number) => (lng + 180) / 360;
const worldY = (lat: number) => {
  const s = Math.sin((Math.max(-85, Math.min(85, lat)) * Math.PI) / 180);
  return 0.5 - Math.log((1 + s) / (1 - s)) / (4 * Math.PI);
};
const lngOf = (x: number) => x * 360 - 180;
const latOf = (y: number) => (Math.atan(Math.sinh(Math.PI * (1 - 2 * y))) * 180) / Math.PI;

const starsText = (stars: number | null) => (stars && stars > 0 ? `${stars} ${stars === 1 ? "star" : "stars"}` : null);

/** A hotel's "from" price as the map shows it: its cost, or its client price when Client prices is on ("—" until known). */
type PriceLabel = (costMinor: number, whole?: boolean) => string;

function toPoints(groups: readonly ResultGroup[], label: PriceLabel): Point[] {
  const points: Point[] = [];
  groups.forEach((group, index) => {
    const row = group.rows.find((r) => isHotelRow(r) && r.summary.coordinates);
    if (!row || !isHotelRow(row)) return;
    const { lat, lng } = row.summary.coordinates!;
    if (!Number.isFinite(lat) || !Number.isFinite(lng)) return;
    const price = bestPrice(group);
    const name = row.summary.hotelName ?? "Hotel";
    const stars = row.summary.starRating;
    const pill = label(price, true);
    points.push({
      id: group.productId,
      group,
      x: worldX(lng),
      y: worldY(lat),
      lat,
      price,
      name,
      stars,
      pill,
      accessibleName: [name, starsText(stars), `from ${label(price)}`].filter(Boolean).join(", "),
      index,
    });
  });
  return points;
}

/**
 * Greedy de-overlap at zoom `z`: in list order, a pill that would overlap one already placed
 * joins it. A spatial hash keeps it linear. The selected hotel always stands alone.
 */
function clusterPoints(points: readonly Point[], z: number, selectedId: string | null): Cluster[] {
  const clusters: Cluster[] = [];
  const grid = new Map<string, Cluster[]>();
  const cell = (x: number, y: number) => `${Math.floor(x / PILL_W)}:${Math.floor(y / PILL_H)}`;
  const selected = points.find((p) => p.id === selectedId);
  if (selected) clusters.push({ key: selected.id, lead: selected, members: [selected] });
  for (const p of points) {
    if (p === selected) continue;
    const px = p.x * z;
    const py = p.y * z;
    const gx = Math.floor(px / PILL_W);
    const gy = Math.floor(py / PILL_H);
    let host: Cluster | undefined;
    for (let dx = -1; dx <= 1 && !host; dx++) {
      for (let dy = -1; dy <= 1 && !host; dy++) {
        for (const c of grid.get(`${gx + dx}:${gy + dy}`) ?? []) {
          if (Math.abs(c.lead.x * z - px) < PILL_W && Math.abs(c.lead.y * z - py) < PILL_H) {
            host = c;
            break;
          }
        }
      }
    }
    if (host) {
      host.members.push(p);
    } else {
      const c: Cluster = { key: p.id, lead: p, members: [p] };
      clusters.push(c);
      const k = cell(px, py);
      const list = grid.get(k);
      if (list) list.push(c);
      else grid.set(k, [c]);
    }
  }
  // The DOM (and so Tab and arrow) order follows the list, selected or not.
  return clusters.sort((a, b) => a.lead.index - b.lead.index);
}

function niceNumber(raw: number, steps = [1, 2, 5]): number {
  const pow = 10 ** Math.floor(Math.log10(raw));
  for (const s of steps) if (s * pow >= raw) return s * pow;
  return 10 * pow;
}

function fitView(points: readonly Point[], w: number, h: number): View {
  if (points.length === 0) return { cx: worldX(-0.1278), cy: worldY(51.5074), z: 256 * 2 ** 10 };
  let minX = Infinity;
  let maxX = -Infinity;
  let minY = Infinity;
  let maxY = -Infinity;
  for (const p of points) {
    minX = Math.min(minX, p.x);
    maxX = Math.max(maxX, p.x);
    minY = Math.min(minY, p.y);
    maxY = Math.max(maxY, p.y);
  }
  const zx = (w - 2 * PAD) / Math.max(maxX - minX, 1e-12);
  // Pills stand above their point: more room at the top.
  const zy = (h - 2 * PAD - PILL_H) / Math.max(maxY - minY, 1e-12);
  const z = Math.min(MAX_Z / 8, Math.max(256, Math.min(zx, zy)));
  return { cx: (minX + maxX) / 2, cy: (minY + maxY) / 2 - PILL_H / 2 / z, z };
}

/** Hotels of a search on a self-drawn map. Hotels without coordinates are left out (and counted). */
export function MapView({ groups, selectedId, onSelect, hrefFor, currency, country = null, className, mapClassName }: MapViewProps) {
  const viewportRef = useRef<HTMLDivElement>(null);
  const layerRef = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState({ w: 800, h: 520 });
  const { price } = usePricer();
  const label = useCallback<PriceLabel>(
    (cost, whole = false) => {
      const shown = price(cost, currency, "hotel", country);
      return shown.amountMinor === null ? "—" : formatMinor(shown.amountMinor, currency, { whole });
    },
    [price, currency, country],
  );
  const points = useMemo(() => toPoints(groups, label), [groups, label]);
  const fit = useMemo(() => fitView(points, size.w, size.h), [points, size.w, size.h]);
  const [view, setView] = useState<View | null>(null);
  const v = view ?? fit;
  const minZ = Math.max(128, fit.z / 4);
  const [dismissed, setDismissed] = useState<string | null>(null);
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const noteId = useId();

  useLayoutEffect(() => {
    const el = viewportRef.current;
    if (!el) return;
    const measure = () => {
      const w = el.clientWidth;
      const h = el.clientHeight;
      if (w > 0 && h > 0) setSize((s) => (s.w === w && s.h === h ? s : { w, h }));
    };
    measure();
    if (typeof ResizeObserver === "undefined") return;
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  // Latest values for event handlers and callbacks that stay stable across renders.
  const latest = useRef({ fit, size, minZ });
  useLayoutEffect(() => {
    latest.current = { fit, size, minZ };
  });

  const zoomAt = useCallback((factor: number, sx?: number, sy?: number) => {
    setView((prev) => {
      const { fit: f, size: s, minZ: lo } = latest.current;
      const cur = prev ?? f;
      const ax = (sx ?? s.w / 2) - s.w / 2;
      const ay = (sy ?? s.h / 2) - s.h / 2;
      const z = Math.max(lo, Math.min(MAX_Z, cur.z * factor));
      return { z, cx: cur.cx + ax / cur.z - ax / z, cy: cur.cy + ay / cur.z - ay / z };
    });
  }, []);
  const panBy = useCallback((dx: number, dy: number) => {
    setView((prev) => {
      const cur = prev ?? latest.current.fit;
      return { ...cur, cx: cur.cx - dx / cur.z, cy: cur.cy - dy / cur.z };
    });
  }, []);

  /** Centres a point when it is outside the viewport (with a margin for its pill). */
  const reveal = useCallback((p: Point) => {
    setView((prev) => {
      const { fit: f, size: s } = latest.current;
      const cur = prev ?? f;
      const sx = (p.x - cur.cx) * cur.z + s.w / 2;
      const sy = (p.y - cur.cy) * cur.z + s.h / 2;
      const inside = sx >= PILL_W / 2 + 8 && sx <= s.w - PILL_W / 2 - 8 && sy >= PILL_H + 56 && sy <= s.h - 40;
      return inside ? prev : { ...cur, cx: p.x, cy: p.y - 60 / cur.z };
    });
  }, []);

  const selectedPoint = points.find((p) => p.id === selectedId) ?? null;
  // Selected from outside (the list): bring it into view.
  useEffect(() => {
    if (selectedPoint) reveal(selectedPoint);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the selection changes
  }, [selectedId]);

  /* ------------------------------------------------------------- wheel, drag and pinch */

  useEffect(() => {
    const el = viewportRef.current;
    if (!el) return;
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      const rect = el.getBoundingClientRect();
      const delta = e.deltaMode === 1 ? e.deltaY * 16 : e.deltaY;
      zoomAt(Math.exp(-delta * 0.0025), e.clientX - rect.left, e.clientY - rect.top);
    };
    el.addEventListener("wheel", onWheel, { passive: false });
    return () => el.removeEventListener("wheel", onWheel);
  }, [zoomAt]);

  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const gesture = useRef({ moved: 0, dragging: false, pinch: 0 });
  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0 || (e.target as HTMLElement).closest("[data-map-control]")) return;
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (pointers.current.size === 1) gesture.current = { moved: 0, dragging: false, pinch: 0 };
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const prev = pointers.current.get(e.pointerId);
    if (!prev) return;
    const next = { x: e.clientX, y: e.clientY };
    const g = gesture.current;
    if (pointers.current.size >= 2) {
      const [a, b] = [...pointers.current.entries()].map(([id, p]) => (id === e.pointerId ? next : p));
      const dist = Math.hypot(a!.x - b!.x, a!.y - b!.y);
      if (g.pinch > 0 && dist > 0) {
        const rect = e.currentTarget.getBoundingClientRect();
        zoomAt(dist / g.pinch, (a!.x + b!.x) / 2 - rect.left, (a!.y + b!.y) / 2 - rect.top);
      }
      g.pinch = dist;
      g.dragging = true;
    } else {
      g.moved += Math.abs(next.x - prev.x) + Math.abs(next.y - prev.y);
      if (!g.dragging && g.moved > 5) {
        g.dragging = true;
        e.currentTarget.setPointerCapture?.(e.pointerId);
      }
      if (g.dragging) panBy(next.x - prev.x, next.y - prev.y);
    }
    pointers.current.set(e.pointerId, next);
  };
  const onPointerEnd = (e: PointerEvent<HTMLDivElement>) => {
    pointers.current.delete(e.pointerId);
    if (pointers.current.size < 2) gesture.current.pinch = 0;
  };
  const onClickCapture = (e: React.MouseEvent) => {
    // A drag that ends on a marker is not a click on it.
    if (gesture.current.dragging) {
      e.stopPropagation();
      e.preventDefault();
      gesture.current.dragging = false;
    }
  };
  const onViewportKey = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === "Escape" && popoverPoint) {
      e.preventDefault();
      closePopover();
      return;
    }
    if (e.target !== e.currentTarget) return;
    const step = 80;
    const keys: Record<string, () => void> = {
      ArrowLeft: () => panBy(step, 0),
      ArrowRight: () => panBy(-step, 0),
      ArrowUp: () => panBy(0, step),
      ArrowDown: () => panBy(0, -step),
      "+": () => zoomAt(1.5),
      "=": () => zoomAt(1.5),
      "-": () => zoomAt(1 / 1.5),
      "0": () => setView(null),
    };
    const action = keys[e.key];
    if (action) {
      e.preventDefault();
      action();
    }
  };

  /* ----------------------------------------------------------------------- markers */

  const clusters = useMemo(() => clusterPoints(points, v.z, selectedId), [points, v.z, selectedId]);
  // Markers are laid out around a fixed origin; panning moves only their layer.
  const origin = points[0] ?? { x: v.cx, y: v.cy };
  const layerX = (origin.x - v.cx) * v.z + size.w / 2;
  const layerY = (origin.y - v.cy) * v.z + size.h / 2;
  const tabbable = clusters.some((c) => c.key === activeKey) ? activeKey : (clusters.find((c) => c.lead.id === selectedId)?.key ?? clusters[0]?.key ?? null);

  const byKey = useMemo(() => new Map(clusters.map((c) => [c.key, c])), [clusters]);
  const handlers = useRef({ onSelect, byKey });
  useLayoutEffect(() => {
    handlers.current = { onSelect, byKey };
  });
  // After a cluster opens, focus moves to the marker now showing its first hotel.
  const pendingFocus = useRef<string | null>(null);
  useEffect(() => {
    if (pendingFocus.current === null) return;
    focusMarker(layerRef.current, pendingFocus.current);
    pendingFocus.current = null;
  }, [clusters]);
  const markerEvents = useMemo<MarkerEvents>(
    () => ({
      activate: (key) => {
        const c = handlers.current.byKey.get(key);
        if (!c) return;
        setActiveKey(key);
        if (c.members.length > 1) {
          const { size: s, minZ: lo } = latest.current;
          const f = fitView(c.members, s.w, s.h);
          if (c.lead.id === document.activeElement?.getAttribute("data-marker")) pendingFocus.current = c.lead.id;
          setView((prev) => ({ ...f, z: Math.max(lo, Math.min(MAX_Z, Math.max(f.z, (prev ?? latest.current.fit).z * 2))) }));
        } else {
          setDismissed(null);
          handlers.current.onSelect(c.lead.id);
        }
      },
      focus: (key) => {
        const c = handlers.current.byKey.get(key);
        setActiveKey(key);
        if (c) reveal(c.lead);
      },
    }),
    [reveal],
  );

  const onMarkersKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const keys = ["ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp", "Home", "End"];
    if (!keys.includes(e.key)) return;
    e.preventDefault();
    const buttons = [...(layerRef.current?.querySelectorAll<HTMLButtonElement>("button[data-marker]") ?? [])];
    const at = buttons.findIndex((b) => b === document.activeElement);
    const last = buttons.length - 1;
    const to =
      e.key === "Home" ? 0 : e.key === "End" ? last : e.key === "ArrowRight" || e.key === "ArrowDown" ? Math.min(last, at + 1) : Math.max(0, at - 1);
    buttons[to]?.focus();
  };

  /* ------------------------------------------------------------------------ popover */

  const popoverPoint = selectedPoint && dismissed !== selectedPoint.id ? selectedPoint : null;
  const closePopover = () => {
    if (!popoverPoint) return;
    setDismissed(popoverPoint.id);
    focusMarker(layerRef.current, popoverPoint.id);
  };

  const withoutCoordinates = groups.length - points.length;
  const atMax = v.z >= MAX_Z * 0.999;
  const atMin = v.z <= minZ * 1.001;

  return (
    <div className={cn("flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white", className)}>
      <div
        ref={viewportRef}
        tabIndex={0}
        role="region"
        aria-roledescription="map"
        aria-label="Map of hotels. Arrow keys pan, plus and minus zoom, 0 shows all."
        aria-describedby={noteId}
        onKeyDown={onViewportKey}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
        onClickCapture={onClickCapture}
        className={cn(
          "relative w-full cursor-grab touch-none overflow-hidden bg-[#eef2f6] select-none focus-visible:outline-offset-[-2px] active:cursor-grabbing",
          mapClassName ?? "h-[min(70vh,620px)] min-h-80",
        )}
      >
        <Backdrop view={v} w={size.w} h={size.h} />

        {points.length === 0 ? (
          <div className="absolute inset-0 grid place-items-center p-6 text-center">
            <p className="max-w-xs text-sm text-slate-600">
              {groups.length === 0 ? "No hotels to show on the map." : "None of these hotels has a location to show on the map."}
            </p>
          </div>
        ) : null}

        <div ref={layerRef} className="absolute top-0 left-0" style={{ transform: `translate3d(${layerX}px, ${layerY}px, 0)` }}>
          <div role="group" aria-label={`${clusters.length} markers; arrow keys move between them`} onKeyDown={onMarkersKey}>
            <MarkerLayer
              clusters={clusters}
              z={v.z}
              ox={origin.x}
              oy={origin.y}
              selectedId={selectedId}
              tabbable={tabbable}
              total={points.length}
              label={label}
              events={markerEvents}
            />
          </div>
          {popoverPoint ? (
            <MarkerPopover
              point={popoverPoint}
              left={(popoverPoint.x - origin.x) * v.z}
              top={(popoverPoint.y - origin.y) * v.z}
              screenX={(popoverPoint.x - v.cx) * v.z + size.w / 2}
              screenY={(popoverPoint.y - v.cy) * v.z + size.h / 2}
              viewportW={size.w}
              href={hrefFor(popoverPoint.group)}
              label={label}
              onClose={closePopover}
            />
          ) : null}
        </div>

        <div data-map-control className="absolute top-3 right-3 flex flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm">
          <MapButton label="Zoom in" onClick={() => zoomAt(2)} disabled={atMax}>
            <Plus className="size-4" />
          </MapButton>
          <MapButton label="Zoom out" onClick={() => zoomAt(0.5)} disabled={atMin}>
            <Minus className="size-4" />
          </MapButton>
          <MapButton label="Show all hotels" onClick={() => setView(null)} disabled={view === null}>
            <Maximize className="size-4" />
          </MapButton>
        </div>

        <ScaleBar view={v} />
      </div>
      <p id={noteId} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 border-t border-slate-200 px-4 py-2 text-[0.8125rem] text-slate-600">
        <span>Map without tiles: positions are exact, streets are not shown.</span>
        {withoutCoordinates > 0 ? (
          <span>
            {points.length} of {groups.length} hotels have a location; {withoutCoordinates} not shown.
          </span>
        ) : null}
      </p>
    </div>
  );
}

/** Focuses the marker showing `id` (alone or in a cluster). */
function focusMarker(layer: HTMLElement | null, id: string) {
  for (const b of layer?.querySelectorAll<HTMLButtonElement>("button[data-marker]") ?? []) {
    if (b.dataset.members?.split(" ").includes(id)) return b.focus();
  }
}

function MapButton({ label, onClick, disabled, children }: { label: string; onClick: () => void; disabled?: boolean; children: React.ReactNode }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      onClick={onClick}
      disabled={disabled}
      className="grid size-9 place-items-center text-slate-700 not-last:border-b not-last:border-slate-200 hover:bg-slate-50 disabled:text-slate-300 disabled:hover:bg-white"
    >
      {children}
    </button>
  );
}

/* --------------------------------------------------------------------------- markers */

type MarkerEvents = { activate: (key: string) => void; focus: (key: string) => void };

const MarkerLayer = memo(function MarkerLayer({
  clusters,
  z,
  ox,
  oy,
  selectedId,
  tabbable,
  total,
  label,
  events,
}: {
  clusters: Cluster[];
  z: number;
  ox: number;
  oy: number;
  selectedId: string | null;
  tabbable: string | null;
  total: number;
  label: PriceLabel;
  events: MarkerEvents;
}) {
  return (
    <>
      {clusters.map((c) => {
        const x = Math.round((c.lead.x - ox) * z);
        const y = Math.round((c.lead.y - oy) * z);
        if (c.members.length === 1) {
          return (
            <PriceMarker
              key={c.key}
              id={c.key}
              x={x}
              y={y}
              pill={c.lead.pill}
              name={c.lead.accessibleName}
              selected={c.lead.id === selectedId}
              tabbable={c.key === tabbable}
              order={total - c.lead.index}
              events={events}
            />
          );
        }
        let cheapest = Infinity;
        for (const m of c.members) if (m.price < cheapest) cheapest = m.price;
        return (
          <ClusterMarker
            key={`cluster:${c.key}`}
            id={c.key}
            x={x}
            y={y}
            count={c.members.length}
            members={c.members.map((m) => m.id).join(" ")}
            name={`${c.members.length} hotels close together, from ${label(cheapest)}. Zoom in`}
            tabbable={c.key === tabbable}
            order={total - c.lead.index}
            events={events}
          />
        );
      })}
    </>
  );
});

const PriceMarker = memo(function PriceMarker({
  id,
  x,
  y,
  pill,
  name,
  selected,
  tabbable,
  order,
  events,
}: {
  id: string;
  x: number;
  y: number;
  pill: string;
  name: string;
  selected: boolean;
  tabbable: boolean;
  order: number;
  events: MarkerEvents;
}) {
  return (
    <div className="absolute size-0" style={{ left: x, top: y, zIndex: selected ? 100_000 : order }}>
      <span aria-hidden className={cn("absolute -top-1 -left-1 size-2 rounded-full border border-white", selected ? "bg-brand-700" : "bg-slate-700")} />
      <button
        type="button"
        data-marker={id}
        data-members={id}
        aria-label={name}
        aria-pressed={selected}
        tabIndex={tabbable ? 0 : -1}
        onClick={() => events.activate(id)}
        onFocus={() => events.focus(id)}
        className={cn(
          "absolute bottom-2 left-0 -translate-x-1/2 rounded-full border px-2 py-0.5 text-xs font-semibold whitespace-nowrap tabular-nums shadow-sm transition-colors",
          "after:absolute after:top-full after:left-1/2 after:-ml-1 after:border-4 after:border-transparent",
          selected
            ? "scale-110 border-brand-700 bg-brand-600 text-white after:border-t-brand-600"
            : "border-slate-300 bg-white text-ink after:border-t-white hover:z-10 hover:border-brand-500 hover:bg-brand-50",
        )}
      >
        {pill}
      </button>
    </div>
  );
});

const ClusterMarker = memo(function ClusterMarker({
  id,
  x,
  y,
  count,
  members,
  name,
  tabbable,
  order,
  events,
}: {
  id: string;
  x: number;
  y: number;
  count: number;
  members: string;
  name: string;
  tabbable: boolean;
  order: number;
  events: MarkerEvents;
}) {
  const d = Math.round(26 + Math.min(18, Math.log2(count) * 4));
  return (
    <div className="absolute size-0" style={{ left: x, top: y, zIndex: order }}>
      <button
        type="button"
        data-marker={id}
        data-members={members}
        aria-label={name}
        tabIndex={tabbable ? 0 : -1}
        onClick={() => events.activate(id)}
        onFocus={() => events.focus(id)}
        className="absolute grid -translate-x-1/2 -translate-y-1/2 place-items-center rounded-full border-2 border-white bg-slate-800 text-xs font-semibold text-white tabular-nums shadow-md ring-4 ring-slate-800/15 hover:bg-brand-700"
        style={{ width: d, height: d }}
      >
        {count}
      </button>
    </div>
  );
});

function MarkerPopover({
  point,
  left,
  top,
  screenX,
  screenY,
  viewportW,
  href,
  label,
  onClose,
}: {
  point: Point;
  left: number;
  top: number;
  screenX: number;
  screenY: number;
  viewportW: number;
  href: string;
  label: PriceLabel;
  onClose: () => void;
}) {
  const titleId = useId();
  const width = Math.min(256, viewportW - 24);
  const below = screenY < 190;
  // Keep the card inside the viewport horizontally.
  const shift = Math.max(12 - (screenX - width / 2), Math.min(0, viewportW - 12 - (screenX + width / 2)));
  const row = point.group.rows[0];
  const neighbourhood = row && isHotelRow(row) ? row.summary.neighborhoodName : null;
  return (
    <div
      role="dialog"
      aria-labelledby={titleId}
      data-map-control
      className="absolute rounded-xl border border-slate-200 bg-white p-3 text-left shadow-lg"
      style={{
        left: left - width / 2 + shift,
        top: below ? top + 12 : top - 40,
        width,
        zIndex: 200_000,
        transform: below ? undefined : "translateY(-100%)",
      }}
    >
      <div className="flex items-start gap-2">
        <div className="min-w-0 flex-1">
          <h3 id={titleId} className="text-sm leading-snug font-semibold text-ink">
            {point.name}
          </h3>
          <p className="mt-0.5 text-[0.8125rem] text-slate-600">
            {point.stars ? (
              <>
                <span aria-hidden className="text-amber-500">
                  ★
                </span>{" "}
                {starsText(point.stars)}
              </>
            ) : (
              "Unrated"
            )}
            {neighbourhood ? ` · ${neighbourhood}` : null}
          </p>
        </div>
        <button type="button" onClick={onClose} aria-label="Close" className="-mt-1 -mr-1 grid size-7 shrink-0 place-items-center rounded-md text-slate-500 hover:bg-slate-100">
          <X className="size-4" />
        </button>
      </div>
      <div className="mt-3 flex items-end justify-between gap-3">
        <p className="text-[0.8125rem] text-slate-600">
          from <span className="text-base font-semibold text-ink tabular-nums">{label(point.price)}</span>
        </p>
        <Link
          href={href}
          className="inline-flex h-8 items-center rounded-md bg-brand-600 px-3 text-[0.8125rem] font-semibold text-white shadow-xs hover:bg-brand-700"
        >
          See rooms
        </Link>
      </div>
    </div>
  );
}

/* ------------------------------------------------------------------- backdrop, scale */

const Backdrop = memo(function Backdrop({ view, w, h }: { view: View; w: number; h: number }) {
  const left = view.cx - w / 2 / view.z;
  const right = view.cx + w / 2 / view.z;
  const topY = view.cy - h / 2 / view.z;
  const bottomY = view.cy + h / 2 / view.z;
  const lngSpan = lngOf(right) - lngOf(left);
  const step = niceNumber(lngSpan / 6, [1, 2, 2.5, 5]);
  const sx = (lng: number) => (worldX(lng) - view.cx) * view.z + w / 2;
  const sy = (lat: number) => (worldY(lat) - view.cy) * view.z + h / 2;
  const digits = (String(Number(step.toPrecision(6))).split(".")[1] ?? "").length;
  const lngs: number[] = [];
  for (let lng = Math.ceil(lngOf(left) / step) * step; lng <= lngOf(right) && lngs.length < 40; lng += step) lngs.push(lng);
  const lats: number[] = [];
  const latBottom = latOf(Math.min(1, bottomY));
  const latTop = latOf(Math.max(0, topY));
  for (let lat = Math.ceil(latBottom / step) * step; lat <= latTop && lats.length < 40; lat += step) lats.push(lat);
  const fmt = (value: number, pos: string, neg: string) => {
    const text = Math.abs(value).toFixed(digits);
    return Number(text) === 0 ? `${text}°` : `${text}°${value > 0 ? pos : neg}`;
  };
  return (
    <svg aria-hidden className="pointer-events-none absolute inset-0 size-full" width={w} height={h}>
      <defs>
        <pattern id="map-dots" width="16" height="16" patternUnits="userSpaceOnUse">
          <circle cx="1" cy="1" r="0.8" fill="#d6dde6" />
        </pattern>
      </defs>
      <rect width={w} height={h} fill="url(#map-dots)" />
      {lngs.map((lng) => (
        <g key={`x${lng}`}>
          <line x1={sx(lng)} x2={sx(lng)} y1={0} y2={h} stroke="#cfd8e3" strokeWidth={1} />
          <text x={sx(lng) + 4} y={h - 6} fontSize={10} fill="#7b8794">
            {fmt(lng, "E", "W")}
          </text>
        </g>
      ))}
      {lats.map((lat) => (
        <g key={`y${lat}`}>
          <line x1={0} x2={w} y1={sy(lat)} y2={sy(lat)} stroke="#cfd8e3" strokeWidth={1} />
          <text x={6} y={sy(lat) - 4} fontSize={10} fill="#7b8794">
            {fmt(lat, "N", "S")}
          </text>
        </g>
      ))}
    </svg>
  );
});

function ScaleBar({ view }: { view: View }) {
  const lat = latOf(view.cy);
  const metresPerPx = (WORLD_M * Math.cos((lat * Math.PI) / 180)) / view.z;
  const metres = niceNumber(metresPerPx * 100);
  const px = metres / metresPerPx;
  const label = metres >= 1000 ? `${formatCount(metres / 1000)} km` : `${metres} m`;
  return (
    <div aria-hidden className="pointer-events-none absolute bottom-6 left-3 flex flex-col items-start gap-0.5">
      <span className="rounded bg-white/80 px-1 text-[0.6875rem] font-medium text-slate-700">{label}</span>
      <span className="block h-1.5 border-x-2 border-b-2 border-slate-700" style={{ width: px }} />
    </div>
  );
}
