import { Hono } from "hono";
import { z } from "zod";
import { adminGuard } from "./admin-guard";
import { envelope } from "./envelope";
import { SandboxError } from "./errors";
import { faultSchema } from "./faults";
import { isoCurrency, parseWith, readJsonBody } from "./validate";
import type { AllServices } from "../services";
import { generateBookings } from "../bookings/generate";

const agencyFields = {
  name: z.string().trim().min(1).max(120),
  currency: isoCurrency,
  creditLimitMinor: z.number().int().min(0),
  creditEnabled: z.boolean(),
  agreementSigned: z.boolean(),
  suspended: z.boolean(),
  apiAccess: z.boolean(),
  rateLimitScale: z.number().int().min(1).max(1_000),
};
const createAgencySchema = z.strictObject({
  ...agencyFields,
  currency: agencyFields.currency.optional(),
  creditLimitMinor: agencyFields.creditLimitMinor.optional(),
  creditEnabled: agencyFields.creditEnabled.optional(),
  agreementSigned: agencyFields.agreementSigned.optional(),
  suspended: agencyFields.suspended.optional(),
  apiAccess: agencyFields.apiAccess.optional(),
  rateLimitScale: agencyFields.rateLimitScale.optional(),
});
const patchAgencySchema = z.strictObject(agencyFields).partial();
const createKeySchema = z.strictObject({
  name: z.string().trim().min(1).max(120).optional(),
  level: z.enum(["agent", "admin"]).optional(),
  expiresInDays: z.number().int().min(1).max(3650).optional(),
  withoutCreator: z.boolean().optional(),
});
const settingsSchema = z.strictObject({ latencyScale: z.number().min(0).max(20) }).partial();
const generateSchema = z.strictObject({ count: z.number().int().min(1).max(50_000) });
const advanceSchema = z.strictObject({ seconds: z.number().int().min(1).max(3650 * 86_400) });

/** The sandbox's own control plane (contract-decisions §7), outside /api/v1. */
export function controlPlane(services: AllServices, reset: () => void): Hono {
  const app = new Hono();

  app.use("*", adminGuard(() => services.config.adminToken));

  app.post("/agencies", async (c) => {
    const body = parseWith(createAgencySchema, await readJsonBody(c.req.raw), "body");
    const agency = services.agencies.createAgency(body);
    return c.json(envelope({ agencyId: agency.id }), 201);
  });

  app.get("/agencies/:agencyId", (c) => {
    const agency = services.agencies.agencies.get(c.req.param("agencyId"));
    if (!agency) throw new SandboxError(404, "not_found", "Agency not found.");
    return c.json(envelope(agency));
  });

  app.patch("/agencies/:agencyId", async (c) => {
    const body = parseWith(patchAgencySchema, await readJsonBody(c.req.raw), "body");
    return c.json(envelope(services.agencies.updateAgency(c.req.param("agencyId"), body)));
  });

  app.post("/agencies/:agencyId/keys", async (c) => {
    const body = parseWith(createKeySchema, (await readJsonBody(c.req.raw, { optional: true })) ?? {}, "body");
    const { record, key } = services.agencies.createKey(c.req.param("agencyId"), body);
    return c.json(envelope({ keyId: record.id, key }), 201);
  });

  // Demo and benchmark data: realistic bookings of every product and state, written straight to the store.
  app.post("/agencies/:agencyId/bookings/generate", async (c) => {
    const body = parseWith(generateSchema, await readJsonBody(c.req.raw), "body");
    const agencyId = c.req.param("agencyId");
    if (!services.agencies.agencies.has(agencyId)) throw new SandboxError(404, "not_found", "Agency not found.");
    return c.json(envelope({ created: generateBookings(services, agencyId, body.count) }), 201);
  });

  app.post("/keys/:keyId/revoke", (c) => {
    const record = services.agencies.revokeKey(c.req.param("keyId"));
    return c.json(envelope({ keyId: record.id, revokedAt: record.revokedAt }));
  });

  app.get("/clock", (c) => c.json(envelope({ now: services.clock.iso() })));

  app.post("/clock/advance", async (c) => {
    const body = parseWith(advanceSchema, await readJsonBody(c.req.raw), "body");
    services.clock.advance(body.seconds);
    return c.json(envelope({ now: services.clock.iso() }));
  });

  // Realism knobs: source latency scale (1 = realistic, 0 = instant), for the searches started after the change.
  app.get("/settings", (c) => c.json(envelope({ latencyScale: services.config.latencyScale })));

  app.patch("/settings", async (c) => {
    const body = parseWith(settingsSchema, await readJsonBody(c.req.raw), "body");
    if (body.latencyScale !== undefined) services.config.latencyScale = body.latencyScale;
    return c.json(envelope({ latencyScale: services.config.latencyScale }));
  });

  // Fault injection (docs/sandbox.md#faults): the next `count` requests of `route` fail as `kind`.
  app.post("/faults", async (c) => {
    const body = parseWith(faultSchema, await readJsonBody(c.req.raw), "body");
    return c.json(envelope(services.faults.arm(body)), 201);
  });

  app.get("/faults", (c) => c.json(envelope({ items: services.faults.list() })));

  app.delete("/faults/:faultId", (c) => {
    if (!services.faults.disarm(c.req.param("faultId"))) throw new SandboxError(404, "not_found", "No such armed fault (it may be spent).");
    return c.json(envelope({}));
  });

  app.delete("/faults", (c) => {
    services.faults.clear();
    return c.json(envelope({}));
  });

  app.get("/outbox", (c) => {
    const items = services.store.collection<{ id: string; sentAt: string }>("outbox").all();
    items.sort((a, b) => a.sentAt.localeCompare(b.sentAt));
    return c.json(envelope({ items }));
  });

  app.post("/reset", (c) => {
    reset();
    return c.json(envelope({}));
  });

  return app;
}
