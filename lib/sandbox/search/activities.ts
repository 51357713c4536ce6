import type { Activity, Catalog } from "../catalog";
import { SandboxError } from "../platform/errors";
import { hash32 } from "../platform/random";
import { frac } from "./draw";
import { usdToMinor } from "./fx";
import type { Places } from "./places";
import type { SearchRequest } from "./schemas";
import { freeUntil, nonRefundable, type GenContext, type Option } from "./simple";
import { ACTIVITY_SOURCES } from "./sources";
import type { ActivitySummary } from "./types";

type Modality = { code: string; name: string; factor: number; perGroup?: boolean };
const MODALITIES: Record<string, Modality[]> = {
  tour: [
    { code: "group", name: "Group tour", factor: 1 },
    { code: "small_group", name: "Small group (max 10)", factor: 1.45 },
    { code: "private", name: "Private tour", factor: 3.2, perGroup: true },
  ],
  food: [
    { code: "group", name: "Group tasting", factor: 1 },
    { code: "private", name: "Private tasting", factor: 2.8, perGroup: true },
  ],
  attraction: [
    { code: "standard", name: "Standard admission", factor: 1 },
    { code: "guided", name: "Skip-the-line with guide", factor: 1.6 },
  ],
  cruise: [
    { code: "standard", name: "Standard seating", factor: 1 },
    { code: "premium", name: "Premium deck with drinks", factor: 1.5 },
  ],
  day_trip: [
    { code: "group", name: "Group day trip", factor: 1 },
    { code: "private", name: "Private day trip", factor: 2.9, perGroup: true },
  ],
  class: [
    { code: "shared", name: "Shared class", factor: 1 },
    { code: "private", name: "Private class", factor: 2.5, perGroup: true },
  ],
  private: [{ code: "private", name: "Private tour by car", factor: 1, perGroup: true }],
  outdoor: [
    { code: "group", name: "Guided group", factor: 1 },
    { code: "private", name: "Private guide", factor: 2.4, perGroup: true },
  ],
  show: [
    { code: "standard", name: "Standard seat", factor: 1 },
    { code: "vip", name: "VIP table with dinner", factor: 1.9 },
  ],
};
const DAY_TIMES = ["09:00", "10:30", "12:00", "14:00", "16:00", "18:30", "20:00"];

/**
 * The activity destination of a search: `destinationCode` (an activity destination, or any
 * destination of a city), else `destination` as a place name. Unresolvable: 400 unknown_destination.
 */
export function activityDestination(catalog: Catalog, places: Places, req: SearchRequest): string {
  if (req.destinationCode !== undefined) {
    const d = catalog.destinationByCode.get(req.destinationCode.toUpperCase());
    const city = d?.cityRegionId != null ? catalog.cityById.get(d.cityRegionId) : undefined;
    if (city) return city.destinationCode;
    throw new SandboxError(400, "unknown_destination", `No activity destination has code ${req.destinationCode}; see GET /destinations?productType=activity.`);
  }
  const city = places.city(req.destination ?? "");
  if (city) return city.destinationCode;
  throw new SandboxError(400, "unknown_destination", `The destination "${req.destination ?? ""}" could not be resolved to a place; send destinationCode.`);
}

function sessions(a: Activity, h: number): Array<string | null> {
  if (a.durationMinutes >= 1440) return [null];
  if (a.durationMinutes >= 480) return ["08:00"];
  const evening = a.category === "show" || a.name.includes("Night") || a.name.includes("Sunset") || a.name.includes("Evening");
  const times = evening ? ["18:30", "20:00", "21:30"] : DAY_TIMES.slice(0, 5);
  const count = 2 + Math.floor(frac(h, 2) * (times.length - 1));
  const start = Math.floor(frac(h, 3) * (times.length - count + 1));
  return times.slice(start, start + count);
}

export function activityOptions(ctx: GenContext, destinationCode: string): Option[] {
  const date = ctx.req.checkIn ?? "";
  const { adults, childrenAges } = ctx.party;
  const participants = adults + childrenAges.reduce((sum, age) => sum + (age < 3 ? 0 : age < 12 ? 0.6 : 1), 0);
  const people = adults + childrenAges.length;
  const options: Option[] = [];
  for (const a of ctx.catalog.activitiesByDestination.get(destinationCode) ?? []) {
    const h = hash32(`activity|${a.activityKey}|${date}`, ctx.seed);
    for (const [src, def] of ACTIVITY_SOURCES.entries()) {
      // The second source resells most activities, never the private ones.
      if (src === 1 && frac(hash32(a.activityKey, ctx.seed), 9) >= 0.6) continue;
      for (const m of MODALITIES[a.category] ?? MODALITIES.tour ?? []) {
        if (src === 1 && m.perGroup) continue;
        for (const time of sessions(a, h)) {
          const units = m.perGroup ? Math.max(1, people / 3) : participants;
          const usd = (a.basePriceUsdMinor / 100) * m.factor * units * def.markup * (0.92 + 0.18 * frac(h, src, DAY_TIMES.indexOf(time ?? "") + 1));
          const amount = usdToMinor(usd, ctx.currency);
          const refundable = !(a.category === "show" || (src === 1 && a.category === "cruise"));
          const startMs = Date.parse(`${date}T${time ?? "00:00"}:00Z`);
          const summary: ActivitySummary = {
            activityName: a.name,
            activityKey: a.activityKey,
            category: a.category,
            cityName: a.cityName,
            countryCode: a.countryCode,
            modality: m.name,
            modalityCode: m.code,
            date,
            sessionStartTime: time,
            durationMinutes: a.durationMinutes,
            participants: { adults, children: childrenAges.length },
            requiresLeadTitle: src === 1,
            cancellationPolicy: refundable
              ? freeUntil(startMs - 86_400_000, amount, ctx.currency, ctx.createdAt)
              : nonRefundable(amount, ctx.currency, ctx.createdAt),
          };
          options.push({ productId: a.activityKey, src, amount, refundable, summary });
        }
      }
    }
  }
  return options;
}
