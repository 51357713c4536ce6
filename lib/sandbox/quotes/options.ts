import { z } from "zod";
import { SandboxError } from "../platform/errors";
import { activityOffers, isAdultsOnly, largestGroup, paxMixProblem } from "../search/activities";
import type { GenContext, Option } from "../search/simple";
import type { ActivitySummary, ResultRow } from "../search/types";

/**
 * Activity options (contract-decisions §2): the modalities and sessions one source sells for
 * an activity, each with its own `supplierRateRef`.
 */

export type ActivityOption = {
  supplierRateRef: string;
  label: string;
  startTime: string | null;
  sellAmountMinor: number;
  sellCurrency: string;
};

/** Opaque to clients, stable for the search: modality and session, e.g. `opt_small_group_1030`. */
export const optionRef = (s: ActivitySummary) => `opt_${s.modalityCode}_${(s.sessionStartTime ?? "open").replace(":", "")}`;

const toOption = (s: ActivitySummary, amount: number, currency: string): ActivityOption => ({
  supplierRateRef: optionRef(s),
  label: s.modality,
  startTime: s.sessionStartTime,
  sellAmountMinor: amount,
  sellCurrency: currency,
});

export const rowOption = (row: ResultRow) => toOption(row.summary as ActivitySummary, row.sellAmountMinor, row.sellCurrency);

/** Body of POST /quotes/:id/options: the search's occupancy shape and limits for non-hotel products. */
const occupancyEntry = z.strictObject({
  adults: z.number().int().min(1, "At least 1 adult.").max(8, "At most 8 adults."),
  childrenAges: z
    .array(z.number().int().min(0, "Child ages are 0 to 17.").max(17, "Child ages are 0 to 17."))
    .max(6, "At most 6 children."),
});
export const optionsBody = z.strictObject({
  occupancy: z.array(occupancyEntry).min(1, "At least one occupancy entry.").max(8, "At most 8 entries for activities.").optional(),
});
export type Occupancy = NonNullable<z.infer<typeof optionsBody>["occupancy"]>;

/**
 * The options of the quote's activity and source, priced for another traveller mix: those the
 * mix can book (search/activities.ts `paxMixProblem`, the rule the search, price-check and
 * booking apply too). 409 pax_mix_unavailable, with the rule's sentence, when it can book none.
 */
export function optionsForMix(ctx: Omit<GenContext, "party">, row: ResultRow, src: number, occupancy: Occupancy): ActivityOption[] {
  const s = row.summary as ActivitySummary;
  const party = { adults: occupancy.reduce((n, o) => n + o.adults, 0), childrenAges: occupancy.flatMap((o) => o.childrenAges) };
  const destination = ctx.catalog.activityByKey.get(s.activityKey)?.destinationCode ?? "";
  const offered = activityOffers({ ...ctx, party }, destination).filter((o: Option) => o.productId === row.canonicalProductId && o.src === src);
  const fitting = offered.filter((o) => paxMixProblem(o.summary as ActivitySummary, party) === null);
  if (fitting.length === 0) {
    // One sentence for the whole activity: the adults-only rule, else the largest group it takes.
    const people = party.adults + party.childrenAges.length;
    const adultsOnly = party.childrenAges.length > 0 && isAdultsOnly(s.activityName) ? paxMixProblem(s, party) : null;
    const message = adultsOnly ?? `No option of ${s.activityName} takes ${people} travellers in one booking; the largest takes ${largestGroup(s.category, src)}.`;
    throw new SandboxError(409, "pax_mix_unavailable", message);
  }
  // Cheapest first, like the saved options.
  return fitting.sort((a, b) => a.amount - b.amount).map((o) => toOption(o.summary as ActivitySummary, o.amount, ctx.currency));
}
