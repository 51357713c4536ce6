import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { sealData } from "iron-session";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { stampPeerAddress } from "@/lib/auth/peer-stamp";
import { hashPassword } from "@/lib/auth/passwords";
import { SESSION_COOKIE, SESSION_TTL_SECONDS } from "@/lib/auth/session-core";
import { createLoginThrottle, type LoginThrottle } from "@/lib/auth/throttle";
import { createUser, findUserByEmail, setUserActive } from "@/lib/auth/users";
import { openDb, type Db, type DbHandle, type DbOptions } from "@/lib/db";
import { sessions } from "@/lib/db/schema";
import { getEnv } from "@/lib/env";
import { adminQuery, testDatabaseName, testDatabaseUrl } from "@/lib/testing/databases";
import * as login from "./login/route";
import * as logout from "./logout/route";
import * as session from "./session/route";
import * as usersRoute from "../users/route";

// The sign-in handlers themselves, as Next runs them: the cookie store of `next/headers` is this
// file's jar (one per browser), `getDb()` is the database of the instance being called, the
// throttle counts in memory. Nothing else is replaced.

const state = vi.hoisted(() => ({
  jar: new Map<string, string>(),
  db: null as unknown,
  throttle: null as unknown,
}));

vi.mock("server-only", () => ({}));
vi.mock("next/headers", () => ({
  cookies: async () => ({
    get: (name: string) => (state.jar.has(name) ? { name, value: state.jar.get(name)! } : undefined),
    set: (name: string, value: string, options?: { maxAge?: number }) => {
      if (value === "" || options?.maxAge === 0) state.jar.delete(name);
      else state.jar.set(name, value);
    },
  }),
}));
vi.mock("@/lib/db", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/db")>()),
  getDb: async () => state.db,
}));
vi.mock("@/lib/auth/throttle", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/auth/throttle")>()),
  getLoginThrottle: async () => state.throttle,
}));

const PASSWORD = "a long enough password";
const origin = () => getEnv().APP_ORIGIN;

type Browser = Map<string, string>;
type Handler = (request: NextRequest, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

/**
 * One request from `browser` to the instance whose database is `db`; `headers` replace the
 * desk's own (its Origin, a JSON type for a body), a null value leaving one out.
 */
async function call(db: Db, browser: Browser, handler: Handler, method: string, path: string, body?: unknown, headers: Record<string, string | null> = {}): Promise<Response> {
  state.db = db;
  state.jar = browser;
  const sent: Record<string, string | null> = { origin: origin(), ...(body !== undefined ? { "content-type": "application/json" } : {}), ...headers };
  const given = Object.fromEntries(Object.entries(sent).filter((e): e is [string, string] => e[1] !== null));
  return handler(new NextRequest(`${origin()}${path}`, { method, headers: given, body: body === undefined ? undefined : JSON.stringify(body) }), { params: Promise.resolve({}) });
}

const signIn = (db: Db, browser: Browser, email: string) => call(db, browser, login.POST, "POST", "/api/auth/login", { email, password: PASSWORD });
const whoAmI = async (db: Db, browser: Browser) => (await call(db, browser, session.GET, "GET", "/api/auth/session")).status;
const signOut = (db: Db, browser: Browser) => call(db, browser, logout.POST, "POST", "/api/auth/logout");
const listUsers = async (db: Db, browser: Browser) => (await call(db, browser, usersRoute.GET, "GET", "/api/users")).status;

/* ------------------------------------------------------------ databases */

type Target = { name: string; instances: number; setup: () => Promise<DbOptions>; teardown: () => Promise<void> };

/** A fresh PostgreSQL database of this file's own (lib/testing/databases.ts), opened by two instances. */
function postgresTarget(): Target {
  const dbName = testDatabaseName("auth");
  return {
    name: "PostgreSQL, two instances",
    instances: 2,
    setup: async () => {
      await adminQuery(`create database "${dbName}"`);
      return { driver: "postgres", url: testDatabaseUrl(dbName), maxConnections: 4 };
    },
    teardown: () => adminQuery(`drop database if exists "${dbName}" with (force)`),
  };
}

const targets: Target[] = [
  { name: "PGlite", instances: 1, setup: async () => ({ driver: "pglite", dataDir: ":memory:" }), teardown: async () => {} },
  postgresTarget(),
];

describe.each(targets)("signing out on $name", (target) => {
  // Each instance is its own handle on the database, as two app processes would hold.
  const handles: DbHandle[] = [];
  let a: Db;
  let b: Db;
  beforeAll(async () => {
    state.throttle = createLoginThrottle({ kind: "memory" });
    const options = await target.setup();
    for (let i = 0; i < target.instances; i++) handles.push(await openDb(options));
    a = handles[0]!.db;
    b = handles.at(-1)!.db;
    const passwordHash = await hashPassword(PASSWORD);
    await createUser(a, { email: "ada@desk.test", name: "Ada Admin", role: "admin", passwordHash });
    await createUser(a, { email: "ana@desk.test", name: "Ana Advisor", role: "advisor", passwordHash });
  });
  afterAll(async () => {
    for (const h of handles) await h.close();
    await target.teardown();
  });

  it("revokes the session on the server: the old cookie, replayed on any instance, gets 401", async () => {
    const laptop: Browser = new Map();
    const phone: Browser = new Map();
    expect((await signIn(a, laptop, "ada@desk.test")).status).toBe(200);
    expect((await signIn(b, phone, "ada@desk.test")).status).toBe(200);
    const copied: Browser = new Map(laptop);
    expect(copied.get(SESSION_COOKIE)).toBeTruthy();
    expect(await whoAmI(a, laptop)).toBe(200);
    expect(await whoAmI(b, copied)).toBe(200);
    expect(await listUsers(b, copied)).toBe(200);

    const out = await signOut(a, laptop);
    expect(out.status).toBe(303);
    expect(laptop.has(SESSION_COOKIE)).toBe(false);

    // The copy of the cookie is still sealed and unexpired, and still refused, here and elsewhere.
    expect(await whoAmI(a, copied)).toBe(401);
    expect(await whoAmI(b, copied)).toBe(401);
    expect(await listUsers(a, copied)).toBe(401);
    expect(await listUsers(b, copied)).toBe(401);
    // Signing out ends this browser's session only.
    expect(await whoAmI(a, phone)).toBe(200);
  });

  it("refuses a cookie from before server-side sessions (no session ID)", async () => {
    const ada = await findUserByEmail(a, "ada@desk.test");
    const seal = await sealData({ userId: ada!.id, sessionVersion: ada!.sessionVersion }, { password: getEnv().SESSION_SECRET, ttl: SESSION_TTL_SECONDS });
    expect(await whoAmI(b, new Map([[SESSION_COOKIE, seal]]))).toBe(401);
  });

  it("deactivating a user ends every session of theirs, on every instance, and marks the rows revoked", async () => {
    const desk: Browser = new Map();
    const home: Browser = new Map();
    const res = await signIn(a, desk, "ana@desk.test");
    expect(res.status).toBe(200);
    const { data } = (await res.json()) as { data: { user: { id: string } } };
    expect((await signIn(b, home, "ana@desk.test")).status).toBe(200);
    expect(await whoAmI(b, desk)).toBe(200);

    await setUserActive(a, { actorId: null, userId: data.user.id, active: false });
    expect(await whoAmI(b, desk)).toBe(401);
    expect(await whoAmI(a, home)).toBe(401);
    const rows = await b.select().from(sessions).where(eq(sessions.userId, data.user.id));
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.revokedAt !== null)).toBe(true);
  });
});

/* ------------------------------------------------------------ one door */

describe("the sign-in and users routes behind the BFF's one door", () => {
  let handle: DbHandle;
  let db: Db;
  const admin: Browser = new Map();
  beforeAll(async () => {
    state.throttle = createLoginThrottle({ kind: "memory" });
    handle = await openDb({ driver: "pglite", dataDir: ":memory:" });
    db = handle.db;
    const passwordHash = await hashPassword(PASSWORD);
    await createUser(db, { email: "ada@desk.test", name: "Ada Admin", role: "admin", passwordHash });
    await createUser(db, { email: "bo@desk.test", name: "Bo Advisor", role: "advisor", passwordHash });
    expect((await signIn(db, admin, "ada@desk.test")).status).toBe(200);
  });
  afterAll(() => handle.close());

  const invite = (n: number, headers: Record<string, string | null>, body: unknown = { name: `Guest ${n}`, email: `guest-${n}@desk.test`, role: "advisor" }) =>
    call(db, admin, usersRoute.POST, "POST", "/api/users", body, headers);
  const refused = { data: null, meta: {}, error: { code: "forbidden", message: "This request did not come from the desk's own pages, so it was refused. Reload the page and try again.", details: [] } };

  it.each([
    ["no Origin and a foreign Referer, sent as text/plain", { origin: null, referer: "https://evil.example/", "content-type": "text/plain" }],
    ["no Origin and a foreign Referer", { origin: null, referer: "https://evil.example/page" }],
    ["no Origin, no Referer and no Sec-Fetch-Site", { origin: null }],
    ["no Origin, Sec-Fetch-Site: same-site", { origin: null, "sec-fetch-site": "same-site" }],
    ["our Origin with Sec-Fetch-Site: cross-site", { "sec-fetch-site": "cross-site" }],
    ["another Origin", { origin: "https://evil.example" }],
    ["Origin: null", { origin: "null" }],
    ["another Origin named by X-Forwarded-Host from a client that is no trusted proxy", { origin: "https://evil.example", "x-forwarded-host": "evil.example" }],
  ])("refuses an invite with %s (403, nothing written)", async (_name, headers) => {
    const res = await invite(1, headers);
    expect({ status: res.status, body: await res.json() }).toEqual({ status: 403, body: refused });
    expect(await findUserByEmail(db, "guest-1@desk.test")).toBeNull();
  });

  it("refuses a body that is not sent as JSON with 415, in the envelope", async () => {
    const res = await invite(2, { "content-type": "text/plain" });
    expect({ status: res.status, body: await res.json() }).toEqual({
      status: 415,
      body: { data: null, meta: {}, error: { code: "unsupported_media_type", message: "The request body must be sent as JSON.", details: [] } },
    });
    expect(await findUserByEmail(db, "guest-2@desk.test")).toBeNull();
  });

  it("takes an invite from the desk's own page: its Origin, or without one its Referer", async () => {
    expect((await invite(3, {})).status).toBe(201);
    expect((await invite(4, { origin: null, referer: `${origin()}/admin/users` })).status).toBe(201);
    expect((await invite(5, { "content-type": "application/json; charset=utf-8", "sec-fetch-site": "same-origin" })).status).toBe(201);
  });

  it("answers a user's mistake in the envelope with its field (UserError through the one error table)", async () => {
    const res = await invite(6, {}, { name: "Bo again", email: "BO@desk.test", role: "advisor" });
    const message = "Someone already has an account with this email address.";
    expect({ status: res.status, body: await res.json() }).toEqual({
      status: 409,
      body: { data: null, meta: {}, error: { code: "conflict", message, details: [{ path: "email", message }] } },
    });
  });

  it.each([15, 30])("%i wrong passwords at once for one account get at most five 401s, the rest 429", async (burst) => {
    state.throttle = createLoginThrottle({ kind: "memory" });
    const statuses = await Promise.all(
      Array.from({ length: burst }, () => call(db, new Map(), login.POST, "POST", "/api/auth/login", { email: "bo@desk.test", password: "not the password" }).then((r) => r.status)),
    );
    const count = (status: number) => statuses.filter((s) => s === status).length;
    expect(count(401)).toBeLessThanOrEqual(5);
    expect(count(401) + count(429)).toBe(burst);
    // The window is spent: even the right password waits.
    expect((await signIn(db, new Map(), "bo@desk.test")).status).toBe(429);
  });
});

/* ------------------------------------------------------------ the throttle over a socket */

describe("the sign-in throttle over a real socket", () => {
  // A server like `next start`: instrumentation.ts's stamp, then what Next does to the headers
  // (X-Forwarded-For set from the socket only when the client sent none), then the login route.
  let handle: DbHandle;
  let server: http.Server;
  let url: string;
  let throttle: LoginThrottle;
  const savedTrusted = process.env.TRUSTED_PROXIES;

  beforeAll(async () => {
    stampPeerAddress();
    handle = await openDb({ driver: "pglite", dataDir: ":memory:" });
    await createUser(handle.db, { email: "ana@desk.test", name: "Ana Advisor", role: "advisor", passwordHash: await hashPassword(PASSWORD) });
    throttle = createLoginThrottle({ kind: "memory" });
    delete process.env.TRUSTED_PROXIES;
    server = http.createServer((req, res) => {
      void (async () => {
        req.headers["x-forwarded-for"] ??= req.socket.remoteAddress;
        const chunks: Buffer[] = [];
        for await (const chunk of req) chunks.push(chunk as Buffer);
        const headers = new Headers();
        for (const [name, value] of Object.entries(req.headers)) {
          for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, v);
        }
        state.db = handle.db;
        state.throttle = throttle;
        state.jar = new Map();
        const request = new NextRequest(`http://${req.headers.host}${req.url}`, { method: req.method, headers, body: Buffer.concat(chunks) });
        const answer = await login.POST(request, { params: Promise.resolve({}) });
        res.writeHead(answer.status, { "content-type": "application/json", "retry-after": answer.headers.get("retry-after") ?? "" });
        res.end(await answer.text());
      })();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    if (savedTrusted === undefined) delete process.env.TRUSTED_PROXIES;
    else process.env.TRUSTED_PROXIES = savedTrusted;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await handle.close();
  });

  /** A sign-in as `email`, with the headers a client chose to send. */
  const attempt = (email: string, password: string, headers: Record<string, string> = {}) =>
    fetch(`${url}/api/auth/login`, {
      method: "POST",
      headers: { origin: url, "content-type": "application/json", ...headers },
      body: JSON.stringify({ email, password }),
    }).then((r) => r.status);

  it("rotating X-Forwarded-For (or forging the stamp) from a throttled address still gets 429", async () => {
    // 20 failures from this address, each for another account (so only the address's count binds).
    const first: number[] = [];
    for (let i = 0; i < 20; i++) first.push(await attempt(`guess-${i}@desk.test`, "wrong password!"));
    expect(first).toEqual(Array(20).fill(401));

    const rotated: number[] = [];
    for (let i = 1; i <= 10; i++) {
      rotated.push(await attempt(`more-${i}@desk.test`, "wrong password!", { "x-forwarded-for": `198.51.100.${i}`, "x-agency-desk-peer": `203.0.113.${i}` }));
    }
    expect(rotated).toEqual(Array(10).fill(429));
    // Even the right password waits out the window from this address.
    expect(await attempt("ana@desk.test", PASSWORD, { "x-forwarded-for": "198.51.100.99" })).toBe(429);
  });

  it("believes X-Forwarded-For from a proxy in TRUSTED_PROXIES: each forwarded client has its own count", async () => {
    process.env.TRUSTED_PROXIES = "127.0.0.1";
    const statuses: number[] = [];
    for (let i = 1; i <= 5; i++) statuses.push(await attempt(`other-${i}@desk.test`, "wrong password!", { "x-forwarded-for": `198.51.100.${i}` }));
    expect(statuses).toEqual(Array(5).fill(401));
    expect(await attempt("ana@desk.test", PASSWORD, { "x-forwarded-for": "198.51.100.200" })).toBe(200);
    // The proxy's own requests (no X-Forwarded-For) are still this throttled address.
    expect(await attempt("ana@desk.test", PASSWORD)).toBe(429);
  });
});
