import "server-only";
import { randomInt } from "node:crypto";
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, or, sql, type SQL } from "drizzle-orm";
import { readAgencyProfile } from "@/lib/agency/store";
import { readPricing } from "@/lib/agency/pricing-store";
import { BffError } from "@/lib/bff/errors";
import type { BookingProposal } from "@/lib/bookings/schemas";
import type { Db } from "@/lib/db";
import { clients, proposalBookings, proposalGroups, proposalItems, proposals, users, type ProposalRow } from "@/lib/db/schema";
import { foldText } from "@/lib/fold";
import { escapeHtml } from "@/lib/mail/html";
import { sendMail, type SendMailOptions } from "@/lib/mail/send";
import { formatMoney } from "@/lib/money";
import { checkOverride, clientPrice, type Pricing } from "@/lib/pricing/markup";
import {
  MAX_ITEMS,
  MAX_VALIDITY_DAYS,
  optionKey,
  groupKey,
  PROPOSALS_PAGE_SIZE,
  type AddItemRequest,
  type Client,
  type ClientRequest,
  type CreateProposalRequest,
  type GroupKind,
  type ItemSnapshot,
  type Proposal,
  type ProposalGroup,
  type ProposalItem,
  type ProposalListRow,
  type ProposalState,
  type ProposalTotal,
  type PublicChoiceRequest,
  type PublicProposal,
  type ProposalBookingRequest,
  type MoneyMinor,
  type UpdateItemRequest,
  type UpdateProposalRequest,
} from "./model";
import { hashToken, isTokenShaped, newToken } from "./token";

// Proposals (issue 29, docs/proposals.md) on PGlite or PostgreSQL: the advisor's side (create,
// list, edit, items priced with the agency's markup, share, withdraw, book) and the client's
// side (read by the link's token, count views, record the choice). Advisors see and change
// their own proposals; admins see and change all (they cover for an absent advisor). Every
// change to a proposal runs in one transaction that locks its row first, so two tabs editing
// the same proposal queue instead of interleaving positions or prices.
// Money is integer minor units of the items' currency; a proposal holds one currency.

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type Conn = Db | Tx;

/** Who asks: a session user (lib/bff/deps SessionUser fits). */
export type Actor = { id: string; role: "advisor" | "admin" };

/** What the pricing of an item needs from the desk's settings. */
export type PricingContext = { agencyCurrency: string };

/* ------------------------------------------------------------------------------ errors */

const PROPOSAL_ERRORS = {
  proposal_not_found: { status: 404, message: "We could not find this proposal. It may belong to another advisor, or the link is wrong." },
  item_not_found: { status: 404, message: "This item is no longer in the proposal. Reload the proposal." },
  group_not_found: { status: 404, message: "This group is no longer in the proposal. Reload the proposal." },
  client_not_found: { status: 404, message: "We could not find this client. Choose another, or add them again." },
  proposal_withdrawn: { status: 409, message: "This proposal was withdrawn, so it cannot be changed. Make a new one for the client." },
  proposal_booked: { status: 409, message: "The client's choice is booked, so the proposal cannot be changed any more." },
  proposal_empty: { status: 409, message: "Add at least one offer before sharing the proposal." },
  proposal_full: { status: 409, message: `A proposal holds at most ${MAX_ITEMS} offers. Remove one, or start another proposal.` },
  proposal_currency: { status: 409, message: "This offer is priced in another currency than the proposal's other offers. Search again in the agency's currency." },
  proposal_past_validity: { status: 409, message: "The validity date has passed. Move it to today or later, then share again." },
  price_below_limit: { status: 400, message: "This price is below what the agency allows." },
  item_already_booked: { status: 409, message: "This item is already booked (another booking is recorded for it). Open that booking instead." },
} as const;
export type ProposalErrorCode = keyof typeof PROPOSAL_ERRORS;

function fail(code: ProposalErrorCode, init: { message?: string; details?: Array<{ path: string; message: string }> } = {}): never {
  const e = PROPOSAL_ERRORS[code];
  throw new BffError({ status: e.status, code, message: init.message ?? e.message, details: init.details });
}

/** A field the person must change, as the handler's own validation says it (400 validation_error). */
function invalid(path: string, message: string): never {
  throw new BffError({ status: 400, code: "validation_error", message: "Some fields need attention.", details: [{ path, message }] });
}

/* ------------------------------------------------------------------------------ small helpers */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (v: string) => UUID.test(v);
const DAY_MS = 86_400_000;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);
/** The end of a validity day: the first instant of the next day, UTC (the link works until then). */
export const endOfValidity = (validUntil: string) => new Date(Date.parse(`${validUntil}T00:00:00Z`) + DAY_MS);
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Letters and digits nobody misreads (no 0/O, 1/I/L), for references read out on the phone. */
const REFERENCE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
export function newReference(): string {
  let s = "PR-";
  for (let i = 0; i < 6; i++) s += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)];
  return s;
}

/** A LIKE pattern matching `text` anywhere, its wildcards taken literally. */
export const likeAnywhere = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const PRODUCT_WORDS: Record<ItemSnapshot["productType"], { one: string; pick: string }> = {
  hotel: { one: "Hotel", pick: "Choose a hotel" },
  flight: { one: "Flight", pick: "Choose a flight" },
  activity: { one: "Activity", pick: "Choose an activity" },
  transfer: { one: "Transfer", pick: "Choose a transfer" },
};

/* ------------------------------------------------------------------------------ state */

/**
 * A proposal's state from its facts: withdrawn, booked and chosen win in that order; a proposal
 * never shared is a draft; a shared one past its validity day is expired, else viewed or sent.
 */
export function proposalState(
  p: Pick<ProposalRow, "withdrawnAt" | "bookedAt" | "chosenAt" | "sentAt" | "validUntil" | "viewCount">,
  now: Date,
): ProposalState {
  if (p.withdrawnAt) return "withdrawn";
  if (p.bookedAt) return "booked";
  if (p.chosenAt) return "chosen";
  if (!p.sentAt) return "draft";
  if (p.validUntil < isoDay(now)) return "expired";
  return p.viewCount > 0 ? "viewed" : "sent";
}

/** The same rule in SQL, for the list's filter. */
function stateSql(now: Date): SQL<string> {
  return sql<string>`case
    when ${proposals.withdrawnAt} is not null then 'withdrawn'
    when ${proposals.bookedAt} is not null then 'booked'
    when ${proposals.chosenAt} is not null then 'chosen'
    when ${proposals.sentAt} is null then 'draft'
    when ${proposals.validUntil} < ${isoDay(now)}::date then 'expired'
    when ${proposals.viewCount} > 0 then 'viewed'
    else 'sent' end`;
}

/* ------------------------------------------------------------------------------ totals and groups */

type PricedItem = { groupId: string; clientMinor: number; currency: string };

/**
 * The trip's client-price total: for each group, its cheapest and its dearest item (a group of
 * one counts its item in both), summed. Null without items.
 */
export function proposalTotal(items: readonly PricedItem[]): ProposalTotal | null {
  if (items.length === 0) return null;
  const byGroup = new Map<string, { min: number; max: number }>();
  for (const it of items) {
    const g = byGroup.get(it.groupId);
    if (!g) byGroup.set(it.groupId, { min: it.clientMinor, max: it.clientMinor });
    else {
      g.min = Math.min(g.min, it.clientMinor);
      g.max = Math.max(g.max, it.clientMinor);
    }
  }
  let fromMinor = 0;
  let toMinor = 0;
  for (const g of byGroup.values()) {
    fromMinor += g.min;
    toMinor += g.max;
  }
  return { fromMinor, toMinor, currency: items[0]!.currency };
}

const groupKind = (itemCount: number): GroupKind => (itemCount > 1 ? "alternatives" : "part");

function defaultLabel(kind: GroupKind, types: readonly ItemSnapshot["productType"][]): string {
  const first = types[0] ?? "hotel";
  if (kind === "part") return PRODUCT_WORDS[first].one;
  return types.every((t) => t === first) ? PRODUCT_WORDS[first].pick : "Choose one";
}

/* ------------------------------------------------------------------------------ clients */

const clientOut = (c: typeof clients.$inferSelect): Client => ({ id: c.id, name: c.name, email: c.email, phone: c.phone, createdAt: c.createdAt.toISOString() });
export const clientSearchText = (c: { name: string; email: string }) => foldText(`${c.name} ${c.email}`);

export async function createClient(db: Db, input: ClientRequest, actor: Actor): Promise<Client> {
  const [row] = await db
    .insert(clients)
    .values({ name: input.name, email: input.email, phone: input.phone, searchText: clientSearchText(input), createdBy: actor.id })
    .returning();
  return clientOut(row!);
}

export const CLIENTS_LIMIT = 20;

/** Clients whose name or email contains `q`, accents and case ignored ("zoe" finds "Zoé"); the newest first without `q`. */
export async function searchClients(db: Db, q: string | undefined, limit = CLIENTS_LIMIT): Promise<Client[]> {
  const needle = foldText((q ?? "").trim());
  const rows = await db
    .select()
    .from(clients)
    .where(needle ? sql`${clients.searchText} like ${likeAnywhere(needle)}` : undefined)
    .orderBy(needle ? asc(clients.name) : desc(clients.createdAt), asc(clients.id))
    .limit(limit);
  return rows.map(clientOut);
}

export async function readClient(db: Db, id: string): Promise<Client | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(clients).where(eq(clients.id, id));
  return row ? clientOut(row) : null;
}

/* ------------------------------------------------------------------------------ reading a proposal */

type Loaded = {
  row: ProposalRow;
  client: { id: string; name: string; email: string; phone: string };
  advisor: { id: string; name: string; email: string };
  groups: Array<typeof proposalGroups.$inferSelect>;
  items: Array<typeof proposalItems.$inferSelect>;
  bookings: Array<typeof proposalBookings.$inferSelect>;
};

/** A proposal with its client, advisor, groups, items and bookings; in a transaction (one connection) the reads go one after another. */
async function load(db: Conn, where: SQL | undefined, inTransaction = false): Promise<Loaded | null> {
  const [head] = await db
    .select({
      row: proposals,
      client: { id: clients.id, name: clients.name, email: clients.email, phone: clients.phone },
      advisor: { id: users.id, name: users.name, email: users.email },
    })
    .from(proposals)
    .innerJoin(clients, eq(clients.id, proposals.clientId))
    .innerJoin(users, eq(users.id, proposals.advisorId))
    .where(where);
  if (!head) return null;
  const id = head.row.id;
  const reads = [
    () => db.select().from(proposalGroups).where(eq(proposalGroups.proposalId, id)).orderBy(asc(proposalGroups.position), asc(proposalGroups.createdAt)),
    () => db.select().from(proposalItems).where(eq(proposalItems.proposalId, id)).orderBy(asc(proposalItems.position), asc(proposalItems.createdAt)),
    () => db.select().from(proposalBookings).where(eq(proposalBookings.proposalId, id)).orderBy(asc(proposalBookings.createdAt)),
  ] as const;
  const [groups, items, bookings] = inTransaction
    ? [await reads[0](), await reads[1](), await reads[2]()]
    : await Promise.all([reads[0](), reads[1](), reads[2]()]);
  return { ...head, groups, items, bookings };
}

const money = (amountMinor: number, currency: string) => ({ amountMinor, currency });

function toProposal(l: Loaded, now: Date): Proposal {
  const { row } = l;
  const itemsOf = (groupId: string) => l.items.filter((i) => i.groupId === groupId);
  const groups: ProposalGroup[] = l.groups
    .filter((g) => itemsOf(g.id).length > 0)
    .map((g, position) => {
      const its = itemsOf(g.id);
      const kind = groupKind(its.length);
      return { id: g.id, kind, label: g.label ?? defaultLabel(kind, its.map((i) => (i.snapshot as ItemSnapshot).productType)), position };
    });
  const items: ProposalItem[] = l.items.map((i) => ({
    id: i.id,
    groupId: i.groupId,
    position: i.position,
    snapshot: i.snapshot as ItemSnapshot,
    cost: money(i.costMinor, i.currency),
    markupPrice: money(i.markupMinor, i.currency),
    clientPrice: money(i.clientMinor, i.currency),
    overridden: i.overridden,
  }));
  const ids = new Set(l.items.map((i) => i.id));
  return {
    id: row.id,
    reference: row.reference,
    title: row.title,
    note: row.note,
    validUntil: row.validUntil,
    state: proposalState(row, now),
    client: l.client,
    advisor: l.advisor,
    groups,
    items,
    total: proposalTotal(l.items),
    shared:
      row.sharedAt && row.tokenExpiresAt
        ? { at: row.sharedAt.toISOString(), expiresAt: row.tokenExpiresAt.toISOString(), revoked: row.revokedAt !== null }
        : null,
    views: { count: row.viewCount, lastAt: iso(row.lastViewedAt) },
    choice: row.chosenAt ? { at: row.chosenAt.toISOString(), message: row.choiceMessage, itemIds: row.chosenItemIds.filter((id) => ids.has(id)) } : null,
    bookings: l.bookings.map((b) => ({ itemId: b.itemId, bookingId: b.bookingId, orderRef: b.orderRef })),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Whom `actor` may see: an advisor their own, an admin all. */
export const visibleTo = (actor: Actor): SQL | undefined => (actor.role === "admin" ? undefined : eq(proposals.advisorId, actor.id));

/** One proposal as its advisor (or an admin) sees it; 404 `proposal_not_found` for anyone else. */
export async function readProposal(db: Db, actor: Actor, id: string, now = new Date()): Promise<Proposal> {
  if (!isUuid(id)) fail("proposal_not_found");
  const l = await load(db, and(eq(proposals.id, id), visibleTo(actor)));
  if (!l) fail("proposal_not_found");
  return toProposal(l, now);
}

/* ------------------------------------------------------------------------------ the list */

export type ProposalListFilters = { state?: ProposalState; q?: string; mine?: boolean; page?: number; pageSize?: number };

/**
 * A page of proposals, the latest changed first: an advisor's own, or (an admin) everyone's
 * unless `mine`. `q` finds a reference, a title or a client's name or email.
 */
export async function listProposals(db: Db, actor: Actor, filters: ProposalListFilters = {}, now = new Date()): Promise<{ rows: ProposalListRow[]; total: number }> {
  const pageSize = filters.pageSize ?? PROPOSALS_PAGE_SIZE;
  const page = filters.page ?? 1;
  const q = (filters.q ?? "").trim();
  const state = stateSql(now);
  const where = and(
    actor.role === "admin" && !filters.mine ? undefined : eq(proposals.advisorId, actor.id),
    filters.state ? sql`${state} = ${filters.state}` : undefined,
    q
      ? or(
          sql`lower(${proposals.reference}) like ${likeAnywhere(q.toLowerCase())}`,
          sql`lower(${proposals.title}) like ${likeAnywhere(q.toLowerCase())}`,
          sql`${clients.searchText} like ${likeAnywhere(foldText(q))}`,
        )
      : undefined,
  );
  const base = db.select({ n: count() }).from(proposals).innerJoin(clients, eq(clients.id, proposals.clientId));
  const [[counted], rows] = await Promise.all([
    base.where(where),
    listRows(db, where, [desc(proposals.updatedAt), desc(proposals.id)], { limit: pageSize, offset: (page - 1) * pageSize }, now),
  ]);
  return { total: counted?.n ?? 0, rows: rows.map(({ chosenTitles: _, ...row }) => row) };
}

export type ChosenProposal = ProposalListRow & { chosenTitles: string[] };

/**
 * Rows of the proposals list (and of Needs attention's chosen proposals) for `where`, in `order`:
 * each with its client, advisor, total, views, choice and the titles of the items chosen.
 */
async function listRows(db: Db, where: SQL | undefined, order: SQL[], range: { limit: number; offset?: number }, now: Date): Promise<ChosenProposal[]> {
  const rows = await db
    .select({
      row: proposals,
      client: { id: clients.id, name: clients.name, email: clients.email, phone: clients.phone },
      advisor: { id: users.id, name: users.name, email: users.email },
    })
    .from(proposals)
    .innerJoin(clients, eq(clients.id, proposals.clientId))
    .innerJoin(users, eq(users.id, proposals.advisorId))
    .where(where)
    .orderBy(...order)
    .limit(range.limit)
    .offset(range.offset ?? 0);
  const ids = rows.map((r) => r.row.id);
  const items =
    ids.length === 0
      ? []
      : await db
          .select({
            proposalId: proposalItems.proposalId,
            id: proposalItems.id,
            groupId: proposalItems.groupId,
            clientMinor: proposalItems.clientMinor,
            currency: proposalItems.currency,
            // The title only, not the whole snapshot.
            title: sql<string>`${proposalItems.snapshot}->>'title'`,
          })
          .from(proposalItems)
          .where(inArray(proposalItems.proposalId, ids))
          .orderBy(asc(proposalItems.position));
  return rows.map(({ row, client, advisor }) => {
    const its = items.filter((i) => i.proposalId === row.id);
    const chosen = its.filter((i) => row.chosenItemIds.includes(i.id));
    return {
      id: row.id,
      reference: row.reference,
      title: row.title,
      state: proposalState(row, now),
      client,
      advisor,
      total: proposalTotal(its),
      validUntil: row.validUntil,
      views: { count: row.viewCount, lastAt: iso(row.lastViewedAt) },
      // Only the chosen items still in the proposal (an advisor may have removed one since).
      choice: row.chosenAt ? { at: row.chosenAt.toISOString(), message: row.choiceMessage, itemIds: chosen.map((i) => i.id) } : null,
      updatedAt: row.updatedAt.toISOString(),
      itemCount: its.length,
      chosenTitles: chosen.map((i) => i.title),
    };
  });
}

/** Chosen by the client, not booked, not withdrawn: an advisor's own with `userId`, everyone's without. */
const chosenNotBooked = (userId: string | undefined): SQL | undefined =>
  and(isNotNull(proposals.chosenAt), isNull(proposals.bookedAt), isNull(proposals.withdrawnAt), userId ? eq(proposals.advisorId, userId) : undefined);

/** How many proposals `listChosenProposals` would list (all of them, not a page): for the navigation's count. */
export async function countChosenProposals(db: Db, opts: { userId?: string } = {}): Promise<number> {
  const [row] = await db.select({ n: count() }).from(proposals).where(chosenNotBooked(opts.userId));
  return row?.n ?? 0;
}

/**
 * Proposals whose client chose and that are not booked (nor withdrawn): for Needs attention. An
 * advisor's own with `userId`, everyone's without. The latest choice first.
 */
export function listChosenProposals(db: Db, opts: { userId?: string; limit?: number } = {}, now = new Date()): Promise<ChosenProposal[]> {
  return listRows(db, chosenNotBooked(opts.userId), [desc(proposals.chosenAt)], { limit: opts.limit ?? 100 }, now);
}

/* ------------------------------------------------------------------------------ changing a proposal */

/** Locks the proposal's row for the transaction, checks who may change it, and that it still can be. */
async function lockForChange(tx: Tx, actor: Actor, id: string, opts: { allowBooked?: boolean } = {}): Promise<ProposalRow> {
  if (!isUuid(id)) fail("proposal_not_found");
  const [row] = await tx.select().from(proposals).where(and(eq(proposals.id, id), visibleTo(actor))).for("update");
  if (!row) fail("proposal_not_found");
  if (row.withdrawnAt) fail("proposal_withdrawn");
  if (!opts.allowBooked) {
    // Booked in part (a trip booked item by item) is booked too: what was sold stays as it was sold.
    const [booked] = row.bookedAt ? [true] : await tx.select({ id: proposalBookings.id }).from(proposalBookings).where(eq(proposalBookings.proposalId, id)).limit(1);
    if (booked) fail("proposal_booked");
  }
  return row;
}

async function touch(tx: Tx, id: string, now: Date, set: Partial<typeof proposals.$inferInsert> = {}): Promise<void> {
  await tx.update(proposals).set({ ...set, updatedAt: now }).where(eq(proposals.id, id));
}

/** Whether a validity day can be set now: today or later, and within a year. */
function checkValidity(validUntil: string, now: Date): void {
  const today = isoDay(now);
  if (validUntil < today) invalid("validUntil", "Choose today or a later day.");
  if (validUntil > isoDay(new Date(now.getTime() + MAX_VALIDITY_DAYS * DAY_MS))) invalid("validUntil", "Choose a day within a year from today.");
}

export async function createProposal(db: Db, actor: Actor, input: CreateProposalRequest, now = new Date()): Promise<Proposal> {
  checkValidity(input.validUntil, now);
  if (!(await readClient(db, input.clientId))) fail("client_not_found", { details: [{ path: "clientId", message: "Choose the client, or add a new one." }] });
  // A reference is 6 of 31 characters (887 million): a clash is rare, and another draw settles it.
  for (let attempt = 0; ; attempt++) {
    const reference = newReference();
    try {
      const [row] = await db
        .insert(proposals)
        .values({ reference, title: input.title, note: input.note, validUntil: input.validUntil, clientId: input.clientId, advisorId: actor.id, createdAt: now, updatedAt: now })
        .returning({ id: proposals.id });
      return readProposal(db, actor, row!.id, now);
    } catch (err) {
      if (attempt < 5 && isUniqueViolation(err, "proposals_reference_unique")) continue;
      throw err;
    }
  }
}

function isUniqueViolation(err: unknown, constraint: string): boolean {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    const x = e as { code?: string; constraint?: string; message?: string };
    if (x.code === "23505" && (x.constraint === constraint || x.message?.includes(constraint))) return true;
  }
  return false;
}

export async function updateProposal(db: Db, actor: Actor, id: string, patch: UpdateProposalRequest, now = new Date()): Promise<Proposal> {
  await db.transaction(async (tx) => {
    const row = await lockForChange(tx, actor, id);
    const set: Partial<typeof proposals.$inferInsert> = {};
    if (patch.title !== undefined) set.title = patch.title;
    if (patch.note !== undefined) set.note = patch.note;
    if (patch.validUntil !== undefined && patch.validUntil !== row.validUntil) {
      checkValidity(patch.validUntil, now);
      set.validUntil = patch.validUntil;
      // The link follows the validity date.
      if (row.tokenSha256) set.tokenExpiresAt = endOfValidity(patch.validUntil);
    }
    if (patch.clientId !== undefined) {
      if (!isUuid(patch.clientId) || !(await tx.select({ id: clients.id }).from(clients).where(eq(clients.id, patch.clientId)))[0]) {
        fail("client_not_found", { details: [{ path: "clientId", message: "Choose the client, or add a new one." }] });
      }
      set.clientId = patch.clientId;
    }
    if (patch.groups) {
      const groups = await tx.select().from(proposalGroups).where(eq(proposalGroups.proposalId, id)).orderBy(asc(proposalGroups.position), asc(proposalGroups.createdAt));
      const order = groups.map((g) => g.id);
      for (const [i, g] of patch.groups.entries()) {
        if (!order.includes(g.id)) invalid(`groups.${i}.id`, "This group is no longer in the proposal. Reload the proposal.");
        if (g.label !== undefined) await tx.update(proposalGroups).set({ label: g.label === "" ? null : g.label }).where(eq(proposalGroups.id, g.id));
        // Each move in the order given: the group goes to that place among the others.
        if (g.position !== undefined) {
          order.splice(order.indexOf(g.id), 1);
          order.splice(Math.min(g.position, order.length), 0, g.id);
        }
      }
      for (const [position, groupId] of order.entries()) await tx.update(proposalGroups).set({ position }).where(eq(proposalGroups.id, groupId));
      await renumber(tx, id);
    }
    await touch(tx, id, now, set);
  });
  return readProposal(db, actor, id, now);
}

/**
 * Positions after any change: groups without items removed, groups 0..g-1 in their order, items
 * 0..n-1 group after group (each group's items in their order), so that a group's alternatives
 * are always next to each other.
 */
async function renumber(tx: Tx, proposalId: string): Promise<void> {
  const groups = await tx.select().from(proposalGroups).where(eq(proposalGroups.proposalId, proposalId)).orderBy(asc(proposalGroups.position), asc(proposalGroups.createdAt));
  const items = await tx.select().from(proposalItems).where(eq(proposalItems.proposalId, proposalId)).orderBy(asc(proposalItems.position), asc(proposalItems.createdAt));
  let n = 0;
  let g = 0;
  for (const group of groups) {
    const its = items.filter((i) => i.groupId === group.id);
    if (its.length === 0) {
      await tx.delete(proposalGroups).where(eq(proposalGroups.id, group.id));
      continue;
    }
    if (group.position !== g) await tx.update(proposalGroups).set({ position: g }).where(eq(proposalGroups.id, group.id));
    g++;
    for (const it of its) {
      if (it.position !== n) await tx.update(proposalItems).set({ position: n }).where(eq(proposalItems.id, it.id));
      n++;
    }
  }
}

async function newGroup(tx: Tx, proposalId: string): Promise<string> {
  const [row] = await tx
    .insert(proposalGroups)
    .values({ proposalId, position: sql`(select coalesce(max(${proposalGroups.position}) + 1, 0) from ${proposalGroups} where ${proposalGroups.proposalId} = ${proposalId})` })
    .returning({ id: proposalGroups.id });
  return row!.id;
}

async function groupOf(tx: Tx, proposalId: string, groupId: string, path: string): Promise<string> {
  const [g] = await tx.select({ id: proposalGroups.id }).from(proposalGroups).where(and(eq(proposalGroups.id, groupId), eq(proposalGroups.proposalId, proposalId)));
  if (!g) fail("group_not_found", { details: [{ path, message: "This group is no longer in the proposal." }] });
  return g.id;
}

/** An item's place at the end of its group, before the renumbering puts everything in order. */
const END = 1_000_000;

/**
 * Adds an offer: its client price is the agency's markup on its cost (the rule for its product and
 * destination, rounded as the agency says). In a group of its own (`groupId` "new" or absent), or
 * as an alternative to a group's items.
 */
export async function addItem(db: Db, actor: Actor, id: string, input: AddItemRequest, ctx: PricingContext, now = new Date()): Promise<Proposal> {
  const pricing = await readPricing(db, ctx.agencyCurrency);
  await db.transaction(async (tx) => {
    await lockForChange(tx, actor, id);
    const existing = await tx.select({ currency: proposalItems.currency }).from(proposalItems).where(eq(proposalItems.proposalId, id));
    if (existing.length >= MAX_ITEMS) fail("proposal_full");
    if (existing.length > 0 && existing[0]!.currency !== input.cost.currency) fail("proposal_currency");
    const groupId = input.groupId && input.groupId !== "new" ? await groupOf(tx, id, input.groupId, "groupId") : await newGroup(tx, id);
    const marked = clientPrice(input.cost, input.snapshot.productType, input.snapshot.country ?? null, pricing);
    await tx.insert(proposalItems).values({
      proposalId: id,
      groupId,
      position: END + existing.length,
      productType: input.snapshot.productType,
      snapshot: input.snapshot as unknown as Record<string, unknown>,
      currency: input.cost.currency,
      costMinor: input.cost.amountMinor,
      markupMinor: marked.amountMinor,
      clientMinor: marked.amountMinor,
      overridden: false,
      createdAt: now,
      updatedAt: now,
    });
    await renumber(tx, id);
    await touch(tx, id, now);
  });
  return readProposal(db, actor, id, now);
}

/**
 * Changes an item: the advisor's own client price (checked against the admin's limits: never
 * below the largest discount, nor below cost unless allowed; null goes back to the marked-up
 * price), its group, or its place in the proposal (0-based, among all items).
 */
export async function updateItem(db: Db, actor: Actor, id: string, itemId: string, patch: UpdateItemRequest, ctx: PricingContext, now = new Date()): Promise<Proposal> {
  const pricing = await readPricing(db, ctx.agencyCurrency);
  await db.transaction(async (tx) => {
    await lockForChange(tx, actor, id);
    const item = await itemIn(tx, id, itemId);
    const set: Partial<typeof proposalItems.$inferInsert> = {};
    if (patch.clientPriceMinor === null) {
      set.clientMinor = item.markupMinor;
      set.overridden = false;
    } else if (patch.clientPriceMinor !== undefined) {
      const checked = checkOverride(patch.clientPriceMinor, { cost: money(item.costMinor, item.currency), clientMinor: item.markupMinor }, pricing.settings, (m) => formatMoney(m.amountMinor, m.currency));
      if (!checked.ok) fail("price_below_limit", { message: checked.message, details: [{ path: "clientPriceMinor", message: checked.message }] });
      set.clientMinor = checked.amountMinor;
      set.overridden = checked.amountMinor !== item.markupMinor;
    }
    if (patch.groupId !== undefined) {
      const target = patch.groupId === "new" ? await newGroup(tx, id) : await groupOf(tx, id, patch.groupId, "groupId");
      if (target !== item.groupId) {
        set.groupId = target;
        set.position = END;
      }
    }
    if (Object.keys(set).length > 0) await tx.update(proposalItems).set({ ...set, updatedAt: now }).where(eq(proposalItems.id, itemId));
    await renumber(tx, id);
    if (patch.position !== undefined) await moveItem(tx, id, itemId, patch.position);
    await touch(tx, id, now);
  });
  return readProposal(db, actor, id, now);
}

/**
 * Moves an item to place `to` of the proposal's list. Groups then follow the list: each group
 * sits where its first item now is, its items in the order the list gives them. An item alone in
 * its group moves its group; an alternative moves within its group.
 */
async function moveItem(tx: Tx, proposalId: string, itemId: string, to: number): Promise<void> {
  const items = await tx.select().from(proposalItems).where(eq(proposalItems.proposalId, proposalId)).orderBy(asc(proposalItems.position));
  const from = items.findIndex((i) => i.id === itemId);
  if (from < 0) return;
  const list = [...items];
  const [moving] = list.splice(from, 1);
  list.splice(Math.min(to, list.length), 0, moving!);
  const groupOrder: string[] = [];
  for (const it of list) if (!groupOrder.includes(it.groupId)) groupOrder.push(it.groupId);
  for (const [g, groupId] of groupOrder.entries()) await tx.update(proposalGroups).set({ position: g }).where(eq(proposalGroups.id, groupId));
  for (const [n, it] of list.entries()) await tx.update(proposalItems).set({ position: n }).where(eq(proposalItems.id, it.id));
  await renumber(tx, proposalId);
}

async function itemIn(tx: Tx, proposalId: string, itemId: string) {
  if (!isUuid(itemId)) fail("item_not_found");
  const [item] = await tx.select().from(proposalItems).where(and(eq(proposalItems.id, itemId), eq(proposalItems.proposalId, proposalId)));
  if (!item) fail("item_not_found");
  return item;
}

/** Removes an item (and its group when it was the last); a choice that named it forgets it. */
export async function removeItem(db: Db, actor: Actor, id: string, itemId: string, now = new Date()): Promise<Proposal> {
  await db.transaction(async (tx) => {
    const row = await lockForChange(tx, actor, id);
    await itemIn(tx, id, itemId);
    await tx.delete(proposalItems).where(eq(proposalItems.id, itemId));
    await renumber(tx, id);
    const set: Partial<typeof proposals.$inferInsert> = {};
    if (row.chosenItemIds.includes(itemId)) {
      const left = row.chosenItemIds.filter((x) => x !== itemId);
      set.chosenItemIds = left;
      // A choice of nothing is no choice: the proposal goes back to waiting for the client.
      if (left.length === 0) Object.assign(set, { chosenAt: null, choiceMessage: "" });
    }
    await touch(tx, id, now, set);
  });
  return readProposal(db, actor, id, now);
}

/* ------------------------------------------------------------------------------ share, withdraw, book */

export type ShareResult = { proposal: Proposal; url: string; mail: { status: "sent" | "kept" | "failed"; error: string | null } | null };

export type ShareContext = {
  /** The desk's public origin (APP_ORIGIN): the link is `${origin}/p/<token>`. */
  origin: string;
  /** How to send the mail (tests give their own database and transport). */
  mail?: SendMailOptions;
};

/**
 * A new link for the client (the previous one stops working), valid to the end of the validity
 * day; with `send`, mailed to the client from the agency's name. The token is returned once, in
 * the URL, and only its hash is kept.
 */
export async function shareProposal(db: Db, actor: Actor, id: string, opts: { send: boolean }, ctx: ShareContext, now = new Date()): Promise<ShareResult> {
  const token = newToken();
  await db.transaction(async (tx) => {
    const row = await lockForChange(tx, actor, id);
    const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(proposalItems).where(eq(proposalItems.proposalId, id));
    if (n === 0) fail("proposal_empty");
    if (row.validUntil < isoDay(now)) fail("proposal_past_validity");
    await touch(tx, id, now, {
      tokenSha256: hashToken(token),
      tokenExpiresAt: endOfValidity(row.validUntil),
      sharedAt: now,
      sentAt: row.sentAt ?? now,
      revokedAt: null,
    });
  });
  const url = `${ctx.origin.replace(/\/+$/, "")}/p/${token}`;
  let proposal = await readProposal(db, actor, id, now);
  let mail: ShareResult["mail"] = null;
  if (opts.send) {
    const sent = await sendMail(await proposalMail(db, proposal, url, actor), { db, ...ctx.mail });
    mail = { status: sent.status === "sending" ? "failed" : sent.status, error: sent.error };
    proposal = await readProposal(db, actor, id, now);
  }
  return { proposal, url, mail };
}

/** The mail that carries the link: the agency's name, the advisor's note, the validity day and how to reach them. No prices. */
async function proposalMail(db: Db, p: Proposal, url: string, actor: Actor) {
  const agency = await readAgencyProfile(db);
  const from = agency.name || p.advisor.name;
  const until = new Date(`${p.validUntil}T00:00:00Z`).toLocaleDateString("en-GB", { weekday: "short", day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
  const contact = [p.advisor.name, p.advisor.email, agency.phone, agency.name && agency.name !== p.advisor.name ? agency.name : "", agency.address]
    .filter(Boolean)
    .join("\n");
  const text = [
    `Dear ${p.client.name},`,
    "",
    `${p.advisor.name} has prepared a proposal for you: ${p.title}.`,
    ...(p.note ? ["", p.note] : []),
    "",
    `See the options and choose here (the link works until ${until}):`,
    url,
    "",
    "Any questions? Reply to this email or contact us:",
    contact,
    "",
    `Reference ${p.reference}`,
  ].join("\n");
  const para = (s: string) => `<p>${escapeHtml(s).replace(/\n/g, "<br>")}</p>`;
  const html = [
    para(`Dear ${p.client.name},`),
    para(`${p.advisor.name} has prepared a proposal for you: ${p.title}.`),
    p.note ? para(p.note) : "",
    `<p><a href="${escapeHtml(url)}">See the options and choose</a> (the link works until ${escapeHtml(until)}).</p>`,
    para(`Any questions? Reply to this email or contact us:\n${contact}`),
    para(`Reference ${p.reference}`),
  ].join("\n");
  return {
    kind: "proposal" as const,
    to: { name: p.client.name, address: p.client.email },
    // The client's answer reaches the agency's desk, or the advisor when the agency has no address.
    replyTo: agency.replyTo || p.advisor.email,
    subject: `${from}: ${p.title}`.slice(0, 200),
    text,
    html,
    reference: p.reference,
    sentBy: actor.id,
  };
}

/** Withdraws a proposal: its link answers 410 from now on. Again is harmless. A booked proposal stays. */
export async function withdrawProposal(db: Db, actor: Actor, id: string, now = new Date()): Promise<Proposal> {
  await db.transaction(async (tx) => {
    if (!isUuid(id)) fail("proposal_not_found");
    const [row] = await tx.select().from(proposals).where(and(eq(proposals.id, id), visibleTo(actor))).for("update");
    if (!row) fail("proposal_not_found");
    if (row.withdrawnAt) return;
    if (row.bookedAt) fail("proposal_booked", { message: "The client's choice is booked, so the proposal cannot be withdrawn. Cancel the booking instead." });
    await touch(tx, id, now, { withdrawnAt: now, revokedAt: row.tokenSha256 ? now : null });
  });
  return readProposal(db, actor, id, now);
}

/**
 * The client price for an item bought at `costMinor` instead of its proposed cost: unchanged when
 * the cost is; the advisor's own price moved by the difference when they set one (their margin
 * kept); otherwise the agency's markup rule on the new cost, as when the item was added.
 */
export function repriceItem(item: Pick<ProposalItem, "snapshot" | "cost" | "clientPrice" | "overridden">, costMinor: number, pricing: Pricing): MoneyMinor {
  const currency = item.cost.currency;
  if (costMinor === item.cost.amountMinor) return item.clientPrice;
  if (item.overridden) return { amountMinor: item.clientPrice.amountMinor + (costMinor - item.cost.amountMinor), currency };
  return { amountMinor: clientPrice({ amountMinor: costMinor, currency }, item.snapshot.productType, item.snapshot.country ?? null, pricing).amountMinor, currency };
}

/**
 * The item about to be booked, with its proposal: refused when the proposal is withdrawn or not
 * the advisor's, or the item is already booked (nothing is booked twice).
 */
export async function itemForBooking(db: Db, actor: Actor, id: string, itemId: string, now = new Date()): Promise<{ proposal: Proposal; item: ProposalItem }> {
  const proposal = await readProposal(db, actor, id, now);
  if (proposal.state === "withdrawn") fail("proposal_withdrawn", { message: "This proposal was withdrawn, so its offers cannot be booked from it." });
  const item = proposal.items.find((i) => i.id === itemId);
  if (!item) fail("item_not_found");
  if (proposal.bookings.some((b) => b.itemId === itemId)) fail("item_already_booked");
  return { proposal, item };
}

export type ProposalBookingRecord = ProposalBookingRequest & {
  /** What the agency paid (the booking's total); the item's proposed cost when not known. */
  costMinor?: number | null;
};

/**
 * Records a booking made from one of the proposal's items, with the cost it was bought at and the
 * client price for it (repriceItem). The same booking again is harmless; another booking of the
 * same item is refused. The proposal is booked once every item the client chose is (or, without
 * a choice, once this one is).
 */
export async function recordProposalBooking(db: Db, actor: Actor, id: string, input: ProposalBookingRecord, now = new Date()): Promise<Proposal> {
  const pricing = await readPricing(db, (await db.select({ currency: proposalItems.currency }).from(proposalItems).where(eq(proposalItems.proposalId, id)).limit(1))[0]?.currency ?? "USD");
  await db.transaction(async (tx) => {
    const row = await lockForChange(tx, actor, id, { allowBooked: true });
    const item = await itemIn(tx, id, input.itemId);
    const [already] = await tx.select().from(proposalBookings).where(or(eq(proposalBookings.itemId, item.id), eq(proposalBookings.bookingId, input.bookingId)));
    if (already) {
      if (already.itemId === item.id && already.bookingId === input.bookingId) return;
      fail("item_already_booked", already.itemId === item.id ? {} : { message: "This booking is already recorded for another item." });
    }
    const costMinor = input.costMinor ?? item.costMinor;
    const client = repriceItem(
      {
        snapshot: item.snapshot as ItemSnapshot,
        cost: { amountMinor: item.costMinor, currency: item.currency },
        clientPrice: { amountMinor: item.clientMinor, currency: item.currency },
        overridden: item.overridden,
      },
      costMinor,
      pricing,
    );
    await tx.insert(proposalBookings).values({
      proposalId: id,
      itemId: item.id,
      bookingId: input.bookingId,
      orderRef: input.orderRef,
      currency: item.currency,
      costMinor,
      clientMinor: client.amountMinor,
      bookedBy: actor.id,
      createdAt: now,
    });
    const booked = new Set((await tx.select({ itemId: proposalBookings.itemId }).from(proposalBookings).where(eq(proposalBookings.proposalId, id))).map((b) => b.itemId));
    const wanted = row.chosenAt && row.chosenItemIds.length > 0 ? row.chosenItemIds : [item.id];
    const all = wanted.every((itemId) => booked.has(itemId));
    await touch(tx, id, now, all ? { bookedAt: row.bookedAt ?? now } : {});
  });
  return readProposal(db, actor, id, now);
}

/** The booking recorded for a proposal item, if any. */
export async function proposalBookingOf(db: Db, itemId: string): Promise<string | null> {
  if (!isUuid(itemId)) return null;
  const [row] = await db.select({ bookingId: proposalBookings.bookingId }).from(proposalBookings).where(eq(proposalBookings.itemId, itemId));
  return row?.bookingId ?? null;
}

/**
 * The proposal a booking was made from, with the client price and the agency's cost it was booked
 * at (proposal_bookings): for the booking's page, shown to whoever may see the booking (an
 * agency's bookings are everyone's at the agency). Null when no proposal's item was booked as it.
 */
export async function proposalOfBooking(db: Db, bookingId: string): Promise<BookingProposal> {
  const [row] = await db
    .select({ id: proposals.id, reference: proposals.reference, title: proposals.title, b: proposalBookings })
    .from(proposalBookings)
    .innerJoin(proposals, eq(proposals.id, proposalBookings.proposalId))
    .where(eq(proposalBookings.bookingId, bookingId));
  if (!row) return null;
  const { b, ...p } = row;
  return { ...p, currency: b.currency, clientMinor: b.clientMinor, costMinor: b.costMinor, marginMinor: b.clientMinor - b.costMinor };
}

/* ------------------------------------------------------------------------------ the client's side */

export type PublicAgency = PublicProposal["agency"];
export type PublicRead =
  | { kind: "ok"; view: PublicProposal }
  | { kind: "gone"; agency: PublicAgency; advisor: { name: string; email: string } }
  | { kind: "unknown" };

async function publicAgency(db: Db, token: string): Promise<PublicAgency> {
  const a = await readAgencyProfile(db);
  return {
    name: a.name,
    phone: a.phone,
    replyTo: a.replyTo,
    address: a.address,
    // The client has no session: the logo is served under the link (app/api/p/[token]/logo).
    logoUrl: a.logo ? `/api/p/${token}/logo?v=${a.logo.sha256.slice(0, 16)}` : null,
  };
}

async function loadByToken(db: Conn, token: string): Promise<Loaded | null> {
  if (!isTokenShaped(token)) return null;
  return load(db, eq(proposals.tokenSha256, hashToken(token)));
}

const isGone = (row: ProposalRow, now: Date) => row.withdrawnAt !== null || row.revokedAt !== null || !row.tokenExpiresAt || now.getTime() >= row.tokenExpiresAt.getTime();

/** The ordered groups with their items, as the client's page numbers them ("g1", "g1o2"). */
function publicGroups(l: Loaded) {
  return l.groups
    .map((g) => ({ group: g, items: l.items.filter((i) => i.groupId === g.id) }))
    .filter((g) => g.items.length > 0);
}

/**
 * What the client's page shows for a token: the proposal with client prices only (no cost,
 * markup, internal IDs, search criteria or quote IDs), or `gone` (withdrawn, revoked, past its
 * validity) with the agency's and the advisor's contact for the 410 page, or `unknown`.
 */
export async function readPublicProposal(db: Db, token: string, now = new Date()): Promise<PublicRead> {
  const l = await loadByToken(db, token);
  if (!l) return { kind: "unknown" };
  const agency = await publicAgency(db, token);
  const advisor = { name: l.advisor.name, email: l.advisor.email };
  if (isGone(l.row, now)) return { kind: "gone", agency, advisor };
  const groups = publicGroups(l);
  const keyOf = new Map<string, string>();
  const view: PublicProposal = {
    reference: l.row.reference,
    title: l.row.title,
    note: l.row.note,
    validUntil: l.row.validUntil,
    agency,
    advisor,
    client: { name: l.client.name },
    groups: groups.map(({ group, items }, gi) => {
      const kind = groupKind(items.length);
      return {
        key: groupKey(gi),
        kind,
        label: group.label ?? defaultLabel(kind, items.map((i) => (i.snapshot as ItemSnapshot).productType)),
        options: items.map((i, oi) => {
          const s = i.snapshot as ItemSnapshot;
          const key = optionKey(gi, oi);
          keyOf.set(i.id, key);
          // Field by field: the snapshot's criteria and match (search bodies, hotel and offer IDs) never leave the desk.
          return {
            key,
            title: s.title,
            ...(s.subtitle ? { subtitle: s.subtitle } : {}),
            photoUrl: s.photoUrl ?? null,
            details: s.details,
            startsOn: s.startsOn,
            endsOn: s.endsOn ?? null,
            travellers: s.travellers,
            cancellation: s.cancellation,
            price: money(i.clientMinor, i.currency),
          };
        }),
      };
    }),
    total: proposalTotal(l.items),
    choice: l.row.chosenAt
      ? { at: l.row.chosenAt.toISOString(), message: l.row.choiceMessage, keys: l.row.chosenItemIds.flatMap((id) => (keyOf.has(id) ? [keyOf.get(id)!] : [])) }
      : null,
  };
  return { kind: "ok", view };
}

/** Counts one opening of the link (the page calls it when it renders a live proposal). */
export async function recordView(db: Db, token: string, now = new Date()): Promise<boolean> {
  if (!isTokenShaped(token)) return false;
  const updated = await db
    .update(proposals)
    // A view is not a change: the list's "latest changed first" order stays as it was.
    .set({ viewCount: sql`${proposals.viewCount} + 1`, lastViewedAt: now, updatedAt: sql`${proposals.updatedAt}` })
    .where(
      and(
        eq(proposals.tokenSha256, hashToken(token)),
        isNull(proposals.withdrawnAt),
        isNull(proposals.revokedAt),
        sql`${proposals.tokenExpiresAt} > ${now.toISOString()}::timestamptz`,
      ),
    )
    .returning({ id: proposals.id });
  return updated.length > 0;
}

export type ChoiceResult =
  | { kind: "ok"; notice: ChoiceNotice }
  | { kind: "gone" }
  | { kind: "unknown" }
  | { kind: "booked" }
  | { kind: "invalid"; message: string };

/** What the advisor is told of a choice. */
export type ChoiceNotice = { proposalId: string; reference: string; title: string; clientName: string; advisor: { id: string; name: string; email: string }; chosen: string[]; message: string };

/**
 * The client's choice: one option per group at most (an alternative, or a part of the trip), and
 * a message. The latest choice wins until the advisor books; then it is refused (`booked`).
 */
export async function recordChoice(db: Db, token: string, input: PublicChoiceRequest, now = new Date()): Promise<ChoiceResult> {
  return db.transaction(async (tx): Promise<ChoiceResult> => {
    if (!isTokenShaped(token)) return { kind: "unknown" };
    const [locked] = await tx.select({ id: proposals.id }).from(proposals).where(eq(proposals.tokenSha256, hashToken(token))).for("update");
    if (!locked) return { kind: "unknown" };
    const l = await load(tx, eq(proposals.id, locked.id), true);
    if (!l) return { kind: "unknown" };
    if (isGone(l.row, now)) return { kind: "gone" };
    if (l.row.bookedAt) return { kind: "booked" };
    const groups = publicGroups(l);
    const chosen: Array<typeof proposalItems.$inferSelect> = [];
    const seenGroups = new Set<number>();
    for (const key of new Set(input.choice)) {
      const m = /^g(\d+)o(\d+)$/.exec(key);
      const gi = m ? Number(m[1]) - 1 : -1;
      const item = m ? groups[gi]?.items[Number(m[2]) - 1] : undefined;
      if (!item) return { kind: "invalid", message: "One of the options chosen is no longer in the proposal. Reload the page and choose again." };
      if (seenGroups.has(gi)) return { kind: "invalid", message: "Choose one option of each group." };
      seenGroups.add(gi);
      chosen.push(item);
    }
    await tx
      .update(proposals)
      .set({ chosenAt: now, choiceMessage: input.message, chosenItemIds: chosen.map((i) => i.id), updatedAt: now })
      .where(eq(proposals.id, l.row.id));
    return {
      kind: "ok",
      notice: {
        proposalId: l.row.id,
        reference: l.row.reference,
        title: l.row.title,
        clientName: l.client.name,
        advisor: l.advisor,
        chosen: chosen.map((i) => (i.snapshot as ItemSnapshot).title),
        message: input.message,
      },
    };
  });
}

/** Tells the advisor who sent the proposal that the client chose (a mail of kind "notification"; it never throws). */
export async function notifyChoice(db: Db, notice: ChoiceNotice, origin: string, mail: SendMailOptions = {}) {
  const link = `${origin.replace(/\/+$/, "")}/proposals/${notice.proposalId}`;
  const lines = [
    `${notice.clientName} chose in proposal ${notice.reference} (${notice.title}):`,
    ...notice.chosen.map((t) => `- ${t}`),
    ...(notice.message ? ["", "Their message:", notice.message] : []),
    "",
    `Open the proposal to book it: ${link}`,
  ];
  return sendMail(
    { kind: "notification", to: { name: notice.advisor.name, address: notice.advisor.email }, subject: `${notice.clientName} chose: ${notice.title}`.slice(0, 200), text: lines.join("\n"), reference: notice.reference, sentBy: null },
    { db, ...mail },
  );
}

/** Whether a token is (or was) a link of a proposal: the 410 page shows the agency's logo too. */
export async function isKnownToken(db: Db, token: string): Promise<boolean> {
  if (!isTokenShaped(token)) return false;
  const [row] = await db.select({ id: proposals.id }).from(proposals).where(eq(proposals.tokenSha256, hashToken(token)));
  return row !== undefined;
}
