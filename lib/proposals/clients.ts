import "server-only";
import { and, asc, count, desc, eq, or, sql, type SQL } from "drizzle-orm";
import { BffError } from "@/lib/bff/errors";
import type { Db } from "@/lib/db";
import { bookingFacts, clients, proposalBookings, proposalItems, proposals, users } from "@/lib/db/schema";
import { foldText } from "@/lib/fold";
import {
  CLIENTS_PAGE_SIZE,
  type ClientBooking,
  type ClientListRow,
  type ClientOverview,
  type ClientProposal,
  type ItemSnapshot,
  type UpdateClientRequest,
} from "./model";
import { clientSearchText, isUuid, likeAnywhere, proposalState, proposalTotal, visibleTo, type Actor } from "./store";

// The desk's view of the agency's clients (/clients, /clients/[id]; docs/proposals.md, "The
// clients' pages"). Clients belong to the agency: every advisor finds and edits any of them, as
// the proposal's client picker already lets them. What is shown with a client follows the
// proposals' rule (store.ts visibleTo): an advisor counts and sees their own proposals and the
// bookings made from them; an admin everyone's.
//
// The bookings of a client are those made from their proposals (proposal_bookings). The ledger
// keeps no lead traveller's email (booking_facts has the lead guest's name only, once a detail
// was read), so a booking made outside a proposal cannot be matched to the client by email.

export const CLIENT_NOT_FOUND = "We could not find this client. The link may be wrong, or the address was cut short.";

/** 404 `client_not_found`, for the client's page and its routes. */
export const clientNotFound = () => new BffError({ status: 404, code: "client_not_found", message: CLIENT_NOT_FOUND });

/**
 * What a search finds: the name or email holding the text, accents and case ignored; or, for a
 * text that reads as a phone number (digits, spaces, + ( ) . -, at least three digits), the
 * phone holding those digits whatever its spacing ("600 000 000" finds "+34 600000000").
 */
function matching(q: string): SQL | undefined {
  const text = q.trim();
  if (!text) return undefined;
  const byText = sql`${clients.searchText} like ${likeAnywhere(foldText(text))}`;
  const digits = text.replace(/\D/g, "");
  if (!/^[+\d\s().-]+$/.test(text) || digits.length < 3) return byText;
  return or(byText, sql`regexp_replace(${clients.phone}, '[^0-9]', '', 'g') like ${`%${digits}%`}`);
}

export type ClientListFilters = { q?: string; page?: number; pageSize?: number };

/**
 * A page of the agency's clients, the latest activity first, each with the number of proposals
 * and of bookings made from them that `actor` may see, and when anything last happened: the
 * client added or changed, one of those proposals changed or opened by the client, a booking
 * made. Two queries, whatever the page holds: the rows (counts by aggregate, not per client) and
 * the total.
 */
export async function listClients(db: Db, actor: Actor, filters: ClientListFilters = {}): Promise<{ rows: ClientListRow[]; total: number }> {
  const pageSize = filters.pageSize ?? CLIENTS_PAGE_SIZE;
  const page = filters.page ?? 1;
  const visible = visibleTo(actor);
  const perProposals = db.$with("client_proposals").as(
    db
      .select({
        clientId: proposals.clientId,
        proposalCount: sql<number>`count(*)::int`.as("proposal_count"),
        // A view leaves updated_at as it was (store.ts recordView): it is activity all the same.
        proposalsAt: sql<Date>`max(greatest(${proposals.updatedAt}, ${proposals.lastViewedAt}))`.as("proposals_at"),
      })
      .from(proposals)
      .where(visible)
      .groupBy(proposals.clientId),
  );
  const perBookings = db.$with("client_bookings").as(
    db
      .select({
        clientId: proposals.clientId,
        bookingCount: sql<number>`count(*)::int`.as("booking_count"),
        bookingsAt: sql<Date>`max(${proposalBookings.createdAt})`.as("bookings_at"),
      })
      .from(proposalBookings)
      .innerJoin(proposals, eq(proposals.id, proposalBookings.proposalId))
      .where(visible)
      .groupBy(proposals.clientId),
  );
  // greatest() skips nulls: a client without proposals is as recent as their own row.
  const lastActivity = sql`greatest(${clients.updatedAt}, ${perProposals.proposalsAt}, ${perBookings.bookingsAt})`;
  const where = matching(filters.q ?? "");
  const [rows, [counted]] = await Promise.all([
    db
      .with(perProposals, perBookings)
      .select({
        id: clients.id,
        name: clients.name,
        email: clients.email,
        phone: clients.phone,
        createdAt: clients.createdAt,
        proposalCount: sql<number>`coalesce(${perProposals.proposalCount}, 0)`.mapWith(Number),
        bookingCount: sql<number>`coalesce(${perBookings.bookingCount}, 0)`.mapWith(Number),
        lastActivityAt: lastActivity.mapWith(clients.updatedAt),
      })
      .from(clients)
      .leftJoin(perProposals, eq(perProposals.clientId, clients.id))
      .leftJoin(perBookings, eq(perBookings.clientId, clients.id))
      .where(where)
      .orderBy(desc(lastActivity), asc(clients.name), asc(clients.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(clients).where(where),
  ]);
  return {
    total: counted?.n ?? 0,
    rows: rows.map((r) => ({
      id: r.id,
      name: r.name,
      email: r.email,
      phone: r.phone,
      createdAt: r.createdAt.toISOString(),
      proposalCount: r.proposalCount,
      bookingCount: r.bookingCount,
      lastActivityAt: r.lastActivityAt.toISOString(),
    })),
  };
}

/**
 * One client for their page: the contact card (who added them, when), their proposals and the
 * bookings made from them as `actor` may see them (an advisor's own, an admin's all), the latest
 * first. Null for an ID that is no client (or no UUID at all).
 */
export async function clientOverview(db: Db, actor: Actor, id: string, now = new Date()): Promise<ClientOverview | null> {
  if (!isUuid(id)) return null;
  const [head] = await db
    .select({ client: clients, creator: { id: users.id, name: users.name } })
    .from(clients)
    .leftJoin(users, eq(users.id, clients.createdBy))
    .where(eq(clients.id, id));
  if (!head) return null;
  const theirs = and(eq(proposals.clientId, id), visibleTo(actor));
  const [rows, items, booked] = await Promise.all([
    db
      .select({ row: proposals, advisor: { id: users.id, name: users.name } })
      .from(proposals)
      .innerJoin(users, eq(users.id, proposals.advisorId))
      .where(theirs)
      .orderBy(desc(proposals.updatedAt), desc(proposals.id)),
    db
      .select({ proposalId: proposalItems.proposalId, groupId: proposalItems.groupId, clientMinor: proposalItems.clientMinor, currency: proposalItems.currency })
      .from(proposalItems)
      .innerJoin(proposals, eq(proposals.id, proposalItems.proposalId))
      .where(theirs),
    db
      .select({
        booking: proposalBookings,
        proposal: { id: proposals.id, reference: proposals.reference, title: proposals.title },
        snapshot: proposalItems.snapshot,
        state: bookingFacts.state,
      })
      .from(proposalBookings)
      .innerJoin(proposals, eq(proposals.id, proposalBookings.proposalId))
      .innerJoin(proposalItems, eq(proposalItems.id, proposalBookings.itemId))
      .leftJoin(bookingFacts, eq(bookingFacts.bookingId, proposalBookings.bookingId))
      .where(theirs)
      .orderBy(desc(proposalBookings.createdAt), asc(proposalBookings.bookingId)),
  ]);

  const proposalsOut: ClientProposal[] = rows.map(({ row, advisor }) => ({
    id: row.id,
    reference: row.reference,
    title: row.title,
    state: proposalState(row, now),
    total: proposalTotal(items.filter((i) => i.proposalId === row.id)),
    sentAt: row.sentAt ? row.sentAt.toISOString() : null,
    updatedAt: row.updatedAt.toISOString(),
    advisor,
  }));

  // Each booking once, whatever led to it (a booking ID is recorded against one item only today).
  const bookings = new Map<string, ClientBooking>();
  for (const { booking: b, proposal, snapshot, state } of booked) {
    if (bookings.has(b.bookingId)) continue;
    const s = snapshot as unknown as ItemSnapshot;
    bookings.set(b.bookingId, {
      bookingId: b.bookingId,
      orderRef: b.orderRef,
      proposal,
      product: { type: s.productType, title: s.title, subtitle: s.subtitle ?? null },
      startsOn: s.startsOn,
      endsOn: s.endsOn ?? null,
      state,
      clientPrice: { amountMinor: b.clientMinor, currency: b.currency },
      bookedAt: b.createdAt.toISOString(),
    });
  }

  const c = head.client;
  return {
    client: {
      id: c.id,
      name: c.name,
      email: c.email,
      phone: c.phone,
      createdAt: c.createdAt.toISOString(),
      updatedAt: c.updatedAt.toISOString(),
      createdBy: head.creator?.id ? { id: head.creator.id, name: head.creator.name } : null,
    },
    proposals: proposalsOut,
    bookings: [...bookings.values()],
    scope: actor.role === "admin" ? "all" : "own",
  };
}

/** The client's page's first read (server-side), and when it was made: the page counts "3 h ago" from then, so its HTML and the browser's first render agree. */
export async function readClientPage(db: Db, actor: Actor, id: string): Promise<{ overview: ClientOverview; readAt: number } | null> {
  const readAt = Date.now();
  const overview = await clientOverview(db, actor, id, new Date(readAt));
  return overview ? { overview, readAt } : null;
}

/**
 * Changes a client's contact details (any advisor may: the client is the agency's). What is not
 * given stays; the search text follows the name and email. Answers the client's page as `actor`
 * sees it; 404 `client_not_found` for an unknown ID.
 */
export async function updateClient(db: Db, actor: Actor, id: string, patch: UpdateClientRequest, now = new Date()): Promise<ClientOverview> {
  if (!isUuid(id)) throw clientNotFound();
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(clients).where(eq(clients.id, id)).for("update");
    if (!row) throw clientNotFound();
    const next = { name: patch.name ?? row.name, email: patch.email ?? row.email, phone: patch.phone ?? row.phone };
    if (next.name === row.name && next.email === row.email && next.phone === row.phone) return;
    await tx
      .update(clients)
      .set({ ...next, searchText: clientSearchText(next), updatedAt: now })
      .where(eq(clients.id, id));
  });
  const overview = await clientOverview(db, actor, id, now);
  if (!overview) throw clientNotFound();
  return overview;
}
