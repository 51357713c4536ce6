import http from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bffTestKit, type BffTestKit } from "@/lib/testing/bff";
import type { RouteHandler } from "@/lib/bff/handler";
import { installRequestGate, SERVED_METHODS } from "@/lib/security/request-gate";

// Every BFF route hit with generated bad and hostile input (fast-check): wrong types, huge
// strings, control characters, unknown fields, broken JSON, odd path parameters, query keys
// named like built-in properties, with and without a session. No answer may be a 5xx, every
// error is the envelope with a code and a sentence, and a refused request writes nothing.
// (The sign-in and users routes run on next/headers' cookies, which exist only inside Next:
// their input checks are tested in lib/auth; e2e/hardening.spec.ts hits every path over HTTP.)
// Then what reaches the server before any route: generated methods, dot paths and query keys
// through the request gate (lib/security/request-gate.ts) over a real socket.

const RUNS = Number(process.env.FUZZ_RUNS ?? 10_000);

type Route = { path: string; params: string[]; method: string; handler: RouteHandler };

const loaders = import.meta.glob<Record<string, unknown>>("./**/route.ts");
async function loadRoutes(): Promise<Route[]> {
  const out: Route[] = [];
  for (const [file, load] of Object.entries(loaders)) {
    const path = `/api/${file.replace(/^\.\//, "").replace(/\/?route\.ts$/, "")}`;
    if (path.startsWith("/api/auth") || path.startsWith("/api/users")) continue;
    // A stream that stays open until the browser goes: its refusals are the route wrapper's (tested
    // here on every other GET), and app/api/notifications/notifications.test.ts reads and closes it.
    if (path === "/api/notifications/stream") continue;
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

describe("fuzzing the server's door", () => {
  const GATE_RUNS = Math.max(200, Math.round(RUNS / 10));
  /** Every method Node's parser accepts: Next serves seven, and must never see the others. */
  const method = fc.oneof(fc.constantFrom(...http.METHODS.filter((m) => m !== "CONNECT")), fc.constantFrom(...SERVED_METHODS));
  const segment = fc.oneof(
    fc.constantFrom(".", "..", "%2e", "%2E%2e", ".%2e", "...", "a.b", "..a", "bookings", "api", "nope", "bk_1", "%00", "%ff", "admin", "overview", "\\..", ""),
    fc.stringMatching(/^[A-Za-z0-9._~-]{1,8}$/),
  );
  const path = fc.tuple(fc.constantFrom("/api", "/api/", "/", "/bookings/", "/sandbox/api/v1/"), fc.array(segment, { maxLength: 5 })).map(([head, segs]) => `${head}${segs.join("/")}`);
  const query = fc.option(
    fc.array(fc.tuple(fc.constantFrom("__proto__", "constructor", "prototype", "%5F%5Fproto%5F%5F", "mine", "limit", "q", "toString"), fc.constantFrom("x", "1", "")), { minLength: 1, maxLength: 3 }).map((pairs) => pairs.map(([k, v]) => `${k}=${v}`).join("&")),
    { nil: undefined },
  );

  it(`${GATE_RUNS} generated requests: an unknown method is 405, an /api dot path 404, an /api prototype key 400, in the envelope; the rest reach Next`, async () => {
    installRequestGate();
    const reached: string[] = [];
    const server = http.createServer((req, res) => {
      reached.push(`${req.method} ${req.url}`);
      req.resume();
      res.writeHead(204).end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const port = (server.address() as AddressInfo).port;
    const send = (m: string, target: string, body: boolean) =>
      new Promise<{ status: number; allow?: string; text: string }>((resolve, reject) => {
        const req = http.request({ host: "127.0.0.1", port, method: m, path: target, headers: body ? { "content-length": "2" } : {} }, (res) => {
          let text = "";
          res.setEncoding("utf8");
          res.on("data", (c: string) => (text += c));
          res.on("end", () => resolve({ status: res.statusCode!, allow: res.headers.allow, text }));
        });
        req.on("error", reject);
        req.end(body ? "{}" : undefined);
      });
    try {
      await fc.assert(
        fc.asyncProperty(method, path, query, fc.boolean(), async (m, p, q, body) => {
          const target = q === undefined ? p : `${p}?${q}`;
          const before = reached.length;
          const res = await send(m, target, body && m !== "GET" && m !== "HEAD");
          const where = `${m} ${target} → ${res.status} ${res.text.slice(0, 120)}`;
          const underApi = p === "/api" || p.startsWith("/api/");
          // What the URL parser would make of it: a dot path under /api lands elsewhere.
          const dots = p.split(/[/\\]/).some((s) => /^(?:\.|%2e){1,2}$/i.test(s));
          const protoKey = q !== undefined && [...new URLSearchParams(q).keys()].some((k) => ["__proto__", "constructor", "prototype"].includes(k));
          const expected = !(SERVED_METHODS as readonly string[]).includes(m) ? 405 : underApi && dots ? 404 : underApi && protoKey ? 400 : 204;
          expect(res.status, where).toBe(expected);
          if (expected === 204) {
            expect(reached.length, where).toBe(before + 1);
            return;
          }
          expect(reached.length, `reached Next: ${where}`).toBe(before);
          const envelope = JSON.parse(m === "HEAD" ? "null" : res.text) as { data: null; error: { code: string; message: string } } | null;
          if (envelope) expect(envelope, where).toMatchObject({ data: null, error: { code: expect.stringMatching(/^[a-z_]+$/), message: expect.stringMatching(/^[A-Z].*\.$/) } });
          if (expected === 405) expect(res.allow, where).toBe(SERVED_METHODS.join(", "));
        }),
        { numRuns: GATE_RUNS, seed: Number(process.env.FUZZ_SEED ?? 20261127) },
      );
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  }, 300_000);
});
