import { Hono } from "hono";
import { limit, type SandboxEnv } from "../platform/context";
import { envelope } from "../platform/envelope";
import { readJsonBody } from "../platform/validate";
import type { AllServices } from "../services";

/** Price-check and activity options (contract-decisions §1–2); the ledger itself is read by bookings through `services.quotes`. */
export function quoteRoutes(services: AllServices): Hono<SandboxEnv> {
  const app = new Hono<SandboxEnv>();
  const desk = services.quotes;

  // POST /quotes/:quoteId/price-check – live price, policy and booking requirements; bookable for 10 minutes
  app.post("/quotes/:quoteId/price-check", limit(services, "quotes.priceCheck"), async (c) => {
    const body = await readJsonBody(c.req.raw, { optional: true });
    return c.json(envelope(await desk.priceCheck(c.var.auth, c.req.param("quoteId"), body)));
  });

  // POST /quotes/:quoteId/options – an activity's separately bookable options, optionally for another traveller mix
  app.post("/quotes/:quoteId/options", limit(services, "other.quoteOptions"), async (c) => {
    const body = await readJsonBody(c.req.raw, { optional: true });
    return c.json(envelope(desk.options(c.var.auth, c.req.param("quoteId"), body)));
  });

  return app;
}
