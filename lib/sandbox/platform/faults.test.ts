import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { bookingKit } from "@/lib/testing/sandbox-bookings-write";
import { testSandbox } from "@/lib/testing/sandbox";

// A cheap authenticated endpoint: an unknown product type lists nothing.
const PING = "/api/v1/destinations?productType=none";

describe("fault injection", () => {
  const sb = testSandbox();
  afterEach(async () => {
    await sb.control("DELETE", "/faults");
  });

  it("strikes the next N requests of the route, then the route answers again", async () => {
    const armed = await sb.control("POST", "/faults", { route: "GET /destinations", kind: "unavailable", count: 2 });
    expect(armed.status).toBe(201);
    expect(armed.body.data).toMatchObject({ kind: "unavailable", phase: "before", remaining: 2 });
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await sb.call("GET", PING)).status);
    expect(statuses).toEqual([503, 503, 200]);
    expect((await sb.control("GET", "/faults")).body.data.items).toEqual([]);
  });

  it.each([
    ["unavailable", 503, "supplier_unavailable"],
    ["internal_error", 500, "internal_error"],
    ["rate_limited", 429, "rate_limited"],
  ])("%s answers %i in the envelope", async (kind, status, code) => {
    await sb.control("POST", "/faults", { route: "GET /destinations", kind, retryAfterSeconds: 7 });
    const res = await sb.call("GET", PING);
    expect(res.status).toBe(status);
    expect(res.body).toEqual({ data: null, meta: {}, error: { code, message: expect.stringContaining("injected"), details: [] } });
    if (kind === "rate_limited") expect(res.headers.get("retry-after")).toBe("7");
  });

  it("malformed: the status of the handled answer with a body that is not JSON", async () => {
    await sb.control("POST", "/faults", { route: "GET /destinations", kind: "malformed" });
    const res = await sb.call("GET", PING);
    expect(res.status).toBe(200);
    expect(() => JSON.parse(res.text)).toThrow();
  });

  it("drop: the answer's body fails as it is read", async () => {
    await sb.control("POST", "/faults", { route: "GET /destinations", kind: "drop" });
    const res = await sb.fetch(new Request(`http://sandbox.test${PING}`, { headers: { "X-API-Key": sb.key } }));
    await expect(res.text()).rejects.toThrow(/dropped/);
  });

  it("slow: holds the answer back by delayMs", async () => {
    await sb.control("POST", "/faults", { route: "GET /destinations", kind: "slow", delayMs: 120 });
    const started = performance.now();
    expect((await sb.call("GET", PING)).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(100);
  });

  it("matches the method and path, * standing for one segment; other routes are untouched", async () => {
    await sb.control("POST", "/faults", { route: "GET /search/*/results", kind: "internal_error" });
    expect((await sb.call("GET", PING)).status).toBe(200);
    expect((await sb.call("POST", "/api/v1/search/abc/results")).status).not.toBe(500);
    expect((await sb.call("GET", "/api/v1/search/abc/results/more")).status).not.toBe(500);
    expect((await sb.call("GET", "/api/v1/search/srch_x/results")).status).toBe(500);
  });

  it("contains: strikes only the requests whose query or body holds the text; one fault disarmed by ID", async () => {
    const armed = await sb.control("POST", "/faults", { route: "GET /destinations", kind: "internal_error", contains: "productType=flight", count: 5 });
    expect((await sb.call("GET", PING)).status).toBe(200);
    expect((await sb.call("GET", "/api/v1/destinations?productType=flight")).status).toBe(500);
    await sb.control("POST", "/faults", { route: "POST /search", kind: "unavailable", contains: "Zanzibar-unique" });
    const other = await sb.call("POST", "/api/v1/search", { body: { productType: "hotel", destination: "Elsewhere" } });
    expect(other.status).toBe(400); // handled: the body itself was read after the fault looked at it
    expect((await sb.call("POST", "/api/v1/search", { body: { destination: "Zanzibar-unique" } })).status).toBe(503);
    expect((await sb.control("DELETE", `/faults/${armed.body.data.id}`)).status).toBe(200);
    expect((await sb.call("GET", "/api/v1/destinations?productType=flight")).status).toBe(200);
    expect((await sb.control("DELETE", `/faults/${armed.body.data.id}`)).status).toBe(404);
  });

  it("refuses a bad fault with the fields named, and needs the admin token", async () => {
    const bad = await sb.control("POST", "/faults", { route: "/bookings", kind: "meteor", count: 0 });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.map((d: { path: string }) => d.path).sort()).toEqual(["count", "kind", "route"]);
    const anon = await sb.call("POST", "/_sandbox/faults", { body: { route: "*", kind: "drop" }, key: null });
    expect(anon.status).toBe(401);
  });

  it("a reset disarms every fault", async () => {
    await sb.control("POST", "/faults", { route: "*", kind: "unavailable", count: 5 });
    await sb.control("POST", "/reset");
    expect((await sb.call("GET", PING)).status).toBe(200);
  });

  it("after: a booking whose answer is dropped was made, and its retry with the same key replays it", async () => {
    const kit = bookingKit(sb);
    const q = await kit.quote("hotel");
    await sb.control("POST", "/faults", { route: "POST /bookings", kind: "drop" });
    const idem = randomUUID();
    const send = () =>
      sb.fetch(
        new Request("http://sandbox.test/api/v1/bookings", {
          method: "POST",
          headers: { "X-API-Key": q.key, "Idempotency-Key": idem, "Content-Type": "application/json" },
          body: JSON.stringify(kit.body(q)),
        }),
      );
    await expect((await send()).text()).rejects.toThrow();
    const retry = await send();
    expect(retry.status).toBe(201);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    const bookings = sb.services.bookings.forAgency(q.agencyId).filter((b) => b.quoteId === q.row.rateQuoteId);
    expect(bookings).toHaveLength(1);
  });

  it("before: a booking struck by a 500 was never made", async () => {
    const kit = bookingKit(sb);
    const q = await kit.quote("hotel");
    await sb.control("POST", "/faults", { route: "POST /bookings", kind: "internal_error" });
    expect((await kit.book(kit.body(q), q.key)).status).toBe(500);
    expect(sb.services.bookings.forAgency(q.agencyId).filter((b) => b.quoteId === q.row.rateQuoteId)).toHaveLength(0);
  });
});
