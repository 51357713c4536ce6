"use client";

import { useEffect, useState } from "react";

/** The current time, ticking every `everyMs` (a countdown's second hand, a "checked 2 min ago"). */
export function useNow(everyMs = 1_000, enabled = true): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    if (!enabled) return;
    const t = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(t);
  }, [everyMs, enabled]);
  return now;
}

/** "2 days 4 h", "3 h 12 min", "4 min 05 s" until `until`; null once it has passed. */
export function countdown(until: number, now: number): string | null {
  const left = until - now;
  if (left <= 0) return null;
  const s = Math.floor(left / 1000);
  const d = Math.floor(s / 86_400);
  const h = Math.floor((s % 86_400) / 3_600);
  const m = Math.floor((s % 3_600) / 60);
  const sec = s % 60;
  if (d > 0) return `${d} ${d === 1 ? "day" : "days"} ${h} h`;
  if (h > 0) return `${h} h ${m} min`;
  return `${m} min ${String(sec).padStart(2, "0")} s`;
}
