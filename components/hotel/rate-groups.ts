import type { HotelRow } from "@/components/results/types";

/** One room of a hotel's rate sheet: the rates the service grouped under one `roomGroupKey`. */
export type RoomGroup = {
  /** Stable within one rate sheet: product + room group key, or the row's own ID when it has no key. */
  key: string;
  canonicalProductId: string;
  /** `roomGroupLabel`, else the room's name, else "Room". */
  label: string;
  /** The distinct room names inside the group, cheapest first (a group may hold several). */
  roomNames: string[];
  roomDescription: string | null;
  /** Cheapest first; equal prices put refundable rates first, then keep the service's order. */
  rates: HotelRow[];
  cheapest: HotelRow;
};

const byPrice = (a: { row: HotelRow; at: number }, b: { row: HotelRow; at: number }) =>
  a.row.sellAmountMinor - b.row.sellAmountMinor ||
  Number(b.row.refundable) - Number(a.row.refundable) ||
  a.at - b.at;

/**
 * Groups a rate sheet into rooms by the specification's rule: rows belong together only when both
 * `canonicalProductId` and `roomGroupKey` match. A row without a key is a room of its own. Rooms are
 * ordered by their cheapest rate (ties keep the order the service sent them in).
 */
export function groupRates(rows: readonly HotelRow[]): RoomGroup[] {
  const groups = new Map<string, { at: number; members: { row: HotelRow; at: number }[] }>();
  rows.forEach((row, at) => {
    const rgk = row.summary.roomGroupKey;
    // JSON of the pair cannot collide the way a joined string could ("a|b" + "c" vs "a" + "b|c").
    const key = rgk ? JSON.stringify([row.canonicalProductId, rgk]) : JSON.stringify(["row", row._id]);
    const g = groups.get(key);
    if (g) g.members.push({ row, at });
    else groups.set(key, { at, members: [{ row, at }] });
  });

  const built = [...groups.entries()].map(([key, g]) => {
    const members = [...g.members].sort(byPrice);
    const rates = members.map((m) => m.row);
    const cheapest = rates[0]!;
    const roomNames = [...new Set(rates.map((r) => r.summary.roomName).filter((n): n is string => !!n))];
    const label = rates.find((r) => r.summary.roomGroupLabel)?.summary.roomGroupLabel ?? roomNames[0] ?? "Room";
    return {
      group: {
        key,
        canonicalProductId: cheapest.canonicalProductId,
        label,
        roomNames,
        roomDescription: rates.find((r) => r.summary.roomDescription)?.summary.roomDescription ?? null,
        rates,
        cheapest,
      } satisfies RoomGroup,
      first: members[0]!,
      at: g.at,
    };
  });

  return built
    .sort((a, b) => byPrice(a.first, b.first) || a.at - b.at)
    .map((b) => b.group);
}
