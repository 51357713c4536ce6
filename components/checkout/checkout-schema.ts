import type * as z from "zod/mini";
import type { ResultRow } from "@/components/results/types";
import type { SearchCriteria, SearchProductType } from "@/lib/search/criteria";
import {
  bookingAnswerKey,
  type bookingQuestionSchema,
  normalizePhone,
  type priceCheckSchema,
  type requirementsSchema,
  travelerSchema,
} from "@/lib/tds/contract/adapter";
import { SPECIAL_REQUEST_MAX } from "@/lib/tds/contract/limits";
import type { bookingCreateRequestSchema } from "@/lib/tds/contract/requests";

// The travellers form of checkout: who must be named (the searched occupancy), what each of
// them needs (the price-check's `requirements`), the zod schema the form validates with, and
// the booking request built from its values. Pure, so it is tested without a browser.

export type PriceCheck = z.output<typeof priceCheckSchema>;
export type Requirements = z.output<typeof requirementsSchema>;
export type BookingQuestion = z.output<typeof bookingQuestionSchema>;
export type BookingCreateRequest = z.input<typeof bookingCreateRequestSchema>;
/** Mr, Mrs, Ms, Miss, Master, Dr: read from the traveller record so the form and the request never disagree. */
export const TRAVELER_TITLES = travelerSchema.shape.title.def.innerType.options;
export type TravelerTitle = (typeof TRAVELER_TITLES)[number];

/** One guest of the search: the booking names exactly these, in this order. */
export type TravelerSlot = {
  type: "adult" | "child";
  /** Children only: the searched age, fixed. */
  age?: number;
  /** Hotels only: 0-based room of the search's occupancy. */
  roomIndex?: number;
  /** "Adult 1", "Child 2 · age 7": numbered within the room (hotels) or the party. */
  label: string;
};

/** Hotels: per room, its adults then its children. Other products: one party (a transfer's `passengers` replaces the adult count). */
export function buildManifest(criteria: SearchCriteria): TravelerSlot[] {
  const slots: TravelerSlot[] = [];
  const party = (adults: number, ages: number[], roomIndex?: number) => {
    for (let a = 0; a < adults; a++) slots.push({ type: "adult", roomIndex, label: `Adult ${a + 1}` });
    ages.forEach((age, c) => slots.push({ type: "child", age, roomIndex, label: `Child ${c + 1} · age ${age}` }));
  };
  if (criteria.productType === "hotel") {
    criteria.occupancy.forEach((room, r) => party(room.adults, room.childrenAges, r));
    return slots;
  }
  const adults = criteria.occupancy.reduce((n, o) => n + o.adults, 0);
  const ages = criteria.occupancy.flatMap((o) => o.childrenAges);
  party(criteria.productType === "transfer" && criteria.passengers ? criteria.passengers : adults, ages);
  return slots;
}

export type TitleRule = "none" | "lead" | "all";

/**
 * Who needs a title: the price-check says so, and a hotel row with `requiresGuestTitle` needs it
 * on everyone (the specification); activity and transfer rows may ask it of the lead.
 */
export function titleRule(requirements: Pick<Requirements, "title">, row: ResultRow | null): TitleRule {
  const summary = (row?.summary ?? {}) as { requiresGuestTitle?: unknown; requiresLeadTitle?: unknown };
  const asked = requirements.title;
  if (asked === "all" || summary.requiresGuestTitle === true) return "all";
  // A value added later is read as the strictest known one rather than ignored.
  if (asked !== "none" && asked !== "lead") return "all";
  if (asked === "lead" || summary.requiresLeadTitle === true) return "lead";
  return "none";
}

/** One answer the form asks for: a booking-level question, or a per-traveller one for traveller n. */
export type AnswerSlot = { key: string; question: BookingQuestion; travelerIndex: number | null };

export function answerSlots(questions: readonly BookingQuestion[], travelers: number): AnswerSlot[] {
  return questions.flatMap((question): AnswerSlot[] =>
    question.perTraveler
      ? Array.from({ length: travelers }, (_, i) => ({ key: bookingAnswerKey(question, i), question, travelerIndex: i }))
      : [{ key: bookingAnswerKey(question), question, travelerIndex: null }],
  );
}

/** The last day of travel (YYYY-MM-DD), from which a passport must stay valid 6 months. */
export function lastTravelDate(criteria: SearchCriteria, row: ResultRow | null): string | null {
  const slices = (row?.productType === "flight" ? row.summary.slices : null) as Array<{ arriveAt?: unknown; departAt?: unknown }> | null;
  const last = slices?.at(-1);
  const fromRow = typeof last?.arriveAt === "string" ? last.arriveAt : typeof last?.departAt === "string" ? last.departAt : null;
  if (fromRow && /^\d{4}-\d{2}-\d{2}/.test(fromRow)) return fromRow.slice(0, 10);
  switch (criteria.productType) {
    case "flight": {
      if (criteria.trip === "multi") return criteria.slices.map((s) => s.date).filter(Boolean).sort().at(-1) ?? null;
      return (criteria.trip === "return" && criteria.returnDate) || criteria.departDate || null;
    }
    case "hotel":
      return criteria.checkOut || null;
    case "activity":
      return criteria.date || null;
    case "transfer":
      return (criteria.returnAt || criteria.pickupAt).slice(0, 10) || null;
  }
}

export const PASSPORT_VALID_MONTHS = 6;

export function addMonths(isoDate: string, months: number): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  // 31 Aug + 6 months is the last day of February, not 3 March.
  const lastDay = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, lastDay));
  return d.toISOString().slice(0, 10);
}

/** Everything the form needs to know about this booking. */
export type CheckoutContext = {
  productType: SearchProductType;
  manifest: TravelerSlot[];
  rooms: number;
  titles: TitleRule;
  leadContact: boolean;
  travelDocuments: boolean;
  flightDetails: boolean;
  panRequired: boolean;
  answers: AnswerSlot[];
  changesAcknowledgementRequired: boolean;
  packageRate: boolean;
  holdable: boolean;
  /** Passport expiry must be on or after this date (travelDocuments only). */
  passportValidUntil: string | null;
  lastTravelDate: string | null;
};

export function buildCheckoutContext(input: { criteria: SearchCriteria; check: PriceCheck; row: ResultRow | null }): CheckoutContext {
  const { criteria, check, row } = input;
  const manifest = buildManifest(criteria);
  const r = check.requirements;
  const last = lastTravelDate(criteria, row);
  const flight = criteria.productType === "flight";
  return {
    productType: criteria.productType,
    manifest,
    rooms: criteria.productType === "hotel" ? criteria.occupancy.length : 1,
    titles: titleRule(r, row),
    leadContact: r.leadContact,
    // Flight passengers always need documents (the specification), whatever a check says.
    travelDocuments: r.travelDocuments || flight,
    flightDetails: r.flightDetails,
    panRequired: r.panRequired,
    answers: answerSlots(r.bookingQuestions, manifest.length),
    changesAcknowledgementRequired: check.changesAcknowledgementRequired,
    packageRate: check.packageRate,
    // Holds are for hotels only (the specification), even if a check said otherwise.
    holdable: check.holdable && criteria.productType === "hotel",
    passportValidUntil: last ? addMonths(last, PASSPORT_VALID_MONTHS) : null,
    lastTravelDate: last,
  };
}

/* ------------------------------------------------------------------------ form values */

export type TravelerValues = {
  title: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  dateOfBirth: string;
  gender: string;
  passportNumber: string;
  passportExpiry: string;
  nationality: string;
  carrierName: string;
  flightNumber: string;
};
export type RoomPreferenceValues = { smoking: "" | "non_smoking" | "smoking"; specialRequest: string };
export type CheckoutValues = {
  travelers: TravelerValues[];
  /** Aligned with CheckoutContext.answers; booleans as "true" / "false". */
  answers: string[];
  panNumber: string;
  changesAcknowledged: boolean;
  packageRateAcknowledged: boolean;
  payment: "now" | "hold";
  specialRequest: string;
  rooms: RoomPreferenceValues[];
};

const emptyTraveler = (): TravelerValues => ({
  title: "",
  firstName: "",
  lastName: "",
  email: "",
  phone: "",
  dateOfBirth: "",
  gender: "",
  passportNumber: "",
  passportExpiry: "",
  nationality: "",
  carrierName: "",
  flightNumber: "",
});

/** Empty values for the context, with whatever was typed before (a draft, a failed attempt) laid over them. */
export function defaultValues(ctx: CheckoutContext, previous?: Partial<StoredValues> | null): CheckoutValues {
  const str = (v: unknown) => (typeof v === "string" ? v : "");
  const prevTravelers = Array.isArray(previous?.travelers) ? previous.travelers : [];
  return {
    travelers: ctx.manifest.map((_, i) => {
      const p = (prevTravelers[i] ?? {}) as Partial<TravelerValues>;
      const t = emptyTraveler();
      for (const k of Object.keys(t) as Array<keyof TravelerValues>) t[k] = str(p[k]);
      return t;
    }),
    answers: ctx.answers.map((slot) => str(previous?.answersByKey?.[slot.key])),
    panNumber: str(previous?.panNumber),
    // Acknowledgements are never carried over: the advisor confirms what is on screen now.
    changesAcknowledged: false,
    packageRateAcknowledged: false,
    payment: ctx.holdable && previous?.payment === "hold" ? "hold" : "now",
    specialRequest: str(previous?.specialRequest),
    rooms: Array.from({ length: ctx.productType === "hotel" ? ctx.rooms : 0 }, (_, i) => {
      const p = previous?.rooms?.[i];
      return {
        smoking: p?.smoking === "smoking" || p?.smoking === "non_smoking" ? p.smoking : "",
        specialRequest: str(p?.specialRequest),
      };
    }),
  };
}

/** Values as kept between visits: answers by key, so a re-check that reorders questions keeps them. */
export type StoredValues = Omit<CheckoutValues, "answers"> & { answersByKey: Record<string, string> };

export function toStoredValues(ctx: CheckoutContext, values: CheckoutValues): StoredValues {
  const { answers, ...rest } = values;
  return { ...rest, answersByKey: Object.fromEntries(ctx.answers.map((slot, i) => [slot.key, answers[i] ?? ""])) };
}

/* ---------------------------------------------------------------------------- schema */

export { normalizePhone };
export const MAX_SPECIAL_REQUEST = SPECIAL_REQUEST_MAX;
export const PAN_PATTERN = /^[A-Z]{5}[0-9]{4}[A-Z]$/;
export const isTitleShown = (ctx: Pick<CheckoutContext, "titles">, i: number) => ctx.titles === "all" || (ctx.titles === "lead" && i === 0);

/* ------------------------------------------------------------------------- request */

export type BookingBody = BookingCreateRequest & { searchId: string; productType: SearchProductType; proposal?: { id: string; itemId: string } };

/** The body of POST /api/bookings for these (valid) values. Only what the booking asks for is sent. */
export function toBookingBody(
  ctx: CheckoutContext,
  values: CheckoutValues,
  ids: { quoteId: string; searchId: string; proposal?: { id: string; itemId: string } | null },
): BookingBody {
  const travelers = ctx.manifest.map((slot, i) => {
    const v = values.travelers[i] ?? emptyTraveler();
    const out: BookingCreateRequest["travelers"][number] = {
      type: slot.type,
      firstName: v.firstName.trim(),
      lastName: v.lastName.trim(),
    };
    if (slot.roomIndex !== undefined && ctx.productType === "hotel") out.roomIndex = slot.roomIndex;
    if (slot.type === "child") out.age = slot.age;
    if (isTitleShown(ctx, i) && v.title) out.title = v.title as TravelerTitle;
    if (i === 0 && ctx.leadContact) {
      out.email = v.email.trim();
      out.phone = normalizePhone(v.phone);
    }
    if (ctx.travelDocuments) {
      out.dateOfBirth = v.dateOfBirth;
      out.gender = v.gender as "male" | "female";
      out.passportNumber = v.passportNumber.trim().toUpperCase();
      out.passportExpiry = v.passportExpiry;
      out.nationality = v.nationality;
    }
    if (i === 0 && ctx.flightDetails) {
      out.carrierName = v.carrierName.trim();
      out.flightNumber = v.flightNumber.replace(/\s+/g, "").toUpperCase();
    }
    return out;
  });

  const body: BookingBody = { quoteId: ids.quoteId, travelers, paymentMethod: "credit", searchId: ids.searchId, productType: ctx.productType };
  if (ids.proposal) body.proposal = { id: ids.proposal.id, itemId: ids.proposal.itemId };
  if (ctx.changesAcknowledgementRequired) body.changesAcknowledged = values.changesAcknowledged;
  if (ctx.packageRate) body.packageRateAcknowledged = values.packageRateAcknowledged;
  if (ctx.holdable && values.payment === "hold") body.hold = true;

  const answers: Record<string, string | number | boolean> = {};
  ctx.answers.forEach((slot, i) => {
    const raw = (values.answers[i] ?? "").trim();
    if (raw === "") return;
    answers[slot.key] = slot.question.type === "number" ? Number(raw) : slot.question.type === "boolean" ? raw === "true" : raw;
  });
  if (Object.keys(answers).length > 0) body.bookingAnswers = answers;
  if (ctx.panRequired) body.panNumber = values.panNumber.trim().toUpperCase();

  if (ctx.productType === "hotel") {
    const rooms = values.rooms.flatMap((r, roomIndex) => {
      const specialRequest = r.specialRequest.trim();
      if (!r.smoking && !specialRequest) return [];
      return [{ roomIndex, ...(r.smoking ? { smoking: r.smoking === "smoking" } : {}), ...(specialRequest ? { specialRequest } : {}) }];
    });
    const specialRequest = values.specialRequest.trim();
    if (specialRequest || rooms.length > 0) {
      body.hotelPreferences = { ...(specialRequest ? { specialRequest } : {}), ...(rooms.length > 0 ? { rooms } : {}) };
    }
  }
  return body;
}

/**
 * Where a path of the service's error details lands in the form: travellers' fields keep their
 * paths; answers go from their key to their slot; hotel preference rooms from the sent list to
 * the room. Null when no field of the form holds it.
 */
export function formPathOf(ctx: CheckoutContext, body: BookingBody | null, path: string): string | null {
  const traveler = /^travelers\.(\d+)\.(\w+)$/.exec(path);
  if (traveler) {
    const field = traveler[2]!;
    const known: Array<keyof TravelerValues> = ["title", "firstName", "lastName", "email", "phone", "dateOfBirth", "gender", "passportNumber", "passportExpiry", "nationality", "carrierName", "flightNumber"];
    return Number(traveler[1]) < ctx.manifest.length && (known as string[]).includes(field) ? path : null;
  }
  if (path.startsWith("bookingAnswers.")) {
    const i = ctx.answers.findIndex((s) => s.key === path.slice("bookingAnswers.".length));
    return i >= 0 ? `answers.${i}` : null;
  }
  if (path === "panNumber" || path === "changesAcknowledged" || path === "packageRateAcknowledged") return path;
  if (path === "hold") return "payment";
  if (path === "hotelPreferences.specialRequest") return "specialRequest";
  const room = /^hotelPreferences\.rooms\.(\d+)\.(smoking|specialRequest)$/.exec(path);
  if (room) {
    const sent = body?.hotelPreferences?.rooms?.[Number(room[1])];
    return sent ? `rooms.${sent.roomIndex}.${room[2]}` : null;
  }
  return null;
}
