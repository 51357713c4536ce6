import { z } from "zod";
import type { SessionUser } from "@/lib/auth/session-core";
import type { Db } from "@/lib/db";
import {
  beginAction,
  beginBooking,
  bookedBy,
  bookingOfKey,
  completeAction,
  completeBooking,
  factsFor,
  hasBookings,
  historyFor,
  KeyReusedError,
  saveBookingFacts,
} from "@/lib/db/ledger";
import { LIST_STATES, stateQuery } from "@/lib/bookings/filters";
import { SUMMARY_IDS_MAX, type BookingSummary } from "@/lib/bookings/schemas";
import { freeCancellationEnd } from "@/lib/bookings/deadlines";
import { summarizeBooking } from "@/lib/bookings/summary";
import type { BookingAction } from "@/lib/db/schema";
import {
  bookingCreateRequestSchema,
  bookingListQuerySchema,
  productTypeSchema,
  TdsConnectionError,
  TdsError,
  type BookingDetail,
  type BookingListRow,
} from "@/lib/tds/contract";
import type { TdsClient } from "@/lib/tds/client";
import { proposalOfBooking } from "@/lib/proposals/store";
import { BffError, bffError, SERVICE_ERRORS } from "./errors";
import { SHAPED_HEADER } from "./rate-shaping";
import { errorFields, log } from "@/lib/log";
import { itemForBooking, proposalBookingOf, recordProposalBooking } from "@/lib/proposals/store";

// Bookings through the ledger (docs/bff.md#ledger): who booked, and who paid, cancelled,
// emailed or refreshed, kept by the desk because the service attributes everything to the
// agency's key.

/** POST /api/bookings body: the service's request plus what the ledger records about it. */
const SEARCH_LOST = "The search this rate came from is missing. Search again and pick the rate.";
const PROPOSAL_LOST = "The proposal this offer is booked for is not named right. Open the proposal and choose Book again.";
const UUID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const bookingRequestSchema = z.strictObject({
  ...bookingCreateRequestSchema.shape,
  /** The search the quote came from. */
  searchId: z.string(SEARCH_LOST).min(1, SEARCH_LOST).max(200, SEARCH_LOST),
  productType: productTypeSchema,
  /** The proposal item this books (docs/proposals.md#re-finding-an-offer): recorded against it, and refused when it is already booked. */
  proposal: z
    .strictObject({
      id: z.string(PROPOSAL_LOST).regex(UUID_SHAPE, PROPOSAL_LOST),
      itemId: z.string(PROPOSAL_LOST).regex(UUID_SHAPE, PROPOSAL_LOST),
    }, PROPOSAL_LOST)
    .optional(),
});
export type BookingRequest = z.output<typeof bookingRequestSchema>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The browser's Idempotency-Key, made at the advisor's first click and kept with the form; passed on unchanged. */
export function idempotencyKeyOf(req: Request): string {
  const key = req.headers.get("idempotency-key")?.trim();
  if (!key) {
    throw new BffError({ status: 400, code: "idempotency_key_required", message: SERVICE_ERRORS.idempotency_key_required.message });
  }
  if (!UUID.test(key)) {
    throw bffError("validation_error", { details: [{ path: "Idempotency-Key", message: "The form's submission key is damaged. Reload the page and try again." }] });
  }
  return key;
}

const keyReused = () =>
  new BffError({
    status: 409,
    code: "idempotency_in_progress",
    message: "This submission key was already used for something else. Reload the form and submit again.",
  });

/** Whether the service may have done it: no answer, or a failure on its side. A retry with the same key settles it. */
const mayHaveHappened = (err: unknown) =>
  !(err instanceof TdsError) ||
  err instanceof TdsConnectionError ||
  (err.status !== null && err.status >= 500) ||
  (err.code === "idempotency_in_progress" && !err.headers.get(SHAPED_HEADER));

const errorCodeOf = (err: unknown) => (err instanceof TdsError ? err.code : "internal_error");

export type BookingMade = { bookingId: string; orderRef: string; state: string; replayed: boolean };

/**
 * Submits still running in this process, by person, quote and key: another submit of the same
 * (a double click, a resubmit while the first runs) waits for the first and answers what it did,
 * as the replay it is, instead of asking the service again. Across instances the service's own
 * idempotency does the same, and says so (`replayed` of the client's answer).
 */
const bookingsRunning = new Map<string, Promise<BookingMade>>();

/**
 * POST /api/bookings: books once per idempotency key however often, and however many at once,
 * the form is sent. `replayed` is false only for the answer whose call made the booking.
 */
export async function createBooking(
  deps: { tds: TdsClient; db: Db },
  user: SessionUser,
  body: BookingRequest,
  idempotencyKey: string,
): Promise<BookingMade> {
  const id = `${user.id}\n${body.quoteId}\n${idempotencyKey}`;
  const first = bookingsRunning.get(id);
  if (first) return { ...(await first), replayed: true };
  const booking = bookOnce(deps, user, body, idempotencyKey);
  bookingsRunning.set(id, booking);
  try {
    return await booking;
  } finally {
    bookingsRunning.delete(id);
  }
}

async function bookOnce(deps: { tds: TdsClient; db: Db }, user: SessionUser, body: BookingRequest, idempotencyKey: string): Promise<BookingMade> {
  const { searchId, productType, proposal, ...request } = body;
  const { db, tds } = deps;
  // A proposal's item is booked once: another booking of it is refused before the service is asked.
  if (proposal) await checkProposalItem(db, user, proposal, idempotencyKey);
  // Reopens an attempt that failed or whose outcome is unknown: the service settles it.
  const row = await beginBooking(db, { userId: user.id, idempotencyKey, quoteId: request.quoteId, searchId, productType });
  if (row.userId !== user.id || row.quoteId !== request.quoteId) throw keyReused();
  if (row.outcome === "booked" && row.bookingId && row.orderRef) {
    // Already booked under this key: answer from the ledger (the service keeps keys only 24 hours).
    if (proposal) await linkToProposal(db, user, proposal, { bookingId: row.bookingId, orderRef: row.orderRef, costMinor: null });
    return { bookingId: row.bookingId, orderRef: row.orderRef, state: row.state ?? row.bookedState ?? "unknown", replayed: true };
  }

  let made;
  try {
    // No abort signal: once sent, a booking runs to its answer even if the advisor navigates away.
    made = await tds.createBooking(request, { idempotencyKey });
  } catch (err) {
    const unknown = mayHaveHappened(err);
    await completeBooking(db, row.id, { outcome: unknown ? "unknown" : "failed", errorCode: errorCodeOf(err) });
    if (err instanceof TdsConnectionError) throw bffError("booking_outcome_unknown");
    throw err;
  }
  try {
    await completeBooking(db, row.id, { outcome: "booked", bookingId: made.bookingId, orderRef: made.orderRef, state: made.state });
  } catch (err) {
    // Booked, and not recorded (nothing of it was): the attempt is left unknown if the database
    // lets it, and a submit with the same key records it (the service answers it again).
    await completeBooking(db, row.id, { outcome: "unknown", errorCode: "internal_error" }).catch(() => {});
    throw err;
  }
  // The total and the rest of the detail are not in POST /bookings' answer: read now, best effort.
  let costMinor: number | null = null;
  try {
    const detail = await tds.getBooking(made.bookingId, { maxRetries: 0, timeoutMs: 5_000 });
    costMinor = detail.order.totalSell.amountMinor;
    await rememberBooking(db, made.bookingId, detail);
  } catch (err) {
    log.warn({ bookingId: made.bookingId, errorCode: errorCodeOf(err) }, "booking total not recorded");
  }
  if (proposal) await linkToProposal(db, user, proposal, { bookingId: made.bookingId, orderRef: made.orderRef, costMinor });
  return { bookingId: made.bookingId, orderRef: made.orderRef, state: made.state, replayed: made.replayed };
}

type ProposalRef = NonNullable<BookingRequest["proposal"]>;
const actorOf = (user: SessionUser) => ({ id: user.id, role: user.role });

/**
 * Refuses to book a proposal's item that is already booked, or whose proposal is withdrawn or
 * not the advisor's; a resubmit of the booking that booked it (same key) passes, to be answered
 * from the ledger.
 */
async function checkProposalItem(db: Db, user: SessionUser, proposal: ProposalRef, idempotencyKey: string): Promise<void> {
  try {
    await itemForBooking(db, actorOf(user), proposal.id, proposal.itemId);
  } catch (err) {
    if (!(err instanceof BffError) || err.code !== "item_already_booked") throw err;
    const mine = await bookingOfKey(db, idempotencyKey);
    const recorded = await proposalBookingOf(db, proposal.itemId);
    if (!mine || mine !== recorded) throw err;
  }
}

/** Records the booking against its proposal item. The booking is made: a failure here is logged, never the booking's. */
async function linkToProposal(db: Db, user: SessionUser, proposal: ProposalRef, made: { bookingId: string; orderRef: string; costMinor: number | null }): Promise<void> {
  try {
    await recordProposalBooking(db, actorOf(user), proposal.id, { itemId: proposal.itemId, ...made });
  } catch (err) {
    log.error({ bookingId: made.bookingId, proposalId: proposal.id, itemId: proposal.itemId, ...errorFields(err) }, "booking not recorded on its proposal");
  }
}

/**
 * Runs a later step on a booking and records who did it and how it ended. `request` (what was
 * asked, such as a cancellation's scope) and `record(result)` (what came back) are kept with it
 * for the booking's history.
 */
export async function bookingAction<T extends object>(
  db: Db,
  start: {
    bookingId: string;
    user: SessionUser;
    action: BookingAction;
    idempotencyKey: string | null;
    request?: Record<string, unknown>;
    record?: (result: T) => Record<string, unknown>;
  },
  call: () => Promise<T>,
): Promise<T> {
  let row;
  try {
    row = await beginAction(db, { bookingId: start.bookingId, userId: start.user.id, action: start.action, idempotencyKey: start.idempotencyKey });
  } catch (err) {
    if (err instanceof KeyReusedError) throw keyReused();
    throw err;
  }
  const asked = start.request && Object.keys(start.request).length ? start.request : null;
  let result: T;
  try {
    result = await call();
  } catch (err) {
    await completeAction(db, row.id, { outcome: mayHaveHappened(err) ? "unknown" : "failed", errorCode: errorCodeOf(err), result: asked });
    throw err;
  }
  // Pay, cancel and refresh answer the booking's state; email answers whom it reached.
  const state = "state" in result && typeof result.state === "string" ? result.state : undefined;
  const recorded = { ...start.request, ...start.record?.(result) };
  try {
    // The step's outcome and the booking's state it answered, in one transaction.
    await completeAction(db, row.id, { outcome: "succeeded", state, result: Object.keys(recorded).length ? recorded : null });
  } catch (err) {
    // Done, and not recorded (nothing of it was): the step is left unknown if the database lets it.
    await completeAction(db, row.id, { outcome: "unknown", errorCode: "internal_error", result: asked }).catch(() => {});
    throw err;
  }
  return result;
}

/* ------------------------------------------------------------------ reading */

export const bookingListRequestSchema = z.strictObject({
  ...bookingListQuerySchema.shape,
  /** Every state the list shows; those the service cannot filter by are picked out by the desk (`stateQuery`). */
  state: z.enum(LIST_STATES, "Choose one of the list's states, or all.").optional(),
  /** Only the signed-in advisor's own bookings. */
  mine: z.enum(["1", "0", "true", "false"], "Choose all bookings or only your own.").transform((v) => v === "1" || v === "true").optional(),
});
export type BookingListRequest = z.output<typeof bookingListRequestSchema>;
export type ListRowWithBooker = BookingListRow & { bookedBy: { id: string; name: string } | null };

/**
 * Pages of the service read at most for one page the desk filters itself (Mine, a state the
 * service cannot filter by): bounds the calls one request may make. The list asks for more.
 */
export const DESK_FILTER_MAX_PAGES = 5;
const DESK_FILTER_PAGE_SIZE = 100;

export async function listBookings(
  deps: { tds: TdsClient; db: Db },
  user: SessionUser,
  query: BookingListRequest,
  signal?: AbortSignal,
): Promise<{ rows: ListRowWithBooker[]; nextCursor: string | null; scannedPages?: number; scannedRows?: number }> {
  const { mine, state, ...rest } = query;
  const { keep, ...serviceState } = stateQuery(state ?? "all");
  // A state decides whether the bookings are active or cancelled: its query replaces any status.
  const params = state && state !== "all" ? { ...rest, status: undefined, ...serviceState } : rest;
  const { db, tds } = deps;
  if (!mine && !keep) {
    const page = await tds.listBookings(params, { signal });
    const who = await bookedBy(db, page.rows.map((r) => r._id));
    return { rows: page.rows.map((r) => ({ ...r, bookedBy: who.get(r._id) ?? null })), nextCursor: page.nextCursor };
  }
  // The service cannot filter by advisor nor by every state: read its pages (with every other
  // filter applied there) and keep the rows that match, up to `limit` rows or a few pages.
  if (mine && !(await hasBookings(db, user.id))) return { rows: [], nextCursor: null, scannedPages: 0, scannedRows: 0 };
  const wanted = params.limit ?? 50;
  const rows: ListRowWithBooker[] = [];
  let cursor = params.cursor;
  let scannedPages = 0;
  let scannedRows = 0;
  do {
    const page = await tds.listBookings({ ...params, limit: DESK_FILTER_PAGE_SIZE, cursor }, { signal });
    scannedPages++;
    scannedRows += page.rows.length;
    const matching = keep ? page.rows.filter((r) => keep(String(r.state))) : page.rows;
    const who = await bookedBy(db, matching.map((r) => r._id));
    for (const r of matching) {
      const by = who.get(r._id) ?? null;
      if (!mine || by?.id === user.id) rows.push({ ...r, bookedBy: by });
    }
    cursor = page.nextCursor ?? undefined;
  } while (cursor && rows.length < wanted && scannedPages < DESK_FILTER_MAX_PAGES);
  return { rows, nextCursor: cursor ?? null, scannedPages, scannedRows };
}

export async function bookedByOne(db: Db, bookingId: string) {
  return (await bookedBy(db, [bookingId])).get(bookingId) ?? null;
}

/* ------------------------------------------------------- the booking page, summaries */

const instant = (v: string | null | undefined) => (v && !Number.isNaN(Date.parse(v)) ? new Date(v) : null);

/**
 * A hold's payment deadline, when the policy's free cancellation ends (null when it has no such
 * moment: lib/bookings/deadlines.ts), and the commission. The hold's own `cancellationDeadline`
 * is not free cancellation and is not kept.
 */
export function deadlinesOf(detail: BookingDetail): { paymentDeadline: Date | null; freeCancelUntil: Date | null; commissionMinor: number | null } {
  return {
    paymentDeadline: instant(detail.order.held?.paymentDeadline) ?? null,
    freeCancelUntil: instant(freeCancellationEnd(detail.cancellationPolicy)),
    commissionMinor: commissionOf(detail),
  };
}

/** What the agency earns, from `earnings` (inner fields not shown in the specification: read leniently). */
function commissionOf(detail: BookingDetail): number | null {
  const e = (detail.earnings ?? {}) as Record<string, unknown>;
  for (const v of [e.commissionMinor, e.amountMinor, (e.commission as { amountMinor?: unknown } | undefined)?.amountMinor]) {
    if (typeof v === "number" && Number.isFinite(v)) return Math.round(v);
  }
  return null;
}

/** Keeps what the detail shows and the list rows lack (never failing the read that learned it). */
async function rememberBooking(db: Db, bookingId: string, detail: BookingDetail): Promise<BookingSummary> {
  const summary = summarizeBooking(detail);
  try {
    await saveBookingFacts(db, {
      bookingId,
      orderRef: detail.order.orderRef,
      productType: summary.productType,
      leadGuest: summary.leadGuest,
      travelers: summary.travelers,
      item: summary.item,
      travelStart: summary.travelStart,
      travelEnd: summary.travelEnd,
      travelAt: summary.travelAt,
      state: detail.order.state,
      totalSellMinor: detail.order.totalSell.amountMinor,
      currency: detail.order.totalSell.currency,
      ...deadlinesOf(detail),
      detailCheckedAt: new Date(),
    });
  } catch (err) {
    log.warn({ bookingId, err: errorFields(err) }, "booking facts not recorded");
  }
  return summary;
}

/** GET /api/bookings/:id: the service's detail, who booked it, what the desk saw happen since, and the proposal it was booked from. */
export async function readBooking(deps: { tds: TdsClient; db: Db }, bookingId: string, signal?: AbortSignal) {
  const [detail, history, proposal] = await Promise.all([
    deps.tds.getBooking(bookingId, { signal }),
    historyFor(deps.db, bookingId),
    proposalOfBooking(deps.db, bookingId),
  ]);
  await rememberBooking(deps.db, bookingId, detail);
  const booked = history.find((h) => h.action === "booked");
  return {
    ...detail,
    bookedBy: booked?.by ?? null,
    history: history.map((h) => ({ ...h, at: h.at.toISOString(), completedAt: h.completedAt?.toISOString() ?? null })),
    proposal,
  };
}

/** Details read at once for one summaries call. */
const SUMMARY_CONCURRENCY = 4;
/**
 * Details read from the service in one summaries call at most: the rest are `missing` and the
 * page asks again a little later. An advisor's share of the detail budget (about 54 a minute)
 * must leave room for the booking pages they open meanwhile.
 */
export const SUMMARY_COLD_READS = 12;

/**
 * GET /api/bookings/summaries: for a page of the list, what its rows lack. Known bookings come
 * from the desk's database; the others are read from the service once (a few at a time) and
 * kept. An ID the service cannot answer for now is listed in `missing`, never failing the page.
 */
export async function bookingSummaries(
  deps: { tds: TdsClient; db: Db },
  ids: string[],
  signal?: AbortSignal,
): Promise<{ items: Record<string, BookingSummary>; missing: string[] }> {
  const wanted = [...new Set(ids)].slice(0, SUMMARY_IDS_MAX);
  // Facts written from list rows alone (Needs attention's pass) lack the lead guest and the item
  // of flights, activities and transfers: only those read from a detail count as known.
  const known = new Map([...(await factsFor(deps.db, wanted))].filter(([, f]) => f.detailCheckedAt !== null));
  const items: Record<string, BookingSummary> = {};
  for (const [id, f] of known) {
    items[id] = {
      productType: f.productType,
      leadGuest: f.leadGuest,
      travelers: f.travelers,
      item: f.item,
      travelStart: f.travelStart,
      travelEnd: f.travelEnd,
      travelAt: f.travelAt,
    };
  }
  const unknown = wanted.filter((id) => !known.has(id));
  const queue = unknown.slice(0, SUMMARY_COLD_READS);
  const missing: string[] = unknown.slice(SUMMARY_COLD_READS);
  const worker = async () => {
    for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
      if (signal?.aborted) {
        missing.push(id);
        continue;
      }
      try {
        const detail = await deps.tds.getBooking(id, { signal, maxRetries: 0, timeoutMs: 8_000 });
        items[id] = await rememberBooking(deps.db, id, detail);
      } catch {
        missing.push(id);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(SUMMARY_CONCURRENCY, queue.length) }, worker));
  return { items, missing: wanted.filter((id) => missing.includes(id)) };
}
