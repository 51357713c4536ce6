import { describe, expect, it } from "vitest";
import { arrivalMessage, latestSession, MIN_REREAD_GAP_MS, pageQuery, rereadDue, rereadReason } from "./live-results";
import { extendBatches } from "./use-thumbnails";
import type { ResultsMeta, SessionInfo } from "./types";

const session = (status: string, done: number, lateArrivals?: number, total = 9): SessionInfo => ({
  status,
  batchProgress: { done, total },
  ...(lateArrivals === undefined ? {} : { lateArrivals }),
  supplierOutcomes: [],
});
const meta = (s: SessionInfo, nextCursor: string | null = "next"): ResultsMeta => ({ nextCursor, session: s });

describe("rereadReason", () => {
  it("re-reads when lateArrivals rises above the oldest page read", () => {
    const pages = [meta(session("partial", 1)), meta(session("partial", 2, 3))];
    expect(rereadReason(pages, session("partial", 2, 3))).toBe("late_arrivals");
    expect(rereadReason([meta(session("partial", 2, 3))], session("partial", 2, 3))).toBeNull();
    // Absent counts as zero: nothing late yet.
    expect(rereadReason([meta(session("partial", 1))], session("partial", 1, 0))).toBeNull();
  });

  it("re-reads for new batches only once the advisor has reached the end", () => {
    expect(rereadReason([meta(session("partial", 1), "next")], session("partial", 2))).toBeNull();
    expect(rereadReason([meta(session("partial", 1), null)], session("partial", 2))).toBe("new_batches");
    expect(rereadReason([meta(session("partial", 2), null)], session("partial", 2))).toBeNull();
  });

  it("reads the final rows when the session settles after the last read at the end", () => {
    expect(rereadReason([meta(session("partial", 9), null)], session("completed", 9))).toBe("settled");
    expect(rereadReason([meta(session("completed", 9), null)], session("completed", 9))).toBeNull();
  });

  it("needs pages and a session", () => {
    expect(rereadReason([], session("partial", 2, 5))).toBeNull();
    expect(rereadReason([meta(session("partial", 1))], null)).toBeNull();
  });
});

describe("rereadDue", () => {
  it("spaces re-reads, except the last one of a settled session", () => {
    expect(rereadDue("late_arrivals", 10_000, 10_000 + MIN_REREAD_GAP_MS - 1)).toBe(false);
    expect(rereadDue("late_arrivals", 10_000, 10_000 + MIN_REREAD_GAP_MS)).toBe(true);
    expect(rereadDue("settled", 10_000, 10_001)).toBe(true);
  });
});

describe("latestSession", () => {
  it("takes the poll's answer only when it is newer than the pages", () => {
    const pages = [meta(session("partial", 1))];
    expect(latestSession(pages, 100, session("partial", 2), 200)?.batchProgress.done).toBe(2);
    expect(latestSession(pages, 300, session("partial", 2), 200)?.batchProgress.done).toBe(1);
    expect(latestSession([], 0, undefined, 0)).toBeNull();
  });
});

describe("arrivalMessage", () => {
  it("says what a re-read brought", () => {
    expect(arrivalMessage({ products: 40, rows: 90 }, { products: 52, rows: 120 }, "hotel")).toBe("12 more hotels arrived");
    expect(arrivalMessage({ products: 40, rows: 90 }, { products: 41, rows: 91 }, "hotel")).toBe("1 more hotel arrived");
    expect(arrivalMessage({ products: 40, rows: 90 }, { products: 40, rows: 93 }, "hotel")).toBe("3 more rates arrived from slower sources");
    expect(arrivalMessage({ products: 40, rows: 90 }, { products: 40, rows: 90 }, "hotel")).toBeNull();
  });
});

describe("pageQuery", () => {
  it("pages hotels by 40 products and the rest by 50 rows", () => {
    expect(pageQuery("hotel")).toEqual({ limit: 40, groupByProduct: true });
    expect(pageQuery("flight")).toEqual({ limit: 50 });
  });
});

describe("extendBatches", () => {
  it("asks for new IDs only, at most 60 a call, keeping earlier batches", () => {
    const ids = Array.from({ length: 130 }, (_, i) => `h${i}`);
    const first = extendBatches([], ids.slice(0, 40));
    expect(first.map((b) => b.length)).toEqual([40]);
    expect(extendBatches(first, ids.slice(0, 40))).toBe(first);
    const reordered = extendBatches(first, [...ids.slice(0, 40)].reverse().concat(ids.slice(40)));
    expect(reordered[0]).toBe(first[0]);
    expect(reordered.map((b) => b.length)).toEqual([40, 60, 30]);
  });
});
