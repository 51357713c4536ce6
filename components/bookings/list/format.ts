// Dates of the bookings list: travel as calendar dates ("12 – 22 Dec 2025"), creation as an
// instant in the advisor's zone ("23 Nov 2026, 01:04").

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

function parts(iso: string): [number, number, number] | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  return m ? [Number(m[1]), Number(m[2]) - 1, Number(m[3])] : null;
}

/** "12 – 22 Dec 2025", "28 Dec 2025 – 3 Jan 2026", "9 Nov 2025" (one day). */
export function formatTravel(start: string | null | undefined, end: string | null | undefined): string | null {
  const a = start ? parts(start) : null;
  if (!a) return null;
  const b = end ? parts(end) : null;
  const one = (p: [number, number, number]) => `${p[2]} ${MONTHS[p[1]]} ${p[0]}`;
  if (!b || (b[0] === a[0] && b[1] === a[1] && b[2] === a[2])) return one(a);
  if (a[0] === b[0] && a[1] === b[1]) return `${a[2]} – ${b[2]} ${MONTHS[b[1]]} ${b[0]}`;
  if (a[0] === b[0]) return `${a[2]} ${MONTHS[a[1]]} – ${b[2]} ${MONTHS[b[1]]} ${b[0]}`;
  return `${one(a)} – ${one(b)}`;
}

const created = new Map<string, Intl.DateTimeFormat>();
export function formatCreated(iso: string, timeZone?: string): string {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return iso;
  const key = timeZone ?? "";
  let f = created.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit", timeZone });
    created.set(key, f);
  }
  return f.format(t);
}
