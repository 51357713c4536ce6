import { hash32 } from "../platform/random";
import { hex8 } from "./draw";
import type { ProductType } from "./types";

/**
 * The inventory sources the sandbox simulates. Clients only ever see their aliases
 * (`src-<hex>`, derived from the deployment seed); names and traits stay inside.
 */
export type HotelSourceDef = {
  name: string;
  /** Simulated ms (latencyScale 1) from the search's start to its first batch, then per further batch. */
  firstMs: number;
  perBatchMs: number;
  /** Share of hotels it sells. */
  coverage: number;
  markup: number;
  /** Its rows arrive after the other sources have priced the batch: they rank after them and count as late arrivals. */
  late: boolean;
  /** Share of searches on which it fails (decided per search criteria), and when it gives up. */
  failRate: number;
  failAtMs: number;
  /** Traits of what it sends. */
  providesDetails: boolean;
  commissionable: boolean;
  packages: boolean;
  titles: "never" | "some" | "always";
  withholdsDeadlines: boolean;
};

export const HOTEL_SOURCES: readonly HotelSourceDef[] = [
  { name: "hotel-direct", firstMs: 700, perBatchMs: 250, coverage: 0.8, markup: 1, late: false, failRate: 0, failAtMs: 0, providesDetails: true, commissionable: true, packages: false, titles: "never", withholdsDeadlines: false },
  { name: "bedbank-europa", firstMs: 1000, perBatchMs: 350, coverage: 0.7, markup: 0.985, late: false, failRate: 0, failAtMs: 0, providesDetails: true, commissionable: true, packages: true, titles: "never", withholdsDeadlines: false },
  { name: "wholesale-pacific", firstMs: 3500, perBatchMs: 1300, coverage: 0.45, markup: 0.955, late: true, failRate: 0, failAtMs: 0, providesDetails: false, commissionable: false, packages: false, titles: "always", withholdsDeadlines: false },
  { name: "flash-deals", firstMs: 1300, perBatchMs: 450, coverage: 0.6, markup: 1.02, late: false, failRate: 0.25, failAtMs: 2500, providesDetails: true, commissionable: false, packages: false, titles: "some", withholdsDeadlines: true },
];

/** Hotel sources' slots in a row's tiebreak (hotel position × this + source). */
export const HOTEL_SOURCE_SLOTS = 4;

export type SimpleSourceDef = { name: string; latencyMs: number; markup: number };

export const FLIGHT_SOURCES: readonly SimpleSourceDef[] = [
  { name: "gds-atlas", latencyMs: 2600, markup: 1 },
  { name: "ndc-connect", latencyMs: 3400, markup: 0.975 },
];
export const ACTIVITY_SOURCES: readonly SimpleSourceDef[] = [
  { name: "tours-hub", latencyMs: 1200, markup: 1 },
  { name: "local-experiences", latencyMs: 1900, markup: 0.95 },
];
export const TRANSFER_SOURCES: readonly SimpleSourceDef[] = [
  { name: "ground-link", latencyMs: 900, markup: 1 },
  { name: "city-rides", latencyMs: 1500, markup: 0.96 },
];

export const SOURCES_BY_TYPE: Record<ProductType, readonly { name: string }[]> = {
  hotel: HOTEL_SOURCES,
  flight: FLIGHT_SOURCES,
  activity: ACTIVITY_SOURCES,
  transfer: TRANSFER_SOURCES,
};

export function sourceAlias(seed: number, name: string): string {
  return `src-${hex8(hash32(`source|${name}`, seed))}`;
}

/** Aliases of each product type's sources, in the order of the tables above. */
export function sourceAliases(seed: number): Record<ProductType, string[]> {
  const out = {} as Record<ProductType, string[]>;
  for (const [type, defs] of Object.entries(SOURCES_BY_TYPE) as Array<[ProductType, readonly { name: string }[]]>) {
    out[type] = defs.map((d) => sourceAlias(seed, d.name));
  }
  return out;
}
