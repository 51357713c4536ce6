import { Hono } from "hono";
import type { Catalog } from "../catalog";
import { limit, requireKeyOwner, type SandboxEnv, type SandboxServices } from "../platform/context";
import { envelope } from "../platform/envelope";
import { SandboxError, validationError, type ErrorDetail } from "../platform/errors";
import { queryObject, readJsonBody } from "../platform/validate";
import { productTypesFor } from "./capabilities";
import type { ResultsQuery, SearchEngine } from "./engine";

export const DEFAULT_RESULTS_LIMIT = 20;
export const MAX_RESULTS_LIMIT = 500;

function unknownFields(query: Record<string, string>, known: readonly string[]): ErrorDetail[] {
  return Object.keys(query)
    .filter((k) => !known.includes(k))
    .map((k) => ({ path: k, message: `Unknown field "${k}".` }));
}

function resultsQuery(url: string): ResultsQuery {
  const query = queryObject(url);
  let limitValue = DEFAULT_RESULTS_LIMIT;
  if (query.limit !== undefined) {
    const n = /^\d+$/.test(query.limit) ? Number(query.limit) : Number.NaN;
    if (!(n >= 1)) {
      throw new SandboxError(400, "invalid_limit", `limit must be a positive integer (at most ${MAX_RESULTS_LIMIT} are returned); got "${query.limit}".`);
    }
    limitValue = Math.min(MAX_RESULTS_LIMIT, n);
  }
  const details = unknownFields(query, ["limit", "cursor", "groupByProduct"]);
  const grouped = query.groupByProduct;
  if (grouped !== undefined && grouped !== "true" && grouped !== "false") {
    details.push({ path: "groupByProduct", message: "Expected true or false." });
  }
  if (details.length) throw validationError(`The request query failed validation (${details.length} problem${details.length === 1 ? "" : "s"}).`, details);
  return { limit: limitValue, cursor: query.cursor, grouped: grouped === "true" };
}

export function searchRoutes(services: SandboxServices & { catalog: Catalog; search: SearchEngine }): Hono<SandboxEnv> {
  const app = new Hono<SandboxEnv>();
  const engine = services.search;

  // GET /search/capabilities – product types on sale in a market
  app.get("/search/capabilities", limit(services, "other.search.capabilities"), (c) => {
    const query = queryObject(c.req.url);
    const details = unknownFields(query, ["market"]);
    if (details.length) throw validationError("The request query failed validation.", details);
    const market = query.market ?? "US";
    if (!/^[A-Z]{2}$/.test(market) || !services.catalog.countryName(market)) {
      throw validationError(`market must be an ISO 3166-1 alpha-2 country code in upper case, such as US; got "${market}".`);
    }
    return c.json(envelope({ productTypes: [...productTypesFor(market)] }));
  });

  // POST /search – start a search; hotels return after their first priced batch and keep filling
  app.post("/search", requireKeyOwner, limit(services, "search.create"), async (c) => {
    const searchId = await engine.create(c.var.auth, await readJsonBody(c.req.raw));
    return c.json(envelope({ searchId }), 201);
  });

  // GET /search/:searchId/results – a page of ranked rows with the session's progress
  app.get("/search/:searchId/results", limit(services, "search.results"), (c) => {
    const q = resultsQuery(c.req.url);
    const { data, meta } = engine.results(c.var.auth, c.req.param("searchId"), q);
    return c.json(envelope(data, meta));
  });

  // POST /search/:searchId/hotels/:productId/rates – live rate sheet of one hotel (fresh quotes, extends the search)
  app.post("/search/:searchId/hotels/:productId/rates", limit(services, "search.hotelRates"), async (c) => {
    return c.json(envelope(await engine.hotelRates(c.var.auth, c.req.param("searchId"), c.req.param("productId"))));
  });

  // POST /search/:searchId/products/:productId/rates – every option saved for one product
  app.post("/search/:searchId/products/:productId/rates", limit(services, "search.productRates"), async (c) => {
    return c.json(envelope(await engine.productRates(c.var.auth, c.req.param("searchId"), c.req.param("productId"))));
  });

  return app;
}
