import type { Activity, Catalog } from "../catalog";
import { SandboxError } from "../platform/errors";
import { hash32 } from "../platform/random";
import { frac } from "./draw";
import { usdToMinor } from "./fx";
import type { Places } from "./places";
import type { SearchRequest } from "./schemas";
import { freeUntil, nonRefundable, type GenContext, type Option, type Party } from "./simple";
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
/** The modalities source `src` sells for an activity of `category`: the second source resells no private ones. */
const modalitiesOf = (category: string, src: number) => (MODALITIES[category] ?? MODALITIES.tour ?? []).filter((m) => !(src === 1 && m.perGroup));

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

/** How many travellers one booking of a modality takes; everything not listed takes 25. */
export const CAPACITY: Record<string, number> = { small_group: 10, private: 8 };
export const DEFAULT_CAPACITY = 25;
const capacityOf = (modalityCode: string) => CAPACITY[modalityCode] ?? DEFAULT_CAPACITY;

/** Wine tastings are for adults only: any child in the mix is refused. */
export const isAdultsOnly = (activityName: string) => /\bWine\b/.test(activityName);

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The one rule of an activity's traveller mix: why this option cannot be booked for this party
 * (a sentence for a person), or null when it can. A child on an adults-only activity, or more
 * travellers than the modality takes in one booking. The search lists no option the party
 * cannot book; options for another mix, price-check and booking refuse one with 409
 * `pax_mix_unavailable` and this sentence.
 */
export function paxMixProblem(s: Pick<ActivitySummary, "activityName" | "modality" | "modalityCode">, party: Party): string | null {
  const children = party.childrenAges.length;
  if (children > 0 && isAdultsOnly(s.activityName)) {
    return `${s.activityName} is for adults only, and the travellers include ${children === 1 ? "a child" : count(children, "child", "children")}.`;
  }
  const people = party.adults + children;
  const capacity = capacityOf(s.modalityCode);
  if (people > capacity) {
    return `${s.activityName} (${s.modality}) takes at most ${count(capacity, "traveller", "travellers")} in one booking, and this group has ${people}.`;
  }
  return null;
}

/** The rule as options, price-check and booking answer it: 409 pax_mix_unavailable with its sentence. */
export function assertPaxMix(s: ActivitySummary, party: Party): void {
  const problem = paxMixProblem(s, party);
  if (problem) throw new SandboxError(409, "pax_mix_unavailable", problem);
}

/** The most travellers any modality of an activity of `category` takes in one booking from source `src`. */
export function largestGroup(category: string, src: number): number {
  return Math.max(...modalitiesOf(category, src).map((m) => capacityOf(m.code)));
}

/** The options of a destination the search's party can book (paxMixProblem): what a search lists. */
export function activityOptions(ctx: GenContext, destinationCode: string): Option[] {
  return activityOffers(ctx, destinationCode).filter((o) => paxMixProblem(o.summary as ActivitySummary, ctx.party) === null);
}

/**
 * Every option the sources sell at a destination on the search's date, priced for the party,
 * whether or not the party can book it.
 */
export function activityOffers(ctx: GenContext, destinationCode: string): Option[] {
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
      for (const m of modalitiesOf(a.category, src)) {
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
