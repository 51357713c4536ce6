"use client";

import type { LucideIcon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useEffect, useState, type ReactNode } from "react";
import { Button } from "./button";
import { cn } from "./cn";
import { inputClasses } from "./field";
import { Skeleton } from "./skeleton";

// The parts the desk's lists share (bookings, proposals, clients): the filters' card, the search
// field, "Everyone / Mine", the table's frame, the loading rows, the empty card and the pager, and
// the filters kept in the URL with a debounced search. One look for every list, written once.

const SEARCH_DEBOUNCE_MS = 300;

/**
 * A list's filters, kept in the URL (replaced, not pushed: Back leaves the list) and in state; the
 * search box's text goes into the filters 300 ms after the last keystroke, trimmed to `queryMax`.
 * Any change but the page's own goes back to the first page.
 */
export function useListFilters<F extends { q: string; page: number }>(initial: F, { href, defaults, queryMax }: { href: (f: F) => string; defaults: F; queryMax: number }) {
  const router = useRouter();
  const [filters, setFilters] = useState(initial);
  const [text, setText] = useState(initial.q);
  const update = (next: Partial<F>) => {
    const merged = { ...filters, page: 1, ...next };
    setFilters(merged);
    router.replace(href(merged), { scroll: false });
  };
  const trimmed = text.trim().slice(0, queryMax);
  useEffect(() => {
    if (trimmed === filters.q) return;
    const t = setTimeout(() => update({ q: trimmed } as Partial<F>), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(t);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- update is stable in effect (setState + router)
  }, [trimmed, filters.q]);
  const clear = () => {
    setText("");
    update({ ...defaults });
  };
  return { filters, update, text, setText, clear };
}

/** The card the filters of a list sit in. */
export function FilterCard({ label, children }: { label: string; children: ReactNode }) {
  return (
    <section aria-label={label} className="mt-6 rounded-xl border border-slate-200 bg-white p-4 shadow-[0_1px_2px_rgb(15_23_42/0.04)] sm:p-5">
      {children}
    </section>
  );
}

/** A list's search box, with its label above. */
export function SearchField({
  id,
  label,
  value,
  onChange,
  placeholder,
  hint,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (text: string) => void;
  placeholder: string;
  /** A line under the box (e.g. that only the first characters are searched). */
  hint?: ReactNode;
}) {
  return (
    <>
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={id}
        type="search"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={placeholder}
        autoComplete="off"
        aria-describedby={hint ? `${id}-hint` : undefined}
        className={cn(inputClasses(false), "mt-1.5")}
      />
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-[0.8125rem] text-amber-800">
          {hint}
        </p>
      ) : null}
    </>
  );
}

/** "Everyone / Mine": whose rows a list shows. */
export function MineToggle({ label, mine, onChange, className }: { label: string; mine: boolean; onChange: (mine: boolean) => void; className?: string }) {
  return (
    <div role="group" aria-label={label} className={cn("inline-flex h-10 shrink-0 rounded-lg border border-slate-300 bg-slate-50 p-0.5", className)}>
      {([
        [false, "Everyone"],
        [true, "Mine"],
      ] as const).map(([value, text]) => (
        <button
          key={text}
          type="button"
          aria-pressed={mine === value}
          onClick={() => onChange(value)}
          className={cn("rounded-md px-3 text-sm font-medium transition-colors", mine === value ? "bg-white text-ink shadow-xs ring-1 ring-slate-200" : "text-slate-600 hover:text-ink")}
        >
          {text}
        </button>
      ))}
    </div>
  );
}

export type Column = { label: string; className?: string };

/** A list's table: the frame, a caption for screen readers, the column heads; rows are the children. */
export function TableCard({ caption, columns, children, className }: { caption: string; columns: readonly Column[]; children: ReactNode; className?: string }) {
  return (
    <div className={cn("overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-[0_1px_2px_rgb(15_23_42/0.04)]", className)}>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-200 bg-slate-50/80 text-xs font-medium tracking-wide text-slate-500 uppercase">
          <tr>
            {columns.map((c) => (
              <th key={c.label} scope="col" className={cn("py-2.5", c.className ?? "px-3")}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </div>
  );
}

/** A row of a list's table: the whole row is its first cell's link (that link's ::after covers it). */
export const tableRowClasses = "relative align-top hover:bg-slate-50 focus-within:bg-brand-50/40";
export const rowLinkClasses = "font-medium text-brand-700 after:absolute after:inset-0 hover:underline focus:outline-none focus-visible:underline";

/** A list loading: `rows` grey rows of the given cells. */
export function SkeletonRows({ label, rows = 5, children }: { label: string; rows?: number; children: ReactNode }) {
  return (
    <div role="status" aria-label={label} className="overflow-hidden rounded-xl border border-slate-200 bg-white">
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="flex items-center gap-4 border-b border-slate-100 px-4 py-4 last:border-b-0">
          {children}
        </div>
      ))}
    </div>
  );
}

/** Two grey lines, a row's title and what is under it. */
export function SkeletonTitle({ width = "w-44", under = "w-56" }: { width?: string; under?: string }) {
  return (
    <div className="flex-1 space-y-2">
      <Skeleton className={cn("h-4 max-w-full", width)} />
      <Skeleton className={cn("h-3 max-w-full", under)} />
    </div>
  );
}

/** A list with nothing to show: why, and what to do. */
export function EmptyCard({ icon: Icon, title, children, actions }: { icon: LucideIcon; title: string; children: ReactNode; actions: ReactNode }) {
  return (
    <div role="status" className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      <span className="mx-auto grid size-11 place-items-center rounded-full bg-slate-100 text-slate-500">
        <Icon className="size-5" aria-hidden />
      </span>
      <h2 className="mt-4 text-base font-semibold text-ink">{title}</h2>
      <p className="mx-auto mt-1 max-w-md text-sm leading-relaxed text-slate-600">{children}</p>
      <div className="mt-5 flex flex-wrap justify-center gap-3">{actions}</div>
    </div>
  );
}

/** Previous / Page n of m / Next, when there is more than one page. */
export function Pager({ page, pages, onPage }: { page: number; pages: number; onPage: (page: number) => void }) {
  if (pages <= 1) return null;
  return (
    <nav aria-label="Pages" className="mt-5 flex items-center justify-center gap-3 text-sm">
      <Button size="sm" variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <span className="text-slate-600">
        Page {page} of {pages}
      </span>
      <Button size="sm" variant="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </nav>
  );
}
