"use client";

import { useQuery } from "@tanstack/react-query";
import { Command } from "cmdk";
import { Activity, BarChart3, BellRing, Building2, ClipboardList, CornerDownLeft, Inbox, Search, Users } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState, type ReactNode } from "react";
import { BookingStateBadge } from "@/components/bookings/booking-state";
import { useDebouncedValue } from "@/components/search/use-suggest";
import { productTypeMeta } from "@/components/status/product-types";
import { apiGet } from "@/lib/api-client";
import { bookingHref } from "@/lib/bookings/filters";
import { includesFolded } from "@/lib/fold";
import { bookingListResponseSchema } from "@/lib/bookings/schemas";

const LOOKUP_DEBOUNCE_MS = 250;
const LOOKUP_MIN_CHARS = 2;
const LOOKUP_LIMIT = 8;

type Entry = { id: string; label: string; hint?: string; keywords: string[]; href: string; icon: ReactNode };

const PRODUCTS = ["hotel", "flight", "activity", "transfer"] as const;

function entries(isAdmin: boolean): { go: Entry[]; search: Entry[] } {
  const go: Entry[] = [
    { id: "attention", label: "Needs attention", keywords: ["deadline", "hold", "pending", "due"], href: "/attention", icon: <BellRing className="size-4" /> },
    { id: "bookings", label: "Bookings", keywords: ["list", "orders"], href: "/bookings", icon: <ClipboardList className="size-4" /> },
    { id: "mine", label: "My bookings", keywords: ["mine", "own"], href: "/bookings?mine=1", icon: <ClipboardList className="size-4" /> },
    ...(isAdmin
      ? [
          { id: "overview", label: "Agency overview", hint: "Admins", keywords: ["sales", "earnings", "report", "credit", "charts"], href: "/admin/overview", icon: <BarChart3 className="size-4" /> },
          { id: "users", label: "Users", hint: "Admins", keywords: ["advisors", "invite", "team"], href: "/admin/users", icon: <Users className="size-4" /> },
          { id: "agency", label: "Agency profile", hint: "Admins", keywords: ["name", "logo", "reply-to", "address", "settings"], href: "/admin/agency", icon: <Building2 className="size-4" /> },
          { id: "outbox", label: "Outbox", hint: "Admins", keywords: ["mail", "email", "sent", "smtp", "proposals", "reminders"], href: "/admin/outbox", icon: <Inbox className="size-4" /> },
          { id: "status", label: "Desk status", hint: "Admins", keywords: ["health", "service", "database", "settings"], href: "/admin/status", icon: <Activity className="size-4" /> },
        ]
      : []),
  ];
  const search = PRODUCTS.map((type) => {
    const meta = productTypeMeta(type);
    return { id: `search-${type}`, label: `Search ${meta.label.toLowerCase()}`, hint: meta.description, keywords: [type, meta.label], href: `/search?type=${type}`, icon: <meta.Icon className="size-4" /> };
  });
  return { go, search };
}

/** Pages and actions by label or keyword, ignoring case and accents. */
const matches = (e: Entry, text: string) => includesFolded([e.label, ...e.keywords], text);

const itemClasses =
  "flex cursor-pointer items-center gap-3 rounded-lg px-3 py-2 text-sm text-slate-700 data-[selected=true]:bg-brand-50 data-[selected=true]:text-brand-800";

/** The palette: jump to a booking by order reference or lead guest, start a search, open a section. */
export function PaletteDialog({ open, onOpenChange, isAdmin }: { open: boolean; onOpenChange: (open: boolean) => void; isAdmin: boolean }) {
  const router = useRouter();
  const [text, setText] = useState("");
  const q = useDebouncedValue(text.trim(), LOOKUP_DEBOUNCE_MS);
  const lookup = useQuery({
    queryKey: ["palette-bookings", q],
    enabled: open && q.length >= LOOKUP_MIN_CHARS,
    staleTime: 30_000,
    queryFn: ({ signal }) => apiGet("/api/bookings", bookingListResponseSchema, { query: { q, limit: LOOKUP_LIMIT }, signal }),
  });
  const { go, search } = entries(isAdmin);
  const visible = (list: Entry[]) => list.filter((e) => matches(e, text));
  const goTo = (href: string) => {
    onOpenChange(false);
    setText("");
    router.push(href);
  };
  const rows = q.length >= LOOKUP_MIN_CHARS ? (lookup.data?.rows ?? []) : [];
  const searching = q.length >= LOOKUP_MIN_CHARS && lookup.isFetching;
  const nothing = visible(go).length === 0 && visible(search).length === 0 && rows.length === 0 && !searching;
  // The highlighted entry, kept here rather than left to cmdk: cmdk highlights the first entry when
  // the text changes, but when the highlighted entry goes away later (a booking found for "fl" is
  // not one for "flight", whose lookup answers after the typing stopped) it highlights nothing, and
  // Enter did nothing. The first entry shown then takes its place.
  const [picked, setPicked] = useState("");
  const shown = [...rows.map((r) => `booking-${r._id}`), ...visible(go).map((e) => e.id), ...visible(search).map((e) => e.id)];
  const highlighted = shown.includes(picked) ? picked : (shown[0] ?? "");

  return (
    <Command.Dialog
      open={open}
      onOpenChange={onOpenChange}
      label="Command palette"
      shouldFilter={false}
      value={highlighted}
      onValueChange={setPicked}
      overlayClassName="fixed inset-0 z-40 bg-slate-900/30 backdrop-blur-[1px]"
      contentClassName="fixed top-[12vh] left-1/2 z-50 w-[min(40rem,calc(100vw-2rem))] -translate-x-1/2 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-2xl"
    >
      <div className="flex items-center gap-2 border-b border-slate-100 px-4">
        <Search className="size-4 shrink-0 text-slate-400" aria-hidden />
        <Command.Input
          value={text}
          onValueChange={setText}
          placeholder="Order reference, lead guest, or where to go…"
          className="h-12 w-full bg-transparent text-sm text-ink outline-none placeholder:text-slate-400"
        />
      </div>
      <Command.List className="max-h-[min(60vh,26rem)] overflow-y-auto p-2">
        {nothing ? (
          <p className="px-3 py-6 text-center text-sm text-slate-500">
            No booking or page matches “{text.trim()}”. Try the order reference (RV-…) or the lead guest&apos;s last name.
          </p>
        ) : null}
        {q.length >= LOOKUP_MIN_CHARS ? (
          <Command.Group heading="Bookings" className="[&_[cmdk-group-heading]]:px-3 [&_[cmdk-group-heading]]:py-1.5 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-semibold [&_[cmdk-group-heading]]:tracking-wide [&_[cmdk-group-heading]]:text-slate-500 [&_[cmdk-group-heading]]:uppercase">
            {searching && rows.length === 0 ? <Command.Loading><p className="px-3 py-2 text-sm text-slate-500">Looking up bookings…</p></Command.Loading> : null}
            {lookup.isError ? <p className="px-3 py-2 text-sm text-rose-700">Bookings could not be looked up just now.</p> : null}
            {rows.map((r) => {
              const meta = productTypeMeta(r.firstItem.productType);
              return (
                <Command.Item key={r._id} value={`booking-${r._id}`} onSelect={() => goTo(bookingHref(r._id))} className={itemClasses}>
                  <meta.Icon className="size-4 text-slate-400" aria-hidden />
                  <span className="font-mono font-semibold text-ink">{r.orderRef}</span>
                  <span className="min-w-0 flex-1 truncate text-slate-600">{r.firstItem.hotelName ?? meta.singular}</span>
                  <BookingStateBadge state={r.state} />
                </Command.Item>
              );
            })}
            {!searching && !lookup.isError && lookup.data && rows.length === 0 ? <p className="px-3 py-2 text-sm text-slate-500">No booking matches.</p> : null}
          </Command.Group>
        ) : null}
        <Group heading="Go to" entries={visible(go)} onPick={goTo} />
        <Group heading="Start a search" entries={visible(search)} onPick={goTo} />
      </Command.List>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 border-t border-slate-100 bg-slate-50 px-4 py-2 text-xs text-slate-600" role="note" aria-label="Shortcuts">
        <span><Kbd>Ctrl K</Kbd> / <Kbd>⌘K</Kbd> open or close</span>
        <span><Kbd>↑</Kbd> <Kbd>↓</Kbd> move</span>
        <span><Kbd><CornerDownLeft className="inline size-3" aria-label="Enter" /></Kbd> open</span>
        <span><Kbd>Esc</Kbd> close</span>
      </div>
    </Command.Dialog>
  );
}

function Group({ heading, entries, onPick }: { heading: string; entries: Entry[]; onPick: (href: string) => void }) {
  if (entries.length === 0) return null;
  return (
    <Command.Group heading={heading} className="[&_[cmdk-group-heading]]:px-3 [&_[cmdk-group-heading]]:py-1.5 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-semibold [&_[cmdk-group-heading]]:tracking-wide [&_[cmdk-group-heading]]:text-slate-500 [&_[cmdk-group-heading]]:uppercase">
      {entries.map((e) => (
        <Command.Item key={e.id} value={e.id} onSelect={() => onPick(e.href)} className={itemClasses}>
          <span className="text-slate-400" aria-hidden>
            {e.icon}
          </span>
          <span className="font-medium text-ink">{e.label}</span>
          {e.hint ? <span className="truncate text-slate-600">{e.hint}</span> : null}
        </Command.Item>
      ))}
    </Command.Group>
  );
}

function Kbd({ children }: { children: ReactNode }) {
  return <kbd className="rounded border border-slate-200 bg-white px-1 font-mono text-[0.6875rem] text-slate-600">{children}</kbd>;
}
