import { zodResolver } from "@hookform/resolvers/zod";
import type { Resolver } from "react-hook-form";
import * as z from "zod/mini";
import { formatDay } from "@/lib/format/dates";
import { travelerSchema } from "@/lib/tds/contract/adapter";
import { PAN_SENTENCE, specialRequestTooLong } from "@/lib/tds/contract/requests";
import { FOR_PEOPLE } from "@/lib/zod-sentences";
import {
  isTitleShown,
  MAX_SPECIAL_REQUEST,
  normalizePhone,
  PAN_PATTERN,
  PASSPORT_VALID_MONTHS,
  type BookingQuestion,
  type CheckoutContext,
  type CheckoutValues,
  type TravelerValues,
} from "./checkout-schema";

// The checkout form's validation: the zod schema for one booking and its react-hook-form
// resolver. Only validating needs it, so the checkout page loads it when the form is first
// touched (or validated), not with the page; the rest of the form's logic is checkout-schema.ts.

const t = travelerSchema.shape;

const firstMessage = (r: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  r.success ? null : (r.error?.issues[0]?.message ?? "Check this value and try again.");

/** What an empty required field says, naming it as its label does. */
export const MISSING: Record<keyof TravelerValues, string> = {
  title: "Choose a title.",
  firstName: "Enter the first name.",
  lastName: "Enter the last name.",
  email: "Enter the lead traveller's email address.",
  phone: "Enter the lead traveller's mobile number.",
  dateOfBirth: "Enter the date of birth.",
  gender: "Choose the gender as on the passport.",
  passportNumber: "Enter the passport number.",
  passportExpiry: "Enter the passport's expiry date.",
  nationality: "Choose the nationality as on the passport.",
  carrierName: "Enter the airline.",
  flightNumber: "Enter the flight number, such as BA117.",
};

/** The problem with one answer, or null. */
export function answerProblem(question: BookingQuestion, value: string): string | null {
  const v = value.trim();
  const chosen = question.type === "select" || question.type === "boolean";
  if (v === "") return question.required ? `${chosen ? "Choose" : "Enter"} an answer: the provider needs it.` : null;
  switch (question.type) {
    case "number":
      return Number.isFinite(Number(v)) ? null : "Enter a number.";
    case "date":
      return /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v)) ? null : "Enter a real date.";
    case "select":
      return (question.options ?? []).includes(v) ? null : "Choose one of the options.";
    case "boolean":
      return v === "true" || v === "false" ? null : "Choose yes or no.";
    default:
      return question.maxLength != null && v.length > question.maxLength ? `Shorten this answer to at most ${question.maxLength} characters.` : null;
  }
}

const travelerValuesSchema = z.object({
  title: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  dateOfBirth: z.string(),
  gender: z.string(),
  passportNumber: z.string(),
  passportExpiry: z.string(),
  nationality: z.string(),
  carrierName: z.string(),
  flightNumber: z.string(),
});

const MALE_TITLES = new Set(["Mr", "Master"]);
const FEMALE_TITLES = new Set(["Mrs", "Ms", "Miss"]);

/** A title and a gender that contradict each other (Mr and female): asked about rather than sent to the airline. */
export function titleGenderClash(title: string, gender: string): string | null {
  if ((MALE_TITLES.has(title) && gender === "female") || (FEMALE_TITLES.has(title) && gender === "male")) {
    return `The title ${title} does not go with ${gender === "female" ? "Female" : "Male"}: check the title or the gender (as on the passport).`;
  }
  return null;
}

/** A request of at most 500 characters: a longer one is refused with its length, never cut (the field has no maxLength). */
const requestText = z.string().check(z.superRefine((v, zctx) => {
  if (v.length > MAX_SPECIAL_REQUEST) zctx.addIssue({ code: "custom", message: specialRequestTooLong(v.length) });
}));

/**
 * The form's schema for this booking: the traveller record's own rules (travelerSchema) for
 * every value given, and the price-check's requirements for which must be given.
 */
export function buildCheckoutSchema(ctx: CheckoutContext, today: string = new Date().toISOString().slice(0, 10)) {
  return z
    .object({
      travelers: z.array(travelerValuesSchema),
      answers: z.array(z.string()),
      panNumber: z.string(),
      changesAcknowledged: z.boolean(),
      packageRateAcknowledged: z.boolean(),
      payment: z.enum(["now", "hold"]),
      specialRequest: requestText,
      rooms: z.array(
        z.object({
          smoking: z.enum(["", "non_smoking", "smoking"]),
          specialRequest: requestText,
        }),
      ),
    })
    .check(z.superRefine((v, zctx) => {
      const issue = (path: Array<string | number>, message: string) => zctx.addIssue({ code: "custom", path, message });
      v.travelers.forEach((tv, i) => {
        const at = (field: keyof TravelerValues, message: string | null) => {
          if (message) issue(["travelers", i, field], message);
        };
        const check = (field: keyof TravelerValues, required: boolean, schema: z.ZodMiniType, value = tv[field].trim()) => {
          if (value === "") return at(field, required ? MISSING[field] : null);
          at(field, firstMessage(schema.safeParse(value, FOR_PEOPLE)));
        };
        check("firstName", true, t.firstName);
        check("lastName", true, t.lastName);
        if (isTitleShown(ctx, i)) check("title", ctx.titles !== "none", t.title);
        if (i === 0 && ctx.leadContact) {
          check("email", true, t.email);
          check("phone", true, t.phone, normalizePhone(tv.phone.trim()));
        }
        if (ctx.travelDocuments) {
          check("dateOfBirth", true, t.dateOfBirth);
          if (tv.dateOfBirth && tv.dateOfBirth >= today) at("dateOfBirth", "The date of birth must be before today.");
          check("gender", true, t.gender);
          const clash = titleGenderClash(tv.title, tv.gender);
          if (clash) at("gender", clash);
          check("passportNumber", true, t.passportNumber);
          if (tv.passportNumber.trim() && !/^[A-Za-z0-9]+$/.test(tv.passportNumber.trim())) at("passportNumber", "Use only letters and digits for the passport number.");
          check("passportExpiry", true, t.passportExpiry);
          if (ctx.passportValidUntil && /^\d{4}-\d{2}-\d{2}$/.test(tv.passportExpiry) && tv.passportExpiry < ctx.passportValidUntil) {
            at(
              "passportExpiry",
              `This passport expires too soon: it must be valid until at least ${formatDay(ctx.passportValidUntil)}, ${PASSPORT_VALID_MONTHS} months after travel ends.`,
            );
          }
          check("nationality", true, t.nationality);
        }
        if (i === 0 && ctx.flightDetails) {
          check("carrierName", true, t.carrierName);
          check("flightNumber", true, t.flightNumber);
        }
      });
      ctx.answers.forEach((slot, i) => {
        const problem = answerProblem(slot.question, v.answers[i] ?? "");
        if (problem) issue(["answers", i], problem);
      });
      if (ctx.panRequired) {
        const pan = v.panNumber.trim().toUpperCase();
        if (!pan) issue(["panNumber"], "Enter the lead traveller's PAN.");
        else if (!PAN_PATTERN.test(pan)) issue(["panNumber"], PAN_SENTENCE);
      }
      if (ctx.changesAcknowledgementRequired && !v.changesAcknowledged) {
        issue(["changesAcknowledged"], "Confirm that the client accepts these changes.");
      }
      if (ctx.packageRate && !v.packageRateAcknowledged) issue(["packageRateAcknowledged"], "Confirm that the client accepts the package terms.");
      if (v.payment === "hold" && !ctx.holdable) issue(["payment"], "This rate cannot be held. Book and pay now instead.");
    }));
}

/** The resolver of the checkout form for this booking. */
export function checkoutResolver(ctx: CheckoutContext): Resolver<CheckoutValues> {
  return zodResolver(buildCheckoutSchema(ctx), FOR_PEOPLE) as Resolver<CheckoutValues>;
}
