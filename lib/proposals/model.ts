import * as z from "zod/mini";
import { PRODUCT_TYPES } from "@/lib/tds/contract/base";
import { oneLine } from "@/lib/tds/contract/one-line";

// Proposals (issue 29): what an advisor builds for a client (items grouped as alternatives or as
// parts of one trip, priced with the agency's markup), the link the client opens, and the choice
// they make. Browser-safe (zod/mini, no server code): the desk's pages, the client's page and the
// BFF's handlers read the same types and the same request schemas, so a form and its handler say
// the same sentence for the same mistake. Money is integer minor units everywhere.
// docs/proposals.md explains the model; lib/proposals/store.ts keeps it.

export const PROPOSAL_STATES = ["draft", "sent", "viewed", "chosen", "booked", "expired", "withdrawn"] as const;
// "expired" is computed at read time from validUntil (a sent/viewed proposal past its validity date);
// "withdrawn" is set by the advisor; "chosen" when the client chose; "booked" when the advisor booked the choice.
export type ProposalState = (typeof PROPOSAL_STATES)[number];

export const GROUP_KINDS = ["alternatives", "part"] as const;
export type GroupKind = (typeof GROUP_KINDS)[number];

/* ------------------------------------------------------------------------------ limits */

export const TITLE_MAX = 120;
export const NOTE_MAX = 4000;
export const CLIENT_NAME_MAX = 120;
export const EMAIL_MAX = 254;
export const PHONE_MAX = 40;
export const CHOICE_MESSAGE_MAX = 2000;
export const ITEM_TEXT_MAX = 200;
export const ITEM_DETAILS_MAX = 12;
export const CANCELLATION_MAX = 500;
export const PHOTO_URL_MAX = 2000;
/** The search body and the offer's identity kept with an item: a few KB at most (JSON text). */
export const ITEM_JSON_MAX = 16 * 1024;
/** Items in one proposal: three hotels for each of a few cities, their flights and transfers. */
export const MAX_ITEMS = 40;
export const GROUP_LABEL_MAX = 80;
/** How far ahead a validity date may be. */
export const MAX_VALIDITY_DAYS = 366;
/**
 * The largest amount an item may cost or be priced at: 10^13 minor units (a hundred billion euros),
 * so that even a 1,000 % markup stays an exact integer (below 2^53) and fits PostgreSQL's bigint.
 */
const MAX_MINOR = 10_000_000_000_000;

/* ------------------------------------------------------------------------------ types */

// What was shown when the item was added: enough to read the same after the quote expired, and to search again.
export type ItemSnapshot = {
  productType: "hotel" | "flight" | "activity" | "transfer";
  /** Hotel name / "Barcelona → Paris" / activity name / "BCN airport → Hotel Arts". */
  title: string;
  /** Room + board / airline + flight numbers / option name / vehicle. */
  subtitle?: string;
  /** https only. */
  photoUrl?: string | null;
  /** Lines "what it includes", in words (max 12, each ≤ 200 chars). */
  details: string[];
  /** YYYY-MM-DD (check-in, departure, activity date, pickup date). */
  startsOn: string;
  /** Check-out / return. */
  endsOn?: string | null;
  /** "2 adults, 1 child (8)". */
  travellers: string;
  /** Terms in plain words ("Free cancellation until Thu, 10 Dec 2026, 23:59 UTC", "Non-refundable"). */
  cancellation: string;
  refundable: boolean;
  /** ISO-2 of the destination, for the markup rule. */
  country?: string | null;
  // For re-finding the offer later (never sent to the client's page):
  /** The search body the desk posted (POST /api/search): productType, dates, occupancy, destination … */
  criteria: Record<string, unknown>;
  /** What identifies the same offer: hotel id + room group + board + refundable / segments / option id … */
  match: Record<string, unknown>;
};

export type MoneyMinor = { amountMinor: number; currency: string };

export type ProposalItem = {
  id: string;
  /** Items with the same groupId are alternatives ("pick one of these"). */
  groupId: string;
  /** Order in the proposal (0..n-1); the items of one group are next to each other. */
  position: number;
  snapshot: ItemSnapshot;
  /** The service's sell price when added: what the agency pays. */
  cost: MoneyMinor;
  /** Cost + the agency's markup rule, rounded (lib/pricing clientPrice). */
  markupPrice: MoneyMinor;
  /** What the client sees: markupPrice unless overridden within the admin's limits (lib/pricing checkOverride). */
  clientPrice: MoneyMinor;
  overridden: boolean;
};

/** kind "alternatives": the client picks one of the group's items; kind "part": a single item that is part of the trip. */
export type ProposalGroup = { id: string; kind: GroupKind; label: string; position: number };

export type ProposalTotal = { fromMinor: number; toMinor: number; currency: string };

export type Proposal = {
  id: string;
  /** Like "PR-7KQ2M9": shown to advisors and the client. */
  reference: string;
  title: string;
  note: string;
  /** YYYY-MM-DD, the last day the link works (end of day, agency time = UTC). */
  validUntil: string;
  state: ProposalState;
  client: { id: string; name: string; email: string; phone: string };
  advisor: { id: string; name: string; email: string };
  groups: ProposalGroup[];
  items: ProposalItem[];
  /** Client-price total of the trip: cheapest and dearest choice. Null without items. */
  total: ProposalTotal | null;
  shared: { at: string; expiresAt: string; revoked: boolean } | null;
  views: { count: number; lastAt: string | null };
  choice: { at: string; message: string; itemIds: string[] } | null;
  bookings: Array<{ itemId: string; bookingId: string; orderRef: string }>;
  createdAt: string;
  updatedAt: string;
};

export type ProposalListRow = Pick<
  Proposal,
  "id" | "reference" | "title" | "state" | "client" | "advisor" | "total" | "validUntil" | "views" | "choice" | "updatedAt"
> & { itemCount: number };

export type Client = { id: string; name: string; email: string; phone: string; createdAt: string };

// What the desk shows of a client (/clients, /clients/[id]). Proposals and what was booked from
// them follow the proposals' rule: an advisor sees their own, an admin everyone's.

/** A row of /clients: the client, their proposals and bookings as the reader may see them, and when anything last happened. */
export type ClientListRow = Client & {
  proposalCount: number;
  bookingCount: number;
  /** The latest of: the client added or changed, one of their proposals changed or opened by them, a booking made from one. */
  lastActivityAt: string;
};

/** A client with who added them and when their details last changed. */
export type ClientDetails = Client & { updatedAt: string; createdBy: { id: string; name: string } | null };

export type ClientProposal = {
  id: string;
  reference: string;
  title: string;
  state: ProposalState;
  /** Client prices: the cheapest and the dearest choice. */
  total: ProposalTotal | null;
  /** When it was first shared with the client; null for a draft. */
  sentAt: string | null;
  updatedAt: string;
  advisor: { id: string; name: string };
};

/** A booking made from one of the client's proposals (proposal_bookings), with what the desk knows of it. */
export type ClientBooking = {
  bookingId: string;
  orderRef: string;
  proposal: { id: string; reference: string; title: string };
  product: { type: ItemSnapshot["productType"]; title: string; subtitle: string | null };
  /** YYYY-MM-DD, the offer's dates as proposed. */
  startsOn: string;
  endsOn: string | null;
  /** The booking's state as the desk last saw it (booking_facts); null when it has not seen one. */
  state: string | null;
  /** What the client pays: the client price recorded when it was booked. */
  clientPrice: MoneyMinor;
  bookedAt: string;
};

/** GET and PATCH /api/clients/[id]. `scope`: "own" (an advisor's proposals only) or "all" (an admin). */
export type ClientOverview = { client: ClientDetails; proposals: ClientProposal[]; bookings: ClientBooking[]; scope: "own" | "all" };

/**
 * What the client's page (/p/<token>) is given: no cost, markup, commission, quote IDs, internal
 * uuids, criteria or match. Group and option keys ("g1", "g1o2") come from positions.
 */
export type PublicOption = Pick<ItemSnapshot, "title" | "subtitle" | "photoUrl" | "details" | "startsOn" | "endsOn" | "travellers" | "cancellation"> & {
  key: string;
  /** The client price. */
  price: MoneyMinor;
};
export type PublicGroup = { key: string; kind: GroupKind; label: string; options: PublicOption[] };
export type PublicProposal = {
  reference: string;
  title: string;
  note: string;
  validUntil: string;
  agency: { name: string; phone: string; replyTo: string; address: string; logoUrl: string | null };
  advisor: { name: string; email: string };
  client: { name: string };
  groups: PublicGroup[];
  total: ProposalTotal | null;
  choice: { at: string; message: string; keys: string[] } | null;
};

/** Public keys: group i (0-based) is "g{i+1}", its option j is "g{i+1}o{j+1}". */
export const groupKey = (groupIndex: number) => `g${groupIndex + 1}`;
export const optionKey = (groupIndex: number, optionIndex: number) => `g${groupIndex + 1}o${optionIndex + 1}`;
export const OPTION_KEY = /^g([1-9]\d{0,2})o([1-9]\d{0,2})$/;

/* ------------------------------------------------------------------------------ request schemas */

const text = (max: number, tooLong: string, missing = "Fill in this field.") =>
  z.string(missing).check(z.trim(), z.maxLength(max, tooLong));

/** Control characters but line breaks and tabs: a note or a message may have lines, nothing else unprintable. */
const CONTROL_BUT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const printable = (message = "Remove the special characters from this text.") => z.refine<string>((v) => !CONTROL_BUT_LINES.test(v) && v.isWellFormed(), message);

/**
 * Whether a value can be kept as JSON in the database: PostgreSQL's jsonb takes no NUL and no
 * lone surrogate, which JSON.stringify writes as escapes ("\u0000", "\ud800").
 */
function storableJson(v: unknown): boolean {
  try {
    const json = JSON.stringify(v);
    return json !== undefined && !/\\u0000|\\ud[89a-f][0-9a-f]{2}/i.test(json);
  } catch {
    return false;
  }
}

const uuid = (sentence: string) => z.string(sentence).check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, sentence));

const jsonObject = (sentence: string) =>
  z.record(z.string(), z.unknown(), sentence).check(
    z.refine((v) => {
      try {
        return JSON.stringify(v).length <= ITEM_JSON_MAX;
      } catch {
        return false;
      }
    }, `Keep this under ${ITEM_JSON_MAX / 1024} KB.`),
  );

const DATE = "Enter a real date.";
const isoDay = (sentence = DATE) => z.iso.date(sentence);

const minorAmount = (sentence: string) => z.int(sentence).check(z.gte(0, "A price cannot be negative."), z.lte(MAX_MINOR, "This amount is too large."));
const currency = z.string("Give the currency, such as EUR.").check(z.regex(/^[A-Z]{3}$/, "Give the currency as its 3-letter code, such as EUR."));

/** The snapshot the desk sends when an advisor adds an offer: what was shown, and how to find it again. */
export const itemSnapshotSchema = z.strictObject({
  productType: z.enum(PRODUCT_TYPES, "Choose hotels, flights, activities or transfers."),
  title: text(ITEM_TEXT_MAX, `The title can be at most ${ITEM_TEXT_MAX} characters.`).check(z.minLength(1, "Give the offer's name."), oneLine()),
  subtitle: z.optional(text(ITEM_TEXT_MAX, `The subtitle can be at most ${ITEM_TEXT_MAX} characters.`).check(oneLine())),
  photoUrl: z.optional(
    z.nullable(
      z
        .string("Give the photo's web address.")
        .check(
          z.maxLength(PHOTO_URL_MAX, `A photo's address can be at most ${PHOTO_URL_MAX} characters.`),
          z.refine(isHttpsUrl, "A photo's address starts with https://."),
        ),
    ),
  ),
  details: z
    .array(text(ITEM_TEXT_MAX, `Each line of what is included can be at most ${ITEM_TEXT_MAX} characters.`).check(oneLine()), "Give what is included as a list of lines.")
    .check(z.maxLength(ITEM_DETAILS_MAX, `Keep at most ${ITEM_DETAILS_MAX} lines of what is included.`)),
  startsOn: isoDay("Give the day the service starts."),
  endsOn: z.optional(z.nullable(isoDay("Give the day the service ends."))),
  travellers: text(ITEM_TEXT_MAX, `Say who travels in at most ${ITEM_TEXT_MAX} characters.`).check(z.minLength(1, "Say who travels."), oneLine()),
  cancellation: text(CANCELLATION_MAX, `Keep the cancellation terms to ${CANCELLATION_MAX} characters.`).check(z.minLength(1, "Give the cancellation terms.")),
  refundable: z.boolean("Say whether the offer is refundable."),
  country: z.optional(z.nullable(z.string("Choose the destination country.").check(z.regex(/^[A-Z]{2}$/, "Choose the destination country.")))),
  criteria: jsonObject("Send the search's criteria as a JSON object."),
  match: jsonObject("Send what identifies the offer as a JSON object."),
}).check(z.refine(storableJson, "Remove the special characters from the offer's text."));

/** POST /api/proposals/[id]/items. `groupId`: an existing group (an alternative to its items), "new" or absent for a group of its own. */
export const addItemSchema = z.strictObject({
  snapshot: itemSnapshotSchema,
  cost: z.strictObject({ amountMinor: minorAmount("Give the price in the currency's smallest unit."), currency }),
  groupId: z.optional(z.union([z.literal("new"), uuid("Choose one of the proposal's groups, or a new one.")])),
});
export type AddItemRequest = z.output<typeof addItemSchema>;

/** PATCH /api/proposals/[id]/items/[itemId]: the advisor's price (null = back to the markup price), its group, its place. */
export const updateItemSchema = z
  .strictObject({
    clientPriceMinor: z.optional(z.nullable(minorAmount("Give the client price as a whole number of the currency's smallest unit."))),
    groupId: z.optional(z.union([z.literal("new"), uuid("Choose one of the proposal's groups, or a new one.")])),
    position: z.optional(z.int("Give the place as a whole number.").check(z.gte(0, "Give a place of 0 or more."), z.lte(MAX_ITEMS, "Give a place within the proposal."))),
  })
  .check(z.refine((b) => b.clientPriceMinor !== undefined || b.groupId !== undefined || b.position !== undefined, "Say what to change: the price, the group or the place."));
export type UpdateItemRequest = z.output<typeof updateItemSchema>;

const title = text(TITLE_MAX, `The title can be at most ${TITLE_MAX} characters.`, "Give the proposal a title.").check(
  z.minLength(1, "Give the proposal a title."),
  oneLine(),
);
const note = text(NOTE_MAX, `The note can be at most ${NOTE_MAX} characters.`).check(printable());
const validUntil = isoDay("Choose the last day the client can open the proposal.");

/** POST /api/proposals: a new draft for a client chosen from the list (or created first, POST /api/clients). */
export const createProposalSchema = z.strictObject({
  clientId: uuid("Choose the client, or add a new one."),
  title,
  note: z._default(note, ""),
  validUntil,
});
export type CreateProposalRequest = z.output<typeof createProposalSchema>;

/** PATCH /api/proposals/[id]: any of these; `groups` renames or reorders groups (their ids from the proposal). */
export const updateProposalSchema = z
  .strictObject({
    clientId: z.optional(uuid("Choose the client, or add a new one.")),
    title: z.optional(title),
    note: z.optional(note),
    validUntil: z.optional(validUntil),
    groups: z.optional(
      z
        .array(
          z.strictObject({
            id: uuid("Choose one of the proposal's groups."),
            label: z.optional(text(GROUP_LABEL_MAX, `A group's name can be at most ${GROUP_LABEL_MAX} characters.`).check(oneLine())),
            position: z.optional(z.int("Give the place as a whole number.").check(z.gte(0, "Give a place of 0 or more."), z.lte(MAX_ITEMS, "Give a place within the proposal."))),
          }),
          "Give the groups as a list.",
        )
        .check(z.maxLength(MAX_ITEMS, `A proposal has at most ${MAX_ITEMS} groups.`)),
    ),
  })
  .check(z.refine((b) => Object.values(b).some((v) => v !== undefined), "Say what to change."));
export type UpdateProposalRequest = z.output<typeof updateProposalSchema>;

/** POST /api/proposals/[id]/share: a new link (the previous one stops working); `send` mails it to the client. */
export const shareSchema = z.strictObject({ send: z.boolean("Say whether to email the link to the client.") });
export type ShareRequest = z.output<typeof shareSchema>;

/** A booking made from one of the proposal's items, as POST /api/bookings records it (recordProposalBooking). */
export const proposalBookingSchema = z.strictObject({
  itemId: uuid("Choose the proposal's item that was booked."),
  bookingId: z.string("Give the booking's ID.").check(z.trim(), z.minLength(1, "Give the booking's ID."), z.maxLength(200, "A booking ID is at most 200 characters."), oneLine()),
  orderRef: z.string("Give the order reference.").check(z.trim(), z.maxLength(200, "An order reference is at most 200 characters."), oneLine()),
});
export type ProposalBookingRequest = z.output<typeof proposalBookingSchema>;

const PHONE_SENTENCE = "Enter the number with its country code, such as +44 20 7946 0958, or leave it empty.";
const digitsIn = (v: string) => v.replace(/\D/g, "").length;

// A client's contact details, each with its sentence: the same rules for a new client and a change.
const clientName = text(CLIENT_NAME_MAX, `The name can be at most ${CLIENT_NAME_MAX} characters.`, "Enter the client's name.").check(
  z.minLength(1, "Enter the client's name."),
  oneLine("Write the name on one line, without tabs or other special characters."),
);
const clientEmail = z.pipe(
  z.string("Enter the client's email address.").check(z.trim(), z.maxLength(EMAIL_MAX, `Email addresses are at most ${EMAIL_MAX} characters.`)),
  z.email("Enter a valid email address, such as name@example.com."),
);
const clientPhone = z
  .string(PHONE_SENTENCE)
  .check(
    z.trim(),
    z.maxLength(PHONE_MAX, `Phone numbers are at most ${PHONE_MAX} characters.`),
    z.refine((v) => v === "" || (/^\+[\d\s().-]+$/.test(v) && digitsIn(v) >= 7 && digitsIn(v) <= 15), PHONE_SENTENCE),
  );

/** POST /api/clients (and the client form of the proposal page, and the client's page). */
export const clientSchema = z.strictObject({
  name: clientName,
  email: clientEmail,
  phone: z._default(clientPhone, ""),
});
export type ClientRequest = z.output<typeof clientSchema>;
export type ClientInput = z.input<typeof clientSchema>;

/** POST /api/p/[token]/choice: the options the client picked (public keys, one per group at most) and a message. */
export const publicChoiceSchema = z.strictObject({
  choice: z
    .array(z.string("Choose an option.").check(z.regex(OPTION_KEY, "Choose one of the options shown.")), "Choose an option.")
    .check(z.minLength(1, "Choose an option."), z.maxLength(MAX_ITEMS, "Choose one option per part of the trip.")),
  message: z._default(text(CHOICE_MESSAGE_MAX, `Keep the message to ${CHOICE_MESSAGE_MAX} characters.`).check(printable("Remove the special characters from your message.")), ""),
});
export type PublicChoiceRequest = z.output<typeof publicChoiceSchema>;

const searchText = z.string().check(z.trim(), z.maxLength(100, "Search with at most 100 characters."), oneLine("Search with letters, digits and spaces."), z.refine((v) => v.isWellFormed(), "Search with letters, digits and spaces."));

/** GET /api/proposals's query. */
export const PROPOSALS_PAGE_SIZE = 25;
export const proposalListQuerySchema = z.strictObject({
  state: z.optional(z.enum(PROPOSAL_STATES, "Choose one of the states.")),
  q: z.optional(searchText),
  mine: z.optional(z.enum(["1"], "Use mine=1 for your own proposals.")),
  page: z.optional(z.int("Give the page as a whole number.").check(z.gte(1, "Pages start at 1."), z.lte(10_000, "There are not that many pages."))),
});
export type ProposalListQuery = z.output<typeof proposalListQuerySchema>;

export const clientListQuerySchema = z.strictObject({ q: z.optional(searchText) });

/**
 * PATCH /api/clients/[id]: any of the contact details; a field left out stays as it is (no
 * default here: an absent phone must not wipe the one kept).
 */
export const updateClientSchema = z
  .strictObject({ name: z.optional(clientName), email: z.optional(clientEmail), phone: z.optional(clientPhone) })
  .check(z.refine((b) => b.name !== undefined || b.email !== undefined || b.phone !== undefined, "Say what to change: the name, the email or the phone."));
export type UpdateClientRequest = z.output<typeof updateClientSchema>;

/** GET /api/clients/list: the desk's page of clients (/clients). */
export const CLIENTS_PAGE_SIZE = 25;
export const clientPageQuerySchema = z.strictObject({
  q: z.optional(searchText),
  page: z.optional(z.int("Give the page as a whole number.").check(z.gte(1, "Pages start at 1."), z.lte(10_000, "There are not that many pages."))),
});
export type ClientPageQuery = z.output<typeof clientPageQuerySchema>;

function isHttpsUrl(v: string): boolean {
  try {
    return new URL(v).protocol === "https:";
  } catch {
    return false;
  }
}

/* ------------------------------------------------------------------------------ the BFF's answers */

// What the desk's pages parse the answers with (lib/api-client.ts). Loose where the desk adds
// nothing a page relies on; the checks below keep them in step with the types above.

const moneyAnswer = z.object({ amountMinor: z.number(), currency: z.string() });
const totalAnswer = z.nullable(z.object({ fromMinor: z.number(), toMinor: z.number(), currency: z.string() }));
const personAnswer = z.object({ id: z.string(), name: z.string(), email: z.string() });
const clientRef = z.object({ id: z.string(), name: z.string(), email: z.string(), phone: z.string() });
const viewsAnswer = z.object({ count: z.number(), lastAt: z.nullable(z.string()) });
const choiceAnswer = z.nullable(z.object({ at: z.string(), message: z.string(), itemIds: z.array(z.string()) }));

export const itemSnapshotAnswerSchema = z.object({
  productType: z.enum(PRODUCT_TYPES),
  title: z.string(),
  subtitle: z.optional(z.string()),
  photoUrl: z.optional(z.nullable(z.string())),
  details: z.array(z.string()),
  startsOn: z.string(),
  endsOn: z.optional(z.nullable(z.string())),
  travellers: z.string(),
  cancellation: z.string(),
  refundable: z.boolean(),
  country: z.optional(z.nullable(z.string())),
  criteria: z.record(z.string(), z.unknown()),
  match: z.record(z.string(), z.unknown()),
});

export const proposalAnswerSchema = z.object({
  id: z.string(),
  reference: z.string(),
  title: z.string(),
  note: z.string(),
  validUntil: z.string(),
  state: z.enum(PROPOSAL_STATES),
  client: clientRef,
  advisor: personAnswer,
  groups: z.array(z.object({ id: z.string(), kind: z.enum(GROUP_KINDS), label: z.string(), position: z.number() })),
  items: z.array(
    z.object({
      id: z.string(),
      groupId: z.string(),
      position: z.number(),
      snapshot: itemSnapshotAnswerSchema,
      cost: moneyAnswer,
      markupPrice: moneyAnswer,
      clientPrice: moneyAnswer,
      overridden: z.boolean(),
    }),
  ),
  total: totalAnswer,
  shared: z.nullable(z.object({ at: z.string(), expiresAt: z.string(), revoked: z.boolean() })),
  views: viewsAnswer,
  choice: choiceAnswer,
  bookings: z.array(z.object({ itemId: z.string(), bookingId: z.string(), orderRef: z.string() })),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const proposalListRowAnswerSchema = z.object({
  id: z.string(),
  reference: z.string(),
  title: z.string(),
  state: z.enum(PROPOSAL_STATES),
  client: clientRef,
  advisor: personAnswer,
  total: totalAnswer,
  validUntil: z.string(),
  views: viewsAnswer,
  choice: choiceAnswer,
  updatedAt: z.string(),
  itemCount: z.number(),
});
export const proposalListAnswerSchema = z.array(proposalListRowAnswerSchema);

export const clientAnswerSchema = z.object({ id: z.string(), name: z.string(), email: z.string(), phone: z.string(), createdAt: z.string() });
export const clientListAnswerSchema = z.array(clientAnswerSchema);

/** POST /api/proposals/[id]/share. */
export const shareAnswerSchema = z.object({
  proposal: proposalAnswerSchema,
  url: z.string(),
  mail: z.nullable(z.object({ status: z.enum(["sent", "kept", "failed"]), error: z.nullable(z.string()) })),
});
export type ShareAnswer = z.output<typeof shareAnswerSchema>;

/** A chosen proposal in GET /api/attention's `proposals` (lib/proposals/store.ts listChosenProposals). */
export const chosenProposalAnswerSchema = z.object({ ...proposalListRowAnswerSchema.shape, chosenTitles: z.array(z.string()) });

// The answers' schemas say the same as the types: a change to one that the other misses fails the build.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameShapes: [
  Same<z.output<typeof proposalAnswerSchema>, Proposal>,
  Same<z.output<typeof proposalListRowAnswerSchema>, ProposalListRow>,
  Same<z.output<typeof clientAnswerSchema>, Client>,
  Same<z.output<typeof itemSnapshotAnswerSchema>, ItemSnapshot>,
] = [true, true, true, true];
void sameShapes;
