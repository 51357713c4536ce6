import * as z from "zod/mini";

// The agency's follow-up settings an admin sets on /admin/agency (issue 30): today one, the
// voucher emailed to the lead traveller N days before travel (off by default). One schema for the
// handler (PUT /api/agency/follow-ups) and one for the form, which keeps the days as typed, so both
// say the same sentence for the same mistake. Importable from client components.

export const VOUCHER_DAYS_MIN = 1;
export const VOUCHER_DAYS_MAX = 30;
/** What the form offers when the setting is turned on for the first time. */
export const VOUCHER_DAYS_DEFAULT = 3;
export const VOUCHER_DAYS_PROBLEM = `Enter a whole number of days from ${VOUCHER_DAYS_MIN} to ${VOUCHER_DAYS_MAX}.`;

const days = z.int(VOUCHER_DAYS_PROBLEM).check(z.gte(VOUCHER_DAYS_MIN, VOUCHER_DAYS_PROBLEM), z.lte(VOUCHER_DAYS_MAX, VOUCHER_DAYS_PROBLEM));

/** PUT /api/agency/follow-ups: `voucherDaysBefore` null turns the vouchers off. */
export const followUpSettingsSchema = z.strictObject({
  voucherDaysBefore: z.nullable(days),
});
export type FollowUpSettingsValues = z.output<typeof followUpSettingsSchema>;

/** GET and PUT /api/agency/follow-ups answer. */
export const followUpSettingsResponseSchema = z.object({
  voucherDaysBefore: z.nullable(z.number()),
  updatedAt: z.nullable(z.string()),
  updatedBy: z.nullable(z.string()),
});
export type FollowUpSettings = z.output<typeof followUpSettingsResponseSchema>;

/** The form: a switch and the days as typed (checked only while the switch is on). */
export const voucherSettingFormSchema = z
  .object({ voucherOn: z.boolean(), voucherDays: z.string() })
  .check(
    z.superRefine((v, ctx) => {
      if (!v.voucherOn) return;
      const typed = v.voucherDays.trim();
      if (!/^\d+$/.test(typed) || !days.safeParse(Number(typed)).success) {
        ctx.addIssue({ code: "custom", path: ["voucherDays"], message: VOUCHER_DAYS_PROBLEM });
      }
    }),
  );
export type VoucherSettingForm = z.input<typeof voucherSettingFormSchema>;
export const VOUCHER_SETTING_FIELDS = ["voucherOn", "voucherDays"] as const;

export const voucherFormOf = (s: Pick<FollowUpSettings, "voucherDaysBefore">): VoucherSettingForm => ({
  voucherOn: s.voucherDaysBefore !== null,
  voucherDays: String(s.voucherDaysBefore ?? VOUCHER_DAYS_DEFAULT),
});

export const settingsOfForm = (v: VoucherSettingForm): FollowUpSettingsValues => ({
  voucherDaysBefore: v.voucherOn ? Number(v.voucherDays.trim()) : null,
});
