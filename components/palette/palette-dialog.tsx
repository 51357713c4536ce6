"use client";

import { useQuery } from "@tanstack/react-query";
import { Activity, BarChart3, BellRing, Building2, ClipboardList, Contact, CornerDownLeft, FileText, Inbox, Percent, Search, Users, Workflow } from "lucide-react";
import { useRouter } from "next/navigation";
import { createPortal } from "react-dom";
import { useEffect, useId, useImperativeHandle, useLayoutEffect, useRef, useState, type ReactNode, type Ref } from "react";
import { productTypeMeta } from "@/components/status/product-types";
import { StatusBadge } from "@/components/ui/status-badge";
import { useDebouncedValue } from "@/components/ui/use-debounced-value";
import { includesFolded } from "@/lib/fold";

// The palette itself: a dialog with a combobox of our own (the input keeps the focus,
// the arrow keys move an aria-activedescendant highlight, as in the destination field). It is
// rendered hidden once the page is idle (command-palette.tsx), so Ctrl+K only has to show it: the
// key calls show() on it directly and React learns it is open after that frame is painted. No
// script to fetch, compile or render between the key and the dialog on screen. The bookings
// lookup is loaded when someone first types (booking-lookup.ts).

const LOOKUP_DEBOUNCE_MS = 250;
const LOOKUP_MIN_CHARS = 2;
const LOOKUP_LIMIT = 8;

type Entry = { id: string; label: string; hint?: string; keywords: string[]; href: string; icon: ReactNode };
type Option = { id: string; href: string };

const PRODUCTS = ["hotel", "flight", "activity", "transfer"] as const;

function entries(isAdmin: boolean): { go: Entry[]; search: Entry[] } {
  const go: Entry[] = [
    { id: "attention", label: "Needs attention", keywords: ["deadline", "hold", "pending", "due"], href: "/attention", icon: <BellRing className="size-4" /> },
    { id: "bookings", label: "Bookings", keywords: ["list", "orders"], href: "/bookings", icon: <ClipboardList className="size-4" /> },
    { id: "mine", label: "My bookings", keywords: ["mine", "own"], href: "/bookings?mine=1", icon: <ClipboardList className="size-4" /> },
    { id: "proposals", label: "Proposals", keywords: ["offer", "quote", "client", "share", "choice"], href: "/proposals", icon: <FileText className="size-4" /> },
    { id: "clients", label: "Clients", keywords: ["customers", "contacts", "people", "phone", "email"], href: "/clients", icon: <Contact className="size-4" /> },
    ...(isAdmin
      ? [
          { id: "overview", label: "Agency overview", hint: "Admins", keywords: ["sales", "earnings", "report", "credit", "charts"], href: "/admin/overview", icon: <BarChart3 className="size-4" /> },
          { id: "users", label: "Users", hint: "Admins", keywords: ["advisors", "invite", "team"], href: "/admin/users", icon: <Users className="size-4" /> },
          { id: "agency", label: "Agency profile", hint: "Admins", keywords: ["name", "logo", "reply-to", "address", "settings"], href: "/admin/agency", icon: <Building2 className="size-4" /> },
          { id: "pricing", label: "Pricing", hint: "Admins", keywords: ["markup", "margin", "client prices", "rounding", "discount"], href: "/admin/pricing", icon: <Percent className="size-4" /> },
          { id: "outbox", label: "Outbox", hint: "Admins", keywords: ["mail", "email", "sent", "smtp", "proposals", "reminders"], href: "/admin/outbox", icon: <Inbox className="size-4" /> },
          { id: "status", label: "Desk status", hint: "Admins", keywords: ["health", "service", "database", "settings"], href: "/admin/status", icon: <Activity className="size-4" /> },
          { id: "jobs", label: "Jobs", hint: "Admins", keywords: ["follow-ups", "background", "failed", "retry", "dead letters", "schedule"], href: "/admin/jobs", icon: <Workflow className="size-4" /> },
        ]
      : []),
  ];
  const search = PRODUCTS.map((type) => {
    const meta = productTypeMeta(type);
    return { id: `search-${type}`, label: `Search ${meta.label.toLowerCase()}`, hint: meta.description, keywords: [type, meta.label], href: `/search?type=${type}`, icon: <meta.Icon className="size-4" /> };
  });
  return { go, search };
}

const loadLookup = () => import("./booking-lookup");

/** The palette's state until shown: laid out, invisible (out of the accessibility tree, not focusable). */
const HIDDEN = { visibility: "hidden" } as const;

/** What the page's shortcut calls to show or hide the palette without waiting for a render. */
export type PaletteHandle = { show: () => void; hide: () => void; isOpen: () => boolean };

export type PaletteDialogProps = { open: boolean; onOpenChange: (open: boolean) => void; isAdmin: boolean; handle?: Ref<PaletteHandle> };

/** The palette: jump to a booking by order reference or lead guest, start a search, open a section. */
export function PaletteDialog({ open, onOpenChange, isAdmin, handle }: PaletteDialogProps) {
  const router = useRouter();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState("");
  const [picked, setPicked] = useState(""); // the entry the arrows or the pointer moved to
  const q = useDebouncedValue(text.trim(), LOOKUP_DEBOUNCE_MS);
  const looking = open && q.length >= LOOKUP_MIN_CHARS;
  const lookup = useQuery({
    queryKey: ["palette-bookings", q],
    enabled: looking,
    staleTime: 30_000,
    queryFn: async ({ signal }) => (await loadLookup()).lookupBookings(q, LOOKUP_LIMIT, signal),
  });

  // Shown and hidden here rather than by the browser's <dialog>: the palette is laid out once while
  // the page is idle and then only made visible, which is a repaint. A modal dialog made the page
  // behind it inert, restyling every element of it (60–170 ms at 4× CPU), and even a non-modal one
  // was styled and laid out for the first time on the key (about 45 ms). The backdrop catches
  // clicks, the input keeps the focus (Tab stays in it), Esc closes, the focus goes back where it
  // was, and aria-modal tells assistive technology the rest is out of reach.
  const panelRef = useRef<HTMLDivElement>(null);
  const backdropRef = useRef<HTMLDivElement>(null);
  const shown = useRef(false);
  const returnFocus = useRef<HTMLElement | null>(null);
  const setVisible = (visible: boolean) => {
    for (const el of [panelRef.current, backdropRef.current]) if (el) el.style.visibility = visible ? "" : "hidden";
  };
  const show = () => {
    if (shown.current) return;
    shown.current = true;
    returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setVisible(true);
    inputRef.current?.focus({ preventScroll: true });
  };
  const hide = () => {
    if (!shown.current) return;
    shown.current = false;
    setVisible(false);
    setText("");
    setPicked("");
    onOpenChange(false);
    returnFocus.current?.focus({ preventScroll: true });
    returnFocus.current = null;
  };
  useImperativeHandle(handle, () => ({ show, hide, isOpen: () => shown.current }));
  useLayoutEffect(() => {
    if (open) show();
    else hide();
    // Follows `open` only: show() and hide() act on refs and do nothing when already done.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const { go, search } = entries(isAdmin);
  const matching = (list: Entry[]) => list.filter((e) => includesFolded([e.label, ...e.keywords], text));
  const goShown = matching(go);
  const searchShown = matching(search);
  const rows = looking ? (lookup.data ?? []) : [];
  const searching = looking && lookup.isFetching;
  const options: Option[] = [...rows.map((r) => ({ id: `booking-${r.id}`, href: r.href })), ...goShown, ...searchShown];
  const nothing = options.length === 0 && !searching && !(looking && lookup.isError);

  // The highlighted entry. When it goes away (a booking found for "fl" is not one for "flight",
  // whose lookup answers after the typing stopped), the first entry shown takes its place, so
  // Enter always opens what is highlighted.
  const highlighted = options.find((o) => o.id === picked) ?? options[0];
  const optionId = (optionKey: string) => `${id}-${optionKey}`;

  // The highlighted entry kept in view as the arrows move it (not on opening: it is the first).
  useEffect(() => {
    if (picked) document.getElementById(optionId(picked))?.scrollIntoView?.({ block: "nearest" });
    // optionId only depends on the stable id.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [picked]);

  function goTo(href: string) {
    hide();
    router.push(href);
  }
  function onKeyDown(e: React.KeyboardEvent<HTMLInputElement>) {
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      if (options.length === 0) return;
      const at = highlighted ? options.indexOf(highlighted) : -1;
      const next = e.key === "ArrowDown" ? (at + 1) % options.length : (at - 1 + options.length) % options.length;
      setPicked(options[next]!.id);
    } else if (e.key === "Enter" && !e.nativeEvent.isComposing) {
      e.preventDefault();
      if (highlighted) goTo(highlighted.href);
    } else if (e.key === "Tab") {
      e.preventDefault(); // the input is the palette's one stop: the list is reached with the arrows
    }
  }
  const option = (key: string, href: string, children: ReactNode) => (
    <li
      key={key}
      id={optionId(key)}
      role="option"
      aria-selected={highlighted?.id === key}
      onMouseMove={() => setPicked(key)}
      onMouseDown={(e) => e.preventDefault()}
      onClick={() => goTo(href)}
      className="flex cursor-pointer items-center gap-3 rounded-lg px-3 py-2 text-sm text-slate-700 aria-selected:bg-brand-50 aria-selected:text-brand-800"
    >
      {children}
    </li>
  );
  const group = (key: string, heading: string, body: ReactNode) => (
    <li key={key} role="presentation">
      <div id={`${id}-${key}-heading`} className="px-3 py-1.5 text-xs font-semibold tracking-wide text-slate-500 uppercase">
        {heading}
      </div>
      <ul role="group" aria-labelledby={`${id}-${key}-heading`}>
        {body}
      </ul>
    </li>
  );
  const entryGroup = (key: string, heading: string, list: Entry[]) =>
    list.length === 0
      ? null
      : group(
          key,
          heading,
          list.map((e) =>
            option(
              e.id,
              e.href,
              <>
                <span className="text-slate-400" aria-hidden>
                  {e.icon}
                </span>
                <span className="font-medium text-ink">{e.label}</span>
                {e.hint ? <span className="truncate text-slate-600">{e.hint}</span> : null}
              </>,
            ),
          ),
        );
  const note = (key: string, body: ReactNode, className = "text-slate-500") => (
    <li key={key} role="presentation" className={`px-3 py-2 text-sm ${className}`}>
      {body}
    </li>
  );

  // In <body>, not where the button is: the header's backdrop-filter makes it the box that fixed
  // elements inside it are placed in (the backdrop covered the header only), and its z-index the
  // layer they are painted in.
  return createPortal(
    <>
      <div ref={backdropRef} data-palette-backdrop style={HIDDEN} aria-hidden onClick={hide} className="fixed inset-0 z-40 bg-slate-900/30" />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-label="Command palette"
        tabIndex={-1}
        style={HIDDEN}
        onKeyDown={(e) => {
          if (e.key !== "Escape") return;
          e.preventDefault();
          hide();
        }}
        className="fixed top-[12vh] left-1/2 z-50 w-[min(40rem,calc(100vw-2rem))] -translate-x-1/2 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-2xl outline-none"
      >
        <div className="flex items-center gap-2 border-b border-slate-100 px-4">
          <Search className="size-4 shrink-0 text-slate-400" aria-hidden />
          <input
            ref={inputRef}
            value={text}
            onChange={(e) => {
              if (text === "" && e.target.value !== "") void loadLookup(); // fetched while the first letters are typed
              setText(e.target.value);
            }}
            onKeyDown={onKeyDown}
            role="combobox"
            aria-expanded
            aria-controls={`${id}-list`}
            aria-autocomplete="list"
            aria-activedescendant={highlighted ? optionId(highlighted.id) : undefined}
            aria-label="Order reference, lead guest, or where to go"
            placeholder="Order reference, lead guest, or where to go…"
            autoComplete="off"
            spellCheck={false}
            className="h-12 w-full bg-transparent text-sm text-ink outline-none placeholder:text-slate-400"
          />
        </div>
        <ul id={`${id}-list`} role="listbox" aria-label="Bookings, pages and searches" className="max-h-[min(60vh,26rem)] overflow-y-auto p-2">
          {nothing ? (
            <li role="presentation" className="px-3 py-6 text-center text-sm text-slate-500">
              No booking or page matches “{text.trim()}”. Try the order reference (RV-…) or the lead guest&apos;s last name.
            </li>
          ) : null}
          {looking && !nothing
            ? group("bookings", "Bookings", [
                searching && rows.length === 0 ? note("loading", "Looking up bookings…") : null,
                lookup.isError ? note("error", "Bookings could not be looked up just now.", "text-rose-700") : null,
                ...rows.map((r) => {
                  const meta = productTypeMeta(r.productType);
                  return option(
                    `booking-${r.id}`,
                    r.href,
                    <>
                      <meta.Icon className="size-4 text-slate-400" aria-hidden />
                      <span className="font-mono font-semibold text-ink">{r.orderRef}</span>
                      <span className="min-w-0 flex-1 truncate text-slate-600">{r.name ?? meta.singular}</span>
                      <StatusBadge tone={r.state.tone} pulse={r.state.live}>
                        {r.state.label}
                      </StatusBadge>
                    </>,
                  );
                }),
                !searching && !lookup.isError && lookup.data && rows.length === 0 ? note("none", "No booking matches.") : null,
              ])
            : null}
          {entryGroup("go", "Go to", goShown)}
          {entryGroup("search", "Start a search", searchShown)}
        </ul>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-1 border-t border-slate-100 bg-slate-50 px-4 py-2 text-xs text-slate-600" role="note" aria-label="Shortcuts">
          <span>
            <Kbd>Ctrl K</Kbd> / <Kbd>⌘K</Kbd> open or close
          </span>
          <span>
            <Kbd>↑</Kbd> <Kbd>↓</Kbd> move
          </span>
          <span>
            <Kbd>
              <CornerDownLeft className="inline size-3" aria-label="Enter" />
            </Kbd>{" "}
            open
          </span>
          <span>
            <Kbd>Esc</Kbd> close
          </span>
        </div>
      </div>
    </>,
    document.body,
  );
}

function Kbd({ children }: { children: ReactNode }) {
  return <kbd className="rounded border border-slate-200 bg-white px-1 font-mono text-[0.6875rem] text-slate-600">{children}</kbd>;
}
