// GET /api/bookings/summaries?ids=… – lead guest, item and travel dates of a page of bookings (what list rows lack)
import { bookingSummaries } from "@/lib/bff/bookings";
import { ok, route } from "@/lib/bff/handler";
import { summariesQuerySchema } from "@/lib/bff/schemas";

export const dynamic = "force-dynamic";

export const GET = route({ auth: "advisor", query: summariesQuerySchema }, async ({ tds, deps, query, signal }) =>
  ok(await bookingSummaries({ tds, db: await deps.db() }, query.ids, signal)),
);
