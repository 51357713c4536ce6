import type { FieldErrors, UseFormRegister } from "react-hook-form";
import { Users } from "lucide-react";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { inputClasses, Field } from "@/components/ui/field";
import { Select } from "@/components/ui/select";
import { cn } from "@/components/ui/cn";
import { countryOptions } from "@/lib/countries";
import { formatDay } from "@/lib/format/dates";
import { humanize } from "@/lib/format/words";
import { lazily } from "@/lib/lazily";
import { PHONE_EXAMPLE } from "@/lib/tds/contract/adapter";
import {
  isTitleShown,
  MAX_SPECIAL_REQUEST,
  TRAVELER_TITLES,
  type AnswerSlot,
  type CheckoutContext,
  type CheckoutValues,
  type TravelerValues,
} from "./checkout-schema";

type FormBits = { register: UseFormRegister<CheckoutValues>; errors: FieldErrors<CheckoutValues> };

/** The same countries, named the same way, as the search's guest nationality (lib/countries.ts). */
// Named when a flight's passenger form first shows the nationality field, not when checkout loads:
// Intl.DisplayNames costs tens of milliseconds on a phone and hotels never ask for a nationality.
const countries = lazily(() => countryOptions().map((c) => [c.code, c.name] as const));

const Required = () => (
  <>
    <span className="text-rose-600" aria-hidden>
      {" "}
      *
    </span>
    <span className="sr-only"> (required)</span>
  </>
);

function travelerError(errors: FieldErrors<CheckoutValues>, i: number, field: keyof TravelerValues): string | undefined {
  return errors.travelers?.[i]?.[field]?.message;
}

function TravelerFields({ ctx, index, register, errors, answers }: FormBits & { ctx: CheckoutContext; index: number; answers: Array<{ slot: AnswerSlot; i: number }> }) {
  const slot = ctx.manifest[index]!;
  const lead = index === 0;
  const err = (f: keyof TravelerValues) => travelerError(errors, index, f);
  const name = (f: keyof TravelerValues) => `travelers.${index}.${f}` as const;
  const today = new Date().toISOString().slice(0, 10);
  return (
    <fieldset className="min-w-0 space-y-4 rounded-lg border border-slate-200 p-4 sm:p-5" data-testid={`traveler-${index}`}>
      <legend className="-ml-1 px-1 text-sm font-semibold text-ink">
        {slot.label}
        {lead ? <span className="ml-2 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-700">Lead traveller</span> : null}
      </legend>
      <div className={cn("grid gap-4", isTitleShown(ctx, index) ? "sm:grid-cols-[8rem_1fr_1fr]" : "sm:grid-cols-2")}>
        {isTitleShown(ctx, index) ? (
          <Field label={<>Title{ctx.titles !== "none" ? <Required /> : null}</>} error={err("title")}>
            {(a) => (
              <Select {...a} {...register(name("title"))}>
                <option value="">Choose…</option>
                {TRAVELER_TITLES.map((t) => (
                  <option key={t} value={t}>
                    {t}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        ) : null}
        <Field label={<>First name<Required /></>} error={err("firstName")}>
          {(a) => <input {...a} autoComplete={lead ? "given-name" : "off"} className={inputClasses(!!err("firstName"))} {...register(name("firstName"))} />}
        </Field>
        <Field label={<>Last name<Required /></>} error={err("lastName")}>
          {(a) => <input {...a} autoComplete={lead ? "family-name" : "off"} className={inputClasses(!!err("lastName"))} {...register(name("lastName"))} />}
        </Field>
      </div>
      {slot.type === "child" ? <p className="text-[0.8125rem] text-slate-500">Age {slot.age} as searched. To change it, search again.</p> : null}

      {lead && ctx.leadContact ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={<>Email<Required /></>} hint="The provider may send confirmations here." error={err("email")}>
            {(a) => <input {...a} type="email" inputMode="email" autoComplete="email" className={inputClasses(!!err("email"))} {...register(name("email"))} />}
          </Field>
          <Field label={<>Mobile phone<Required /></>} hint={`With country code, e.g. ${PHONE_EXAMPLE}.`} error={err("phone")}>
            {(a) => <input {...a} type="tel" inputMode="tel" autoComplete="tel" placeholder="+1 415 555 0123" className={inputClasses(!!err("phone"))} {...register(name("phone"))} />}
          </Field>
        </div>
      ) : null}

      {ctx.travelDocuments ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={<>Date of birth<Required /></>} error={err("dateOfBirth")}>
            {(a) => <input {...a} type="date" max={today} className={inputClasses(!!err("dateOfBirth"))} {...register(name("dateOfBirth"))} />}
          </Field>
          <Field label={<>Gender<Required /></>} hint="As on the passport." error={err("gender")}>
            {(a) => (
              <Select {...a} {...register(name("gender"))}>
                <option value="">Choose…</option>
                <option value="female">Female</option>
                <option value="male">Male</option>
              </Select>
            )}
          </Field>
          <Field label={<>Passport number<Required /></>} error={err("passportNumber")}>
            {(a) => <input {...a} autoCapitalize="characters" spellCheck={false} className={inputClasses(!!err("passportNumber"))} {...register(name("passportNumber"))} />}
          </Field>
          <Field
            label={<>Passport expiry<Required /></>}
            hint={ctx.passportValidUntil ? `Must be valid until at least ${formatDay(ctx.passportValidUntil)} (6 months after travel).` : "Must be valid 6 months after travel."}
            error={err("passportExpiry")}
          >
            {(a) => <input {...a} type="date" min={ctx.passportValidUntil ?? undefined} className={inputClasses(!!err("passportExpiry"))} {...register(name("passportExpiry"))} />}
          </Field>
          <Field label={<>Nationality<Required /></>} hint="The passport's issuing country." error={err("nationality")} className="sm:col-span-2">
            {(a) => (
              <Select {...a} {...register(name("nationality"))}>
                <option value="">Choose a country…</option>
                {countries().map(([code, label]) => (
                  <option key={code} value={code}>
                    {label} ({code})
                  </option>
                ))}
              </Select>
            )}
          </Field>
        </div>
      ) : null}

      {lead && ctx.flightDetails ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={<>Airline<Required /></>} hint="The flight the driver meets." error={err("carrierName")}>
            {(a) => <input {...a} placeholder="British Airways" className={inputClasses(!!err("carrierName"))} {...register(name("carrierName"))} />}
          </Field>
          <Field label={<>Flight number<Required /></>} hint="At most 7 characters, e.g. BA117." error={err("flightNumber")}>
            {(a) => (
              <input {...a} autoCapitalize="characters" spellCheck={false} placeholder="BA117" className={inputClasses(!!err("flightNumber"))} {...register(name("flightNumber"))} />
            )}
          </Field>
        </div>
      ) : null}

      {answers.length > 0 ? (
        <div className="grid gap-4 sm:grid-cols-2">
          {answers.map(({ slot: s, i }) => (
            <AnswerField key={s.key} slot={s} index={i} register={register} errors={errors} />
          ))}
        </div>
      ) : null}
    </fieldset>
  );
}

function AnswerField({ slot, index, register, errors }: FormBits & { slot: AnswerSlot; index: number }) {
  const q = slot.question;
  const error = errors.answers?.[index]?.message;
  const label = (
    <>
      {q.label}
      {q.required ? <Required /> : null}
    </>
  );
  const field = register(`answers.${index}` as const);
  if (q.type === "boolean") {
    return (
      <fieldset className="space-y-1.5" aria-invalid={!!error}>
        <legend className="text-sm font-medium text-slate-800">{label}</legend>
        <div className="flex gap-5 pt-1">
          {(["true", "false"] as const).map((v) => (
            <label key={v} className="flex items-center gap-2 text-sm text-ink">
              <input type="radio" value={v} className="size-4 accent-brand-600" {...field} />
              {v === "true" ? "Yes" : "No"}
            </label>
          ))}
        </div>
        {error ? <p className="text-[0.8125rem] text-rose-700">{error}</p> : null}
      </fieldset>
    );
  }
  return (
    <Field label={label} error={error} hint={q.maxLength ? `At most ${q.maxLength} characters.` : undefined} className={q.type === "text" ? "sm:col-span-2" : ""}>
      {(a) =>
        q.type === "select" ? (
          <Select {...a} {...field}>
            <option value="">Choose…</option>
            {(q.options ?? []).map((o) => (
              <option key={o} value={o}>
                {humanize(o)}
              </option>
            ))}
          </Select>
        ) : (
          <input
            {...a}
            type={q.type === "date" ? "date" : "text"}
            inputMode={q.type === "number" ? "decimal" : undefined}
            className={inputClasses(!!error)}
            {...field}
          />
        )
      }
    </Field>
  );
}

export function TravelersSection({ ctx, register, errors }: FormBits & { ctx: CheckoutContext }) {
  const perTraveler = (i: number) => ctx.answers.flatMap((slot, idx) => (slot.travelerIndex === i ? [{ slot, i: idx }] : []));
  const groups =
    ctx.productType === "hotel"
      ? Array.from({ length: ctx.rooms }, (_, r) => ({
          title: `Room ${r + 1}`,
          indexes: ctx.manifest.flatMap((s, i) => (s.roomIndex === r ? [i] : [])),
        }))
      : [{ title: null, indexes: ctx.manifest.map((_, i) => i) }];
  const needs = [
    ctx.titles === "all" ? "a title for everyone" : ctx.titles === "lead" ? "the lead traveller's title" : null,
    ctx.leadContact ? "the lead traveller's email and phone" : null,
    ctx.travelDocuments ? "passport details for every passenger" : null,
    ctx.flightDetails ? "the arriving flight" : null,
  ].filter(Boolean);
  return (
    <Card aria-labelledby="travellers-title">
      <CardHeader
        icon={<Users className="size-5" />}
        titleId="travellers-title"
        title="Travellers"
        description={`Names exactly as on passports or ID, one per guest searched.${needs.length ? ` This booking also needs ${needs.join(", ")}.` : ""}`}
      />
      <CardBody className="space-y-6">
        {groups.map((g) => (
          <div key={g.title ?? "party"} className="space-y-4">
            {g.title && ctx.rooms > 1 ? <h3 className="text-sm font-semibold tracking-wide text-slate-500 uppercase">{g.title}</h3> : null}
            {g.indexes.map((i) => (
              <TravelerFields key={i} ctx={ctx} index={i} register={register} errors={errors} answers={perTraveler(i)} />
            ))}
          </div>
        ))}
      </CardBody>
    </Card>
  );
}

export function BookingQuestionsSection({ ctx, register, errors }: FormBits & { ctx: CheckoutContext }) {
  const bookingLevel = ctx.answers.flatMap((slot, i) => (slot.travelerIndex === null ? [{ slot, i }] : []));
  if (bookingLevel.length === 0 && !ctx.panRequired) return null;
  return (
    <Card aria-labelledby="questions-title">
      <CardHeader titleId="questions-title" title="Booking details" description="The provider needs these to run the booking." />
      <CardBody className="grid gap-4 sm:grid-cols-2">
        {bookingLevel.map(({ slot, i }) => (
          <AnswerField key={slot.key} slot={slot} index={i} register={register} errors={errors} />
        ))}
        {ctx.panRequired ? (
          <Field
            label={<>Lead traveller&apos;s PAN<Required /></>}
            hint="Indian Permanent Account Number: five letters, four digits, one letter (ABCDE1234F)."
            error={errors.panNumber?.message}
          >
            {(a) => <input {...a} autoCapitalize="characters" spellCheck={false} placeholder="ABCDE1234F" className={cn(inputClasses(!!errors.panNumber), "font-mono uppercase")} {...register("panNumber")} />}
          </Field>
        ) : null}
      </CardBody>
    </Card>
  );
}

export function SpecialRequestsSection({ ctx, register, errors }: FormBits & { ctx: CheckoutContext }) {
  if (ctx.productType !== "hotel") return null;
  return (
    <Card aria-labelledby="requests-title">
      <CardHeader
        titleId="requests-title"
        title="Special requests"
        description="Optional. Passed to the hotel where the rate allows; requests are not guaranteed."
      />
      <CardBody className="space-y-5">
        {Array.from({ length: ctx.rooms }, (_, r) => (
          <div key={r} className="grid gap-4 sm:grid-cols-[12rem_1fr]">
            <Field label={ctx.rooms > 1 ? `Room ${r + 1}: smoking` : "Smoking"} error={errors.rooms?.[r]?.smoking?.message}>
              {(a) => (
                <Select {...a} {...register(`rooms.${r}.smoking` as const)}>
                  <option value="">No preference</option>
                  <option value="non_smoking">Non-smoking</option>
                  <option value="smoking">Smoking</option>
                </Select>
              )}
            </Field>
            <Field label={ctx.rooms > 1 ? `Room ${r + 1}: request` : "Room request"} hint={`At most ${MAX_SPECIAL_REQUEST} characters, e.g. high floor, cot.`} error={errors.rooms?.[r]?.specialRequest?.message}>
              {(a) => <input {...a} className={inputClasses(!!errors.rooms?.[r]?.specialRequest)} {...register(`rooms.${r}.specialRequest` as const)} />}
            </Field>
          </div>
        ))}
        <Field label="Request for the booking" hint={`At most ${MAX_SPECIAL_REQUEST} characters, e.g. late arrival around 23:00.`} error={errors.specialRequest?.message}>
          {(a) => (
            <textarea {...a} rows={3} className={cn(inputClasses(!!errors.specialRequest), "h-auto py-2")} {...register("specialRequest")} />
          )}
        </Field>
      </CardBody>
    </Card>
  );
}
