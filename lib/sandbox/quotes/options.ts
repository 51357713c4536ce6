import { z } from "zod";
import { SandboxError } from "../platform/errors";
import { activityOptions } from "../search/activities";
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

/** How many travellers one booking of a modality takes; everything not listed takes 25. */
export const CAPACITY: Record<string, number> = { small_group: 10, private: 8 };
export const DEFAULT_CAPACITY = 25;
/** Wine tastings are for adults only: any child in the mix is refused. */
export const isAdultsOnly = (s: ActivitySummary) => /\bWine\b/.test(s.activityName);

/**
 * The options of the quote's activity and source, priced for another traveller mix. Refuses the
 * mix (409 pax_mix_unavailable) when it brings children to an adults-only activity, or when no
 * option can take that many travellers; options too small for the mix are left out.
 */
export function optionsForMix(ctx: Omit<GenContext, "party">, row: ResultRow, src: number, occupancy: Occupancy): ActivityOption[] {
  const s = row.summary as ActivitySummary;
  const party = { adults: occupancy.reduce((n, o) => n + o.adults, 0), childrenAges: occupancy.flatMap((o) => o.childrenAges) };
  const people = party.adults + party.childrenAges.length;
  if (party.childrenAges.length > 0 && isAdultsOnly(s)) {
    throw new SandboxError(409, "pax_mix_unavailable", `${s.activityName} is for adults only; the traveller mix has ${party.childrenAges.length} child(ren).`);
  }
  const destination = ctx.catalog.activityByKey.get(s.activityKey)?.destinationCode ?? "";
  const fitting = activityOptions({ ...ctx, party }, destination).filter(
    (o: Option) => o.productId === row.canonicalProductId && o.src === src && people <= (CAPACITY[(o.summary as ActivitySummary).modalityCode] ?? DEFAULT_CAPACITY),
  );
  if (fitting.length === 0) {
    throw new SandboxError(409, "pax_mix_unavailable", `No option of ${s.activityName} takes ${people} travellers in one booking.`);
  }
  // Cheapest first, like the saved options.
  return fitting.sort((a, b) => a.amount - b.amount).map((o) => toOption(o.summary as ActivitySummary, o.amount, ctx.currency));
}
