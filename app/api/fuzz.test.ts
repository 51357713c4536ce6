import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bffTestKit, type BffTestKit } from "@/lib/bff/testkit";
import type { RouteHandler } from "@/lib/bff/handler";

// Every BFF route hit with generated bad and hostile input (fast-check): wrong types, huge
// strings, control characters, unknown fields, broken JSON, odd path parameters, query keys
// named like built-in properties, with and without a session. No answer may be a 5xx, every
// error is the envelope with a code and a sentence, and a refused request writes nothing.
// (The sign-in and users routes run on next/headers' cookies, which exist only inside Next:
// their input checks are tested in lib/auth; e2e/hardening.spec.ts hits every path over HTTP.)

const RUNS = Number(process.env.FUZZ_RUNS ?? 10_000);

type Route = { path: string; params: string[]; method: string; handler: RouteHandler };

const loaders = import.meta.glob<Record<string, unknown>>("./**/route.ts");
async function loadRoutes(): Promise<Route[]> {
  const out: Route[] = [];
  for (const [file, load] of Object.entries(loaders)) {
    const path = `/api/${file.replace(/^\.\//, "").replace(/\/?route\.ts$/, "")}`;
    if (path.startsWith("/api/auth") || path.startsWith("/api/users")) continue;
    const mod = await load();
    const params = [...path.matchAll(/\[(\w+)\]/g)].map((m) => m[1]!);
    for (const method of ["GET", "POST", "PATCH", "PUT", "DELETE"]) {
      if (typeof mod[method] === "function") out.push({ path, params, method, handler: mod[method] as RouteHandler });
    }
  }
  return out;
}
const routes = await loadRoutes();

const PROTO_KEYS = ["constructor", "toString", "valueOf", "hasOwnProperty", "__proto__", "prototype", "isPrototypeOf"];
const hostileString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.constantFrom("\u0000", "bk_\u0000x", "../../etc/passwd", "a/b", " bk_1 ", "%00", "%ff", "'; drop table users; --", "<script>alert(1)</script>", "\ud800", "null", "undefined", "NaN", "-1", "1e309"),
  fc.string({ minLength: 200, maxLength: 400 }),
  fc.constant("x".repeat(100_000)),
);
const jsonish = fc.oneof(
  fc.anything({ maxDepth: 3, withNullPrototype: false }),
  fc.dictionary(fc.oneof(fc.constantFrom(...PROTO_KEYS, "quoteId", "travelers", "productType", "destination", "checkIn", "occupancy", "ids", "limit"), fc.string({ maxLength: 12 })), fc.oneof(hostileString, fc.integer(), fc.boolean(), fc.constant(null), fc.array(hostileString, { maxLength: 3 }))),
);
const rawBody = fc.oneof(
  jsonish.map((v) => JSON.stringify(v) ?? "null"),
  fc.constantFrom("{", "{\"a\":", "[1,2", "\u0000", "", "null", "true", "{\"__proto__\":{\"polluted\":1}}", "{\"constructor\":{\"prototype\":{\"x\":1}}}"),
  fc.string({ maxLength: 60 }),
  fc.constant(`{"q":"${"x".repeat(300_000)}"}`),
);
const query = fc.dictionary(fc.oneof(fc.constantFrom(...PROTO_KEYS, "limit", "cursor", "q", "state", "ids", "sort", "page", "type"), fc.string({ maxLength: 10 })), hostileString, { maxKeys: 4 });

const request = fc.record({
  route: fc.constantFrom(...routes),
  params: fc.array(hostileString, { minLength: 3, maxLength: 3 }),
  query,
  body: fc.option(rawBody, { nil: undefined }),
  signedIn: fc.boolean(),
  idempotencyKey: fc.option(fc.oneof(fc.uuid(), hostileString), { nil: undefined }),
  contentType: fc.constantFrom("application/json", "text/plain", "application/x-www-form-urlencoded", ""),
});

let kit: BffTestKit;
beforeAll(async () => {
  kit = await bffTestKit();
});
afterAll(() => kit.close());

const written = async () => {
  const [row] = (await kit.db.execute(sql`select (select count(*) from bookings_ledger)::int as ledger, (select count(*) from booking_actions)::int as actions, (select count(*) from booking_facts)::int as facts`)).rows as Array<{ ledger: number; actions: number }>;
  return `${row!.ledger}/${row!.actions}`;
};

describe("fuzzing the BFF", () => {
  it(`${RUNS} generated hostile requests over every route: no 5xx, always the envelope, nothing written when refused`, async () => {
    expect(routes.length).toBeGreaterThan(20);
    const seen = { requests: 0, fiveXx: 0, byStatus: new Map<number, number>() };
    const started = performance.now();
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        kit.as(r.signedIn ? kit.people.advisor : null);
        const params = Object.fromEntries(r.route.params.map((p, i) => [p, r.params[i]!]));
        const headers: Record<string, string> = {};
        if (r.idempotencyKey !== undefined) headers["idempotency-key"] = r.idempotencyKey.slice(0, 200).replace(/[^\t\x20-\x7e]/g, "?");
        if (r.contentType) headers["content-type"] = r.contentType;
        const before = await written();
        const res = await kit.call(r.route.handler, r.route.path, {
          method: r.route.method,
          params,
          query: r.query,
          headers,
          ...(r.route.method === "GET" || r.body === undefined ? {} : { rawBody: r.body }),
        });
        seen.requests += 1;
        seen.byStatus.set(res.status, (seen.byStatus.get(res.status) ?? 0) + 1);
        if (res.status >= 500) seen.fiveXx += 1;
        const where = `${r.route.method} ${r.route.path} → ${res.status} ${res.text.slice(0, 200)}`;
        expect(res.status, where).toBeLessThan(500);
        if (res.status >= 400) {
          expect(res.body, where).toMatchObject({ data: null, error: { code: expect.stringMatching(/^[a-z_]+$/), message: expect.any(String) } });
          // Refused by the desk (input, session, role, origin): nothing written. An action the
          // service refused (404 unknown booking, 409…) keeps its attempt in the history, by design.
          if ([400, 401, 403].includes(res.status)) expect(await written(), `refused, yet written: ${where}`).toBe(before);
        }
      }),
      { numRuns: RUNS, seed: Number(process.env.FUZZ_SEED ?? 20261124) },
    );
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `fuzz: ${seen.requests} requests over ${routes.length} route methods in ${seconds.toFixed(1)} s, ${seen.fiveXx} answers of 5xx; statuses ${[...seen.byStatus].sort((a, b) => a[0] - b[0]).map(([s, n]) => `${s}×${n}`).join(" ")}`,
    );
    expect(seen.fiveXx).toBe(0);
  }, 600_000);
});
