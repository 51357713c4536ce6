import { z } from "zod";
import { readPricing } from "@/lib/agency/pricing-store";
import { ok, route } from "@/lib/bff/handler";
import { params } from "@/lib/bff/schemas";
import { itemForBooking, repriceItem } from "@/lib/proposals/store";

export const dynamic = "force-dynamic";

const COST = "Give the cost now as a whole number of minor units (cents).";
const priceQuerySchema = z.strictObject({ cost: z.coerce.number(COST).int(COST).min(0, COST).max(10_000_000_000_000, COST) });

// GET /api/proposals/:id/items/:itemId/price?cost=N – the client's price for the item at the cost checkout found now, beside the proposed one
export const GET = route({ auth: "advisor", query: priceQuerySchema, params: params("id", "itemId") }, async ({ deps, user, query, params: { id, itemId } }) => {
  const db = await deps.db();
  const { item } = await itemForBooking(db, user, id, itemId);
  const pricing = await readPricing(db, deps.agency().currency);
  return ok({
    proposed: { cost: item.cost, clientPrice: item.clientPrice },
    now: { cost: { amountMinor: query.cost, currency: item.cost.currency }, clientPrice: repriceItem(item, query.cost, pricing) },
  });
});
