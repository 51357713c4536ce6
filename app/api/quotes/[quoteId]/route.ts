// GET /api/quotes/:quoteId – the result row the desk handed out for this quote (what checkout books)
import { BffError } from "@/lib/bff/errors";
import { ok, route } from "@/lib/bff/handler";
import { recallQuote } from "@/lib/bff/quotes";
import { noQuery, params } from "@/lib/bff/schemas";

export const dynamic = "force-dynamic";

export const GET = route({ auth: "advisor", params: params("quoteId"), query: noQuery }, async ({ tds, deps, params: { quoteId }, signal }) => {
  const remembered = await recallQuote({ cache: deps.cache(), tds }, quoteId, signal);
  if (!remembered) {
    throw new BffError({ status: 404, code: "not_found", message: "This rate is not one the desk has shown recently. Search again to book it." });
  }
  return ok(remembered);
});
