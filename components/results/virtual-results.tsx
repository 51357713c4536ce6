"use client";

import { useWindowVirtualizer } from "@tanstack/react-virtual";
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from "react";
import type { ResultGroup } from "./types";

const GAP = 12;

/**
 * The product list, virtualised against the window (cards have varying heights, measured as
 * they render). When the groups change under the advisor (a re-read while the search fills),
 * the first visible product stays where it was on screen; a new filter or sort (`viewKey`)
 * starts from the top instead.
 */
export function VirtualResults({
  groups,
  viewKey,
  label,
  estimateSize,
  renderItem,
  revealKey,
}: {
  groups: readonly ResultGroup[];
  viewKey: string;
  label: string;
  estimateSize: number;
  renderItem: (group: ResultGroup) => ReactNode;
  /** A product to bring into view when the list appears (the one selected on the map). */
  revealKey?: string | null;
}) {
  const listRef = useRef<HTMLDivElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);

  // The list's distance from the top of the page moves when something above it changes (the
  // progress panel settles, a notice appears); an advisor reading the list is kept in place.
  // The browser's own scroll anchoring is off for the list, so the two never both correct.
  const lastTop = useRef<number | null>(null);
  useLayoutEffect(() => {
    const el = listRef.current;
    if (!el) return;
    const update = () => {
      const top = Math.round(el.getBoundingClientRect().top + window.scrollY);
      const prev = lastTop.current;
      lastTop.current = top;
      if (prev !== null && top !== prev && window.scrollY > prev) window.scrollBy(0, top - prev);
      setScrollMargin((m) => (m === top ? m : top));
    };
    update();
    const ro = new ResizeObserver(update);
    if (el.parentElement) ro.observe(el.parentElement);
    ro.observe(document.body);
    return () => ro.disconnect();
  }, []);

  const virtualizer = useWindowVirtualizer({
    count: groups.length,
    estimateSize: () => estimateSize,
    overscan: 6,
    gap: GAP,
    scrollMargin,
    getItemKey: (i) => groups[i]?.productId ?? i,
  });

  // The first product at least partly on screen, and how far its top is above the viewport's.
  const anchor = useRef<{ key: string; delta: number } | null>(null);
  const recordAnchor = () => {
    const y = window.scrollY;
    if (y <= scrollMargin) {
      anchor.current = null;
      return;
    }
    const item = virtualizer.getVirtualItems().find((it) => it.end > y);
    anchor.current = item ? { key: String(item.key), delta: item.start - y } : null;
  };
  const recordRef = useRef(recordAnchor);
  useLayoutEffect(() => {
    recordRef.current = recordAnchor;
  });
  useEffect(() => {
    const onScroll = () => recordRef.current();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);

  const seen = useRef({ groups, viewKey });
  useLayoutEffect(() => {
    const prev = seen.current;
    seen.current = { groups, viewKey };
    if (prev.groups === groups && prev.viewKey === viewKey) return;
    if (prev.viewKey !== viewKey) {
      anchor.current = null;
      if (window.scrollY > scrollMargin) window.scrollTo({ top: Math.max(0, scrollMargin - 96) });
      return;
    }
    const a = anchor.current;
    if (!a) return;
    const index = groups.findIndex((g) => g.productId === a.key);
    const item = index >= 0 ? virtualizer.measurementsCache[index] : undefined;
    if (!item) return;
    const target = item.start - a.delta;
    if (Math.abs(target - window.scrollY) > 1) window.scrollTo({ top: target });
  }, [groups, viewKey, virtualizer, scrollMargin]);

  // Only the key the list was opened with: selecting a card later must not scroll the list.
  const reveal = useRef(revealKey);
  useEffect(() => {
    const key = reveal.current;
    if (!key || scrollMargin === 0) return;
    reveal.current = null;
    const index = groups.findIndex((g) => g.productId === key);
    if (index > 0) virtualizer.scrollToIndex(index, { align: "center" });
  }, [groups, virtualizer, scrollMargin]);

  const items = virtualizer.getVirtualItems();
  return (
    <div ref={listRef} role="list" aria-label={label} style={{ height: virtualizer.getTotalSize(), position: "relative", overflowAnchor: "none" }}>
      {items.map((item) => {
        const group = groups[item.index];
        if (!group) return null;
        return (
          <div
            key={item.key}
            role="listitem"
            aria-setsize={groups.length}
            aria-posinset={item.index + 1}
            data-index={item.index}
            ref={virtualizer.measureElement}
            className="absolute top-0 left-0 w-full"
            style={{ transform: `translateY(${item.start - virtualizer.options.scrollMargin}px)` }}
          >
            {renderItem(group)}
          </div>
        );
      })}
    </div>
  );
}
