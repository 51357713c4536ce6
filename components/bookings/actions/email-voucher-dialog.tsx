"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useCallback, useLayoutEffect } from "react";
import { useForm, useWatch } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Dialog, DialogActions } from "@/components/ui/dialog";
import { Field, inputClasses } from "@/components/ui/field";
import { apiPost, ApiError } from "@/lib/api-client";
import { ccAddresses, emailFieldOf, emailRequestOf, emailVoucherFormSchema, NOTE_MAX, type EmailVoucherForm } from "@/lib/bookings/email";
import { emailClientResultSchema } from "@/lib/tds/adapter";
import { EMAIL_MAX_ADDRESSES } from "@/lib/tds/limits";
import { ProblemCallout } from "./problem-callout";
import { useBookingStep } from "./use-booking-step";
import { formatCount } from "@/lib/money";

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
 * sees, a note, reply-to (the advisor by default) and "without prices". Everything typed stays in
 * the form whatever the answer, and while the page is open (it stays mounted once opened); the
 * result names who it reached and whether the PDF went along. Loaded by ./email-voucher.tsx.
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
    defaultValues: { to: leadEmail ?? "", cc: "", agencyName: "", note: "", replyTo: advisorEmail, withoutPrices: false },
  });
  const {
    register,
    handleSubmit,
    setError,
    control,
    getValues,
    setValue,
    formState: { errors },
  } = form;
  const send = useCallback(
    async (body: ReturnType<typeof emailRequestOf>) => {
      try {
        return await apiPost(`/api/bookings/${encodeURIComponent(bookingId)}/email-client`, emailClientResultSchema, body);
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
      onOutcome(
        `Voucher emailed to ${r.sentTo.join(", ")}${r.cc.length ? `, copy to ${r.cc.join(", ")}` : ""}. ${
          r.pdfAttached ? "The PDF voucher is attached." : "The PDF could not be made, so the voucher is in the email's body."
        }`,
      );
    },
  });

  // Each time it opens: the sender name last used, and no answer of an earlier send shown.
  const { reset } = email;
  useLayoutEffect(() => {
    if (!open) return;
    if (!getValues("agencyName")) setValue("agencyName", rememberedAgencyName());
    reset();
  }, [open, getValues, setValue, reset]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      window.localStorage.setItem(AGENCY_NAME_KEY, values.agencyName.trim());
    } catch {
      // storage unavailable: the name is simply not remembered
    }
    await email.run(emailRequestOf(values));
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
          <Field label="To" error={errors.to?.message} hint={leadEmail ? "The lead traveller's address, unless you change it." : "The booking has no email for the lead traveller."}>
            {(c) => <input {...c} {...register("to")} type="email" autoComplete="off" className={inputClasses(!!errors.to)} />}
          </Field>
          <Field
            label="Copy to (cc)"
            error={errors.cc?.message}
            hint={`Separate addresses with commas or new lines. ${ccCount > 0 ? `${ccCount} in copy; ` : ""}at most ${EMAIL_MAX_ADDRESSES} addresses in all.`}
          >
            {(c) => <textarea {...c} {...register("cc")} rows={2} className={`${inputClasses(!!errors.cc)} h-auto py-2`} />}
          </Field>
          <Field label="Sender name" error={errors.agencyName?.message} hint="The name the client sees the email from, such as your agency's.">
            {(c) => <input {...c} {...register("agencyName")} maxLength={120} className={inputClasses(!!errors.agencyName)} />}
          </Field>
          <Field label="Reply-to" error={errors.replyTo?.message} hint="Where the client's replies go. Empty: the agency's address at the travel service.">
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
