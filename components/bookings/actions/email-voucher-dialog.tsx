"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useCallback, useEffect, useLayoutEffect, useRef } from "react";
import { useForm, useWatch } from "react-hook-form";
import { useAgencyProfile } from "@/components/agency/use-agency-profile";
import { Button } from "@/components/ui/button";
import { Dialog, DialogActions } from "@/components/ui/dialog";
import { Field, inputClasses } from "@/components/ui/field";
import { apiPost, ApiError } from "@/lib/api-client";
import { ccAddresses, emailFieldOf, emailRequestOf, emailVoucherFormSchema, NOTE_MAX, type EmailVoucherForm } from "@/lib/bookings/email";
import { emailClientResultSchema } from "@/lib/tds/contract/adapter";
import { EMAIL_MAX_ADDRESSES } from "@/lib/tds/contract/limits";
import { ProblemCallout } from "./problem-callout";
import { useBookingStep } from "./use-booking-step";
import { formatCount } from "@/lib/money";

// The sender name typed last in this browser: what the form starts with while the agency
// profile has no name (an admin sets it on the Agency page).
const AGENCY_NAME_KEY = "agency-desk:voucher-agency-name";

function rememberedAgencyName(): string {
  try {
    return window.localStorage.getItem(AGENCY_NAME_KEY) ?? "";
  } catch {
    return "";
  }
}

/**
 * The "Email voucher" dialog: to (the lead traveller by default), cc, the sender name the client
 * sees (the agency profile's name by default), a note, reply-to (the advisor by default; empty,
 * the profile's) and "without prices". Each field is checked as it is left, then as it changes.
 * Everything typed stays in the form whatever the answer, and while the page is open (it stays
 * mounted once opened); the result names who it reached, whether prices were left off and
 * whether the PDF went along. Loaded by ./email-voucher.tsx.
 */
export default function EmailVoucherDialog({
  open,
  onOpenChange: setOpen,
  bookingId,
  orderRef,
  leadEmail,
  advisorEmail,
  onOutcome,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  bookingId: string;
  orderRef: string;
  leadEmail: string | null;
  advisorEmail: string;
  onOutcome: (message: string) => void;
}) {
  const form = useForm<EmailVoucherForm>({
    resolver: zodResolver(emailVoucherFormSchema),
    // A field's sentence shows once it is left, then follows each change: never only after Send.
    mode: "onTouched",
    defaultValues: { to: leadEmail ?? "", cc: "", agencyName: "", note: "", replyTo: advisorEmail, withoutPrices: false },
  });
  const {
    register,
    handleSubmit,
    setError,
    control,
    getValues,
    getFieldState,
    setValue,
    formState: { errors },
  } = form;
  const agency = useAgencyProfile().data;
  const send = useCallback(
    async (body: ReturnType<typeof emailRequestOf>) => {
      try {
        const sent = await apiPost(`/api/bookings/${encodeURIComponent(bookingId)}/email-client`, emailClientResultSchema, body);
        return { ...sent, withoutPrices: body.withoutPrices };
      } catch (err) {
        // The service's per-field sentences land on their fields; the title stays above the buttons.
        if (err instanceof ApiError && err.code === "validation_error") {
          for (const d of err.details) {
            const field = emailFieldOf(d.path);
            if (field) setError(field, { type: "server", message: d.message });
          }
        }
        throw err;
      }
    },
    [bookingId, setError],
  );
  const email = useBookingStep({
    bookingId,
    step: "email",
    idempotent: false,
    send,
    onDone: (r) => {
      setOpen(false);
      onOutcome(voucherEmailed(r));
    },
  });

  // Each time it opens: the agency's name (or the sender name last used here), and no answer of
  // an earlier send shown. A profile that arrives after the dialog opened fills a name left empty.
  const { reset } = email;
  const agencyName = agency?.name ?? "";
  const agencyKnown = agency !== undefined;
  useLayoutEffect(() => {
    if (!open) return;
    if (!getValues("agencyName")) setValue("agencyName", agencyName || rememberedAgencyName());
    reset();
  }, [open, getValues, setValue, reset]); // eslint-disable-line react-hooks/exhaustive-deps -- on opening only; the profile's arrival is the effect below
  const filledFromProfile = useRef(false);
  useEffect(() => {
    if (!open || !agencyKnown || filledFromProfile.current) return;
    filledFromProfile.current = true;
    if (agencyName && !getFieldState("agencyName").isDirty && getValues("agencyName") !== agencyName) setValue("agencyName", agencyName);
  }, [open, agencyKnown, agencyName, getFieldState, getValues, setValue]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      window.localStorage.setItem(AGENCY_NAME_KEY, values.agencyName.trim());
    } catch {
      // storage unavailable: the name is simply not remembered
    }
    await email.run(emailRequestOf(values, { replyTo: agency?.replyTo }));
  });

  const [note = "", cc = "", to = ""] = useWatch({ control, name: ["note", "cc", "to"] });
  const ccCount = ccAddresses(cc, to).length;

  return (
    <>
      <Dialog open={open} onOpenChange={setOpen} busy={email.pending} title={`Email the voucher of ${orderRef}`} description="Sent by the travel service on the agency's behalf.">
        <form
          noValidate
          onSubmit={(e) => {
            void onSubmit(e).then(() => undefined);
          }}
          className="space-y-4"
          aria-label="Email the voucher"
        >
          <p className="text-[0.8125rem] text-slate-500">
            Fields marked <span className="text-rose-600">*</span> are required.
          </p>
          <Field label="To" required error={errors.to?.message} hint={leadEmail ? "The lead traveller's address, unless you change it." : "The booking has no email for the lead traveller."}>
            {(c) => <input {...c} {...register("to")} type="email" autoComplete="off" className={inputClasses(!!errors.to)} />}
          </Field>
          <Field label="Copy to (cc)" error={errors.cc?.message} hint={ccHint(ccCount)}>
            {(c) => <textarea {...c} {...register("cc")} rows={2} className={`${inputClasses(!!errors.cc)} h-auto py-2`} />}
          </Field>
          <Field
            label="Sender name"
            required
            error={errors.agencyName?.message}
            hint={agencyName ? "The name the client sees the email from: the agency's, as an admin set it. You may change it for this email." : "The name the client sees the email from, such as your agency's."}
          >
            {(c) => <input {...c} {...register("agencyName")} maxLength={120} className={inputClasses(!!errors.agencyName)} />}
          </Field>
          <Field
            label="Reply-to"
            error={errors.replyTo?.message}
            hint={agency?.replyTo ? `Where the client's replies go. Empty: the agency's address, ${agency.replyTo}.` : "Where the client's replies go. Empty: the agency's address at the travel service."}
          >
            {(c) => <input {...c} {...register("replyTo")} type="email" className={inputClasses(!!errors.replyTo)} />}
          </Field>
          <Field
            label="Note"
            error={errors.note?.message}
            hint={`Shown above the voucher. ${formatCount(note.length)} / ${formatCount(NOTE_MAX)} characters.`}
          >
            {(c) => <textarea {...c} {...register("note")} rows={3} className={`${inputClasses(!!errors.note)} h-auto py-2`} />}
          </Field>
          <label className="flex items-center gap-2.5 text-sm text-slate-800">
            <input type="checkbox" {...register("withoutPrices")} className="size-4 rounded border-slate-300 accent-brand-600" />
            Leave prices off the voucher
          </label>
          {email.problem ? (
            <ProblemCallout problem={email.problem} onRetry={() => void onSubmit()} />
          ) : null}
          <DialogActions>
            <Button variant="secondary" onClick={() => setOpen(false)} disabled={email.pending}>
              Close
            </Button>
            <Button type="submit" pending={email.pending}>
              Send voucher
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
}

/** The cc field's hint: how to separate addresses, how many are in copy, and the limit. */
export function ccHint(inCopy: number): string {
  const count = inCopy > 0 ? ` ${formatCount(inCopy)} in copy.` : "";
  return `Separate addresses with commas or new lines.${count} At most ${EMAIL_MAX_ADDRESSES} addresses in all, the client's included.`;
}

/** What the page says once the voucher went: to whom, whether prices were left off, and whether the PDF went along. */
export function voucherEmailed(r: { sentTo: string[]; cc: string[]; pdfAttached: boolean; withoutPrices: boolean }): string {
  return [
    `Voucher emailed to ${r.sentTo.join(", ")}${r.cc.length ? `, copy to ${r.cc.join(", ")}` : ""}.`,
    r.withoutPrices ? "Prices were left off." : null,
    r.pdfAttached ? "The PDF voucher is attached." : "The PDF could not be made, so the voucher is in the email's body.",
  ]
    .filter(Boolean)
    .join(" ");
}
