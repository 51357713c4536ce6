import { describe, expect, it } from "vitest";
import { testSandbox } from "@/lib/testing/sandbox";
import { HOTEL_SOURCES } from "./sources";
import { searchKit, type Page } from "@/lib/testing/sandbox-search";
import type { SessionMeta, SessionStatus } from "./types";

const STATUS_ORDER: SessionStatus[] = ["pending", "partial", "completed"];
const slowIndex = HOTEL_SOURCES.findIndex((s) => s.late);
const flakyIndex = HOTEL_SOURCES.findIndex((s) => s.failRate > 0);
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Reads the first page until the session settles; every observation is kept. */
async function pollUntilSettled(kit: ReturnType<typeof searchKit>, id: string): Promise<Page[]> {
  const seen: Page[] = [];
  for (let i = 0; i < 2000; i++) {
    const page = await kit.results(id, "limit=50");
    expect(page.status).toBe(200);
    seen.push(page);
    const { status } = page.body.meta.session;
    if (status === "completed" || status === "failed") return seen;
    await pause(15);
  }
  throw new Error("the search never settled");
}

describe("a hotel search filling over time (latencyScale 0.05)", () => {
  const sb = testSandbox({ latencyScale: 0.05 });
  const kit = searchKit(sb);
  const slowAlias = sb.services.search.aliases.hotel[slowIndex]!;

  it("goes pending → partial → completed while batches, sources and late rows arrive", async () => {
    const id = await kit.create(kit.bodies.hotel({ destination: "London" }));
    const seen = await pollUntilSettled(kit, id);
    const metas: SessionMeta[] = seen.map((p) => p.body.meta.session);
    const statuses = metas.map((m) => m.status);
    // Statuses only move forward, the search was still filling when POST returned, and it completes.
    for (let i = 1; i < statuses.length; i++) {
      expect(STATUS_ORDER.indexOf(statuses[i]!)).toBeGreaterThanOrEqual(STATUS_ORDER.indexOf(statuses[i - 1]!));
    }
    expect(statuses).toContain("partial");
    expect(statuses.at(-1)).toBe("completed");
    for (let i = 1; i < metas.length; i++) {
      expect(metas[i]!.batchProgress.done).toBeGreaterThanOrEqual(metas[i - 1]!.batchProgress.done);
      expect(metas[i]!.lateArrivals ?? 0).toBeGreaterThanOrEqual(metas[i - 1]!.lateArrivals ?? 0);
    }
    const final = metas.at(-1)!;
    expect(final.batchProgress).toEqual({ done: 9, total: 9 });
    expect(metas[0]!.batchProgress.done).toBeLessThan(9);
    for (const m of metas) {
      expect(m.batchProgress).toEqual({ done: expect.any(Number), total: 9 });
      // lateArrivals is absent until the slow source's rows arrive, then counts them.
      const slow = m.supplierOutcomes.find((o) => o.supplier === slowAlias)!;
      if (slow.rateCount === 0) expect(m).not.toHaveProperty("lateArrivals");
      else expect(m.lateArrivals).toBe(slow.rateCount);
      if (m.status !== "completed") expect(m.supplierOutcomes.some((o) => o.status === "pending")).toBe(true);
    }
    expect(final.supplierOutcomes.every((o) => o.status !== "pending")).toBe(true);
    // Ranks were recomputed as rows arrived: the final first page starts at rank 1 and is in order.
    const firstPage = seen.at(-1)!.body.data;
    expect(firstPage.map((r) => r.rank)).toEqual(firstPage.map((_, i) => i + 1));
  });

  it("keeps a cursor on the last page while filling, and never repeats a row across pages", async () => {
    const id = await kit.create(kit.bodies.hotel({ destination: "Paris" }));
    const ids = new Set<string>();
    let cursor: string | null = null;
    let settled = false;
    for (let i = 0; i < 3000 && !settled; i++) {
      const page: Page = await kit.results(id, `limit=400${cursor ? `&cursor=${cursor}` : ""}`);
      for (const r of page.body.data) {
        expect(ids.has(r._id)).toBe(false);
        ids.add(r._id);
      }
      const status = page.body.meta.session.status;
      settled = status === "completed" && page.body.meta.nextCursor === null;
      if (status !== "completed") expect(page.body.meta.nextCursor === null).toBe(cursor === null && page.body.data.length === 0);
      cursor = page.body.meta.nextCursor ?? cursor;
      if (page.body.data.length === 0) await pause(15);
    }
    expect(settled).toBe(true);
  });

  it("a hotel rate sheet takes its time and still answers", async () => {
    const id = await kit.create(kit.bodies.hotel({ destination: "Lisbon" }));
    const [row] = (await kit.results(id, "limit=1")).body.data;
    const sheet = await kit.call<unknown[]>("POST", `/search/${id}/hotels/${row!.canonicalProductId}/rates`);
    expect(sheet.status).toBe(200);
    expect(sheet.body.data.length).toBeGreaterThan(0);
  });
});

describe("a search no source has answered yet (latencyScale 0.15)", () => {
  // Slower than the others so that the read right after POST has ample margin before the first arrival.
  const sb = testSandbox({ latencyScale: 0.15 });
  const kit = searchKit(sb);

  it("sandbox:slow-search returns while still pending after about 4 s × latencyScale, then fills", async () => {
    const id = await kit.create(kit.bodies.hotel({ destination: "Lisbon", query: "sandbox:slow-search" }));
    const first = await kit.results(id);
    expect(first.body.meta.session).toMatchObject({ status: "pending", batchProgress: { done: 0, total: 4 } });
    expect(first.body.data).toEqual([]);
    expect(first.body.meta.nextCursor).toBeNull();
    const seen = await pollUntilSettled(kit, id);
    expect(seen.at(-1)!.body.meta.session.status).toBe("completed");
    expect(seen.at(-1)!.body.data.length).toBeGreaterThan(0);
  });
});

describe("source outcomes (latencyScale 0)", () => {
  const sb = testSandbox();
  const kit = searchKit(sb);
  const aliases = sb.services.search.aliases.hotel;

  it("lists every source with status, latency and rate count; the flaky source fails on some searches", async () => {
    const outcomesByDay: SessionMeta[] = [];
    for (let d = 20; d < 40; d++) {
      const id = await kit.create(kit.bodies.hotel({ destination: "Porto", checkIn: kit.day(d), checkOut: kit.day(d + 2) }));
      outcomesByDay.push((await kit.results(id)).body.meta.session);
    }
    for (const m of outcomesByDay) {
      expect(m.status).toBe("completed");
      expect(m.supplierOutcomes.map((o) => o.supplier)).toEqual(aliases);
      for (const o of m.supplierOutcomes) expect(o).toEqual({ supplier: expect.stringMatching(/^src-[0-9a-f]{8}$/), status: expect.any(String), latencyMs: expect.any(Number), rateCount: expect.any(Number) });
      m.supplierOutcomes.forEach((o, i) => {
        if (i !== flakyIndex) expect(o.status).toBe("completed");
      });
      // The late source's rows are the late arrivals.
      expect(m.lateArrivals).toBe(m.supplierOutcomes[slowIndex]!.rateCount);
    }
    const flaky = outcomesByDay.map((m) => m.supplierOutcomes[flakyIndex]!);
    expect(flaky.some((o) => o.status === "failed" && o.rateCount === 0)).toBe(true);
    expect(flaky.some((o) => o.status === "completed" && o.rateCount > 0)).toBe(true);
    // The slow source is the slowest to complete.
    const first = outcomesByDay[0]!.supplierOutcomes;
    expect(Math.max(...first.map((o) => o.latencyMs))).toBe(first[slowIndex]!.latencyMs);
  });

  it("the same search fails the same way", async () => {
    const body = kit.bodies.hotel({ destination: "Porto", checkIn: kit.day(25), checkOut: kit.day(27) });
    const a = (await kit.results(await kit.create(body))).body.meta.session.supplierOutcomes;
    const b = (await kit.results(await kit.create(body))).body.meta.session.supplierOutcomes;
    expect(b).toEqual(a);
  });

  it("sandbox:fail-search fails every source: status failed, no rows", async () => {
    const id = await kit.create(kit.bodies.hotel({ destination: "Porto", query: "sandbox:fail-search" }));
    const page = await kit.results(id);
    expect(page.body).toEqual({
      data: [],
      meta: {
        nextCursor: null,
        session: {
          status: "failed",
          batchProgress: { done: expect.any(Number), total: expect.any(Number) },
          supplierOutcomes: aliases.map((supplier) => ({ supplier, status: "failed", latencyMs: expect.any(Number), rateCount: 0 })),
        },
      },
      error: null,
    });
  });
});
