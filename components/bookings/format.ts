// Instants as the bookings desk states them: deadlines in the advisor's own time zone, with
// the zone named so nobody misreads one ("Fri, 27 Nov 2026, 06:24 GMT+1").

const cache = new Map<string, Intl.DateTimeFormat>();

function fmt(timeZone: string | undefined, withZone: boolean): Intl.DateTimeFormat {
  const key = `${timeZone ?? ""}|${withZone}`;
  let f = cache.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat("en-GB", {
      weekday: "short",
      day: "numeric",
      month: "short",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      timeZone,
      ...(withZone ? { timeZoneName: "short" } : {}),
    });
    cache.set(key, f);
  }
  return f;
}

/** A deadline: "Fri, 27 Nov 2026, 06:24 GMT+1" in the advisor's zone (or `timeZone`). */
export function formatDeadline(iso: string, timeZone?: string): string {
  const t = Date.parse(iso);
  return Number.isNaN(t) ? iso : fmt(timeZone, true).format(t);
}
