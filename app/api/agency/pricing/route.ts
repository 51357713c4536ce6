import { readPricing, savePricing } from "@/lib/agency/pricing-store";
import { ok, route } from "@/lib/bff/handler";
import { pricingAnswer } from "@/lib/bff/pricing";
import { noQuery } from "@/lib/bff/schemas";
import { pricingRequestSchema } from "@/lib/pricing/schema";

export const dynamic = "force-dynamic";

// GET /api/agency/pricing – the agency's markup rules and pricing settings (advisors read them to show client prices)
export const GET = route({ auth: "advisor", query: noQuery }, async ({ deps }) => {
  const { currency } = deps.agency();
  return ok(pricingAnswer(await readPricing(await deps.db(), currency), currency));
});

// PUT /api/agency/pricing – an admin saves every rule and setting at once; fixed amounts are in the agency's currency
export const PUT = route({ auth: "admin", query: noQuery, body: pricingRequestSchema }, async ({ deps, body, user }) => {
  const db = await deps.db();
  const { currency } = deps.agency();
  await savePricing(db, body, currency, user.id);
  return ok(pricingAnswer(await readPricing(db, currency), currency));
});
