"use client";

import { createContext, use, useEffect, useSyncExternalStore, type ReactNode } from "react";
import { FALLBACK_TIME_ZONE, knownTimeZone, TIME_ZONE_COOKIE } from "@/lib/format/dates";

// The advisor's time zone is the browser's. The browser writes it to a cookie on every page it
// loads (the sign-in page first), and the server reads the cookie to render the same texts, so
// the first HTML and the browser agree and the page hydrates without a mismatch. A first visit
// with no cookie yet renders in UTC, named as such, and switches to the browser's zone right
// after hydration (docs/bookings.md, "Dates and times").

/** The zone the desk shows instants in. Tests set it directly: `<TimeZoneContext value="Europe/Paris">`. */
export const TimeZoneContext = createContext<string>(FALLBACK_TIME_ZONE);

/** The advisor's time zone, for `formatInstant` and its kin. */
export function useTimeZone(): string {
  return use(TimeZoneContext);
}

const browserZone = () => knownTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone) ?? FALLBACK_TIME_ZONE;
const noSubscription = () => () => {};

function cookieZone(): string | null {
  const entry = document.cookie.split("; ").find((c) => c.startsWith(`${TIME_ZONE_COOKIE}=`));
  return entry ? decodeURIComponent(entry.slice(TIME_ZONE_COOKIE.length + 1)) : null;
}

/**
 * Provides the advisor's zone: `serverZone` (from the cookie) while the server's HTML hydrates,
 * the browser's own from then on; keeps the cookie up to date for the next request.
 */
export function TimeZoneProvider({ serverZone, children }: { serverZone: string; children: ReactNode }) {
  const zone = useSyncExternalStore(noSubscription, browserZone, () => serverZone);
  useEffect(() => {
    if (cookieZone() === zone) return;
    const secure = window.location.protocol === "https:" ? "; Secure" : "";
    document.cookie = `${TIME_ZONE_COOKIE}=${encodeURIComponent(zone)}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
  }, [zone]);
  return <TimeZoneContext value={zone}>{children}</TimeZoneContext>;
}
