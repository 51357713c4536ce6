"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { MailCheck } from "lucide-react";
import { useState, useSyncExternalStore } from "react";
import { useForm, useWatch } from "react-hook-form";
import {
  followUpSettingsResponseSchema,
  settingsOfForm,
  VOUCHER_DAYS_MAX,
  VOUCHER_DAYS_MIN,
  voucherFormOf,
  voucherSettingFormSchema,
  type FollowUpSettings,
  type VoucherSettingForm,
} from "@/lib/agency/follow-ups";
import { apiRequest, ApiError, applyFieldErrors } from "@/lib/api-client";
import { Callout } from "../ui/callout";
import { Card, CardBody, CardHeader } from "../ui/card";
import { CardSaveBar, savedOn } from "./card-save-bar";
import { cn } from "../ui/cn";
import { Field, inputClasses } from "../ui/field";

const noSubscription = () => () => {};

/**
 * The voucher before travel (issue 30, job 4): off by default; on, the desk emails the voucher to
 * the lead traveller of each confirmed booking N days before travel when nobody has sent one.
 */
export function VoucherSettingCard({ initial }: { initial: FollowUpSettings }) {
  const [settings, setSettings] = useState(initial);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    control,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<VoucherSettingForm>({
    resolver: zodResolver(voucherSettingFormSchema),
    mode: "onTouched",
    defaultValues: voucherFormOf(initial),
  });
  const [formError, setFormError] = useState<string | null>(null);
  const [saved, setSaved] = useState<Date | null>(null);
  const on = useWatch({ control, name: "voucherOn" });
  // Takes typing once hydrated (react-hook-form sets each input as it registers it); said on the form for tests.
  const hydrated = useSyncExternalStore(noSubscription, () => true, () => false);

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    setSaved(null);
    try {
      const { data } = await apiRequest("PUT", "/api/agency/follow-ups", followUpSettingsResponseSchema, { body: settingsOfForm(values) });
      setSettings(data);
      // Turned off, the days typed stay in the box for the next time it is turned on.
      reset(data.voucherDaysBefore === null ? { ...values, voucherOn: false } : voucherFormOf(data));
      setSaved(new Date());
    } catch (err) {
      const e = err instanceof ApiError ? err : null;
      const details = (e?.details ?? []).map((d) => (d.path === "voucherDaysBefore" ? { ...d, path: "voucherDays" } : d));
      if (e?.code === "validation_error" && applyFieldErrors(details, ["voucherDays"] as const, setError)) return;
      setFormError(e?.message ?? "The setting could not be saved. Try again.");
    }
  });

  return (
    <Card aria-labelledby="voucher-setting-title">
      <CardHeader
        icon={<MailCheck className="size-5" aria-hidden />}
        title="Vouchers before travel"
        titleId="voucher-setting-title"
        description="The desk can send the voucher itself when nobody has."
      />
      <form onSubmit={onSubmit} noValidate aria-labelledby="voucher-setting-title" data-hydrated={hydrated ? "" : undefined}>
        <CardBody className="space-y-4">
          {formError ? <Callout title={formError} /> : null}
          {/* The label is the setting's name alone; the hint describes it (a name that held both would be a paragraph). */}
          <div className="flex items-start gap-2.5 text-sm">
            <input
              id="voucher-setting-on"
              type="checkbox"
              {...register("voucherOn")}
              className="mt-0.5 size-4 accent-brand-600"
              aria-describedby="voucher-setting-hint"
            />
            <div>
              <label htmlFor="voucher-setting-on" className="block font-medium text-ink">
                Email the voucher to the lead traveller before travel
              </label>
              <p id="voucher-setting-hint" className="text-[0.8125rem] text-slate-500">
                For confirmed bookings whose voucher nobody has sent. It goes once, from the agency&apos;s name and reply-to above, and the
                booking&apos;s advisor is told. Off: the desk sends nothing.
              </p>
            </div>
          </div>
          <Field
            label="Days before travel"
            error={errors.voucherDays?.message}
            hint={on ? `From ${VOUCHER_DAYS_MIN} to ${VOUCHER_DAYS_MAX}. A booking that already travels sooner gets its voucher within the hour.` : "Turn the setting on to choose the days."}
          >
            {(c) => (
              <div className="relative max-w-40">
                <input
                  {...c}
                  {...register("voucherDays")}
                  inputMode="numeric"
                  autoComplete="off"
                  disabled={!on}
                  className={cn(inputClasses(!!errors.voucherDays), "pr-14 tabular-nums disabled:bg-slate-50 disabled:text-slate-500")}
                />
                <span className="pointer-events-none absolute inset-y-0 right-3 grid place-items-center text-sm text-slate-500" aria-hidden>
                  days
                </span>
              </div>
            )}
          </Field>
        </CardBody>
        <CardSaveBar
          label="Save setting"
          submitting={isSubmitting}
          dirty={isDirty}
          saved={saved}
          idle={
            settings.updatedAt
              ? `${settings.voucherDaysBefore === null ? "Off" : "On"} since ${savedOn.format(new Date(settings.updatedAt))}${settings.updatedBy ? `, set by ${settings.updatedBy}` : ""}.`
              : "Off (the default)."
          }
        />
      </form>
    </Card>
  );
}
