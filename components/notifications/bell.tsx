"use client";

import { Bell } from "lucide-react";
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import type { NotificationItem } from "@/lib/notifications/shapes";

// The header's bell, on every page: the unread count, kept live by the notification stream (server-
// sent events; the browser reconnects by itself, and the stream's first event says the count again),
// and new notifications held for the panel. The panel (list, mark read) is loaded when first
// opened, pointed at or focused: the bell itself is a few hundred bytes.

const loadPanel = () => import("./panel");
const Panel = lazy(loadPanel);
const preload = () => void loadPanel().catch(() => {});
const STREAM = "/api/notifications/stream";

export function NotificationBell() {
  const [unread, setUnread] = useState<number | null>(null);
  const [live, setLive] = useState<NotificationItem[]>([]);
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const connect = () => {
      source = new EventSource(STREAM);
      source.addEventListener("unread", (e) => setUnread((JSON.parse(e.data) as { unread: number }).unread));
      source.addEventListener("notification", (e) => {
        const item = JSON.parse(e.data) as NotificationItem;
        setLive((l) => [item, ...l.filter((x) => x.id !== item.id)].slice(0, 50));
        setUnread((n) => (n ?? 0) + 1);
      });
      // Closed for good (signed out, the server down a while): try again in half a minute.
      source.onerror = () => {
        if (source?.readyState !== EventSource.CLOSED) return;
        source.close();
        retry = setTimeout(connect, 30_000);
      };
    };
    connect();
    return () => {
      source?.close();
      clearTimeout(retry);
    };
  }, []);

  const close = useCallback(() => {
    setOpen(false);
    button.current?.focus();
  }, []);
  return (
    <div className="relative">
      <button
        ref={button}
        type="button"
        onClick={() => (open ? close() : setOpen(true))}
        onPointerEnter={preload}
        onFocus={preload}
        aria-expanded={open}
        aria-haspopup="dialog"
        aria-label={unread ? `Notifications, ${unread} unread` : "Notifications"}
        data-testid="notification-bell"
        className="relative flex size-9 items-center justify-center rounded-lg text-slate-600 transition-colors hover:bg-slate-100 hover:text-ink"
      >
        <Bell aria-hidden className="size-5" />
        {unread ? (
          <span aria-hidden className="absolute -top-0.5 -right-0.5 min-w-[1.125rem] rounded-full bg-brand-600 px-1 text-center text-[0.6875rem] leading-[1.125rem] font-semibold text-white">
            {unread > 99 ? "99+" : unread}
          </span>
        ) : null}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <Panel live={live} onUnread={setUnread} onClose={close} />
        </Suspense>
      ) : null}
    </div>
  );
}
