import { FALLBACK_TIME_ZONE, knownTimeZone } from "@/lib/format/dates";

// The notification panel's days, in the person's zone: "Today", "Yesterday", a weekday within the
// week ("Tuesday"), then a date ("Fri, 11 Dec 2026"); and each item's time ("14:05").

const formats = new Map<string, Intl.DateTimeFormat[]>();
function formatsOf(zone: string): Intl.DateTimeFormat[] {
  let f = formats.get(zone);
  if (!f) {
    f = [
      new Intl.DateTimeFormat("en-CA", { year: "numeric", month: "2-digit", day: "2-digit", timeZone: zone }),
      new Intl.DateTimeFormat("en-GB", { weekday: "long", timeZone: "UTC" }),
      new Intl.DateTimeFormat("en-GB", { weekday: "short", day: "numeric", month: "short", year: "numeric", timeZone: "UTC" }),
      new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: zone }),
    ];
    formats.set(zone, f);
  }
  return f;
}
const zoneOf = (zone: string) => knownTimeZone(zone) ?? FALLBACK_TIME_ZONE;

/** The calendar day (YYYY-MM-DD) an instant falls on in `zone`. */
export const dayOf = (instant: string | Date, zone: string) => formatsOf(zoneOf(zone))[0]!.format(new Date(instant));

/** The words for a day, seen on `now` in `zone`. */
export function dayWords(day: string, now: Date, zone: string): string {
  const [, weekday, date] = formatsOf(zoneOf(zone));
  const t = Date.parse(`${day}T00:00:00Z`);
  const daysAgo = Math.round((Date.parse(`${dayOf(now, zone)}T00:00:00Z`) - t) / 86_400_000);
  if (daysAgo === 0) return "Today";
  if (daysAgo === 1) return "Yesterday";
  if (daysAgo > 1 && daysAgo < 7) return weekday!.format(t);
  return date!.format(t);
}

/** "14:05" in `zone`. */
export const timeOf = (instant: string | Date, zone: string) => formatsOf(zoneOf(zone))[3]!.format(new Date(instant));

/** Items (newest first) in groups by day, each named. */
export function groupByDay<T extends { createdAt: string }>(items: readonly T[], now: Date, zone: string): Array<{ day: string; words: string; items: T[] }> {
  const groups: Array<{ day: string; words: string; items: T[] }> = [];
  for (const item of items) {
    const day = dayOf(item.createdAt, zone);
    const last = groups.at(-1);
    if (last?.day === day) last.items.push(item);
    else groups.push({ day, words: dayWords(day, now, zone), items: [item] });
  }
  return groups;
}
