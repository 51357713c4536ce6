import { Hono, type Context } from "hono";
import { z } from "zod";
import { limit, type SandboxEnv, type SandboxServices } from "../platform/context";
import { envelope } from "../platform/envelope";
import { notFound, validationError } from "../platform/errors";
import { parseWith, queryObject } from "../platform/validate";
import { activityContent, activityItem, hotelContent, hotelThumbnail } from "./content";
import { destinationActivities, listDestinations, page } from "./destinations";
import { activityImagePlan, hotelImagePlan, roomImagePlan, type ImagePlan } from "./facts";
import { publicBase } from "./images";
import type { Catalog } from "./model";
import { suggest } from "./suggest";
import { renderPicture } from "./svg";

type CatalogServices = SandboxServices & { catalog: Catalog };

const int = (min: number, max: number, fallback: number) =>
  z.coerce
    .number({ error: "Expected an integer." })
    .int("Expected an integer.")
    .min(min, `Must be at least ${min}.`)
    .max(max, `Must be at most ${max}.`)
    .default(fallback);

const cursor = z.string().optional();

const suggestQuery = z.strictObject({ q: z.string().optional(), limit: int(1, 15, 6) });
const destinationsQuery = z.strictObject({
  productType: z.string().optional(),
  q: z.string().optional(),
  country: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, "Expected an ISO 3166-1 alpha-2 code such as ES.")
    .optional(),
  limit: int(1, 100, 20),
  cursor,
});
const pageQuery = z.strictObject({ limit: int(1, 100, 20), cursor });
const noQuery = z.strictObject({});
const thumbnailsQuery = z.strictObject({ ids: z.string({ error: "Required: comma-separated canonicalIds (up to 60)." }) });

const THUMBNAIL_IDS_MAX = 60;

const query = <S extends z.ZodType>(c: Context, schema: S): z.infer<S> => parseWith(schema, queryObject(c.req.url), "query");

/** The catalog endpoints of the specification, relative to /api/v1 (auth is app.ts's). */
export function catalogRoutes(services: CatalogServices): Hono<SandboxEnv> {
  const { catalog } = services;
  const app = new Hono<SandboxEnv>();

  // GET /catalog/suggest – cities, hotels and points of interest for a typed prefix
  app.get("/catalog/suggest", limit(services, "catalog.suggest"), (c) => {
    const { q, limit: perGroup } = query(c, suggestQuery);
    return c.json(envelope(suggest(catalog, q ?? "", perGroup)));
  });

  // GET /destinations – activity or transfer destination codes
  app.get("/destinations", limit(services, "other.destinations"), (c) => {
    return c.json(envelope(listDestinations(catalog, query(c, destinationsQuery))));
  });

  // GET /destinations/:code/activities – the activity catalogue of a destination, without prices
  app.get("/destinations/:code/activities", limit(services, "other.destinationActivities"), (c) => {
    const { limit: size, cursor: after } = query(c, pageQuery);
    const code = c.req.param("code");
    const activities = destinationActivities(catalog, code);
    if (!activities) throw notFound("Activity destination");
    const base = publicBase(c);
    return c.json(envelope(page(activities, size, after, `activities|${code}`, (a) => activityItem(catalog, a, base))));
  });

  // GET /products/hotel-thumbnails – hero image URL per canonicalId
  app.get("/products/hotel-thumbnails", limit(services, "other.hotelThumbnails"), (c) => {
    const ids = query(c, thumbnailsQuery)
      .ids.split(",")
      .map((id) => id.trim())
      .filter(Boolean)
      .slice(0, THUMBNAIL_IDS_MAX);
    if (ids.length === 0) {
      throw validationError("The request query failed validation (1 problem).", [
        { path: "ids", message: "Expected at least one canonicalId." },
      ]);
    }
    const base = publicBase(c);
    // fromEntries defines own properties, so an ID such as "__proto__" is just a key.
    const data = Object.fromEntries(
      ids.map((id) => {
        const hotel = catalog.hotelById.get(id);
        return [id, hotel ? hotelThumbnail(catalog, hotel, base) : null];
      }),
    );
    return c.json(envelope(data));
  });

  // GET /products/hotel/:canonicalId – hotel content
  app.get("/products/hotel/:canonicalId", limit(services, "other.hotelContent"), (c) => {
    query(c, noQuery);
    const hotel = catalog.hotelById.get(c.req.param("canonicalId"));
    if (!hotel) throw notFound("Hotel");
    return c.json(envelope(hotelContent(catalog, hotel, publicBase(c))));
  });

  // GET /products/activity/:activityKey – activity content (contract-decisions §5)
  app.get("/products/activity/:activityKey", limit(services, "other.activityContent"), (c) => {
    query(c, noQuery);
    const activity = catalog.activityByKey.get(c.req.param("activityKey"));
    if (!activity) throw notFound("Activity");
    return c.json(envelope(activityContent(catalog, activity, publicBase(c))));
  });

  return app;
}

const SVG_HEADERS = {
  "Content-Type": "image/svg+xml",
  // The URL fully determines the picture (catalog seed + ID + index), so it may be cached for good.
  "Cache-Control": "public, max-age=86400, immutable",
  // Served from the app's own origin under /sandbox: never let an SVG run anything.
  "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
  "X-Content-Type-Options": "nosniff",
};

/** `n.svg` → "n"; undefined for anything else. */
const fileIndex = (file: string) => /^(\d{1,3})\.svg$/.exec(file)?.[1];

/** Images for the URLs in catalog JSON, at /media (no key: browsers load them directly). */
export function mediaRoutes(services: CatalogServices): Hono {
  const { catalog } = services;
  const app = new Hono();
  const picture = (c: Context, plan: ImagePlan | undefined, seed: string, title: string) => {
    if (!plan) throw notFound("Image");
    const svg = renderPicture({ scene: plan.scene, detail: plan.detail, seed: `${catalog.seed}|${seed}`, title, caption: plan.caption });
    return c.body(svg, 200, SVG_HEADERS);
  };

  // GET /media/hotels/:canonicalId/:n.svg – a photo of the hotel's gallery
  app.get("/hotels/:canonicalId/:file", (c) => {
    const hotel = catalog.hotelById.get(c.req.param("canonicalId"));
    const n = fileIndex(c.req.param("file"));
    if (!hotel || n === undefined) throw notFound("Image");
    return picture(c, hotelImagePlan(catalog, hotel)[Number(n)], `${hotel.canonicalId}|${n}`, hotel.name);
  });

  // GET /media/hotels/:canonicalId/rooms/:r-:n.svg – photo n of the hotel's room r
  app.get("/hotels/:canonicalId/rooms/:file", (c) => {
    const hotel = catalog.hotelById.get(c.req.param("canonicalId"));
    const m = /^(\d{1,2})-(\d{1,2})\.svg$/.exec(c.req.param("file"));
    const room = hotel && m ? catalog.rooms(hotel)[Number(m[1])] : undefined;
    if (!hotel || !room || !m) throw notFound("Image");
    return picture(c, roomImagePlan(catalog, hotel, room)[Number(m[2])], `${room.roomId}|${m[2]}`, hotel.name);
  });

  // GET /media/activities/:activityKey/:n.svg – a photo of the activity
  app.get("/activities/:activityKey/:file", (c) => {
    const activity = catalog.activityByKey.get(c.req.param("activityKey"));
    const n = fileIndex(c.req.param("file"));
    if (!activity || n === undefined) throw notFound("Image");
    return picture(c, activityImagePlan(catalog, activity)[Number(n)], `${activity.activityKey}|${n}`, activity.name);
  });

  return app;
}
