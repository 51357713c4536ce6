import { productTypeMeta } from "@/components/status/product-types";
import type { BookingPageData, HistoryEntry } from "@/lib/bookings/schemas";
import { summarizeBooking } from "@/lib/bookings/summary";

// Readers for the booking detail's inner fields, whose shapes the specification leaves to the
// service: each returns a value only when it has the expected type, so an odd or missing field
// is left out, never a crash.

export type Obj = Record<string, unknown>;
export const isObj = (v: unknown): v is Obj => !!v && typeof v === "object" && !Array.isArray(v);
export const str = (v: unknown): string | null => (typeof v === "string" && v.trim() ? v : null);
export const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);
export const bool = (v: unknown): boolean | null => (typeof v === "boolean" ? v : null);
export const objs = (v: unknown): Obj[] => (Array.isArray(v) ? v.filter(isObj) : []);
export const strs = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === "string" && x.trim() !== "") : []);
export const money = (v: unknown): { amountMinor: number; currency: string } | null =>
  isObj(v) && num(v.amountMinor) !== null && str(v.currency) ? { amountMinor: v.amountMinor as number, currency: v.currency as string } : null;

/** The header of a booking: its product, the item named for it, its travel dates. */
export function bookingTitle(booking: BookingPageData): { productLabel: string; item: string; travelStart: string | null; travelEnd: string | null } {
  const s = summarizeBooking(booking);
  const productLabel = productTypeMeta(s.productType).singular;
  return { productLabel, item: s.item ?? `${productLabel} booking ${booking.order.orderRef}`, travelStart: s.travelStart, travelEnd: s.travelEnd };
}

/** "•••• 0816": enough to check against a passport, not enough to copy it. */
export function maskDocument(value: string): string {
  const v = value.trim();
  return v.length <= 4 ? "••••" : `•••• ${v.slice(-4)}`;
}

/** Runs of state checks that changed nothing, folded into one line so automatic polling does not flood the history. */
export type HistoryLine = { entry: HistoryEntry; count: number };
export function foldHistory(history: HistoryEntry[]): HistoryLine[] {
  const lines: HistoryLine[] = [];
  for (const entry of history) {
    const last = lines[lines.length - 1];
    const quietRefresh = (e: HistoryEntry) => e.action === "refresh" && (e.outcome === "succeeded" || e.outcome === "failed");
    if (last && quietRefresh(last.entry) && quietRefresh(entry) && (entry.state ?? null) === (last.entry.state ?? null) && entry.actor === last.entry.actor) {
      lines[lines.length - 1] = { entry, count: last.count + 1 };
    } else {
      lines.push({ entry, count: 1 });
    }
  }
  return lines;
}
