// Two app instances, one rate budget, one desk, after `next build`: `npx tsx scripts/two-instances.ts`
// Starts one standalone sandbox as the service and two `next start` instances of the built app
// on one fresh PostgreSQL database and one Redis, signs in both demo users on both instances,
// fires many more suggestions through both than the service allows per minute, and checks that
// together they stay inside the service's limit (docs/bff.md#rate-shaping): the sandbox never
// answered 429, and what it accepted in the window is at most its limit and most of the desk's
// 90% budget. Both run the desk's jobs (JOBS=on): pending bookings made through either are checked
// by one instance at a time, never twice within 15 s, and settle once (scripts/two-instances-jobs.ts).
// Needs PostgreSQL at TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test;
// `npm test` sets it, see scripts/test-services.sh) and Redis at TWO_INSTANCES_REDIS_URL
// (default redis://127.0.0.1:6379).
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { Redis } from "ioredis";
import pg from "pg";
import { DEMO_USERS } from "../lib/auth/config";
import { DEV_TDS_API_KEY } from "../lib/env";
import { countingProxy, jobsShareTheWork, type UpstreamCall } from "./two-instances-jobs";

const root = path.resolve(import.meta.dirname, "..");
const ADMIN_DB_URL = process.env.TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test";
const REDIS_URL = process.env.TWO_INSTANCES_REDIS_URL || "redis://127.0.0.1:6379";
// This run's own namespace (REDIS_KEY_PREFIX): its budget is shared by its two instances and nobody else.
const KEY_PREFIX = `two-instances-${process.pid}-${Date.now().toString(36)}`;
/** The service's per-key limit for GET /catalog/suggest and the desk's share of it (lib/bff/rate-shaping.ts). */
const LIMIT = 120;
const BUDGET = Math.floor(LIMIT * 0.9);
const REQUESTS = 200;
/** The burst must start and be counted inside one clock minute (the windows of both shaper and sandbox). */
const MIN_WINDOW_LEFT_MS = 25_000;
const SANDBOX_ADMIN_TOKEN = "two-instances-sandbox-admin";
const SHAPED_MESSAGE = "The desk is busy with other requests to the travel service.";

if (!existsSync(path.join(root, ".next", "BUILD_ID"))) {
  console.error("No production build in .next (no .next/BUILD_ID): run `npx next build` first.");
  process.exit(2);
}

/* ------------------------------------------------------------ processes and cleanup */

type Proc = { name: string; child: ChildProcess; log: () => string };
const procs: Proc[] = [];
const dbName = `agency_desk_two_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
let dbCreated = false;
const closers: Array<() => Promise<void>> = [];

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = net.createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });

function start(name: string, args: string[], env: Record<string, string | undefined>): Proc {
  // Its own process group, so that stopping it stops its children too.
  const child = spawn(process.execPath, args, { cwd: root, env: env as NodeJS.ProcessEnv, stdio: ["ignore", "pipe", "pipe"], detached: true });
  let log = "";
  child.stdout!.on("data", (d: Buffer) => (log += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (log += d.toString()));
  const proc = { name, child, log: () => log };
  procs.push(proc);
  return proc;
}

const exited = (child: ChildProcess, ms: number) =>
  new Promise<boolean>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve(true);
    const timer = setTimeout(() => resolve(false), ms);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve(true);
    });
  });

function signalGroup(child: ChildProcess, signal: NodeJS.Signals) {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

let cleanedUp: Promise<void> | null = null;
function cleanup(): Promise<void> {
  cleanedUp ??= (async () => {
    for (const { child } of procs) signalGroup(child, "SIGTERM");
    await Promise.all(closers.map((close) => close().catch(() => {})));
    await Promise.all(
      procs.map(async ({ child }) => {
        if (!(await exited(child, 5_000))) signalGroup(child, "SIGKILL");
        // Children of a stopped parent may linger in its group.
        signalGroup(child, "SIGKILL");
      }),
    );
    if (dbCreated) {
      const admin = new pg.Client({ connectionString: ADMIN_DB_URL, connectionTimeoutMillis: 5_000 });
      try {
        await admin.connect();
        await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
      } catch (err) {
        console.error(`could not drop the database ${dbName}: ${err instanceof Error ? err.message : String(err)}`);
      } finally {
        await admin.end().catch(() => {});
      }
    }
  })();
  return cleanedUp;
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    console.error(`\n${signal}: stopping`);
    void cleanup().then(() => process.exit(130));
  });
}

/* ------------------------------------------------------------ assertions */

let passed = 0;
const failures: string[] = [];
function expect(ok: boolean, what: string) {
  if (ok) passed++;
  else failures.push(what);
  console.log(`  ${ok ? "ok  " : "FAIL"}  ${what}`);
}

/* ------------------------------------------------------------ the app */

type Instance = { name: string; origin: string; proc: Proc };
type Session = { instance: Instance; email: string; cookie: string };

async function waitHealthy(url: string, proc: Proc, ms = 90_000, init?: RequestInit): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (proc.child.exitCode !== null) throw new Error(`${proc.name} exited (${proc.child.exitCode}):\n${proc.log()}`);
    try {
      const res = await fetch(url, init);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${proc.name} did not become healthy at ${url} in time:\n${proc.log()}`);
}

async function signIn(instance: Instance, email: string, password: string): Promise<Session> {
  const res = await fetch(`${instance.origin}/api/auth/login`, {
    method: "POST",
    headers: { origin: instance.origin, "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  if (res.status !== 200 || !cookie) throw new Error(`could not sign in as ${email} on ${instance.name}: ${res.status} ${await res.text()}`);
  return { instance, email, cookie };
}

type Outcome = { status: number; code?: string; message?: string };

/** A JSON call to an instance as a signed-in person; the body's `data`, or the envelope's error. */
async function call(session: Session, on: Instance, method: string, pathname: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${on.origin}${pathname}`, {
    method,
    headers: { cookie: session.cookie, origin: on.origin, ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json().catch(() => null)) as { data?: any; error?: { code: string; details?: unknown[] } | null } | null; // eslint-disable-line @typescript-eslint/no-explicit-any
  return { status: res.status, data: json?.data, code: json?.error?.code, details: json?.error?.details };
}

/**
 * A booking through an instance: search, price-check, book (one idempotency key). The search's
 * query asks the sandbox to leave its bookings waiting for the supplier (refresh-status confirms
 * them 2 minutes of the service's clock later). Answers its ID, or undefined when refused.
 */
async function bookPending(session: Session, on: Instance): Promise<string | undefined> {
  const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
  const search = await call(session, on, "POST", "/api/search", {
    productType: "hotel",
    destination: "Barcelona",
    query: "sandbox:supplier-pending",
    checkIn: day(45),
    checkOut: day(47),
    occupancy: [{ adults: 1, childrenAges: [] }],
    residency: "US",
  });
  let bookingId: string | undefined;
  if (search.status === 201) {
    const searchId = search.data.searchId as string;
    let rows: Array<{ rateQuoteId: string; productType: string; summary: { isPackage?: boolean; requiresGuestTitle?: boolean } }> = [];
    for (let i = 0; i < 40 && rows.length === 0; i++) {
      const page = await call(session, on, "GET", `/api/search/${searchId}/results?limit=50`);
      rows = (page.data ?? []).filter((r: (typeof rows)[number]) => !r.summary.isPackage && !r.summary.requiresGuestTitle);
      if (rows.length === 0) await new Promise((r) => setTimeout(r, 250));
    }
    for (const row of rows.slice(0, 5)) {
      const check = await call(session, on, "POST", `/api/quotes/${row.rateQuoteId}/price-check`, {});
      if (check.status !== 200) continue;
      const booked = await call(
        session,
        on,
        "POST",
        "/api/bookings",
        {
          quoteId: row.rateQuoteId,
          searchId,
          productType: "hotel",
          paymentMethod: "credit",
          travelers: [{ roomIndex: 0, type: "adult", title: "Ms", firstName: "Tess", lastName: "Twoinstances", email: "tess@example.com", phone: "+14155550123" }],
          ...(check.data.changesAcknowledgementRequired ? { changesAcknowledged: true } : {}),
        },
        { "idempotency-key": randomUUID() },
      );
      if (booked.status === 201) {
        bookingId = booked.data.bookingId as string;
        break;
      }
      console.log(`  booking refused: ${booked.status} ${booked.code} ${JSON.stringify(booked.details ?? [])}`);
    }
  } else console.log(`  search refused: ${search.status} ${search.code}`);
  return bookingId;
}

/**
 * What the desk keeps is shared by the instances (PostgreSQL and Redis), so any of them can
 * serve any request: a session made on A works on B and, signed out on A, stops on B; a booking
 * made through A shows who booked it on B; Needs attention counts the same on both.
 */
async function sharedState([a, b]: Instance[]): Promise<string | undefined> {
  const [advisor] = DEMO_USERS.filter((u) => u.role === "advisor");
  const onA = await signIn(a!, advisor!.email, advisor!.password);
  expect((await call(onA, b!, "GET", "/api/auth/session")).status === 200, "a session made on A is signed in on B");

  // Before any booking: what Needs attention counts on A (the agency may have some already).
  const countOn = async (i: Instance) => (await call(onA, i, "GET", "/api/attention/count")).data?.count as number | undefined;
  const before = await countOn(a!);

  // A booking through A, waiting for the supplier, so it needs attention.
  const bookingId = await bookPending(onA, a!);
  expect(bookingId !== undefined, "a booking was made through A");
  if (bookingId) {
    const seen = await call(onA, b!, "GET", `/api/bookings/${bookingId}`);
    expect(seen.status === 200 && JSON.stringify(seen.data).includes("Alex Advisor"), "B shows who booked it (the ledger is shared)");
  }
  const counts = await Promise.all([a!, b!].map(countOn));
  expect(
    typeof before === "number" && counts[0] === before + 1 && counts[1] === counts[0],
    `the pending booking made through A needs attention on both (${before} before; ${counts.join(" on A, ")} on B)`,
  );

  // Signed out on A: the same cookie is refused on B at once.
  await fetch(`${a!.origin}/api/auth/logout`, { method: "POST", headers: { cookie: onA.cookie, origin: a!.origin }, redirect: "manual" });
  expect((await call(onA, b!, "GET", "/api/auth/session")).status === 401, "signed out on A, the old cookie gets 401 on B");
  return bookingId;
}

async function suggest(session: Session, q: string): Promise<Outcome> {
  try {
    const res = await fetch(`${session.instance.origin}/api/suggest?q=${encodeURIComponent(q)}`, { headers: { cookie: session.cookie } });
    const body = (await res.json().catch(() => null)) as { error?: { code?: string; message?: string } | null } | null;
    return { status: res.status, code: body?.error?.code, message: body?.error?.message };
  } catch (err) {
    return { status: 0, message: err instanceof Error ? err.message : String(err) };
  }
}

/* ------------------------------------------------------------ the run */

const started = Date.now();
const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1, connectTimeout: 2_000, lazyConnect: true });
try {
  await redis.connect();

  const admin = new pg.Client({ connectionString: ADMIN_DB_URL, connectionTimeoutMillis: 5_000 });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${dbName}"`);
    dbCreated = true;
  } finally {
    await admin.end();
  }
  const dbUrl = new URL(ADMIN_DB_URL);
  dbUrl.pathname = `/${dbName}`;

  const [sandboxPort, portA, portB] = await Promise.all([freePort(), freePort(), freePort()]);
  const sandboxUrl = `http://127.0.0.1:${sandboxPort}`;
  const { NODE_ENV: _nodeEnv, ...inherited } = process.env;
  const sandboxEnv: Record<string, string | undefined> = {
    ...inherited,
    SANDBOX_PORT: String(sandboxPort),
    SANDBOX_DATA_DIR: ":memory:",
    SANDBOX_LATENCY_SCALE: "0",
    // This check is about the specification's limits, whatever the shell says.
    SANDBOX_RATE_LIMIT_SCALE: "1",
    TDS_API_KEY: DEV_TDS_API_KEY,
    SANDBOX_ADMIN_TOKEN,
  };
  const sandbox = start("sandbox", [path.join(root, "node_modules/tsx/dist/cli.mjs"), "lib/sandbox/server.ts"], sandboxEnv);

  // Each instance reaches the service through a proxy that notes its calls (who, what, when).
  const upstream: UpstreamCall[] = [];
  const proxies = await Promise.all(["A", "B"].map((via) => countingProxy(via, sandboxUrl, upstream)));
  closers.push(...proxies.map((p) => p.close));

  const sessionSecret = randomBytes(32).toString("hex");
  const instances: Instance[] = [
    ["A", portA],
    ["B", portB],
  ].map(([name, port], n) => {
    const origin = `http://127.0.0.1:${port}`;
    const proc = start(`instance ${name}`, [path.join(root, "node_modules/next/dist/bin/next"), "start", "-p", String(port), "-H", "127.0.0.1"], {
      ...process.env,
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      APP_ORIGIN: origin,
      TDS_RATE_LIMIT_SCALE: "1",
      DATABASE_URL: dbUrl.toString(),
      REDIS_URL,
      REDIS_KEY_PREFIX: KEY_PREFIX,
      SESSION_SECRET: sessionSecret,
      TDS_BASE_URL: proxies[n]!.url,
      JOBS: "on",
      TDS_API_KEY: DEV_TDS_API_KEY,
      SANDBOX: "off",
      SEED_DEMO_USERS: "1",
    });
    return { name: name as string, origin, proc };
  });

  await waitHealthy(`${sandboxUrl}/api/v1/search/capabilities?market=US`, sandbox, 30_000, { headers: { "X-API-Key": DEV_TDS_API_KEY } });
  // One at a time: the first migrates the fresh database, the second then finds it ready.
  for (const i of instances) await waitHealthy(`${i.origin}/api/health`, i.proc);
  console.log(`sandbox on ${sandboxUrl}, instances on ${instances.map((i) => i.origin).join(" and ")}, database ${dbName} (${((Date.now() - started) / 1000).toFixed(1)}s)`);

  // Both demo users on both instances: each advisor may take half the budget, so only a
  // budget shared through Redis keeps two instances × two users inside the limit.
  const users = DEMO_USERS.slice(0, 2);
  const sessions: Session[] = [];
  for (const i of instances) for (const u of users) sessions.push(await signIn(i, u.email, u.password));

  // Start early in a clock minute so the whole burst and the count fall in one window.
  const left = () => 60_000 - (Date.now() % 60_000);
  if (left() < MIN_WINDOW_LEFT_MS) {
    const wait = left() + 300;
    console.log(`waiting ${(wait / 1000).toFixed(1)}s for the next minute window`);
    await new Promise((r) => setTimeout(r, wait));
  }
  const w = Math.floor(Date.now() / 60_000);

  const prefixes = ["lon", "par", "bar", "rom", "ber", "mad", "lis", "ams", "new", "tok"];
  const burstStarted = Date.now();
  const jobs = Array.from({ length: REQUESTS }, (_, n) => {
    const session = sessions[n % sessions.length]!;
    // Distinct (no answer comes from the cache) and made of words under four letters: a query the
    // service finds nothing for would otherwise be checked for a typo, and a correction is a second
    // suggest call (lib/bff/suggest.ts). Whether the place names had loaded by then decided it: a
    // loaded machine's run counted 108 upstream calls for 100 answers and failed the check below.
    const q = `${prefixes[n % prefixes.length]} ${String.fromCharCode(97 + (Math.floor(n / prefixes.length) % 26))} ${n}`;
    return suggest(session, q).then((o) => ({ session, o }));
  });
  const results = await Promise.all(jobs);
  const burstMs = Date.now() - burstStarted;

  // What the service accepted in this window: its remaining suggest budget, asked directly.
  let remaining = 0;
  let probed = 0;
  for (;;) {
    const batch = await Promise.all(
      Array.from({ length: 20 }, () =>
        fetch(`${sandboxUrl}/api/v1/catalog/suggest?q=zz`, { headers: { "X-API-Key": DEV_TDS_API_KEY } }).then((r) => r.status),
      ),
    );
    probed += batch.length;
    remaining += batch.filter((s) => s === 200).length;
    if (batch.some((s) => s === 429) || probed > LIMIT + 20) break;
  }
  const sameWindow = Math.floor(Date.now() / 60_000) === w;
  const upstreamAccepted = LIMIT - remaining;

  const tally = (filter: (r: (typeof results)[number]) => boolean) => {
    const rs = results.filter(filter);
    return {
      ok: rs.filter((r) => r.o.status === 200).length,
      shaped: rs.filter((r) => r.o.status === 429 && r.o.message?.startsWith(SHAPED_MESSAGE)).length,
      upstream429: rs.filter((r) => r.o.status === 429 && !r.o.message?.startsWith(SHAPED_MESSAGE)).length,
      other: rs.filter((r) => r.o.status !== 200 && r.o.status !== 429),
    };
  };
  console.log(`\n${REQUESTS} GET /api/suggest in ${(burstMs / 1000).toFixed(1)}s through both instances (limit ${LIMIT}/min, desk budget ${BUDGET}):`);
  for (const i of instances) {
    const t = tally((r) => r.session.instance === i);
    const perUser = users.map((u) => `${u.email.split("@")[0]} ${tally((r) => r.session.instance === i && r.session.email === u.email).ok}`).join(", ");
    console.log(`  instance ${i.name}: ${t.ok} ok, ${t.shaped} shaped (429), ${t.upstream429} service 429 passed on, ${t.other.length} other (ok per user: ${perUser})`);
  }
  const all = tally(() => true);
  console.log(`  upstream accepted ${upstreamAccepted} suggest calls this window (limit ${LIMIT}; probe found ${remaining} left)\n`);

  expect(all.other.length === 0, `every answer is 200 or 429 (${all.other.length} others${all.other.length ? `: ${[...new Set(all.other.map((r) => `${r.o.status} ${r.o.code ?? ""} ${r.o.message ?? ""}`))].slice(0, 3).join("; ")}` : ""})`);
  expect(all.upstream429 === 0, `the service never answered 429 rate_limited to the app (${all.upstream429} passed on)`);
  expect(sameWindow, "the burst and the count fell in one minute window");
  expect(upstreamAccepted <= LIMIT && remaining > 0, `upstream accepted ${upstreamAccepted}, under the service's limit ${LIMIT} (the probe found ${remaining} left)`);
  expect(upstreamAccepted === all.ok, `each BFF 200 was one upstream call (${all.ok} ok, ${upstreamAccepted} upstream)`);
  expect(all.ok <= BUDGET, `both instances together stayed within the desk's budget: ${all.ok} ≤ ${BUDGET}`);
  expect(all.ok >= Math.ceil(BUDGET * 0.9), `most of the budget was used: ${all.ok} ≥ ${Math.ceil(BUDGET * 0.9)} (90% of ${BUDGET})`);
  expect(
    instances.every((i) => tally((r) => r.session.instance === i).ok > 0),
    "both instances served some suggestions",
  );

  const first = await sharedState(instances);

  // More pending bookings, through both instances, for the jobs to follow.
  const [advisor] = DEMO_USERS.filter((u) => u.role === "advisor");
  const bookingIds = [first];
  for (const i of [...instances, ...instances].slice(0, 3)) bookingIds.push(await bookPending(await signIn(i, advisor!.email, advisor!.password), i));
  const made = bookingIds.filter((id): id is string => id !== undefined);
  expect(made.length === 4, `four bookings waiting for the supplier were made, through both instances (${made.length})`);
  await jobsShareTheWork({
    dbUrl: dbUrl.toString(),
    bookingIds: made,
    calls: upstream,
    expect,
    advance: async () => {
      const res = await fetch(`${sandboxUrl}/_sandbox/clock/advance`, {
        method: "POST",
        headers: { "X-Sandbox-Admin": SANDBOX_ADMIN_TOKEN, "content-type": "application/json" },
        body: JSON.stringify({ seconds: 180 }),
      });
      if (!res.ok) throw new Error(`the sandbox's clock did not move: ${res.status} ${await res.text()}`);
    },
  });
} catch (err) {
  failures.push(`the run failed: ${err instanceof Error ? err.message : String(err)}`);
  console.error(`  FAIL  the run failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
} finally {
  await cleanup();
  // Leave nothing behind in Redis: every key of this run's namespace.
  const ours = await redis.keys(`${KEY_PREFIX}:*`).catch(() => [] as string[]);
  if (ours.length > 0) await redis.del(...ours).catch(() => {});
  redis.disconnect();
}

console.log(`two-instances check took ${((Date.now() - started) / 1000).toFixed(1)}s`);
console.log(`${passed} passed, ${failures.length} failed`);
process.exit(failures.length > 0 ? 1 : 0);
