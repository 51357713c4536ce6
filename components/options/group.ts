import type { ActivityRow, ResultRow, TransferRow } from "@/components/results/types";
import type { SearchCriteria } from "@/lib/search/criteria";
import { isActivityRow, isTransferRow } from "@/lib/tds/contract/narrow";

// Pure helpers that turn a product's saved options into what the sheets show.

// Summaries are read leniently: fields the specification leaves open may be absent or of another type.
export const text = (v: unknown): string | null => (typeof v === "string" && v.trim() !== "" ? v : null);
export const count = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);
export const flag = (v: unknown): boolean => v === true;

export type SheetKind = "activity" | "transfer" | "hotel" | "flight" | "other";

/** Which sheet to show: the rows say (they are the service's word), else the criteria, else generic. */
export function sheetKind(rows: readonly ResultRow[], criteria: SearchCriteria | null): SheetKind {
  const type = rows[0]?.productType ?? criteria?.productType;
  return type === "activity" || type === "transfer" || type === "hotel" || type === "flight" ? type : "other";
}

/** Price order; at equal prices a refundable option first, then the service's rank. */
export function byPrice(a: ResultRow, b: ResultRow): number {
  return a.sellAmountMinor - b.sellAmountMinor || Number(b.refundable) - Number(a.refundable) || a.rank - b.rank;
}

/** The `_id` of the cheapest row (only among rows in the most common currency), or null when there are none. */
export function cheapestId(rows: readonly ResultRow[]): string | null {
  if (rows.length === 0) return null;
  const counts = new Map<string, number>();
  for (const r of rows) counts.set(r.sellCurrency, (counts.get(r.sellCurrency) ?? 0) + 1);
  const currency = [...counts].sort((a, b) => b[1] - a[1])[0]![0];
  return [...rows].filter((r) => r.sellCurrency === currency).sort(byPrice)[0]!._id;
}

/* ------------------------------------------------------------------------- activities */

export type ActivityModalityGroup = {
  /** summary.modalityCode, else the name; "" when the source names none. */
  key: string;
  label: string;
  /** Sessions by start time (open-time first), then price. */
  rows: ActivityRow[];
  /** The lowest price in the group. */
  fromMinor: number;
  currency: string;
};
export type ActivityDateGroup = { date: string; modalities: ActivityModalityGroup[] };

export const modalityKey = (row: ActivityRow): string => text(row.summary.modalityCode) ?? text(row.summary.modality) ?? "";
export const modalityLabel = (row: ActivityRow): string => text(row.summary.modality) ?? text(row.summary.modalityCode) ?? "Standard option";

/** Start time as sortable text; an open-time ticket (null) sorts first. */
const sessionSortKey = (row: ActivityRow) => row.summary.sessionStartTime ?? "";

/**
 * Options by date (ascending; rows without a date last), then modality ordered by its lowest price,
 * then session time and price within a modality.
 */
export function groupActivityOptions(rows: readonly ActivityRow[]): ActivityDateGroup[] {
  const dates = new Map<string, Map<string, ActivityModalityGroup>>();
  for (const row of rows) {
    const date = row.summary.date ?? "";
    let modalities = dates.get(date);
    if (!modalities) dates.set(date, (modalities = new Map()));
    const key = modalityKey(row);
    const group = modalities.get(key);
    if (group) {
      group.rows.push(row);
      if (row.sellAmountMinor < group.fromMinor) group.fromMinor = row.sellAmountMinor;
    } else {
      modalities.set(key, { key, label: modalityLabel(row), rows: [row], fromMinor: row.sellAmountMinor, currency: row.sellCurrency });
    }
  }
  return [...dates]
    .sort(([a], [b]) => (a === "" ? 1 : b === "" ? -1 : a.localeCompare(b)))
    .map(([date, modalities]) => ({
      date,
      modalities: [...modalities.values()]
        .map((g) => ({ ...g, rows: g.rows.sort((a, b) => sessionSortKey(a).localeCompare(sessionSortKey(b)) || byPrice(a, b)) }))
        .sort((a, b) => a.fromMinor - b.fromMinor || a.label.localeCompare(b.label)),
    }));
}

/** The distinct modalities (key and label) in price order, for filter chips. */
export function activityModalities(rows: readonly ActivityRow[]): Array<{ key: string; label: string }> {
  const seen = new Map<string, { key: string; label: string; from: number }>();
  for (const row of rows) {
    const key = modalityKey(row);
    const m = seen.get(key);
    if (!m) seen.set(key, { key, label: modalityLabel(row), from: row.sellAmountMinor });
    else m.from = Math.min(m.from, row.sellAmountMinor);
  }
  return [...seen.values()].sort((a, b) => a.from - b.from || a.label.localeCompare(b.label)).map(({ key, label }) => ({ key, label }));
}

/* -------------------------------------------------------------------------- transfers */

export type TransferSectionKind = "round" | "outbound" | "return";
export type TransferSection = { kind: TransferSectionKind; rows: TransferRow[]; cheapestId: string | null };

/** Which direction a transfer row covers: a round row both; a one-way row its `direction` (outbound when unsaid). */
export function transferDirection(row: TransferRow): TransferSectionKind {
  if (row.summary.tripType === "round" || row.summary.direction === "both") return "round";
  return row.summary.direction === "return" ? "return" : "outbound";
}

/**
 * Vehicles in sections — round trips (one row covers both directions), then the outbound and
 * return legs a source sells separately — each sorted by price with its cheapest marked.
 * Empty sections are left out.
 */
export function transferSections(rows: readonly TransferRow[]): TransferSection[] {
  const order: TransferSectionKind[] = ["round", "outbound", "return"];
  return order
    .map((kind) => {
      const list = rows.filter((r) => transferDirection(r) === kind).sort(byPrice);
      return { kind, rows: list, cheapestId: cheapestId(list) };
    })
    .filter((s) => s.rows.length > 0);
}

/** The rows of one product type, narrowed (rows of another type, which the service should not mix in, are dropped). */
export const activityRows = (rows: readonly ResultRow[]): ActivityRow[] => rows.filter(isActivityRow);
export const transferRows = (rows: readonly ResultRow[]): TransferRow[] => rows.filter(isTransferRow);
