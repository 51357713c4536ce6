// Key-leak check, after `next build`: `npx tsx scripts/check-key-leak.ts`
// Fails when the agency's API key (or the sandbox's documented development key) appears in a
// built client asset under .next/static, or in any response (body or header) of a crawl of the
// desk's pages and APIs, signed out and signed in. The server is started here with a fresh,
// random key so that any leak of "the key" is a leak of that exact string.
import { spawn } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { DEMO_USERS } from "../lib/auth/config";
import { DEV_TDS_API_KEY } from "../lib/env";

const root = path.resolve(import.meta.dirname, "..");
const KEY_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
const canary = `tdsk_${Array.from(randomBytes(43), (b) => KEY_ALPHABET[b % KEY_ALPHABET.length]).join("")}`;
// The key, and its random part alone (a prefix stripped by some formatting is still a leak).
const secrets = [canary, canary.slice(5), DEV_TDS_API_KEY, process.env.TDS_API_KEY].filter((s): s is string => !!s);

const leaks: string[] = [];
let checked = 0;
const check = (where: string, text: string) => {
  checked++;
  for (const s of secrets) if (text.includes(s)) leaks.push(`${where} contains ${s === canary || s === canary.slice(5) ? "the API key" : "the sandbox's development key"}`);
};

/* ------------------------------------------------------------ built client assets */

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

const staticDir = path.join(root, ".next", "static");
let assets = 0;
try {
  for (const file of files(staticDir)) {
    assets++;
    check(path.relative(root, file), readFileSync(file, "latin1"));
  }
} catch {
  // reported below
}
if (assets === 0) {
  console.error("No built client assets in .next/static: run `npx next build` first.");
  process.exit(2);
}

/* ------------------------------------------------------------ a running server */

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = net.createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });

const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(os.tmpdir(), "agency-desk-leak-"));
const server = spawn(process.execPath, [path.join(root, "node_modules/next/dist/bin/next"), "start", "-p", String(port), "-H", "127.0.0.1"], {
  cwd: root,
  env: {
    ...process.env,
    NODE_ENV: "production",
    APP_ORIGIN: origin,
    TDS_BASE_URL: "",
    TDS_API_KEY: canary,
    SESSION_SECRET: randomBytes(32).toString("hex"),
    SANDBOX: "on",
    SANDBOX_ADMIN_TOKEN: randomBytes(16).toString("hex"),
    SANDBOX_DATA_DIR: path.join(dataDir, "sandbox"),
    SANDBOX_LATENCY_SCALE: "0",
    PGLITE_DIR: path.join(dataDir, "pglite"),
    DATABASE_URL: "",
    REDIS_URL: "",
    SEED_DEMO_USERS: "1",
  },
  stdio: ["ignore", "pipe", "pipe"],
});
let serverLog = "";
server.stdout.on("data", (d: Buffer) => (serverLog += d.toString()));
server.stderr.on("data", (d: Buffer) => (serverLog += d.toString()));

let cookie = "";
type Sent = { status: number; text: string };

async function send(method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<Sent> {
  const res = await fetch(`${origin}${url}`, {
    method,
    redirect: "manual",
    headers: {
      ...(cookie ? { cookie } : {}),
      ...(method !== "GET" ? { origin, "content-type": "application/json" } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
  const text = await res.text();
  const where = `${method} ${url}${cookie ? " (signed in)" : ""} → ${res.status}`;
  if (process.env.LEAK_VERBOSE) console.log(`  ${where}`);
  check(where, text);
  res.headers.forEach((value, name) => check(`${where} header ${name}`, value));
  const set = res.headers.getSetCookie();
  if (set.length > 0) cookie = set.map((c) => c.split(";")[0]).join("; ");
  return { status: res.status, text };
}

const json = (s: Sent) => JSON.parse(s.text) as { data: Record<string, unknown> & Array<Record<string, unknown>> };

async function waitForServer(): Promise<void> {
  const until = Date.now() + 120_000;
  while (Date.now() < until) {
    if (server.exitCode !== null) throw new Error(`the server exited:\n${serverLog}`);
    try {
      const res = await fetch(`${origin}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`the server did not become healthy in time:\n${serverLog}`);
}

async function crawlPages(): Promise<number> {
  const seen = new Set<string>();
  const queue = ["/", "/login", "/no-such-page"];
  while (queue.length > 0 && seen.size < 40) {
    const url = queue.shift()!;
    if (seen.has(url)) continue;
    seen.add(url);
    const res = await send("GET", url);
    for (const [, href] of res.text.matchAll(/href="(\/[^"#?]*)[^"]*"/g)) {
      if (href && !href.startsWith("/_next") && !href.startsWith("/sandbox") && !href.includes("logout") && !seen.has(href)) queue.push(href);
    }
  }
  return seen.size;
}

const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

async function crawlApis(): Promise<void> {
  await send("GET", "/api/health");
  await send("GET", "/api/capabilities");
  await send("GET", "/api/suggest?q=london");
  await send("GET", "/api/destinations?productType=activity&limit=3");
  await send("GET", "/api/bookings?limit=5");
  await send("GET", "/api/bookings/bk_nope");
  await send("POST", "/api/search", "{not json");
  await send("POST", "/api/search", { productType: "hotel" }, { origin: "https://evil.example" });
  await send("POST", "/api/search", { productType: "hotel", currency: "EUR" });
  await send("GET", "/api/search/sr_nope/results?limit=0");
  await send("GET", "/api/search/sr_nope/results");
}

async function bookingJourney(): Promise<void> {
  const made = await send("POST", "/api/search", {
    productType: "hotel",
    occupancy: [{ adults: 2, childrenAges: [] }],
    residency: "US",
    destination: "Barcelona",
    checkIn: day(30),
    checkOut: day(33),
  });
  if (made.status !== 201) throw new Error(`search failed: ${made.text}`);
  const searchId = json(made).data.searchId as string;
  const page = json(await send("GET", `/api/search/${searchId}/results?limit=50`)).data;
  await send("GET", `/api/products/hotel-thumbnails?ids=${page.map((r) => r.canonicalProductId).slice(0, 20).join(",")}`);
  const row = page.find((r) => r.refundable && !(r.summary as { isPackage?: boolean }).isPackage) ?? page[0];
  if (!row) throw new Error("no results");
  await send("GET", `/api/products/hotel/${row.canonicalProductId as string}`);
  await send("POST", `/api/search/${searchId}/hotels/${row.canonicalProductId as string}/rates`);
  const check = await send("POST", `/api/quotes/${row.rateQuoteId as string}/price-check`);
  if (check.status !== 200) throw new Error(`price-check failed: ${check.text}`);
  const checked = json(check).data as { changesAcknowledgementRequired?: boolean; packageRate?: boolean };
  const booked = await send(
    "POST",
    "/api/bookings",
    {
      quoteId: row.rateQuoteId,
      searchId,
      productType: "hotel",
      paymentMethod: "credit",
      travelers: [
        { roomIndex: 0, type: "adult", title: "Ms", firstName: "Ana", lastName: "Lopez", email: "ana@example.com", phone: "+34600111222" },
        { roomIndex: 0, type: "adult", title: "Mr", firstName: "Luis", lastName: "Lopez" },
      ],
      ...(checked.changesAcknowledgementRequired ? { changesAcknowledged: true } : {}),
      ...(checked.packageRate ? { packageRateAcknowledged: true } : {}),
    },
    { "idempotency-key": randomUUID() },
  );
  if (booked.status !== 201) throw new Error(`booking failed: ${booked.text}`);
  const bookingId = json(booked).data.bookingId as string;
  await send("GET", `/api/bookings/${bookingId}`);
  await send("GET", `/api/bookings?mine=1`);
  await send("GET", `/api/bookings/${bookingId}/voucher`);
  await send("GET", `/api/bookings/${bookingId}/voucher/document`);
  await send("POST", `/api/bookings/${bookingId}/email-client`, { agencyName: "Leak Check Travel" });
  await send("POST", `/api/bookings/${bookingId}/cancel`, {}, { "idempotency-key": randomUUID() });
}

let pages = 0;
try {
  await waitForServer();
  pages += await crawlPages();
  await crawlApis();
  const admin = DEMO_USERS.find((u) => u.role === "admin") ?? DEMO_USERS[0];
  const login = await send("POST", "/api/auth/login", { email: admin.email, password: admin.password });
  if (login.status !== 200 || !cookie) throw new Error(`could not sign in as the demo admin: ${login.status} ${login.text}`);
  pages += await crawlPages();
  await crawlApis();
  await bookingJourney();
} catch (err) {
  leaks.push(`the crawl failed: ${err instanceof Error ? err.message : String(err)}`);
} finally {
  server.kill("SIGTERM");
  rmSync(dataDir, { recursive: true, force: true });
}

console.log(`key-leak check: ${assets} client assets and ${checked - assets} response parts (${pages} page visits) checked`);
if (leaks.length > 0) {
  for (const l of leaks) console.error(`  LEAK  ${l}`);
  console.log(`0 passed, ${leaks.length} failed`);
  process.exit(1);
}
console.log(`${checked} passed, 0 failed`);
