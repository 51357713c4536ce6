import { NextRequest } from "next/server";
import { openDb, type DbHandle } from "@/lib/db";
import { users } from "@/lib/db/schema";
import type { ResultRow } from "@/lib/tds/contract";
import type { FetchLike, TdsClient, TdsClientConfig } from "@/lib/tds/client";
import { sandboxClients, sandboxFetch, SANDBOX_BASE_URL } from "@/lib/testing/tds";
import { DEMO_AGENCY_ID } from "../sandbox/platform/agencies";
import { testSandbox } from "./sandbox";
import { memoryCache } from "../bff/cache";
import { setBffDeps, type SessionUser } from "../bff/deps";
import type { RouteHandler } from "../bff/handler";
import { createRateShaper, type RateShaper } from "../bff/rate-shaping";
import { createBffTdsClient } from "../bff/tds";

// Test helpers (imported by tests only): the BFF's handlers called directly with a NextRequest,
// an injected session user, a client of the in-process sandbox on a fresh key, and an
// in-memory database holding three people.

export const ORIGIN = "http://desk.test";

/* eslint-disable @typescript-eslint/no-explicit-any -- tests assert loosely typed envelopes */
export type Answer = { status: number; body: any; headers: Headers; text: string };

export type CallInit = {
  method?: string;
  query?: Record<string, string>;
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
  params?: Record<string, string>;
  /** Origin header of a mutation: the desk's own by default, `null` to send none. */
  origin?: string | null;
};

export type BffTestKit = Awaited<ReturnType<typeof bffTestKit>>;

export async function bffTestKit(options: { shaper?: RateShaper; db?: DbHandle } = {}) {
  // The demo agency's limits raised, as the shaper's below: these tests are not about budgets
  // (rate-shaping.test.ts and the sandbox's own tests keep the real ones).
  const kit = sandboxClients(testSandbox({ rateLimitScale: 100 }));
  const handle = options.db ?? (await openDb({ driver: "pglite", dataDir: ":memory:" }));
  const [advisor, colleague, admin] = await handle.db
    .insert(users)
    .values([
      { email: "ana@desk.test", name: "Ana Advisor", role: "advisor", passwordHash: "x" },
      { email: "ben@desk.test", name: "Ben Advisor", role: "advisor", passwordHash: "x" },
      { email: "ada@desk.test", name: "Ada Admin", role: "admin", passwordHash: "x" },
    ])
    .returning();
  const people = { advisor: toUser(advisor), colleague: toUser(colleague), admin: toUser(admin) };

  let current: SessionUser | null = people.advisor;
  // Real budgets would throttle a test that books many times a minute; rate-shaping.test.ts tests them.
  const shaper = options.shaper ?? createRateShaper({ limitFor: () => 100_000 });
  const cache = memoryCache();
  /** Replaced by tests that need the service to misbehave (connection errors, lost answers). */
  let transport: FetchLike = sandboxFetch(kit.sb);
  let apiKey = "";
  let tds: TdsClient | undefined;

  /** A fresh key of the demo agency: each has its own per-minute budget at the sandbox. */
  async function rotateKey(key?: string, config: Partial<TdsClientConfig> = {}): Promise<string> {
    if (key) apiKey = key;
    else {
      const res = await kit.sb.control<{ key: string }>("POST", `/agencies/${DEMO_AGENCY_ID}/keys`, {});
      apiKey = res.body.data.key;
    }
    tds = createBffTdsClient({
      baseUrl: SANDBOX_BASE_URL,
      apiKey,
      fetch: (i, init) => transport(i, init),
      sleep: async () => {},
      shaper,
      hooks: { onRequest: (e) => kit.paths.push(`${e.method} ${new URL(e.url).pathname}`) },
      ...config,
    });
    return apiKey;
  }
  await rotateKey();

  setBffDeps({
    getUser: async () => current,
    tds: () => tds!,
    db: async () => handle.db,
    cache: () => cache,
    shaper: () => shaper,
    agency: () => ({ currency: "USD", market: "US", appOrigin: ORIGIN, secrets: [apiKey] }),
  });

  async function call(handler: RouteHandler, path: string, init: CallInit = {}): Promise<Answer> {
    const method = init.method ?? "GET";
    const url = new URL(path, ORIGIN);
    for (const [k, v] of Object.entries(init.query ?? {})) url.searchParams.set(k, v);
    const headers = new Headers(init.headers);
    if (method !== "GET" && init.origin !== null && !headers.has("origin")) headers.set("origin", init.origin ?? ORIGIN);
    let body = init.rawBody;
    if (init.body !== undefined) {
      body = JSON.stringify(init.body);
      headers.set("content-type", "application/json");
    }
    const req = new NextRequest(url, { method, headers, body });
    const res = await handler(req, { params: Promise.resolve(init.params ?? {}) });
    const text = await res.text();
    let parsed: any = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // HTML (the voucher document)
    }
    return { status: res.status, body: parsed, headers: res.headers, text };
  }

  return {
    ...kit,
    db: handle.db,
    handle,
    people,
    cache,
    shaper,
    rotateKey,
    get apiKey() {
      return apiKey;
    },
    get tds() {
      return tds!;
    },
    /** Who the session belongs to from now on (null: signed out). */
    as(user: SessionUser | null) {
      current = user;
    },
    setTransport(fetch: FetchLike | null) {
      transport = fetch ?? sandboxFetch(kit.sb);
    },
    call,
    async close() {
      setBffDeps({});
      if (!options.db) await handle.close();
      kit.sb.close();
    },
  };
}

function toUser(u: { id: string; email: string; name: string; role: "advisor" | "admin" } | undefined): SessionUser {
  if (!u) throw new Error("user not inserted");
  return { id: u.id, email: u.email, name: u.name, role: u.role };
}

/* ------------------------------------------------------------------ flows */

export const hotelSearchBody = (day: (n: number) => string, extra: Record<string, unknown> = {}) => ({
  productType: "hotel",
  occupancy: [{ adults: 2, childrenAges: [] }],
  residency: "US",
  destination: "Barcelona",
  checkIn: day(30),
  checkOut: day(33),
  ...extra,
});

export const isBookableHotelRow = (r: ResultRow) =>
  r.productType === "hotel" && r.refundable && !(r.summary as { isPackage?: boolean }).isPackage;

/** Two adults in room 0 with everything a hotel may ask for. */
export const hotelTravelers = (lastName = "Lopez") => [
  { roomIndex: 0, type: "adult", title: "Ms", firstName: "Ana", lastName, email: "ana.lopez@example.com", phone: "+34600111222" },
  { roomIndex: 0, type: "adult", title: "Mr", firstName: "Luis", lastName: "Lopez" },
];
