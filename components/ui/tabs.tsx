"use client";

import { useId, useRef, type KeyboardEvent, type ReactNode } from "react";
import { cn } from "./cn";

export type TabItem<K extends string> = {
  id: K;
  label: ReactNode;
  /** The advisor points at or focuses the tab: a chance to start loading what it shows. */
  onIntent?: () => void;
};

type TabsProps<K extends string> = {
  /** Names the tab list for assistive technology ("What to search"). */
  label: string;
  items: readonly TabItem<K>[];
  selected: K;
  onSelect: (id: K) => void;
  className?: string;
  listClassName?: string;
  /** Shown at the end of the tab row (a close button). */
  aside?: ReactNode;
  /** The selected tab's panel. */
  children: ReactNode;
  panelClassName?: string;
};

/**
 * Tabs after the WAI-ARIA pattern: one tab stop for the list (the selected tab), the arrow keys,
 * Home and End move between tabs and select the one they land on, and only the selected tab's
 * panel is rendered. Written here rather than taken from React Aria because it is on /search at
 * load, where React Aria's collection and focus code cost about 19 KB gzip for four buttons
 * (issue 15, page weight).
 */
export function Tabs<K extends string>({ label, items, selected, onSelect, className, listClassName, aside, children, panelClassName }: TabsProps<K>) {
  const base = useId();
  const listRef = useRef<HTMLDivElement>(null);
  const tabId = (id: K) => `${base}-tab-${id}`;
  const panelId = (id: K) => `${base}-panel-${id}`;

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    const at = items.findIndex((t) => t.id === selected);
    const last = items.length - 1;
    const to = {
      ArrowRight: at === last ? 0 : at + 1,
      ArrowLeft: at <= 0 ? last : at - 1,
      Home: 0,
      End: last,
    }[event.key];
    if (to === undefined || at === -1) return;
    event.preventDefault();
    const next = items[to]!;
    next.onIntent?.();
    if (next.id !== selected) onSelect(next.id);
    listRef.current?.querySelector<HTMLButtonElement>(`#${CSS.escape(tabId(next.id))}`)?.focus();
  }

  return (
    <div className={className}>
      <div className="flex items-center gap-2 border-b border-slate-100 pr-2">
        <div ref={listRef} role="tablist" aria-label={label} aria-orientation="horizontal" className={listClassName}>
          {items.map(({ id, label: text, onIntent }) => {
            const isSelected = id === selected;
            return (
              <button
                key={id}
                type="button"
                role="tab"
                id={tabId(id)}
                aria-selected={isSelected}
                aria-controls={isSelected ? panelId(id) : undefined}
                tabIndex={isSelected ? 0 : -1}
                onClick={() => {
                  if (!isSelected) onSelect(id);
                }}
                onKeyDown={onKeyDown}
                onPointerEnter={onIntent}
                onFocus={onIntent}
                className={cn(
                  "flex shrink-0 cursor-default items-center gap-1.5 border-b-2 px-2 py-3.5 text-sm font-medium whitespace-nowrap outline-none transition-colors sm:gap-2 sm:px-4",
                  "focus-visible:rounded-t-md focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-inset",
                  isSelected ? "border-brand-600 text-brand-700" : "border-transparent text-slate-600 hover:text-ink",
                )}
              >
                {text}
              </button>
            );
          })}
        </div>
        {aside}
      </div>
      <div role="tabpanel" id={panelId(selected)} aria-labelledby={tabId(selected)} className={panelClassName}>
        {children}
      </div>
    </div>
  );
}
