"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { Building2, ImageIcon, ImageUp, Trash2 } from "lucide-react";
import { useId, useRef, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { agencyProfileQuery } from "@/components/agency/use-agency-profile";
import {
  ADDRESS_MAX,
  AGENCY_NAME_MAX,
  AGENCY_PROFILE_FIELDS,
  agencyProfileResponseSchema,
  agencyProfileSchema,
  LOGO_TYPES,
  logoProblem,
  type AgencyProfile,
  type AgencyProfileInput,
  type AgencyProfileValues,
} from "@/lib/agency/profile";
import { apiRequest, applyFieldErrors, ApiError } from "@/lib/api-client";
import { formatCount } from "@/lib/money";
import { AgencyCard } from "../status/agency-card";
import { Button } from "../ui/button";
import { AdminPageHeader } from "./admin-page-header";
import { CardSaveBar, savedOn } from "./card-save-bar";
import { VoucherSettingCard } from "./voucher-setting-card";
import type { FollowUpSettings } from "@/lib/agency/follow-ups";
import { Callout } from "../ui/callout";
import { Card, CardBody, CardHeader } from "../ui/card";
import { Field, FieldError, inputClasses } from "../ui/field";

const LOGO_ACCEPT = LOGO_TYPES.join(",");

const valuesOf = (p: AgencyProfile): AgencyProfileInput => ({ name: p.name, replyTo: p.replyTo, phone: p.phone, address: p.address });

/**
 * /admin/agency: the agency profile an admin sets once. The name is where vouchers emailed to
 * clients start from (advisors may change it per email); reply-to, phone, address and logo go
 * with it. Every field is checked as it is left, with the handler's own schema.
 */
export function AgencyProfileAdmin({ initial, followUps }: { initial: AgencyProfile; followUps?: FollowUpSettings }) {
  const queryClient = useQueryClient();
  const [profile, setProfile] = useState(initial);
  const adopt = (next: AgencyProfile) => {
    setProfile(next);
    queryClient.setQueryData(agencyProfileQuery.queryKey, next);
  };

  return (
    <div className="space-y-6">
      <AdminPageHeader title="Agency profile">
        How the agency presents itself to clients. Vouchers the advisors email start with this name and reply-to address.
      </AdminPageHeader>
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,1.6fr)_minmax(0,1fr)]">
        <div className="space-y-6">
          <ProfileForm profile={profile} onSaved={adopt} />
          {followUps ? <VoucherSettingCard initial={followUps} /> : null}
        </div>
        <div className="space-y-6">
          <LogoCard profile={profile} onChange={adopt} />
          <div>
            <AgencyCard currency={profile.currency} market={profile.market} />
            <p className="mt-2 px-1 text-[0.8125rem] leading-snug text-slate-500">
              The currency and market are set where the desk runs (<code className="font-mono text-xs">AGENCY_CURRENCY</code>,{" "}
              <code className="font-mono text-xs">AGENCY_MARKET</code>), not here: every price and search depends on them.
            </p>
          </div>
        </div>
      </div>
    </div>
  );
}

function ProfileForm({ profile, onSaved }: { profile: AgencyProfile; onSaved: (p: AgencyProfile) => void }) {
  const {
    register,
    handleSubmit,
    setError,
    reset,
    control,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<AgencyProfileInput, unknown, AgencyProfileValues>({
    resolver: zodResolver(agencyProfileSchema),
    // A field's sentence shows once it is left, then follows each change.
    mode: "onTouched",
    defaultValues: valuesOf(profile),
  });
  const [formError, setFormError] = useState<string | null>(null);
  const [saved, setSaved] = useState<Date | null>(null);
  const [name = "", address = ""] = useWatch({ control, name: ["name", "address"] });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    setSaved(null);
    try {
      const { data } = await apiRequest("PUT", "/api/agency", agencyProfileResponseSchema, { body: values });
      onSaved(data);
      // What was saved (trimmed, line breaks as stored) is what the form shows now.
      reset(valuesOf(data));
      setSaved(new Date());
    } catch (err) {
      const e = err instanceof ApiError ? err : null;
      if (e?.code === "validation_error" && applyFieldErrors(e.details, AGENCY_PROFILE_FIELDS, setError)) return;
      setFormError(e?.message ?? "The profile could not be saved. Try again.");
    }
  });

  return (
    <Card aria-labelledby="agency-details-title">
      <CardHeader icon={<Building2 className="size-5" aria-hidden />} title="Details" titleId="agency-details-title" description="Shown to clients on what the desk sends them." />
      <form onSubmit={onSubmit} noValidate aria-labelledby="agency-details-title">
        <CardBody className="space-y-5">
          {formError ? <Callout title={formError} /> : null}
          <p className="text-[0.8125rem] text-slate-500">
            Fields marked <span className="text-rose-600">*</span> are required.
          </p>
          <Field
            label="Agency name"
            required
            error={errors.name?.message}
            hint={`The sender name of vouchers emailed to clients; advisors may change it per email. ${formatCount(name.trim().length)} / ${AGENCY_NAME_MAX} characters.`}
          >
            {(c) => <input {...c} {...register("name")} autoComplete="organization" maxLength={AGENCY_NAME_MAX + 40} className={inputClasses(!!errors.name)} />}
          </Field>
          <Field
            label="Reply-to email"
            error={errors.replyTo?.message}
            hint="Where clients' replies go when an advisor leaves a voucher's reply-to empty."
          >
            {(c) => <input {...c} {...register("replyTo")} type="email" autoComplete="email" inputMode="email" spellCheck={false} placeholder="bookings@youragency.com" className={inputClasses(!!errors.replyTo)} />}
          </Field>
          <Field label="Phone" error={errors.phone?.message} hint="With its country code, as clients should dial it.">
            {(c) => <input {...c} {...register("phone")} type="tel" autoComplete="tel" inputMode="tel" placeholder="+44 20 7946 0958" className={inputClasses(!!errors.phone)} />}
          </Field>
          <Field
            label="Address"
            error={errors.address?.message}
            hint={`As it should be printed, one line per line. ${formatCount(address.length)} / ${formatCount(ADDRESS_MAX)} characters.`}
          >
            {(c) => <textarea {...c} {...register("address")} rows={4} autoComplete="street-address" className={`${inputClasses(!!errors.address)} h-auto py-2`} />}
          </Field>
        </CardBody>
        <CardSaveBar
          label="Save profile"
          submitting={isSubmitting}
          dirty={isDirty}
          saved={saved}
          idle={profile.updatedAt ? `Last saved ${savedOn.format(new Date(profile.updatedAt))}${profile.updatedBy ? ` by ${profile.updatedBy}` : ""}.` : "Not set yet."}
        />
      </form>
    </Card>
  );
}

function LogoCard({ profile, onChange }: { profile: AgencyProfile; onChange: (p: AgencyProfile) => void }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState<"upload" | "remove" | null>(null);
  const [announce, setAnnounce] = useState("");

  const send = async (method: "PUT" | "DELETE", body?: File) => {
    setBusy(method === "PUT" ? "upload" : "remove");
    setProblem(null);
    try {
      const { data } = await apiRequest(method, "/api/agency/logo", agencyProfileResponseSchema, { body });
      onChange(data);
      setAnnounce(method === "PUT" ? "The logo is saved." : "The logo is removed.");
    } catch (err) {
      const e = err instanceof ApiError ? err : null;
      setProblem(e?.details.find((d) => d.path === "logo")?.message ?? e?.message ?? "The logo could not be saved. Try again.");
    } finally {
      setBusy(null);
    }
  };

  const choose = async (file: File | undefined) => {
    if (input.current) input.current.value = "";
    if (!file) return;
    // The same checks as the desk's, before anything is sent: size, SVG, and the file's first bytes.
    const head = new Uint8Array(await file.slice(0, 16).arrayBuffer());
    const refused = logoProblem(file, head);
    if (refused) {
      setProblem(refused);
      return;
    }
    await send("PUT", file);
  };

  return (
    <Card aria-labelledby={`${id}-title`}>
      <CardHeader icon={<ImageIcon className="size-5" aria-hidden />} title="Logo" titleId={`${id}-title`} description="PNG, JPEG or WebP, at most 500 KB." />
      <CardBody className="space-y-4">
        <div className="grid h-36 place-items-center rounded-lg border border-dashed border-slate-300 bg-[repeating-conic-gradient(#f8fafc_0%_25%,#ffffff_0%_50%)] bg-[length:16px_16px] p-4">
          {profile.logoUrl ? (
            // eslint-disable-next-line @next/next/no-img-element -- the desk's own route serves it, already sized and cached by version
            <img src={profile.logoUrl} alt="The agency's logo" className="max-h-full max-w-full object-contain" />
          ) : (
            <p className="text-sm text-slate-500">No logo yet</p>
          )}
        </div>
        <input
          ref={input}
          id={`${id}-file`}
          type="file"
          accept={LOGO_ACCEPT}
          className="sr-only"
          tabIndex={-1}
          aria-label="Logo image file"
          aria-describedby={problem ? `${id}-problem` : `${id}-hint`}
          aria-invalid={problem ? true : undefined}
          onChange={(e) => void choose(e.target.files?.[0])}
        />
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" pending={busy === "upload"} disabled={busy !== null} onClick={() => input.current?.click()}>
            <ImageUp className="size-4" aria-hidden />
            {profile.logoUrl ? "Replace logo" : "Upload logo"}
          </Button>
          {profile.logoUrl ? (
            <Button variant="ghost" pending={busy === "remove"} disabled={busy !== null} onClick={() => void send("DELETE")}>
              <Trash2 className="size-4" aria-hidden />
              Remove
            </Button>
          ) : null}
        </div>
        {problem ? (
          <FieldError id={`${id}-problem`} role="alert">
            {problem}
          </FieldError>
        ) : (
          <p id={`${id}-hint`} className="text-[0.8125rem] leading-snug text-slate-500">
            A wide logo on a transparent or white background reads best. SVG is not taken: it can carry scripts.
          </p>
        )}
        <p role="status" className="sr-only">
          {announce}
        </p>
      </CardBody>
    </Card>
  );
}
