import { beforeAll, describe, expect, it } from "vitest";
import { testSandbox } from "@/lib/testing/sandbox";
import { encodeListCursor, type ListRow } from "./list";
import type { Booking, BookingState } from "./model";
import { detail, errorBody, readKit } from "@/lib/testing/sandbox-bookings-read";

type Page = { rows: ListRow[]; nextCursor: string | null };

const sb = testSandbox();
let kit: Awaited<ReturnType<typeof readKit>>;

/** Every state the list may meet, including one it does not know yet (it passes through). */
const STATES = ["confirmed", "held", "failed", "supplier_pending", "manual_review", "cancellation_pending", "cancelled", "refunded", "rebooked"];
const CANCELLED = new Set(["cancellation_pending", "cancelled", "refunded"]);

/** The specification's GET /bookings rules, written plainly: the oracle the endpoint is compared with. */
function expected(query: Record<string, string>, data: Booking[], today: string): string[] {
  const state = query.state || "all";
  const trip = query.trip || "all";
  const status = query.status === "active" || query.status === "cancelled" ? query.status : "all";
  // Case and accents do not count (docs/contract-decisions.md): "rejeanne" finds "Réjeanne".
  const plain = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
  const q = plain((query.q ?? "").trim().slice(0, 100));
  const rows = data.filter((b) => {
    const cancelled = CANCELLED.has(b.state);
    if (state === "cancelled" ? !cancelled : state !== "all" && b.state !== state) return false;
    if ((status === "active" && cancelled) || (status === "cancelled" && !cancelled)) return false;
    if (trip !== "all" && state === "all" && status !== "cancelled" && cancelled) return false;
    const { checkIn, checkOut } = b.firstItem;
    if (trip === "upcoming" && !(checkIn > today)) return false;
    if (trip === "traveling" && !(checkIn <= today && checkOut >= today)) return false;
    if (trip === "past" && !(checkOut < today)) return false;
    const fields = [b.orderRef, b.leadGuest, b.firstItem.hotelName ?? "", b.firstItem.confirmation ?? ""];
    return q === "" || fields.some((f) => plain(f).includes(q));
  });
  rows.sort((a, b) => (query.sort === "asc" ? a.seq - b.seq : b.seq - a.seq));
  return rows.map((b) => b.id);
}

const qs = (query: Record<string, string>) => new URLSearchParams(query).toString();

async function readAll(query: Record<string, string>): Promise<{ pages: Page[]; ids: string[] }> {
  const pages: Page[] = [];
  let cursor: string | null = null;
  do {
    const res: { status: number; body: { data: Page } } = await kit.call<Page>("GET", `/bookings?${qs({ ...query, ...(cursor ? { cursor } : {}) })}`);
    if (res.status !== 200) throw new Error(`page failed: ${JSON.stringify(res.body)}`);
    pages.push(res.body.data);
    cursor = res.body.data.nextCursor;
  } while (cursor);
  return { pages, ids: pages.flatMap((p) => p.rows.map((r) => r._id)) };
}

beforeAll(async () => {
  kit = await readKit(sb, 63);
  // A fixed matrix: each state in the past, under way and upcoming; no time-driven moves left.
  kit.all().forEach((b, i) => {
    const window = Math.floor(i / STATES.length) % 3;
    const checkIn = [kit.day(-20), kit.day(-1), kit.day(15)][window]!;
    const checkOut = [kit.day(-17), kit.day(2), kit.day(18)][window]!;
    kit.patch(b, { state: STATES[i % STATES.length] as BookingState, scheduled: [], firstItem: { ...b.firstItem, checkIn, checkOut } });
  });
});

describe("GET /bookings filters", () => {
  const refOf = () => kit.all()[5]!;
  const hotel = () => kit.all().find((b) => b.firstItem.hotelName)!;
  const confirmed = () => kit.all().find((b) => b.firstItem.confirmation)!;

  it.each<[string, () => Record<string, string>]>([
    ["no filters: everything, newest first", () => ({})],
    ["state=all", () => ({ state: "all" })],
    ["state=confirmed", () => ({ state: "confirmed" })],
    ["state=held", () => ({ state: "held" })],
    ["state=failed", () => ({ state: "failed" })],
    ["state=cancelled: cancelled, being cancelled and refunded", () => ({ state: "cancelled" })],
    ["trip=upcoming leaves cancelled bookings out", () => ({ trip: "upcoming" })],
    ["trip=traveling leaves cancelled bookings out", () => ({ trip: "traveling" })],
    ["trip=past leaves cancelled bookings out", () => ({ trip: "past" })],
    ["trip=all is no trip filter", () => ({ trip: "all" })],
    ["trip=upcoming&status=all still leaves them out", () => ({ trip: "upcoming", status: "all" })],
    ["trip=upcoming&status=cancelled: only the cancelled ones", () => ({ trip: "upcoming", status: "cancelled" })],
    ["trip=past&status=active", () => ({ trip: "past", status: "active" })],
    ["trip=past&state=cancelled: a state filter keeps them", () => ({ trip: "past", state: "cancelled" })],
    ["trip=traveling&state=confirmed", () => ({ trip: "traveling", state: "confirmed" })],
    ["status=active: everything not cancelled, unknown states included", () => ({ status: "active" })],
    ["status=cancelled", () => ({ status: "cancelled" })],
    ["an unknown status is all", () => ({ status: "archived" })],
    ["state=cancelled&status=active: nothing", () => ({ state: "cancelled", status: "active" })],
    ["q: part of an order reference, any case", () => ({ q: refOf().orderRef.slice(3, 11).toLowerCase() })],
    ["q: the lead guest's name in upper case", () => ({ q: refOf().leadGuest.toUpperCase() })],
    ["q: part of a hotel name", () => ({ q: hotel().firstItem.hotelName!.split(" ").slice(-2).join(" ") })],
    ["q: the source booking reference", () => ({ q: confirmed().firstItem.confirmation!.toLowerCase() })],
    ["q with surrounding spaces", () => ({ q: `  ${refOf().orderRef}  ` })],
    ["q and filters together", () => ({ q: "a", state: "confirmed", trip: "past" })],
    ["sort=asc: oldest first", () => ({ sort: "asc" })],
    ["sort=desc&state=failed", () => ({ sort: "desc", state: "failed" })],
    ["empty values count as absent", () => ({ state: "", trip: "", q: "", sort: "" })],
  ])("%s", async (_name, query) => {
    const q = query();
    const { ids } = await readAll({ ...q, limit: "100" });
    expect(ids).toEqual(expected(q, kit.all(), sb.services.clock.today()));
  });

  it("the matrix makes every filter meaningful", () => {
    const today = sb.services.clock.today();
    const queries: Array<Record<string, string>> = [{ trip: "upcoming" }, { trip: "traveling" }, { trip: "past" }, { state: "held" }, { state: "cancelled" }, { trip: "upcoming", status: "cancelled" }];
    for (const q of queries) {
      expect(expected(q, kit.all(), today).length, JSON.stringify(q)).toBeGreaterThan(0);
    }
  });

  it("cancelled bookings are hidden by a trip filter and shown with status=cancelled", async () => {
    const b = kit.all().find((x) => x.state === "refunded" && x.firstItem.checkIn > sb.services.clock.today())!;
    expect((await readAll({ trip: "upcoming" })).ids).not.toContain(b.id);
    expect((await readAll({ trip: "upcoming", status: "cancelled" })).ids).toContain(b.id);
    expect((await readAll({ trip: "upcoming", state: "cancelled" })).ids).toContain(b.id);
  });

  it("a state the list does not know passes through as it is", async () => {
    const b = kit.all().find((x) => x.state === ("rebooked" as BookingState))!;
    const { pages } = await readAll({ q: b.orderRef });
    expect(pages[0]!.rows.map((r) => r.state)).toEqual(["rebooked"]);
    expect((await readAll({ status: "active" })).ids).toContain(b.id);
  });

  it("q ignores case and accents: Rejeanne, Zoe and Lefevre find Réjeanne, Zoé and Lefèvre", async () => {
    const rejeanne = kit.patch(kit.all()[10]!, { leadGuest: "Réjeanne Moreau" });
    const zoe = kit.patch(kit.all()[11]!, { leadGuest: "Zoé Lefèvre" });
    const upper = kit.patch(kit.all()[12]!, { leadGuest: "Ana LEFÈVRE" });
    const hotel = kit.patch(kit.all()[13]!, { firstItem: { ...kit.all()[13]!.firstItem, hotelName: "Hôtel Lutèce Saint-Germain" } });
    const today = sb.services.clock.today();
    const found = async (q: string) => {
      const { ids } = await readAll({ q });
      expect(ids, q).toEqual(expected({ q }, kit.all(), today));
      return ids;
    };
    expect(await found("Rejeanne")).toContain(rejeanne.id);
    expect(await found("zoe")).toContain(zoe.id);
    expect(await found("Lefevre")).toEqual(expect.arrayContaining([zoe.id, upper.id]));
    expect(await found("LEFÈVRE")).toEqual(expect.arrayContaining([zoe.id, upper.id]));
    expect(await found("réjeanne moreau")).toEqual([rejeanne.id]);
    expect(await found("hotel lutece")).toEqual([hotel.id]);
    expect(await found("Zoë")).toContain(zoe.id);
  });

  it("q is cut to 100 characters", async () => {
    const b = kit.patch(kit.all()[7]!, { leadGuest: `${"Z".repeat(100)} Long` });
    const { ids } = await readAll({ q: `${"z".repeat(100)}-this part is cut off` });
    expect(ids).toEqual([b.id]);
  });
});

describe("GET /bookings rows and envelope", () => {
  it("answers rows of exactly the list fields and a null cursor on the last page", async () => {
    const newest = kit.all().at(-1)!;
    const res = await kit.call<Page>("GET", "/bookings?limit=1");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: {
        rows: [
          {
            _id: newest.id,
            orderRef: newest.orderRef,
            state: newest.state,
            totalSell: newest.totalSell,
            firstItem: {
              productType: newest.productType,
              hotelName: newest.firstItem.hotelName,
              checkIn: newest.firstItem.checkIn,
              checkOut: newest.firstItem.checkOut,
              confirmation: newest.firstItem.confirmation,
            },
            createdAt: newest.createdAt,
          },
        ],
        nextCursor: expect.any(String),
      },
      meta: {},
      error: null,
    });
    expect(newest.orderRef).toMatch(/^RV-\d{4}-[A-Z0-9]{8}$/);
    const last = await kit.call<Page>("GET", `/bookings?q=${newest.orderRef}`);
    expect(last.body.data.nextCursor).toBeNull();
  });

  it("defaults to 50 rows", async () => {
    const res = await kit.call<Page>("GET", "/bookings");
    expect(res.body.data.rows).toHaveLength(50);
    expect(res.body.data.nextCursor).not.toBeNull();
  });

  it("a booking of another agency never shows", async () => {
    const other = await readKit(sb, 3, "Other Agency");
    const ids = new Set(other.all().map((b) => b.id));
    expect((await readAll({ limit: "100" })).ids.some((id) => ids.has(id))).toBe(false);
    expect((await other.call<Page>("GET", "/bookings")).body.data.rows.map((r) => r._id)).toEqual(other.all().map((b) => b.id).reverse());
  });
});

describe("GET /bookings paging", () => {
  it.each<[string, Record<string, string>]>([
    ["newest first", {}],
    ["oldest first", { sort: "asc" }],
    ["with a filter", { status: "active" }],
    ["with q", { q: "e" }],
  ])("pages through everything %s with no duplicates or gaps", async (_name, query) => {
    const want = expected(query, kit.all(), sb.services.clock.today());
    const { pages, ids } = await readAll({ ...query, limit: "7" });
    expect(ids).toEqual(want);
    expect(new Set(ids).size).toBe(ids.length);
    expect(pages.slice(0, -1).every((p) => p.rows.length === 7)).toBe(true);
    expect(pages.at(-1)!.nextCursor).toBeNull();
    expect(pages).toHaveLength(Math.max(1, Math.ceil(want.length / 7)));
  });

  it("a booking made while paging does not shift the pages still to read", async () => {
    const first = await kit.call<Page>("GET", "/bookings?limit=10");
    const before = expected({}, kit.all(), sb.services.clock.today());
    await sb.control("POST", `/agencies/${kit.agencyId}/bookings/generate`, { count: 1 });
    const next = await kit.call<Page>("GET", `/bookings?limit=10&cursor=${first.body.data.nextCursor}`);
    expect(next.body.data.rows.map((r) => r._id)).toEqual(before.slice(10, 20));
  });

  it("limit 100 is allowed", async () => {
    const res = await kit.call<Page>("GET", "/bookings?limit=100");
    expect(res.status).toBe(200);
    expect(res.body.data.rows.length).toBe(Math.min(100, kit.all().length));
  });
});

describe("GET /bookings validation", () => {
  const otherSort = () => encodeListCursor("asc", 5);
  it.each<[string, () => string, string[]]>([
    ["limit 0", () => "limit=0", ["limit"]],
    ["limit 101", () => "limit=101", ["limit"]],
    ["limit abc", () => "limit=abc", ["limit"]],
    ["limit 1.5", () => "limit=1.5", ["limit"]],
    ["limit -1", () => "limit=-1", ["limit"]],
    ["an unknown state", () => "state=pending", ["state"]],
    ["a state the filter does not offer", () => "state=refunded", ["state"]],
    ["an unknown trip", () => "trip=soon", ["trip"]],
    ["an unknown sort", () => "sort=newest", ["sort"]],
    ["unknown fields, one detail each", () => "page=2&perPage=5", ["page", "perPage"]],
    ["several problems at once", () => "limit=0&state=x&colour=blue", ["colour", "limit", "state"]],
    ["a cursor that is not base64url", () => "cursor=%21%21%21", ["cursor"]],
    ["a cursor of garbage", () => "cursor=abc", ["cursor"]],
    ["a cursor of the wrong shape", () => `cursor=${Buffer.from(JSON.stringify({ seq: 3 })).toString("base64url")}`, ["cursor"]],
    ["a cursor with a negative position", () => `cursor=${Buffer.from(JSON.stringify([1, "desc", -4])).toString("base64url")}`, ["cursor"]],
    ["a cursor issued for the other sort", () => `cursor=${otherSort()}`, ["cursor"]],
  ])("%s → 400 validation_error", async (_name, query, paths) => {
    const res = await kit.call("GET", `/bookings?${query()}`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(errorBody("validation_error", paths.map(detail)));
  });

  it("no key → 401", async () => {
    const res = await sb.call("GET", "/api/v1/bookings", { key: null });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ data: null, meta: {}, error: { code: "unauthorized", message: "Unauthorized", details: [] } });
  });
});

describe("GET /bookings reads settled states", () => {
  const own = testSandbox();

  it("a cancellation in progress shows as cancelled once it has settled on the virtual clock", async () => {
    const k = await readKit(own, 4);
    const b = k.patch(k.all()[0]!, { state: "cancellation_pending", scheduled: [{ at: own.services.clock.now() + 5 * 60_000, to: "cancelled", reason: "cancellation_settles" }] });
    const read = async () => (await k.call<Page>("GET", `/bookings?q=${b.orderRef}`)).body.data.rows[0]?.state;
    expect(await read()).toBe("cancellation_pending");
    await own.control("POST", "/clock/advance", { seconds: 301 });
    expect(await read()).toBe("cancelled");
    expect((await k.call<Page>("GET", `/bookings?state=cancelled&q=${b.orderRef}`)).body.data.rows).toHaveLength(1);
  });
});
