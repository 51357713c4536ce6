"use client";

import { useEffect, useState } from "react";
import type { NotificationItem } from "@/lib/notifications/shapes";
import NotificationPanel from "./panel";

// The bell's live part, loaded once the page has settled (or on the first open): the notification
// stream (server-sent events; the browser reconnects by itself, and the stream's first event says
// the count again), the new notifications held for the panel, and the panel.

const STREAM = "/api/notifications/stream";

export type LiveProps = { open: boolean; onUnread: (n: number | ((n: number | null) => number)) => void; onClose: () => void };

export default function NotificationsLive({ open, onUnread, onClose }: LiveProps) {
  const [live, setLive] = useState<NotificationItem[]>([]);
  useEffect(() => {
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const connect = () => {
      source = new EventSource(STREAM);
      source.addEventListener("unread", (e) => onUnread((JSON.parse(e.data) as { unread: number }).unread));
      source.addEventListener("notification", (e) => {
        const item = JSON.parse(e.data) as NotificationItem;
        setLive((l) => [item, ...l.filter((x) => x.id !== item.id)].slice(0, 50));
        onUnread((n) => (n ?? 0) + 1);
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
  }, [onUnread]);
  return open ? <NotificationPanel live={live} onUnread={onUnread} onClose={onClose} /> : null;
}
