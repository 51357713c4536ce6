import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

// One pg-core schema for both PGlite (embedded) and PostgreSQL. Migrations in drizzle/
// are generated from this file with `npm run db:generate`; never edit them by hand.

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

import { USER_ROLES } from "../auth/roles";

export { USER_ROLES, type UserRole } from "../auth/roles";

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // Stored lowercased (a check enforces it) so the unique index is case-insensitive
    // without the citext extension, which PGlite does not load by default.
    email: text("email").notNull(),
    name: text("name").notNull(),
    role: text("role", { enum: USER_ROLES }).notNull().default("advisor"),
    // Null until an invited user sets a password through their invite link.
    passwordHash: text("password_hash"),
    active: boolean("active").notNull().default(true),
    // Sealed into the session cookie; bumping it signs the user out everywhere.
    sessionVersion: integer("session_version").notNull().default(1),
    lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("users_email_unique").on(t.email),
    check("users_email_lowercase", sql`${t.email} = lower(${t.email})`),
    check("users_role_known", sql`${t.role} in ('advisor', 'admin')`),
  ],
);

/**
 * One-time links that let an invited user set their password. Only the SHA-256 of the
 * token is stored, so a leaked database does not leak working links.
 */
export const userInvites = pgTable(
  "user_invites",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("user_invites_token_hash_unique").on(t.tokenHash), index("user_invites_user_idx").on(t.userId)],
);

/** What the desk knows about a booking attempt: the outcome `unknown` means the service was asked and did not answer. */
export const LEDGER_OUTCOMES = ["pending", "booked", "failed", "unknown"] as const;
export type LedgerOutcome = (typeof LEDGER_OUTCOMES)[number];

/**
 * One row per booking attempt, written before the service is called (with the
 * attempt's idempotency key) and completed when its outcome is known. The service does
 * not remember which advisor booked what; this table does. A row completed `booked` has its
 * booking_facts row, written in the same transaction (lib/db/ledger.ts).
 */
export const bookingsLedger = pgTable(
  "bookings_ledger",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    bookingId: text("booking_id"),
    orderRef: text("order_ref"),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    searchId: text("search_id"),
    quoteId: text("quote_id").notNull(),
    idempotencyKey: text("idempotency_key").notNull(),
    productType: text("product_type").notNull(),
    outcome: text("outcome", { enum: LEDGER_OUTCOMES }).notNull().default("pending"),
    // The state POST /bookings answered, kept for the booking's history. The booking's state as
    // last seen, and its total, are booking_facts' alone: one place to write, one to read.
    bookedState: text("booked_state"),
    errorCode: text("error_code"),
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("bookings_ledger_booking_id_unique").on(t.bookingId),
    uniqueIndex("bookings_ledger_idempotency_key_unique").on(t.idempotencyKey),
    index("bookings_ledger_user_requested_idx").on(t.userId, t.requestedAt),
    check("bookings_ledger_outcome_known", sql`${t.outcome} in ('pending', 'booked', 'failed', 'unknown')`),
  ],
);

export const BOOKING_ACTIONS = ["pay", "cancel", "email", "refresh"] as const;
export type BookingAction = (typeof BOOKING_ACTIONS)[number];
/** An action's outcome: `unknown` means the service was asked and did not answer. */
export const ACTION_OUTCOMES = ["pending", "succeeded", "failed", "unknown"] as const;
export type ActionOutcome = (typeof ACTION_OUTCOMES)[number];

/** Who did what to a booking after it was made (the service attributes everything to the key). */
export const bookingActions = pgTable(
  "booking_actions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    bookingId: text("booking_id").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    action: text("action", { enum: BOOKING_ACTIONS }).notNull(),
    idempotencyKey: text("idempotency_key"),
    outcome: text("outcome", { enum: ACTION_OUTCOMES }).notNull().default("pending"),
    // The booking's state as the service answered the action (pay, cancel, refresh).
    state: text("state"),
    errorCode: text("error_code"),
    // What the step asked for and got, for the booking's history: a cancellation's scope and
    // refund status, an email's recipients and whether the PDF was attached.
    result: jsonb("result").$type<Record<string, unknown>>(),
    createdAt: createdAt(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (t) => [
    index("booking_actions_booking_idx").on(t.bookingId, t.createdAt),
    uniqueIndex("booking_actions_idempotency_key_unique").on(t.idempotencyKey),
    check("booking_actions_action_known", sql`${t.action} in ('pay', 'cancel', 'email', 'refresh')`),
    check("booking_actions_outcome_known", sql`${t.outcome} in ('pending', 'succeeded', 'failed', 'unknown')`),
  ],
);

/**
 * What the desk has learned of a booking from its detail and does not find in the service's
 * list rows: the lead guest, the item named for its product, the travel dates. These never change
 * once booked, so one read of the detail serves every later list view (GET
 * /api/bookings/summaries). `state` is the booking's state as last seen, its one home: set when
 * it is booked, by every step that answers one (in the step's transaction) and by every read.
 */
export const bookingFacts = pgTable(
  "booking_facts",
  {
    bookingId: text("booking_id").primaryKey(),
    orderRef: text("order_ref").notNull(),
    productType: text("product_type").notNull(),
    leadGuest: text("lead_guest"),
    travelers: integer("travelers"),
    item: text("item"),
    travelStart: date("travel_start", { mode: "string" }),
    travelEnd: date("travel_end", { mode: "string" }),
    // When travel starts as the item's own field says it (a day, a local time or an instant: lib/bookings/summary.ts).
    travelAt: text("travel_at"),
    state: text("state").notNull(),
    totalSellMinor: bigint("total_sell_minor", { mode: "number" }),
    currency: text("currency"),
    // When the service says the booking was made (its list row's createdAt).
    bookedAt: timestamp("booked_at", { withTimezone: true }),
    // Deadlines from the detail: a hold's payment deadline, and when free cancellation ends.
    paymentDeadline: timestamp("payment_deadline", { withTimezone: true }),
    freeCancelUntil: timestamp("free_cancel_until", { withTimezone: true }),
    // What the agency earns on it (the detail's earnings), for the overview; null until read.
    commissionMinor: bigint("commission_minor", { mode: "number" }),
    // When the detail was last read (the list rows alone leave the detail's facts as they were).
    detailCheckedAt: timestamp("detail_checked_at", { withTimezone: true }),
    checkedAt: timestamp("checked_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("booking_facts_state_idx").on(t.state),
    index("booking_facts_travel_start_idx").on(t.travelStart),
    index("booking_facts_booked_at_idx").on(t.bookedAt),
  ],
);

/** The desk's background work with the service (Needs attention's checks): when each last ran, across instances. */
export const deskSync = pgTable("desk_sync", {
  key: text("key").primaryKey(),
  startedAt: timestamp("started_at", { withTimezone: true }),
  finishedAt: timestamp("finished_at", { withTimezone: true }),
  error: text("error"),
});

/** Failed sign-ins, keyed by e.g. `email:<address>` or `ip:<address>`, for throttling. */
export const loginAttempts = pgTable(
  "login_attempts",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    key: text("key").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("login_attempts_key_at_idx").on(t.key, t.at)],
);

/**
 * Signed-in sessions: the sealed cookie carries the ID, the server decides whether it still
 * counts. Signing out revokes it here, so a copied cookie stops working on every instance.
 */
export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [index("sessions_user_idx").on(t.userId), index("sessions_expires_idx").on(t.expiresAt)],
);

/** Binary data: PGlite answers a Uint8Array, pg a Buffer (a Uint8Array too); the app sees a Uint8Array either way. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => new Uint8Array(value.buffer, value.byteOffset, value.byteLength),
  toDriver: (value) => Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

/**
 * The agency profile an admin sets once (/admin/agency): one row. The logo's bytes live here
 * too (at most 500 KB, PNG, JPEG or WebP as sniffed from the bytes) and are read only by the
 * route that serves them; `logo_sha256` versions its URL.
 */
export const agencyProfile = pgTable(
  "agency_profile",
  {
    id: integer("id").primaryKey().default(1),
    name: text("name").notNull(),
    replyTo: text("reply_to").notNull().default(""),
    phone: text("phone").notNull().default(""),
    address: text("address").notNull().default(""),
    logo: bytea("logo"),
    logoType: text("logo_type"),
    logoSha256: text("logo_sha256"),
    updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("agency_profile_one_row", sql`${t.id} = 1`),
    check("agency_profile_logo_known", sql`(${t.logo} is null and ${t.logoType} is null and ${t.logoSha256} is null) or (${t.logo} is not null and ${t.logoType} in ('image/png', 'image/jpeg', 'image/webp') and ${t.logoSha256} is not null)`),
  ],
);

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type LedgerEntry = typeof bookingsLedger.$inferSelect;
export type NewLedgerEntry = typeof bookingsLedger.$inferInsert;
export type BookingActionRow = typeof bookingActions.$inferSelect;
export type BookingFactsRow = typeof bookingFacts.$inferSelect;
export type DeskSyncRow = typeof deskSync.$inferSelect;
export type LoginAttempt = typeof loginAttempts.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type UserInvite = typeof userInvites.$inferSelect;
export type AgencyProfileRow = typeof agencyProfile.$inferSelect;
