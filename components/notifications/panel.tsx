"use client";

import Link from "next/link";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import * as z from "zod/mini";
import { Button } from "@/components/ui/button";
import { Callout } from "@/components/ui/callout";
import { cn } from "@/components/ui/cn";
import { Skeleton } from "@/components/ui/skeleton";
import { useTimeZone } from "@/components/layout/time-zone";
import { ApiError, apiGet, apiPost } from "@/lib/api-client";
import { groupByDay, timeOf } from "@/lib/notifications/days";
import type { NotificationItem } from "@/lib/notifications/shapes";

// The bell's panel (loaded when first opened): the person's newest notifications grouped by day in
// their zone, each linking to its booking and marked read as it is opened, "Mark all read", and
// the new ones the stream brings while it is open. Escape or a click outside closes it; focus goes
// back to the bell.

const itemSchema = z.object({
  id: z.string(),
  kind: z.string(),
  bookingId: z.nullable(z.string()),
  title: z.string(),
  sentence: z.string(),
  createdAt: z.string(),
  read: z.boolean(),
});
const listSchema = z.object({ items: z.array(itemSchema), unread: z.number() });
const readSchema = z.object({ marked: z.number(), unread: z.number() });

type Props = { live: NotificationItem[]; onUnread: (n: number) => void; onClose: () => void };
type Loaded = { state: "loading" } | { state: "error"; message: string } | { state: "ready"; items: NotificationItem[] };

export default function NotificationPanel({ live, onUnread, onClose }: Props) {
  const zone = useTimeZone();
  const [loaded, setLoaded] = useState<Loaded>({ state: "loading" });
  const [readIds, setReadIds] = useState<Set<string>>(new Set());
  const [marking, setMarking] = useState(false);
  const panel = useRef<HTMLDivElement>(null);

  const load = useCallback((signal?: AbortSignal) => {
    apiGet("/api/notifications", listSchema, { signal }).then(
      (d) => {
        setLoaded({ state: "ready", items: d.items as NotificationItem[] });
        onUnread(d.unread);
      },
      (e: unknown) => {
        if (signal?.aborted) return;
        setLoaded({ state: "error", message: e instanceof ApiError ? e.message : "The notifications could not be loaded." });
      },
    );
  }, [onUnread]);
  useEffect(() => {
    const abort = new AbortController();
    load(abort.signal);
    return () => abort.abort();
  }, [load]);

  // Focus into the panel on opening; Escape and a click outside close it.
  useEffect(() => panel.current?.focus(), []);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") onClose();
    };
    const onDown = (e: PointerEvent) => {
      const target = e.target as Node;
      if (!panel.current?.contains(target) && !(target as Element).closest?.("[data-testid=notification-bell]")) onClose();
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onDown);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onDown);
    };
  }, [onClose]);

  const items = useMemo(() => {
    if (loaded.state !== "ready") return [];
    const known = new Set(loaded.items.map((i) => i.id));
    return [...live.filter((i) => !known.has(i.id)), ...loaded.items].map((i) => (readIds.has(i.id) ? { ...i, read: true } : i));
  }, [loaded, live, readIds]);
  const unreadHere = items.filter((i) => !i.read);

  const markRead = (ids: string[] | "all") => {
    setReadIds((s) => new Set([...s, ...(ids === "all" ? items.map((i) => i.id) : ids)]));
    return apiPost("/api/notifications/read", readSchema, ids === "all" ? { all: true } : { ids }).then((d) => onUnread(d.unread));
  };

  return (
    <div
      ref={panel}
      role="dialog"
      aria-label="Notifications"
      tabIndex={-1}
      data-testid="notification-panel"
      className="fixed inset-x-3 top-[4.25rem] z-20 flex max-h-[min(36rem,calc(100vh-5.5rem))] flex-col rounded-xl border border-slate-200 bg-white text-ink shadow-lg shadow-slate-900/10 outline-none sm:inset-x-auto sm:right-6 sm:w-[26rem] lg:right-[max(2rem,calc((100vw_-_72rem)/2_+_2rem))]"
    >
      <div className="flex items-center justify-between gap-3 border-b border-slate-100 px-4 py-3">
        <h2 className="text-sm font-semibold">Notifications</h2>
        <Button
          variant="ghost"
          size="sm"
          disabled={unreadHere.length === 0 || marking}
          onClick={() => {
            setMarking(true);
            markRead("all").catch(() => {}).finally(() => setMarking(false));
          }}
        >
          Mark all read
        </Button>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto">
        {loaded.state === "loading" ? (
          <div className="space-y-3 p-4" aria-busy="true" aria-label="Loading notifications">
            {[0, 1, 2].map((i) => (
              <div key={i} className="space-y-1.5">
                <Skeleton className="h-4 w-2/3" />
                <Skeleton className="h-3 w-full" />
              </div>
            ))}
          </div>
        ) : loaded.state === "error" ? (
          <div className="p-4">
            <Callout title="The notifications could not be loaded.">
              <p>{loaded.message}</p>
              <button type="button" className="mt-1 font-medium underline" onClick={() => {
                  setLoaded({ state: "loading" });
                  load();
                }}>
                Try again
              </button>
            </Callout>
          </div>
        ) : items.length === 0 ? (
          <div className="px-4 py-10 text-center">
            <p className="text-sm font-medium">Nothing yet…</p>
            <p className="mt-1 text-[0.8125rem] text-slate-600">When a booking settles, a hold nears its deadline or free cancellation is ending, the desk tells you here.</p>
          </div>
        ) : (
          groupByDay(items, new Date(), zone).map((g) => (
            <section key={g.day} aria-labelledby={`notifications-${g.day}`}>
              <h3 id={`notifications-${g.day}`} className="sticky top-0 bg-slate-50 px-4 py-1.5 text-xs font-semibold tracking-wide text-slate-600 uppercase">
                {g.words}
              </h3>
              <ul>
                {g.items.map((i) => (
                  <li key={i.id} className="border-b border-slate-100 last:border-0">
                    <Link
                      href={i.bookingId ? `/bookings/${encodeURIComponent(i.bookingId)}` : "/attention"}
                      prefetch={false}
                      onClick={() => {
                        if (!i.read) void markRead([i.id]).catch(() => {});
                        onClose();
                      }}
                      className={cn("flex gap-3 px-4 py-3 transition-colors hover:bg-slate-50 focus-visible:bg-slate-50 focus-visible:outline-none", i.read ? "text-slate-600" : null)}
                    >
                      <span aria-hidden className={cn("mt-1.5 size-2 shrink-0 rounded-full", i.read ? "bg-transparent" : "bg-brand-600")} />
                      <span className="min-w-0 flex-1">
                        <span className="flex items-baseline justify-between gap-2">
                          <span className={cn("truncate text-sm", i.read ? "font-medium" : "font-semibold text-ink")}>{i.title}</span>
                          <time dateTime={i.createdAt} className="shrink-0 text-xs text-slate-500">
                            {timeOf(i.createdAt, zone)}
                          </time>
                        </span>
                        <span className="mt-0.5 block text-[0.8125rem] leading-snug text-slate-600">{i.sentence}</span>
                        {i.read ? null : <span className="sr-only">Unread.</span>}
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          ))
        )}
      </div>
      <div className="border-t border-slate-100 px-4 py-2.5 text-right">
        <Link href="/settings/notifications" prefetch={false} onClick={onClose} className="text-[0.8125rem] font-medium text-brand-700 hover:underline">
          Choose what comes by email
        </Link>
      </div>
    </div>
  );
}
