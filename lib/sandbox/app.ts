import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { sandboxConfigFromEnv, type SandboxConfig } from "./config";
import { Agencies, DEMO_AGENCY_ID } from "./platform/agencies";
import { VirtualClock } from "./platform/clock";
import type { SandboxEnv, SandboxServices } from "./platform/context";
import { controlPlane } from "./platform/control-plane";
import { errorEnvelope } from "./platform/envelope";
import { Faults, injectFaults } from "./platform/faults";
import { SandboxError } from "./platform/errors";
import { RateLimits } from "./platform/rate-limit";
import { Store } from "./platform/store";
import { getCatalog } from "./catalog";
import { catalogRoutes, mediaRoutes } from "./catalog/routes";
import { warmSuggest } from "./catalog/suggest";
import { SearchEngine } from "./search/engine";
import { searchRoutes } from "./search/routes";
import { BookingStore } from "./bookings/store";
import { registerLifecycle } from "./bookings/lifecycle";
import { bookingWriteRoutes } from "./bookings/write-routes";
import { bookingReadRoutes } from "./bookings/read-routes";
import { generateBookings } from "./bookings/generate";
import { QuoteDesk } from "./quotes/desk";
import { quoteRoutes } from "./quotes/routes";
import type { AllServices } from "./services";

export type Sandbox = {
  app: Hono;
  services: AllServices;
  /**
   * Handles a request whose path starts at the service root (`/api/v1/...`). `client.address`
   * is who sent it, as the mount knows it (the control plane throttles wrong tokens by it).
   */
  fetch: (req: Request, client?: { address: string }) => Promise<Response>;
  close: () => void;
};

type ClockRow = { id: "clock"; offsetMs: number };

function seed(services: SandboxServices): void {
  const { agencies, config } = services;
  const demo = agencies.agencies.get(DEMO_AGENCY_ID);
  if (!demo) {
    agencies.createAgency(
      { name: "Demo Travel Co", currency: "USD", creditLimitMinor: 50_000_000, agreementSigned: true, rateLimitScale: config.rateLimitScale },
      DEMO_AGENCY_ID,
    );
  } else if ((demo.rateLimitScale ?? 1) !== config.rateLimitScale) {
    // SANDBOX_RATE_LIMIT_SCALE decides the demo agency's limits at every start.
    agencies.updateAgency(DEMO_AGENCY_ID, { rateLimitScale: config.rateLimitScale });
  }
  if (!agencies.findKey(config.apiKey)) {
    agencies.createKey(DEMO_AGENCY_ID, { name: "Agency Desk (development)", level: "agent", key: config.apiKey });
  }
}

/**
 * Demo data (`demoBookings` > 0): an agency without bookings starts with that many, made over the
 * last four weeks, of every product and state, its holds due tomorrow. Written once: a
 * restart finds them in the journal, a reset writes them again.
 */
function seedDemoBookings(services: AllServices): void {
  const count = services.config.demoBookings;
  if (count > 0 && services.bookings.forAgency(DEMO_AGENCY_ID).length === 0) {
    generateBookings(services, DEMO_AGENCY_ID, count, { days: 28, holdDue: "tomorrow" });
  }
}

function apiKeyFrom(req: Request): string | null {
  const header = req.headers.get("x-api-key");
  if (header && header.trim()) return header.trim();
  const auth = req.headers.get("authorization");
  const m = auth?.match(/^Bearer\s+(\S+)\s*$/i);
  return m?.[1] ?? null;
}

export function createSandbox(overrides: Partial<SandboxConfig> = {}): Sandbox {
  const config: SandboxConfig = { ...sandboxConfigFromEnv(), ...overrides };
  const store = new Store(config.dataDir);
  const meta = store.collection<ClockRow>("meta");
  const clock = new VirtualClock(meta.get("clock")?.offsetMs ?? 0, (offsetMs) => meta.put({ id: "clock", offsetMs }));
  const agencies = new Agencies(store, clock);
  const catalog = getCatalog(config.seed);
  const base: SandboxServices = { config, clock, store, agencies, rateLimits: new RateLimits(clock), faults: new Faults(), onReset: [] };
  const search = new SearchEngine({ ...base, catalog });
  const bookings = new BookingStore(store);
  const quotes = new QuoteDesk({ ...base, catalog, search });
  const services: AllServices = { ...base, catalog, search, quotes, bookings };
  registerLifecycle(services);
  services.onReset.push(() => bookings.reindex());
  seed(services);
  seedDemoBookings(services);
  // Build the suggest index off the request path (about half a second, once per process).
  setTimeout(() => warmSuggest(catalog), 0).unref();

  const reset = () => {
    store.clearAll();
    agencies.clearIndex();
    clock.reset();
    services.rateLimits.reset();
    services.faults.clear();
    for (const hook of services.onReset) hook();
    seed(services);
    seedDemoBookings(services);
  };

  const app = new Hono();

  app.onError((err, c) => {
    if (err instanceof SandboxError) {
      for (const [k, v] of Object.entries(err.headers)) c.header(k, v);
      return c.json(errorEnvelope(err.code, err.message, err.details), err.status as 400);
    }
    if (err instanceof HTTPException) {
      return c.json(errorEnvelope("validation_error", err.message || "The request could not be read."), err.status);
    }
    console.error("[sandbox] internal error", err);
    return c.json(errorEnvelope("internal_error", "The service failed to handle this request. Try again."), 500);
  });

  app.notFound((c) =>
    c.json(errorEnvelope("not_found", `No such endpoint: ${c.req.method} ${new URL(c.req.url).pathname}.`), 404),
  );

  const api = new Hono<SandboxEnv>();
  api.use("*", async (c, next) => {
    const key = apiKeyFrom(c.req.raw);
    if (!key) throw new SandboxError(401, "unauthorized", "Unauthorized");
    const record = agencies.findKey(key);
    const agency = record ? agencies.agencies.get(record.agencyId) : undefined;
    const now = clock.now();
    const usable =
      record &&
      agency &&
      !record.revokedAt &&
      (!record.expiresAt || Date.parse(record.expiresAt) > now) &&
      !agency.suspended &&
      agency.apiAccess;
    if (!usable) throw new SandboxError(401, "unauthorized", "Invalid, revoked, or expired API key");
    c.set("auth", { agency, key: record });
    if (!agency.agreementSigned) {
      throw new SandboxError(
        403,
        "agreement_unsigned",
        "The agency has not signed the distribution agreement; a person must sign it in the portal.",
      );
    }
    await next();
  });
  api.route("/", catalogRoutes(services));
  api.route("/", searchRoutes(services));
  api.route("/", quoteRoutes(services));
  api.route("/", bookingWriteRoutes(services));
  api.route("/", bookingReadRoutes(services));

  // Before the key is checked: a fault is the network or the service failing, whoever calls.
  app.use("/api/v1/*", injectFaults(services.faults));
  app.route("/api/v1", api);
  app.route("/media", mediaRoutes(services));
  app.route("/_sandbox", controlPlane(services, reset));

  return {
    app,
    services,
    fetch: async (req, client) => app.fetch(req, { clientAddress: client?.address }),
    close: () => search.close(),
  };
}
