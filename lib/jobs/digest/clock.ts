import { FALLBACK_TIME_ZONE, knownTimeZone } from "@/lib/format/dates";

// A moment as a person's clock shows it in their zone: the local day (YYYY-MM-DD, the digest's
// "once a day") and hour, and a deadline in words relative to their today.

const formats = new Map<string, Intl.DateTimeFormat>();
function formatIn(zone: string): Intl.DateTimeFormat {
  let f = formats.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-GB", {
      timeZone: zone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      weekday: "short",
      hourCycle: "h23",
    });
    formats.set(zone, f);
  }
  return f;
}

export type LocalTime = { day: string; hour: number; minute: number; weekday: string };

export function localTime(at: Date | number, timeZone: string): LocalTime {
  const zone = knownTimeZone(timeZone) ?? FALLBACK_TIME_ZONE;
  const p: Record<string, string> = {};
  for (const part of formatIn(zone).formatToParts(at)) p[part.type] = part.value;
  return { day: `${p.year}-${p.month}-${p.day}`, hour: Number(p.hour) % 24, minute: Number(p.minute), weekday: p.weekday ?? "" };
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** "today 14:00", "tomorrow 09:30", "Fri 11 Dec 18:00": when `at` falls for a person whose now is `now`. */
export function whenWords(at: string | number | Date, now: Date, timeZone: string): string {
  const t = localTime(new Date(at), timeZone);
  const today = localTime(now, timeZone).day;
  const clock = `${String(t.hour).padStart(2, "0")}:${String(t.minute).padStart(2, "0")}`;
  if (t.day === today) return `today ${clock}`;
  if (t.day === nextDay(today)) return `tomorrow ${clock}`;
  const [, m, d] = t.day.split("-");
  return `${t.weekday} ${Number(d)} ${MONTHS[Number(m) - 1]} ${clock}`;
}
