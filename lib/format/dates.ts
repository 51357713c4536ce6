import { lazily } from "@/lib/lazily";

// Dates and times as the desk states them, in one place (docs/bookings.md, "Dates and times").
//
// - An instant (a deadline, a step of the history) is shown in the advisor's time zone with the
//   zone named: "Fri, 11 Dec 2026, 23:59 GMT+1", or "… UTC" for UTC.
// - A calendar date (check-in, a birthday) names a day, not a moment: "Fri, 11 Dec 2026", never
//   shifted by a zone.
// - A local time without offset (a flight's departure, a pickup the desk sent as local time) is
//   the wall clock at the place: "Wed, 25 Nov 2026, 16:30 local time".
//
// The texts are assembled from Intl's parts rather than taken whole, so the server (Node's ICU)
// and the browser (its own ICU) write them alike and a page hydrates without a mismatch.

/** The cookie that tells the server the advisor's time zone (written by the browser, components/layout/time-zone.tsx). */
export const TIME_ZONE_COOKIE = "desk_tz";
/** The zone used when the advisor's is not known yet (a first request with no cookie), and named as such. */
export const FALLBACK_TIME_ZONE = "UTC";

const UTC_NAMES = new Set(["UTC", "Etc/UTC", "Etc/UCT", "UCT", "Etc/Universal", "Universal", "Etc/Zulu", "Zulu"]);

/** The zone if Intl knows it ("Europe/Paris"), otherwise null (a hand-edited cookie, an empty value). */
export function knownTimeZone(name: unknown): string | null {
  if (typeof name !== "string" || name.length === 0 || name.length > 64) return null;
  try {
    return new Intl.DateTimeFormat("en-GB", { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

type Parts = Record<"weekday" | "day" | "month" | "year" | "hour" | "minute" | "timeZoneName", string>;

const instantFormats = new Map<string, Intl.DateTimeFormat>();
function instantFormat(timeZone: string): Intl.DateTimeFormat {
  let f = instantFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-GB", {
      weekday: "short",
      day: "numeric",
      month: "short",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
      timeZone,
      timeZoneName: "shortOffset",
    });
    instantFormats.set(timeZone, f);
  }
  return f;
}

function partsOf(f: Intl.DateTimeFormat, t: number): Parts {
  const out = { weekday: "", day: "", month: "", year: "", hour: "", minute: "", timeZoneName: "" };
  for (const p of f.formatToParts(t)) if (p.type in out) out[p.type as keyof Parts] = p.value;
  return out;
}

const ms = (value: string | number | Date) => (typeof value === "number" ? value : typeof value === "string" ? Date.parse(value) : value.getTime());

/** An instant as "Fri, 11 Dec 2026, 23:59 GMT+1" in `timeZone` (the advisor's), the zone named. The text itself when it is not a date. */
export function formatInstant(value: string | number | Date, timeZone: string): string {
  const t = ms(value);
  if (Number.isNaN(t)) return String(value);
  const zone = knownTimeZone(timeZone) ?? FALLBACK_TIME_ZONE;
  const p = partsOf(instantFormat(zone), t);
  // "GMT+0" (some ICU versions) and "GMT" are the same zone name; UTC itself is named UTC.
  const name = UTC_NAMES.has(zone) ? "UTC" : /^GMT([+-]0(:00)?)?$/.test(p.timeZoneName) || !p.timeZoneName ? "GMT" : p.timeZoneName;
  return `${p.weekday}, ${p.day} ${p.month} ${p.year}, ${p.hour}:${p.minute} ${name}`;
}

/** The day an instant falls on in `timeZone`: "Fri, 11 Dec 2026". */
export function formatInstantDay(value: string | number | Date, timeZone: string): string {
  const t = ms(value);
  if (Number.isNaN(t)) return String(value);
  const p = partsOf(instantFormat(knownTimeZone(timeZone) ?? FALLBACK_TIME_ZONE), t);
  return `${p.weekday}, ${p.day} ${p.month} ${p.year}`;
}

const dayFormat = lazily(() => new Intl.DateTimeFormat("en-GB", { weekday: "short", day: "numeric", month: "short", year: "numeric", timeZone: "UTC" }));

/**
 * A calendar date (YYYY-MM-DD, or the date of a local date-time) as "Thu, 10 Dec 2026": a day, with
 * no zone to shift it. Shorter where the page gives the rest: `{ weekday: false }` "10 Dec 2026" (a
 * date field), `{ weekday: false, year: false }` "10 Dec" (a stay's first night). The text itself
 * when it is not a date.
 */
export function formatDay(isoDate: string, { weekday = true, year = true }: { weekday?: boolean; year?: boolean } = {}): string {
  const t = Date.parse(`${isoDate.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(t)) return isoDate;
  const p = partsOf(dayFormat(), t);
  return `${weekday ? `${p.weekday}, ` : ""}${p.day} ${p.month}${year ? ` ${p.year}` : ""}`;
}

/** formatDay's shortest form, "10 Dec", for a page that states the year once (a stay, its nights). */
export const DAY_MONTH = { weekday: false, year: false } as const;

/** Nights between two calendar dates (check-in, check-out); null when either is not a date or check-out is not after check-in. */
export function nightsBetween(checkIn: string, checkOut: string): number | null {
  const a = Date.parse(`${checkIn}T00:00:00Z`);
  const b = Date.parse(`${checkOut}T00:00:00Z`);
  if (Number.isNaN(a) || Number.isNaN(b) || b <= a) return null;
  return Math.round((b - a) / 86_400_000);
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const LOCAL = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(:\d{2}(\.\d+)?)?$/;
const WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?([zZ]|[+-]\d{2}:?\d{2})$/;

/** What kind of moment a travel field holds: a day, the wall clock at the place, or an instant. */
export function travelKind(value: string): "day" | "local" | "instant" | null {
  if (DATE_ONLY.test(value)) return "day";
  if (LOCAL.test(value)) return "local";
  if (WITH_OFFSET.test(value) && !Number.isNaN(Date.parse(value))) return "instant";
  return null;
}

/**
 * When travel starts, as the booking's own field says it (a hotel's check-in day, a flight's
 * local departure, a transfer's pickup): "Thu, 10 Dec 2026", "Thu, 10 Dec 2026, 06:20 local
 * time", or an instant in the advisor's zone. Every page shows a travel time with this.
 */
export function formatTravelTime(value: string, timeZone: string): string {
  switch (travelKind(value)) {
    case "day":
      return formatDay(value);
    case "local": {
      const m = LOCAL.exec(value)!;
      return `${formatDay(m[1]!)}, ${m[2]} local time`;
    }
    case "instant":
      return formatInstant(value, timeZone);
    default:
      return value;
  }
}

/**
 * A travel field as a moment to sort and count down by: exact for an instant; a day or a local
 * time is read as if at UTC (the place's zone is not known), so `exact` is false.
 */
export function travelMoment(value: string | null | undefined): { at: number; exact: boolean } | null {
  if (!value) return null;
  switch (travelKind(value)) {
    case "day":
      return { at: Date.parse(`${value}T00:00:00Z`), exact: false };
    case "local":
      return { at: Date.parse(`${value}Z`), exact: false };
    case "instant":
      return { at: Date.parse(value), exact: true };
    default:
      return null;
  }
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Beyond this, "ago" gives the date instead of a count of days. */
export const RELATIVE_DAYS = 7;

/**
 * How long ago, as people say it: "just now", "40 s ago", "3 min ago", "5 h ago" (under a day),
 * "1 day ago" … "6 days ago", then the date: "on Fri, 20 Nov 2026" (its day in `timeZone`).
 */
export function ago(at: number, now: number, timeZone: string): string {
  const left = Math.max(0, now - at);
  if (left < 5_000) return "just now";
  if (left < MINUTE) return `${Math.floor(left / 1000)} s ago`;
  if (left < HOUR) return `${Math.floor(left / MINUTE)} min ago`;
  if (left < DAY) return `${Math.floor(left / HOUR)} h ago`;
  const days = Math.floor(left / DAY);
  if (days < RELATIVE_DAYS) return `${days} ${days === 1 ? "day" : "days"} ago`;
  return `on ${formatInstantDay(at, timeZone)}`;
}

/** An instant as "on Fri, 11 Dec 2026 at 23:59 GMT+1" in `timeZone`, for a sentence ("The desk will pay this hold on … at …"). */
export function formatOnAt(value: string | number | Date, timeZone: string): string {
  const full = formatInstant(value, timeZone);
  const day = formatInstantDay(value, timeZone);
  return full.startsWith(`${day}, `) ? `on ${day} at ${full.slice(day.length + 2)}` : `on ${full}`;
}
