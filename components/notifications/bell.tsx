"use client";

import { Bell } from "lucide-react";
import { useCallback, useEffect, useRef, useState, type ComponentType } from "react";
import { afterThePageSettles } from "../ui/after-the-page-settles";
import type { LiveProps } from "./live";

// The header's bell, on every page: the unread count as a badge. Everything else (the stream that
// keeps the count live, the panel) is loaded once the page has settled (its network quiet for two seconds), or at once when the bell
// is opened, pointed at or focused: what every page loads is the button alone.

const loadLive = () => import("./live").then((m) => m.default);

export function NotificationBell() {
  const [unread, setUnread] = useState<number | null>(null);
  const [open, setOpen] = useState(false);
  const [Live, setLive] = useState<ComponentType<LiveProps> | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const load = useCallback(() => void loadLive().then((c) => setLive(() => c), () => {}), []);
  // After the page's own work, as the command palette: the count is not what a person came for.
  useEffect(() => afterThePageSettles(load), [load]);
  const close = useCallback(() => {
    setOpen(false);
    button.current?.focus();
  }, []);
  return (
    <div className="relative">
      <button
        ref={button}
        type="button"
        onClick={() => {
          load();
          if (open) close();
          else setOpen(true);
        }}
        onPointerEnter={load}
        onFocus={load}
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
      {Live ? <Live open={open} onUnread={setUnread} onClose={close} /> : null}
    </div>
  );
}
