import { plural } from "./words";

/**
 * A length of time in minutes as the desk says it: 150 → "2 h 30 min", 45 → "45 min", whole days
 * as days (1440 → "1 day", 2880 → "2 days"). `short` is for a result card's line of facts:
 * "2h 30m", "45m". Nothing ("") for a length that is missing, zero or negative.
 */
export function formatDuration(minutes: number | null | undefined, style: "long" | "short" = "long"): string {
  if (minutes == null || !Number.isFinite(minutes)) return "";
  const total = Math.round(minutes);
  if (total <= 0) return "";
  if (total % 1440 === 0) return plural(total / 1440, "day");
  const h = Math.floor(total / 60);
  const m = total % 60;
  const [hours, mins] = style === "short" ? [`${h}h`, `${m}m`] : [`${h} h`, `${m} min`];
  return h === 0 ? mins : m === 0 ? hours : `${hours} ${mins}`;
}
