import { z } from "zod";
import { SUMMARY_IDS_MAX } from "@/lib/bookings/schemas";
import { searchCreateRequestSchema } from "@/lib/tds/contract";
import { THUMBNAIL_IDS_PER_CALL } from "@/lib/tds/client";

// The BFF's own inputs where they differ from the service's request schemas (lib/tds), which
// every route reuses otherwise so that the limits are the specification's in one place.

/**
 * A path segment naming a service resource (search, product, quote, booking, destination). The
 * specification keeps IDs opaque, so this checks what no ID of the service holds: control
 * characters (a NUL would reach the database), slashes, spaces at either end, and more than 200
 * characters, unpaired surrogates. Refused before any database or service call.
 */
export const idParam = z
  .string()
  .min(1, "An ID is required here.")
  .max(200, "Not an ID: longer than 200 characters.")
  .regex(/^[^\u0000-\u001f\u007f-\u009f/\\]+$/, "Not an ID: it holds control characters or slashes.")
  .refine((id) => id.trim() === id, "Not an ID: it starts or ends with spaces.")
  // A lone surrogate cannot be percent-encoded (encodeURIComponent throws on it).
  .refine((id) => id.isWellFormed(), "Not an ID: it holds an unpaired surrogate.");
export const params = <K extends string>(...keys: K[]) =>
  z.strictObject(Object.fromEntries(keys.map((k) => [k, idParam])) as Record<K, typeof idParam>);

export const noQuery = z.strictObject({});

/** Fields the desk sets, never the browser: the agency's wallet currency and point of sale. */
const DESK_SET = ["currency", "market"] as const;

/** POST /api/search body: the service's search without currency and market, which the desk adds. */
export function searchRequestSchema(agency: { currency: string; market: string }) {
  return z
    .record(z.string(), z.unknown(), "Send the search's criteria as a JSON object.")
    .superRefine((body, ctx) => {
      for (const key of DESK_SET) {
        if (key in body) ctx.addIssue({ code: "custom", path: [key], message: "Set by the desk from the agency's settings; leave it out." });
      }
    })
    .transform((body) => ({ ...body, currency: agency.currency, market: agency.market }))
    .pipe(searchCreateRequestSchema);
}

const SUGGEST_LIMIT = "Ask for 1 to 15 suggestions per group.";
export const suggestQuerySchema = z.strictObject({
  // The service trims and cuts to 100 characters, and answers empty groups under 2.
  q: z.string(),
  limit: z.number(SUGGEST_LIMIT).int(SUGGEST_LIMIT).min(1, SUGGEST_LIMIT).max(15, SUGGEST_LIMIT).optional(),
});

export const thumbnailsQuerySchema = z.strictObject({
  ids: z
    .string()
    .transform((v) => [...new Set(v.split(",").map((id) => id.trim()).filter(Boolean))])
    .pipe(
      z
        .array(z.string().max(120, "An ID is at most 120 characters."))
        .min(1, "At least one ID.")
        .max(THUMBNAIL_IDS_PER_CALL, `At most ${THUMBNAIL_IDS_PER_CALL} IDs per request.`),
    ),
});

export const voucherDocumentQuerySchema = z.strictObject({ prices: z.enum(["without"]).optional() });

/** GET /api/bookings/summaries: booking IDs of one page of the list, comma-separated. */
export const summariesQuerySchema = z.strictObject({
  ids: z
    .string()
    .transform((v) => [...new Set(v.split(",").map((id) => id.trim()).filter(Boolean))])
    .pipe(
      z
        .array(idParam)
        .min(1, "At least one booking ID.")
        .max(SUMMARY_IDS_MAX, `At most ${SUMMARY_IDS_MAX} booking IDs per request.`),
    ),
});
