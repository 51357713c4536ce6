import { beforeAll, describe, expect, it } from "vitest";
import { haversineKm } from "../platform/random";
import { testSandbox } from "@/lib/testing/sandbox";
import { BATCH_SIZE } from "./hotels";
import { HOTEL_SOURCES } from "./sources";
import { searchKit } from "@/lib/testing/sandbox-search";
import type { HotelSummary, ResultRow, TransferSummary } from "./types";

const sb = testSandbox();
const kit = searchKit(sb);
const { bodies, day } = kit;
const catalog = sb.services.catalog;
const engine = sb.services.search;
const london = catalog.cities.find((c) => c.name === "London" && c.countryCode === "GB")!;
const slowAlias = engine.aliases.hotel[HOTEL_SOURCES.findIndex((s) => s.late)]!;

const HOTEL_SUMMARY_KEYS = [
  "agencyCommission", "boardBasis", "cancellationPolicy", "cityName", "coordinates", "excludedTaxes", "hotelName",
  "isPackage", "neighborhoodName", "rateComments", "rateName", "requiresGuestTitle", "roomDescription", "roomGroupKey",
  "roomGroupLabel", "starRating",
  "roomName",
].sort();

describe("a big-city hotel search (London)", () => {
  let id: string;
  let all: ResultRow[];
  let outcomes: Array<{ supplier: string; status: string; rateCount: number }>;

  beforeAll(async () => {
    id = await kit.create(bodies.hotel({ destination: "London", checkIn: day(45), checkOut: day(48) }));
    const read = await kit.readAll(id, "limit=250");
    all = read.rows;
    outcomes = read.last.body.meta.session.supplierOutcomes;
    expect(read.last.body.meta.session).toMatchObject({ status: "completed", batchProgress: { done: 9, total: 9 } });
    expect(read.pages.length).toBeGreaterThan(20);
  });

  it("pages through every row once, in rank order, without gaps", async () => {
    expect(all.length).toBeGreaterThanOrEqual(5000);
    expect(new Set(all.map((r) => r._id)).size).toBe(all.length);
    expect(new Set(all.map((r) => r.rateQuoteId)).size).toBe(all.length);
    expect(all.map((r) => r.rank)).toEqual(all.map((_, i) => i + 1));
    // The sources' own counts add up to what the pages held.
    expect(outcomes.reduce((s, o) => s + o.rateCount, 0)).toBe(all.length);
    // Other page sizes give the same sequence.
    const other = await kit.readAll(id, "limit=500");
    expect(other.rows.map((r) => r._id)).toEqual(all.map((r) => r._id));
  });

  it("holds each source's cheapest rate per hotel: one row per hotel and source", () => {
    const pairs = new Set(all.map((r) => `${r.canonicalProductId}|${r.supplier}`));
    expect(pairs.size).toBe(all.length);
    for (const r of all) expect(r.supplier).toMatch(/^src-[0-9a-f]+$/);
  });

  it("ranks by batch of 300, then late source, then price with refundable preferred within 2%", () => {
    const position = new Map(catalog.hotelsByCity.get(london.cityRegionId)!.map((h, i) => [h.canonicalId, i]));
    const place = (r: ResultRow) => ({ batch: Math.floor(position.get(r.canonicalProductId)! / BATCH_SIZE), tier: r.supplier === slowAlias ? 1 : 0 });
    let checkedPairs = 0;
    for (let i = 1; i < all.length; i++) {
      const a = all[i - 1]!;
      const b = all[i]!;
      const pa = place(a);
      const pb = place(b);
      expect(pb.batch * 2 + pb.tier).toBeGreaterThanOrEqual(pa.batch * 2 + pa.tier);
      if (pa.batch !== pb.batch || pa.tier !== pb.tier) continue;
      checkedPairs++;
      if (a.refundable === b.refundable) expect(a.sellAmountMinor).toBeLessThanOrEqual(b.sellAmountMinor);
      // A refundable rate stays ahead unless the non-refundable one is more than 2% cheaper…
      else if (a.refundable) expect(b.sellAmountMinor).toBeGreaterThanOrEqual(a.sellAmountMinor * 0.98);
      // …and a non-refundable rate is ahead only when it is more than 2% cheaper.
      else expect(a.sellAmountMinor).toBeLessThan(b.sellAmountMinor * 0.98);
    }
    expect(checkedPairs).toBeGreaterThan(all.length - 30);
    // Both kinds of preference actually happen in this search.
    const crossings = all.slice(1).filter((b, i) => all[i]!.refundable && !b.refundable && b.sellAmountMinor < all[i]!.sellAmountMinor);
    expect(crossings.length).toBeGreaterThan(0);
  });

  it("rows carry every hotel summary field of the spec", () => {
    for (const r of all.slice(0, 300)) {
      expect(Object.keys(r.summary).sort()).toEqual(HOTEL_SUMMARY_KEYS);
      const s = r.summary as HotelSummary;
      expect(r).toMatchObject({ productType: "hotel", sellCurrency: "USD" });
      expect(typeof s.isPackage).toBe("boolean");
      expect(typeof s.requiresGuestTitle).toBe("boolean");
      expect(s.coordinates).toEqual({ lat: expect.any(Number), lng: expect.any(Number) });
      expect(s.cancellationPolicy.refundable).toBe(r.refundable);
      expect(s.agencyCommission).toBeNull();
      for (const d of s.cancellationPolicy.deadlines) expect(d).toEqual({ from: expect.any(String), amountMinor: expect.any(Number), currency: "USD" });
    }
    // The slow source sends no descriptions, taxes or comments, and always wants titles.
    const slow = all.filter((r) => r.supplier === slowAlias).map((r) => r.summary as HotelSummary);
    expect(slow.length).toBeGreaterThan(0);
    expect(slow.every((s) => s.roomDescription === null && s.excludedTaxes === null && s.rateComments === null && s.requiresGuestTitle)).toBe(true);
    expect(all.some((r) => (r.summary as HotelSummary).isPackage)).toBe(true);
    expect(all.some((r) => r.refundable)).toBe(true);
    expect(all.some((r) => !r.refundable)).toBe(true);
  });

  it("pages by product with groupByProduct=true", async () => {
    const grouped = await kit.readAll(id, "limit=100&groupByProduct=true");
    const rankById = new Map(all.map((r) => [r._id, r.rank]));
    expect(grouped.rows.map((r) => r._id).sort()).toEqual(all.map((r) => r._id).sort());
    const seen = new Set<string>();
    let lastTop = 0;
    for (const page of grouped.pages) {
      const products = [...new Set(page.map((r) => r.canonicalProductId))];
      expect(products.length).toBeLessThanOrEqual(100);
      for (const p of products) {
        expect(seen.has(p)).toBe(false);
        seen.add(p);
        const rows = page.filter((r) => r.canonicalProductId === p);
        const ranks = rows.map((r) => r.rank);
        expect(ranks).toEqual([...ranks].sort((x, y) => x - y));
        expect(ranks).toEqual(rows.map((r) => rankById.get(r._id)));
        // Products come in the order of their top-ranked rate.
        expect(ranks[0]!).toBeGreaterThan(lastTop);
        lastTop = ranks[0]!;
      }
      // A product's rows are contiguous on the page.
      const runs = page.filter((r, i) => i === 0 || page[i - 1]!.canonicalProductId !== r.canonicalProductId);
      expect(runs.length).toBe(products.length);
    }
    expect(grouped.pages.slice(0, -1).every((p) => new Set(p.map((r) => r.canonicalProductId)).size === 100)).toBe(true);
  });

  it("opens a live rate sheet: every rate of every source, fresh quotes, no coordinates", async () => {
    const top = all[0]!;
    const listed = all.filter((r) => r.canonicalProductId === top.canonicalProductId);
    const res = await kit.call<ResultRow[]>("POST", `/search/${id}/hotels/${top.canonicalProductId}/rates`);
    expect(res.status).toBe(200);
    const sheet = res.body.data;
    expect(sheet.length).toBeGreaterThan(listed.length);
    expect(sheet.map((r) => r.rank)).toEqual(sheet.map((_, i) => i + 1));
    const listedQuotes = new Set(all.map((r) => r.rateQuoteId));
    expect(sheet.every((r) => !listedQuotes.has(r.rateQuoteId))).toBe(true);
    expect(new Set(sheet.map((r) => r.rateQuoteId)).size).toBe(sheet.length);
    for (const r of sheet) {
      expect(r.canonicalProductId).toBe(top.canonicalProductId);
      expect((r.summary as HotelSummary).coordinates).toBeNull();
      expect(Object.keys(r.summary).sort()).toEqual(HOTEL_SUMMARY_KEYS);
    }
    // Each source's cheapest rate on the sheet is the one the listing holds.
    for (const row of listed) {
      const cheapest = Math.min(...sheet.filter((r) => r.supplier === row.supplier).map((r) => r.sellAmountMinor));
      expect(cheapest).toBe(row.sellAmountMinor);
    }
    // Room groups: one key per room group label within this hotel and search.
    const keyByLabel = new Map<string, string>();
    for (const r of sheet) {
      const s = r.summary as HotelSummary;
      expect(keyByLabel.get(s.roomGroupLabel) ?? s.roomGroupKey).toBe(s.roomGroupKey);
      keyByLabel.set(s.roomGroupLabel, s.roomGroupKey);
    }
    // A second sheet quotes afresh.
    const again = await kit.call<ResultRow[]>("POST", `/search/${id}/hotels/${top.canonicalProductId}/rates`);
    expect(again.body.data.map((r) => r.sellAmountMinor)).toEqual(sheet.map((r) => r.sellAmountMinor));
    expect(again.body.data.some((r) => sheet.some((s) => s.rateQuoteId === r.rateQuoteId))).toBe(false);
  });
});

describe("search life and quotes", () => {
  it("a rate sheet extends the search by 20 minutes and quotes for 20 minutes; listing quotes keep theirs", async () => {
    const id = await kit.create(bodies.hotel({ destination: "Edinburgh" }));
    const [first] = (await kit.results(id, "limit=1")).body.data;
    const listed = engine.quote(first!.rateQuoteId);
    expect(listed.status).toBe("ok");
    if (listed.status !== "ok") return;
    expect(listed.quote).toMatchObject({ searchId: id, agencyId: "agy_demo", productType: "hotel", row: first });
    expect(listed.quote.expiresAt - listed.quote.createdAt).toBe(20 * 60_000);
    expect(engine.search(id)).toMatchObject({ searchId: id, productType: "hotel", request: { currency: "USD" }, party: { adults: 2, childrenAges: [] } });

    await sb.control("POST", "/clock/advance", { seconds: 15 * 60 });
    const sheet = await kit.call<ResultRow[]>("POST", `/search/${id}/hotels/${first!.canonicalProductId}/rates`);
    const fresh = engine.quote(sheet.body.data[0]!.rateQuoteId);
    expect(fresh.status === "ok" && fresh.quote.createdAt).toBe(fresh.status === "ok" && fresh.quote.expiresAt - 20 * 60_000);
    expect(fresh.status === "ok" && fresh.quote.expiresAt).toBeGreaterThan(listed.quote.expiresAt);
    expect(fresh.status === "ok" && fresh.quote.row).toEqual(sheet.body.data[0]);

    await sb.control("POST", "/clock/advance", { seconds: 10 * 60 });
    // 25 minutes after the search started, it is alive thanks to the sheet.
    expect((await kit.results(id, "limit=1")).status).toBe(200);
    const old = engine.quote(first!.rateQuoteId);
    expect(old.status === "ok" && old.quote.expiresAt).toBe(listed.quote.expiresAt);

    await sb.control("POST", "/clock/advance", { seconds: 11 * 60 });
    expect((await kit.results(id, "limit=1")).status).toBe(410);
    expect(engine.quote(first!.rateQuoteId)).toEqual({ status: "search_expired", searchId: id, agencyId: "agy_demo" });
    expect(engine.quote("qt_nonsense")).toEqual({ status: "unknown" });
  });

  it("roomGroupKey differs between two searches of the same hotel", async () => {
    const hotel = catalog.hotelsByCity.get(london.cityRegionId)![0]!;
    const keys: Array<Set<string>> = [];
    for (const checkIn of [day(60), day(61)]) {
      const id = await kit.create(bodies.hotel({ destination: undefined, hotelId: hotel.canonicalId, checkIn, checkOut: day(62) }));
      const rows = (await kit.results(id)).body.data;
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((r) => r.canonicalProductId === hotel.canonicalId)).toBe(true);
      keys.push(new Set(rows.map((r) => (r.summary as HotelSummary).roomGroupKey)));
    }
    expect([...keys[0]!].some((k) => keys[1]!.has(k))).toBe(false);
  });

  it("a control-plane reset forgets every search", async () => {
    const reset = testSandbox();
    const k = searchKit(reset);
    const id = await k.create(k.bodies.transfer());
    await reset.control("POST", "/reset");
    expect((await k.results(id)).status).toBe(404);
  });
});

describe("hotel search filters", () => {
  it("a place with no hotels returns 201 and completes with no results", async () => {
    const id = await kit.create(bodies.hotel({ destination: "Nowhereville" }));
    const page = await kit.results(id);
    expect(page.body).toEqual({
      data: [],
      meta: { nextCursor: null, session: { status: "completed", batchProgress: { done: 0, total: 0 }, supplierOutcomes: expect.any(Array) } },
      error: null,
    });
  });

  it("near: only hotels within the radius", async () => {
    const id = await kit.create(bodies.hotel({ destination: undefined, near: { lat: 41.3874, lng: 2.1686, radiusKm: 2 } }));
    const { rows } = await kit.readAll(id, "limit=500");
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      const h = catalog.hotelById.get(r.canonicalProductId)!;
      expect(haversineKm(41.3874, 2.1686, h.lat, h.lng)).toBeLessThanOrEqual(2);
    }
  });

  it("region IDs and property types", async () => {
    const paris = catalog.cities.find((c) => c.name === "Paris" && c.countryCode === "FR")!;
    const id = await kit.create(bodies.hotel({ destination: undefined, destinationCityRegionIds: [paris.cityRegionId, london.cityRegionId], propertyTypes: ["hostel", "resort"] }));
    const { rows } = await kit.readAll(id, "limit=500");
    const hotels = rows.map((r) => catalog.hotelById.get(r.canonicalProductId)!);
    expect(new Set(hotels.map((h) => h.cityName))).toEqual(new Set(["Paris", "London"]));
    expect(hotels.every((h) => h.propertyType === "hostel" || h.propertyType === "resort")).toBe(true);
  });

  it("query replaces the destination filter", async () => {
    const id = await kit.create(bodies.hotel({ destination: "London", query: "hostel barcelona" }));
    const { rows } = await kit.readAll(id, "limit=500");
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => (r.summary as HotelSummary).cityName === "Barcelona")).toBe(true);
    expect(rows.every((r) => /hostel/i.test((r.summary as HotelSummary).hotelName))).toBe(true);
  });

  it("commissionable rates carry the agency's commission; prices follow the currency", async () => {
    const usd = await kit.create(bodies.hotel({ rateMode: "commissionable" }));
    const eur = await kit.create(bodies.hotel({ rateMode: "commissionable", currency: "EUR" }));
    const [a, b] = [(await kit.results(usd, "limit=100")).body.data, (await kit.results(eur, "limit=100")).body.data];
    const withCommission = a.filter((r) => (r.summary as HotelSummary).agencyCommission !== null);
    expect(withCommission.length).toBeGreaterThan(0);
    for (const r of withCommission) {
      expect((r.summary as HotelSummary).agencyCommission).toEqual({ percent: expect.any(Number), amountMinor: expect.any(Number), currency: "USD" });
    }
    expect(b.every((r) => r.sellCurrency === "EUR")).toBe(true);
    const usdOf = new Map(a.map((r) => [`${r.canonicalProductId}|${r.supplier}`, r.sellAmountMinor]));
    const ratios = b.filter((r) => usdOf.has(`${r.canonicalProductId}|${r.supplier}`)).map((r) => r.sellAmountMinor / usdOf.get(`${r.canonicalProductId}|${r.supplier}`)!);
    expect(ratios.length).toBeGreaterThan(0);
    for (const x of ratios) expect(x).toBeCloseTo(0.92, 2);
  });
});

describe("flights, activities and transfers", () => {
  it.each(["flight", "activity", "transfer"] as const)("a %s search returns complete, ranked, with saved options per product", async (type) => {
    const id = await kit.create(bodies[type]());
    const { rows, last } = await kit.readAll(id, "limit=7");
    expect(last.body.meta).toEqual({
      nextCursor: null,
      session: {
        status: "completed",
        batchProgress: { done: 1, total: 1 },
        supplierOutcomes: engine.aliases[type].map((supplier) => ({ supplier, status: "completed", latencyMs: expect.any(Number), rateCount: expect.any(Number) })),
      },
    });
    expect(rows.length).toBeGreaterThan(1);
    expect(rows.map((r) => r.rank)).toEqual(rows.map((_, i) => i + 1));
    for (const r of rows) expect(r).toMatchObject({ productType: type, sellCurrency: "USD", rateQuoteId: expect.stringMatching(/^qt_/) });
    // The listing holds each source's cheapest option per product; the saved options are all of them, with the same quote IDs.
    const product = rows[0]!.canonicalProductId;
    const saved = await kit.call<ResultRow[]>("POST", `/search/${id}/products/${product}/rates`);
    expect(saved.status).toBe(200);
    const options = saved.body.data;
    expect(options.every((o) => o.canonicalProductId === product)).toBe(true);
    const listedHere = rows.filter((r) => r.canonicalProductId === product);
    for (const r of listedHere) {
      const same = options.find((o) => o.rateQuoteId === r.rateQuoteId);
      expect(same).toMatchObject({ _id: r._id, sellAmountMinor: r.sellAmountMinor, supplier: r.supplier });
      expect(Math.min(...options.filter((o) => o.supplier === r.supplier).map((o) => o.sellAmountMinor))).toBe(r.sellAmountMinor);
    }
    expect(options.length).toBeGreaterThanOrEqual(listedHere.length);
    const total = last.body.meta.session.supplierOutcomes.reduce((s, o) => s + o.rateCount, 0);
    expect(total).toBeGreaterThanOrEqual(rows.length);
    // No live query: the search is not extended.
    expect((await kit.call<ResultRow[]>("POST", `/search/${id}/products/nothing_here/rates`)).body).toEqual({ data: [], meta: {}, error: null });
    await sb.control("POST", "/clock/advance", { seconds: 1201 });
    expect((await kit.results(id)).status).toBe(410);
  });

  it("flight summaries: airline, segments, stops, duration, cabin, baggage; multi-city slices", async () => {
    const id = await kit.create(bodies.flight({ cabinClass: "business", checkOut: day(37) }));
    const row = (await kit.results(id, "limit=1")).body.data[0]!;
    expect(row.summary).toMatchObject({
      airline: expect.any(String),
      airlineCode: expect.any(String),
      cabinClass: "business",
      fareName: expect.any(String),
      stops: expect.any(Number),
      durationMinutes: expect.any(Number),
      baggage: { carryOn: 1, checked: expect.any(Number) },
      passengers: { adults: 2, children: 1, infants: 0 },
      slices: [
        { origin: "JFK", destination: "LHR", departAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d$/), segments: expect.any(Array) },
        { origin: "LHR", destination: "JFK", segments: expect.any(Array) },
      ],
    });
    const multi = await kit.create(bodies.flight({ origin: undefined, destination: undefined, checkIn: undefined, slices: [
      { origin: "JFK", destination: "LHR", date: day(30) },
      { origin: "LHR", destination: "CDG", date: day(33) },
      { origin: "CDG", destination: "JFK", date: day(36) },
    ] }));
    const rows = (await kit.results(multi, "limit=50")).body.data;
    for (const r of rows) {
      const slices = (r.summary as { slices: Array<{ origin: string; destination: string }> }).slices;
      expect(slices.map((s) => `${s.origin}-${s.destination}`)).toEqual(["JFK-LHR", "LHR-CDG", "CDG-JFK"]);
    }
  });

  it("activity summaries: name, modality, session start, duration; a destination name works too", async () => {
    const id = await kit.create(bodies.activity({ destinationCode: undefined, destination: "Barcelona, Spain" }));
    const rows = (await kit.results(id, "limit=100")).body.data;
    for (const r of rows) {
      expect(r.summary).toMatchObject({ activityName: expect.any(String), modality: expect.any(String), durationMinutes: expect.any(Number), cityName: "Barcelona", date: day(30) });
      expect(r.canonicalProductId).toBe((r.summary as { activityKey: string }).activityKey);
    }
    expect(rows.some((r) => typeof (r.summary as { sessionStartTime: unknown }).sessionStartTime === "string")).toBe(true);
  });

  it("transfers: a return journey comes as round rows and as one-way rows; passengers override adults", async () => {
    const id = await kit.create(bodies.transfer({ returnAt: `${day(34)}T18:00:00Z`, passengers: 5, luggage: 4 }));
    const { rows } = await kit.readAll(id, "limit=100");
    const summaries = rows.map((r) => r.summary as TransferSummary);
    expect(summaries.some((s) => s.tripType === "round" && s.returnAt === `${day(34)}T18:00:00Z`)).toBe(true);
    expect(summaries.some((s) => s.tripType === "one_way")).toBe(true);
    for (const s of summaries) {
      expect(s.passengers).toBe(6);
      expect(s.capacity).toBeGreaterThanOrEqual(6);
      expect(s).toMatchObject({ vehicle: expect.any(String), pickupName: expect.any(String), dropoffName: expect.any(String) });
    }
  });
});
