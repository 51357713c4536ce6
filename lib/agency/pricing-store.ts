import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { markupRules, pricingSettings, users } from "@/lib/db/schema";
import { defaultPricing, isPricedProduct, ROUNDINGS, type MarkupRule, type Pricing, type Rounding } from "@/lib/pricing/markup";
import { sortRules, type PricingRequest } from "@/lib/pricing/schema";

// The agency's pricing (lib/db/schema.ts markupRules and pricingSettings), on PGlite or
// PostgreSQL. An admin saves every rule and setting at once, in one transaction, so a reader
// never sees half of a change.

const ROW = 1;

export type StoredPricing = Pricing & { updatedAt: Date | null; updatedBy: string | null };

/** The pricing as saved, or none (no markup) before an admin sets it; fixed amounts then count in `currency`. */
export async function readPricing(db: Db, currency: string): Promise<StoredPricing> {
  const [settings] = await db
    .select({
      currency: pricingSettings.currency,
      rounding: pricingSettings.rounding,
      allowBelowCost: pricingSettings.allowBelowCost,
      maxDiscountBp: pricingSettings.maxDiscountBp,
      updatedAt: pricingSettings.updatedAt,
      updatedBy: users.name,
    })
    .from(pricingSettings)
    .leftJoin(users, eq(users.id, pricingSettings.updatedBy))
    .where(eq(pricingSettings.id, ROW));
  const rows = await db
    .select({ productType: markupRules.productType, country: markupRules.country, percentBp: markupRules.percentBp, fixedMinor: markupRules.fixedMinor })
    .from(markupRules);
  const fallback = defaultPricing(currency);
  const rules: MarkupRule[] = rows.map((r) => ({ ...r, productType: isPricedProduct(r.productType) ? r.productType : null }));
  // A database with settings but no default rule (edited by hand) still prices as "no markup".
  if (!rules.some((r) => r.productType === null && r.country === null)) rules.unshift(fallback.rules[0]!);
  if (!settings) return { ...fallback, rules: sortRules(rules), updatedAt: null, updatedBy: null };
  const { updatedAt, updatedBy, ...rest } = settings;
  const rounding = (ROUNDINGS as readonly string[]).includes(rest.rounding) ? (rest.rounding as Rounding) : "none";
  return { settings: { ...rest, rounding }, rules: sortRules(rules), updatedAt, updatedBy };
}

/** Replaces the rules and settings with these; the fixed amounts are in `currency` (the agency's). */
export async function savePricing(db: Db, body: PricingRequest, currency: string, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const set = { currency, rounding: body.rounding, allowBelowCost: body.allowBelowCost, maxDiscountBp: body.maxDiscountBp, updatedBy: userId, updatedAt: new Date() };
    // The settings row first: two admins saving at once queue on it, and the later one's rules win whole.
    await tx.insert(pricingSettings).values({ id: ROW, ...set }).onConflictDoUpdate({ target: pricingSettings.id, set });
    await tx.delete(markupRules);
    await tx.insert(markupRules).values(body.rules.map((r) => ({ productType: r.productType, country: r.country, percentBp: r.percentBp, fixedMinor: r.fixedMinor })));
  });
}
