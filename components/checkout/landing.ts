import type { ApiErrorDetail } from "@/lib/api-client";
import { formPathOf, type BookingBody, type CheckoutContext } from "./checkout-schema";
import { readableDates } from "./format";

// Where a refused booking's error lands on the form. The service lists failed rules in
// `details` for body validation and "usually" not otherwise (the specification's envelope), so
// when it names no field, or only the first traveller's (the BFF's fallback), the desk works out
// the field from the code and what was sent: the traveller without a title, the passenger the
// message names, the unanswered question. A detail the service gave on a precise field wins.

export type Landing = { path: string; message: string };

/** The BFF's one-field fallback per code (lib/bff/errors.ts): a detail on it says "somewhere here", not "exactly here". */
const GENERIC_PATH: Record<string, string> = {
  traveler_title_required: "travelers.0.title",
  supplier_contact_required: "travelers.0.email",
  travel_documents_required: "travelers.0.passportNumber",
  transfer_flight_details_required: "travelers.0.flightNumber",
  booking_answer_required: "bookingAnswers",
  booking_answer_invalid: "bookingAnswers",
};

type SentTraveler = Record<string, unknown>;
const blank = (v: unknown) => v === undefined || v === null || (typeof v === "string" && v.trim() === "");
const norm = (s: string) => s.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase().replace(/\s+/g, " ").trim();

/** The traveller a message names ("… Maria Lopez's passport expires …"), by index, or null. */
export function travelerNamedIn(message: string, travelers: readonly SentTraveler[]): number | null {
  const text = norm(message);
  const named = travelers
    .map((t, i) => ({ i, name: norm(`${String(t.firstName ?? "")} ${String(t.lastName ?? "")}`) }))
    .filter((t) => t.name.length > 1 && text.includes(t.name))
    .sort((a, b) => b.name.length - a.name.length);
  if (named[0]) return named[0].i;
  const numbered = /\b(?:traveller|traveler|passenger)\s+(\d+)\b/i.exec(message);
  if (numbered) {
    const n = Number(numbered[1]) - 1;
    return n >= 0 && n < travelers.length ? n : null;
  }
  return null;
}

/** The fields a code points at, from what was sent, when the service did not say. */
function inferred(ctx: CheckoutContext, body: BookingBody, code: string, message: string): string[] {
  const travelers = (body.travelers ?? []) as SentTraveler[];
  const lead = travelers[0] ?? {};
  switch (code) {
    case "traveler_title_required": {
      const missing = travelers.flatMap((t, i) => (blank(t.title) ? [`travelers.${i}.title`] : []));
      return missing.length > 0 ? missing : ["travelers.0.title"];
    }
    case "supplier_contact_required": {
      const missing = (["email", "phone"] as const).filter((f) => blank(lead[f])).map((f) => `travelers.0.${f}`);
      return missing.length > 0 ? missing : ["travelers.0.email", "travelers.0.phone"];
    }
    case "travel_documents_required": {
      const i = travelerNamedIn(message, travelers) ?? Math.max(0, travelers.findIndex((t) => blank(t.passportNumber) || blank(t.passportExpiry)));
      const t = travelers[i] ?? {};
      const missing = (["passportNumber", "passportExpiry", "nationality", "dateOfBirth", "gender"] as const).filter((f) => blank(t[f]));
      // Everything was given: the passport's expiry is what falls short (six months past travel).
      return (missing.length > 0 ? missing : ["passportExpiry"]).map((f) => `travelers.${i}.${f}`);
    }
    case "transfer_flight_details_required": {
      const missing = (["carrierName", "flightNumber"] as const).filter((f) => blank(lead[f])).map((f) => `travelers.0.${f}`);
      return missing.length > 0 ? missing : ["travelers.0.flightNumber"];
    }
    case "booking_answer_required": {
      const answers = (body.bookingAnswers ?? {}) as Record<string, unknown>;
      const missing = ctx.answers.filter((a) => a.question.required && blank(answers[a.key])).map((a) => `bookingAnswers.${a.key}`);
      return missing.length > 0 ? missing : ctx.answers.slice(0, 1).map((a) => `bookingAnswers.${a.key}`);
    }
    case "booking_answer_invalid": {
      // The message may name the question's code ("DIET:1 (too long)").
      const named = ctx.answers.filter((a) => new RegExp(`(^|[^\\w:])${a.key.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}($|[^\\w:])`).test(message));
      return (named.length > 0 ? named : ctx.answers.slice(0, 1)).map((a) => `bookingAnswers.${a.key}`);
    }
    case "pan_required":
      return ["panNumber"];
    case "changes_ack_required":
      return ["changesAcknowledged"];
    case "package_ack_required":
      return ["packageRateAcknowledged"];
    default:
      return [];
  }
}

/**
 * The form fields a refused booking lands on, each with its sentence, and the details that have
 * no field on this form (shown with the error instead).
 */
export function landBookingError(
  ctx: CheckoutContext,
  body: BookingBody,
  error: { code: string; message: string; details: readonly ApiErrorDetail[] },
): { placed: Landing[]; unplaced: ApiErrorDetail[] } {
  const generic = GENERIC_PATH[error.code];
  // The BFF's fallback is the generic field with the error's own sentence (lib/bff/errors.ts).
  const precise = error.details.filter((d) => d.path !== "" && !(d.path === generic && d.message === error.message));
  const placed: Landing[] = [];
  const unplaced: ApiErrorDetail[] = [];
  // The service's sentences name days as YYYY-MM-DD; the form shows them as the page does.
  for (const d of precise) {
    const path = formPathOf(ctx, body, d.path);
    if (path) placed.push({ path, message: readableDates(d.message) });
    else unplaced.push({ ...d, message: readableDates(d.message) });
  }
  if (placed.length === 0) {
    // The error's own sentence: for travel documents it names the passenger.
    const sentence = readableDates(error.message);
    for (const servicePath of inferred(ctx, body, error.code, error.message)) {
      const path = formPathOf(ctx, body, servicePath);
      if (path && !placed.some((p) => p.path === path)) placed.push({ path, message: sentence });
    }
  }
  return { placed, unplaced };
}

/** What the service asked for at booking that the price-check had not: the form shows these fields from then on. */
export type Demands = Partial<Pick<CheckoutContext, "titles" | "leadContact" | "travelDocuments" | "flightDetails" | "panRequired">>;

const TITLE_RANK = { none: 0, lead: 1, all: 2 } as const;

/** The fields the form must now show for `placed` to land on something the advisor can see and fix. */
export function demandsOf(ctx: CheckoutContext, code: string, placed: readonly Landing[]): Demands {
  switch (code) {
    case "traveler_title_required": {
      const wanted = placed.some((p) => /^travelers\.[1-9]\d*\.title$/.test(p.path)) ? "all" : "lead";
      return TITLE_RANK[wanted] > TITLE_RANK[ctx.titles] ? { titles: wanted } : {};
    }
    case "supplier_contact_required":
      return ctx.leadContact ? {} : { leadContact: true };
    case "travel_documents_required":
      return ctx.travelDocuments ? {} : { travelDocuments: true };
    case "transfer_flight_details_required":
      return ctx.flightDetails ? {} : { flightDetails: true };
    case "pan_required":
      return ctx.panRequired ? {} : { panRequired: true };
    default:
      return {};
  }
}

/** The context with what the service demanded on top of what the price-check said. */
export function withDemands(ctx: CheckoutContext, demands: Demands): CheckoutContext {
  const titles = demands.titles && TITLE_RANK[demands.titles] > TITLE_RANK[ctx.titles] ? demands.titles : ctx.titles;
  return {
    ...ctx,
    titles,
    leadContact: ctx.leadContact || !!demands.leadContact,
    travelDocuments: ctx.travelDocuments || !!demands.travelDocuments,
    flightDetails: ctx.flightDetails || !!demands.flightDetails,
    panRequired: ctx.panRequired || !!demands.panRequired,
  };
}
