import { hash32 } from "../platform/random";
import { validationError } from "../platform/errors";
import type { Activity, Catalog, Destination } from "./model";
import { fold } from "./suggest";

export type DestinationItem = Pick<Destination, "code" | "name" | "cityName" | "countryCode" | "kind">;
export type ActivityItem = Pick<Activity, "activityKey" | "name" | "cityName" | "countryCode"> & { imageUrl: string | null };
export type Page<T> = { items: T[]; nextCursor: string | null };

type Listed = { destination: Destination; folded: string };
type Lists = { activity: Listed[]; transfer: Listed[] };

const lists = new WeakMap<Catalog, Lists>();

/** Busiest places first (by their city's hotels), so a short prefix lists the places people go to. */
function listsOf(catalog: Catalog): Lists {
  let l = lists.get(catalog);
  if (!l) {
    const size = (d: Destination) => (d.cityRegionId === null ? 0 : (catalog.cityById.get(d.cityRegionId)?.hotelCount ?? 0));
    const rank = (d: Destination) => (d.kind === "transfer_airport" ? (catalog.airportByCode.get(d.code)?.rank ?? 0) : 0);
    const sorted = (ds: Destination[]) =>
      ds
        .map((destination) => ({ destination, folded: fold(destination.name), size: size(destination), rank: rank(destination) }))
        .sort(
          (a, b) =>
            b.size - a.size ||
            // A city before its airports, and its main airports first.
            Number(a.destination.kind === "transfer_airport") - Number(b.destination.kind === "transfer_airport") ||
            b.rank - a.rank ||
            a.folded.localeCompare(b.folded) ||
            a.destination.code.localeCompare(b.destination.code),
        )
        .map(({ destination, folded }) => ({ destination, folded }));
    l = { activity: sorted(catalog.activityDestinations), transfer: sorted(catalog.transferDestinations) };
    lists.set(catalog, l);
  }
  return l;
}

/*
 * Cursors are opaque to clients: base64url of "<offset>.<fingerprint of the filters>". The fingerprint
 * makes a cursor from another query (or a hand-edited one) a 400 instead of a silently wrong page.
 */
function fingerprint(scope: string): string {
  return hash32(scope).toString(36);
}

export function encodeCursor(offset: number, scope: string): string {
  return Buffer.from(`${offset}.${fingerprint(scope)}`).toString("base64url");
}

/** The offset a cursor points at; 400 `validation_error` for anything this list did not issue. */
export function decodeCursor(cursor: string | undefined, scope: string, total: number): number {
  if (cursor === undefined) return 0;
  const m = /^[A-Za-z0-9_-]{1,64}$/.test(cursor) ? /^([1-9]\d{0,8})\.([0-9a-z]{1,7})$/.exec(Buffer.from(cursor, "base64url").toString("latin1")) : null;
  const offset = m ? Number(m[1]) : NaN;
  if (!m || m[2] !== fingerprint(scope) || offset >= total) {
    throw validationError("The cursor is not valid for this list; request the first page again without a cursor.", [
      { path: "cursor", message: "Malformed cursor, or a cursor from a different list or filter." },
    ]);
  }
  return offset;
}

export function page<T, U>(all: T[], limit: number, cursor: string | undefined, scope: string, map: (item: T) => U): Page<U> {
  // An empty list has no valid cursor except none at all.
  const offset = decodeCursor(cursor, scope, Math.max(all.length, 1));
  const end = offset + limit;
  return {
    items: all.slice(offset, end).map(map),
    nextCursor: end < all.length ? encodeCursor(end, scope) : null,
  };
}

export type DestinationQuery = { productType?: string; q?: string; country?: string; limit: number; cursor?: string };

/** GET /destinations: activity or transfer destinations, optionally by name prefix and country. */
export function listDestinations(catalog: Catalog, query: DestinationQuery): Page<DestinationItem> {
  const { productType, country, limit, cursor } = query;
  const prefix = fold((query.q ?? "").trim().slice(0, 100));
  const source = productType === "activity" || productType === "transfer" ? listsOf(catalog)[productType] : [];
  const matches = source.filter(
    (l) => (!country || l.destination.countryCode === country) && (!prefix || l.folded.startsWith(prefix)),
  );
  const scope = JSON.stringify(["destinations", productType ?? null, prefix, country ?? null]);
  return page(matches, limit, cursor, scope, ({ destination: d }) => ({
    code: d.code,
    name: d.name,
    cityName: d.cityName,
    countryCode: d.countryCode,
    kind: d.kind,
  }));
}

/** The activities of an activity destination, in the catalog's order; null for an unknown code. */
export function destinationActivities(catalog: Catalog, code: string): Activity[] | null {
  if (catalog.destinationByCode.get(code)?.kind !== "activity_destination") return null;
  return catalog.activitiesByDestination.get(code) ?? [];
}
