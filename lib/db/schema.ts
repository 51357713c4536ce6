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
import type { MailAddress, MailAttachmentInfo } from "../mail/shapes";

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

/** Who did a step: a person (`user_id` says who) or the desk itself (a follow-up job: "checked by the desk"). */
export const ACTION_ACTORS = ["person", "desk"] as const;
export type ActionActor = (typeof ACTION_ACTORS)[number];

/** Who did what to a booking after it was made (the service attributes everything to the key). */
export const bookingActions = pgTable(
  "booking_actions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    bookingId: text("booking_id").notNull(),
    // Null exactly when the desk did the step itself (a check):
    userId: uuid("user_id").references(() => users.id, { onDelete: "restrict" }),
    actor: text("actor", { enum: ACTION_ACTORS }).notNull().default("person"),
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
    check("booking_actions_actor_known", sql`(${t.actor} = 'person' and ${t.userId} is not null) or (${t.actor} = 'desk' and ${t.userId} is null)`),
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
  // Where a scan of the service's list goes on from next time (its cursor), null to start again.
  cursor: text("cursor"),
});

/**
 * The bookings the desk follows until they settle (lib/jobs/pending, docs/follow-ups.md): pending
 * with the supplier, in manual review, or being cancelled, made through the desk or not. `state`
 * is the state the desk last told people about; a check that finds another records the change.
 * `last_checked_at` keeps every check of one booking at least 15 s apart (the contract's
 * refresh-status spacing), whichever instance or job makes it; `next_check_at` backs off as the
 * booking ages (from `pending_since`).
 */
export const bookingFollowUps = pgTable(
  "booking_follow_ups",
  {
    bookingId: text("booking_id").primaryKey(),
    orderRef: text("order_ref").notNull(),
    state: text("state").notNull(),
    pendingSince: timestamp("pending_since", { withTimezone: true }).notNull(),
    lastCheckedAt: timestamp("last_checked_at", { withTimezone: true }),
    nextCheckAt: timestamp("next_check_at", { withTimezone: true }).notNull(),
    checks: integer("checks").notNull().default(0),
    /** The last check that failed, as a sentence (cleared by the next that answers). */
    error: text("error"),
    settledAt: timestamp("settled_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("booking_follow_ups_due_idx").on(t.nextCheckAt).where(sql`${t.settledAt} is null`)],
);

/**
 * What the desk tells a person (issue 30): a pending booking settled, and later reminders. Read
 * by the person it is for (`user_id`); `read_at` is set when they have seen it.
 */
export const notifications = pgTable(
  "notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** What it is about (lib/notifications/store.ts NOTIFICATION_KINDS): `booking_state_changed`, … */
    kind: text("kind").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    bookingId: text("booking_id"),
    title: text("title").notNull(),
    sentence: text("sentence").notNull(),
    createdAt: createdAt(),
    readAt: timestamp("read_at", { withTimezone: true }),
  },
  (t) => [
    index("notifications_user_created_idx").on(t.userId, t.createdAt),
    index("notifications_user_unread_idx").on(t.userId).where(sql`${t.readAt} is null`),
    index("notifications_booking_idx").on(t.bookingId),
  ],
);

/**
 * What each person also wants by email (issue 30, /settings/notifications): the notification kinds
 * listed in `email_kinds` (lib/notifications/store.ts NOTIFICATION_KINDS), and the time zone their
 * reminders and morning digest are written in. No row: the desk's defaults (lib/notifications/preferences.ts).
 */
export const notificationPreferences = pgTable("notification_preferences", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  emailKinds: text("email_kinds").array().notNull().default(sql`'{}'::text[]`),
  /** The IANA zone the person's desk last reported (the time-zone cookie): their reminders' and digest's clock. */
  timeZone: text("time_zone"),
  updatedAt: updatedAt(),
});

/**
 * What a follow-up job has done once and must not do again (issue 30): a reminder at one threshold
 * of one booking (`hold-24h:<bookingId>`), a voucher sent before travel, a person's digest of one
 * day (`digest:<userId>:<yyyy-mm-dd>`). The job inserts its key in the transaction that records
 * what it did; a second instance, or a retry, finds the key and does nothing.
 */
export const followUpMarks = pgTable(
  "follow_up_marks",
  {
    key: text("key").primaryKey(),
    bookingId: text("booking_id"),
    createdAt: createdAt(),
  },
  (t) => [index("follow_up_marks_booking_idx").on(t.bookingId), index("follow_up_marks_created_idx").on(t.createdAt)],
);

/**
 * Holds an admin asked the desk to pay by itself 2 h before the payment deadline (issue 30, job
 * 2): never by default, one row per hold. `state`: `on` (waiting), `paid`, `failed` (with
 * `error`, a sentence), `off` (turned off again).
 */
export const holdAutoPay = pgTable(
  "hold_auto_pay",
  {
    bookingId: text("booking_id").primaryKey(),
    state: text("state").notNull().default("on"),
    enabledBy: uuid("enabled_by").references(() => users.id, { onDelete: "set null" }),
    enabledAt: timestamp("enabled_at", { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp("settled_at", { withTimezone: true }),
    error: text("error"),
  },
  (t) => [check("hold_auto_pay_state_known", sql`${t.state} in ('on', 'paid', 'failed', 'off')`)],
);

/**
 * The agency's follow-up settings (issue 30, /admin/agency): one row. `voucher_days_before`: email
 * the voucher to the lead traveller that many days before travel when none was sent (null: off,
 * the default).
 */
export const followUpSettings = pgTable(
  "follow_up_settings",
  {
    id: integer("id").primaryKey().default(1),
    voucherDaysBefore: integer("voucher_days_before"),
    updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("follow_up_settings_one_row", sql`${t.id} = 1`),
    check("follow_up_settings_days_range", sql`${t.voucherDaysBefore} is null or ${t.voucherDaysBefore} between 1 and 30`),
  ],
);

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

/**
 * The agency's markup rules (/admin/pricing, lib/pricing/markup.ts): a percentage in basis points
 * and/or a fixed amount per booking in minor units of `pricing_settings.currency`, for a product
 * type and/or a destination country (null: any). One rule per scope, the default being the one
 * with neither; an admin saves them all at once.
 */
export const markupRules = pgTable(
  "markup_rules",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    productType: text("product_type"),
    country: text("country"),
    percentBp: integer("percent_bp").notNull().default(0),
    fixedMinor: bigint("fixed_minor", { mode: "number" }).notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("markup_rules_scope_unique").on(sql`coalesce(${t.productType}, '*')`, sql`coalesce(${t.country}, '*')`),
    check("markup_rules_product_known", sql`${t.productType} is null or ${t.productType} in ('hotel', 'flight', 'activity', 'transfer')`),
    check("markup_rules_country_code", sql`${t.country} is null or ${t.country} ~ '^[A-Z]{2}$'`),
    check("markup_rules_percent_range", sql`${t.percentBp} between 0 and 100000`),
    check("markup_rules_fixed_positive", sql`${t.fixedMinor} >= 0`),
  ],
);

/**
 * The agency's pricing settings, one row beside the rules: the currency the fixed amounts are in
 * (the agency's when saved), how client prices are rounded, and the limits of an advisor's own
 * price (the largest discount below the marked-up price in basis points, and whether it may go
 * below cost). Its own table rather than columns of agency_profile: the profile is what clients
 * see of the agency, this is how it prices, and each keeps its own "last saved by".
 */
export const pricingSettings = pgTable(
  "pricing_settings",
  {
    id: integer("id").primaryKey().default(1),
    currency: text("currency").notNull(),
    rounding: text("rounding").notNull().default("none"),
    allowBelowCost: boolean("allow_below_cost").notNull().default(false),
    maxDiscountBp: integer("max_discount_bp").notNull().default(0),
    updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("pricing_settings_one_row", sql`${t.id} = 1`),
    check("pricing_settings_rounding_known", sql`${t.rounding} in ('none', 'whole', 'ninety_nine')`),
    check("pricing_settings_discount_range", sql`${t.maxDiscountBp} between 0 and 10000`),
  ],
);

/**
 * Every mail the desk sends or keeps (lib/mail, docs/mail.md): its headers and bodies, shown on
 * /admin/outbox. Without SMTP_URL a mail is `kept` here and nothing is sent; with it, a row is
 * written `sending` before the mail server is asked and then set `sent` (with the server's
 * message ID) or `failed` (with the reason as a sentence). Attachments are described, not kept.
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** What the mail is for (lib/mail/shapes.ts MAIL_KINDS): proposal, reminder, … */
    kind: text("kind").notNull(),
    /** What the mail is about, for finding it again: a proposal's or a booking's reference. */
    reference: text("reference"),
    status: text("status").notNull(),
    /** How it went: `smtp` (sent through SMTP_URL) or `outbox` (kept, not sent). */
    transport: text("transport").notNull(),
    fromName: text("from_name").notNull().default(""),
    fromAddress: text("from_address").notNull(),
    toAddresses: jsonb("to_addresses").$type<MailAddress[]>().notNull(),
    ccAddresses: jsonb("cc_addresses").$type<MailAddress[]>().notNull().default([]),
    replyTo: text("reply_to"),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body"),
    attachments: jsonb("attachments").$type<MailAttachmentInfo[]>().notNull().default([]),
    /** The Message-ID the mail went out with. */
    messageId: text("message_id"),
    /** Why it failed, as a sentence for a person. */
    error: text("error"),
    /** The advisor whose action sent it; null for the desk's own (a reminder, a digest). */
    sentBy: uuid("sent_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    /** When the mail server accepted it (sent) or gave up on it (failed). */
    settledAt: timestamp("settled_at", { withTimezone: true }),
  },
  (t) => [
    index("mail_outbox_created_idx").on(t.createdAt),
    index("mail_outbox_kind_created_idx").on(t.kind, t.createdAt),
    index("mail_outbox_reference_idx").on(t.reference),
    check("mail_outbox_status_known", sql`${t.status} in ('kept', 'sending', 'sent', 'failed')`),
    check("mail_outbox_transport_known", sql`${t.transport} in ('smtp', 'outbox')`),
  ],
);

/**
 * The agency's clients (issue 29): the people advisors send proposals to. Shared by the agency's
 * advisors (one client can be helped by two of them). `search_text` is the name and email folded
 * (lib/fold.ts: lower case, accents dropped) so "zoe" finds "Zoé" with a plain LIKE on PGlite,
 * which has no unaccent extension.
 */
export const clients = pgTable(
  "clients",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull().default(""),
    searchText: text("search_text").notNull(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("clients_email_idx").on(sql`lower(${t.email})`), index("clients_created_idx").on(t.createdAt)],
);

/**
 * A proposal an advisor builds for a client (lib/proposals/store.ts, docs/proposals.md). Its state
 * is not a column: it follows from the facts kept here (withdrawn_at, booked_at, chosen_at,
 * view_count, sent_at) and, for "expired", from valid_until and the time of reading. The link's
 * token is never stored, only its SHA-256 (hex): a leaked database opens no proposal. Sharing
 * again replaces the hash, so the previous link stops working; `revoked_at` closes the link
 * without a new one (a withdrawal).
 */
export const proposals = pgTable(
  "proposals",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** "PR-7KQ2M9": what advisors and the client call it. */
    reference: text("reference").notNull(),
    title: text("title").notNull(),
    note: text("note").notNull().default(""),
    /** The last day the link works (to 23:59:59 UTC). */
    validUntil: date("valid_until", { mode: "string" }).notNull(),
    clientId: uuid("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "restrict" }),
    /** The advisor who owns it: they see and edit it, and are told when the client chooses. */
    advisorId: uuid("advisor_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    tokenSha256: text("token_sha256"),
    tokenExpiresAt: timestamp("token_expires_at", { withTimezone: true }),
    /** When the current link was made. */
    sharedAt: timestamp("shared_at", { withTimezone: true }),
    /** When it was first shared: from then on it is "sent". */
    sentAt: timestamp("sent_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    viewCount: integer("view_count").notNull().default(0),
    lastViewedAt: timestamp("last_viewed_at", { withTimezone: true }),
    chosenAt: timestamp("chosen_at", { withTimezone: true }),
    choiceMessage: text("choice_message").notNull().default(""),
    /** The items the client chose (one per group at most); the latest choice wins until the advisor books. */
    chosenItemIds: jsonb("chosen_item_ids").$type<string[]>().notNull().default([]),
    withdrawnAt: timestamp("withdrawn_at", { withTimezone: true }),
    bookedAt: timestamp("booked_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("proposals_reference_unique").on(t.reference),
    uniqueIndex("proposals_token_sha256_unique").on(t.tokenSha256),
    index("proposals_advisor_updated_idx").on(t.advisorId, t.updatedAt),
    index("proposals_client_idx").on(t.clientId),
    check("proposals_reference_format", sql`${t.reference} ~ '^PR-[0-9A-Z]{6}$'`),
    check("proposals_token_sha256_hex", sql`${t.tokenSha256} is null or ${t.tokenSha256} ~ '^[0-9a-f]{64}$'`),
    check("proposals_token_expires", sql`(${t.tokenSha256} is null) = (${t.tokenExpiresAt} is null)`),
    check("proposals_view_count_positive", sql`${t.viewCount} >= 0`),
  ],
);

/**
 * How a proposal's items are grouped: a group of several items is a set of alternatives (the
 * client picks one), a group of one is a part of the trip. `label` is the advisor's name for it;
 * null reads as the product's ("Hotel", "Choose a hotel").
 */
export const proposalGroups = pgTable(
  "proposal_groups",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    proposalId: uuid("proposal_id")
      .notNull()
      .references(() => proposals.id, { onDelete: "cascade" }),
    label: text("label"),
    position: integer("position").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("proposal_groups_proposal_idx").on(t.proposalId, t.position), check("proposal_groups_position_positive", sql`${t.position} >= 0`)],
);

/**
 * One offer in a proposal: the snapshot of what was shown (lib/proposals/model.ts ItemSnapshot,
 * with the criteria to search again), the agency's cost, the marked-up price and the price the
 * client sees (the marked-up one unless the advisor overrode it within the admin's limits), all
 * in minor units of `currency`.
 */
export const proposalItems = pgTable(
  "proposal_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    proposalId: uuid("proposal_id")
      .notNull()
      .references(() => proposals.id, { onDelete: "cascade" }),
    groupId: uuid("group_id")
      .notNull()
      .references(() => proposalGroups.id, { onDelete: "cascade" }),
    /** Order in the proposal, 0..n-1, the items of a group next to each other. */
    position: integer("position").notNull(),
    productType: text("product_type").notNull(),
    snapshot: jsonb("snapshot").$type<Record<string, unknown>>().notNull(),
    currency: text("currency").notNull(),
    costMinor: bigint("cost_minor", { mode: "number" }).notNull(),
    markupMinor: bigint("markup_minor", { mode: "number" }).notNull(),
    clientMinor: bigint("client_minor", { mode: "number" }).notNull(),
    overridden: boolean("overridden").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("proposal_items_proposal_idx").on(t.proposalId, t.position),
    index("proposal_items_group_idx").on(t.groupId),
    check("proposal_items_product_known", sql`${t.productType} in ('hotel', 'flight', 'activity', 'transfer')`),
    check("proposal_items_currency_code", sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check("proposal_items_amounts_positive", sql`${t.costMinor} >= 0 and ${t.markupMinor} >= 0 and ${t.clientMinor} >= 0`),
    check("proposal_items_position_positive", sql`${t.position} >= 0`),
  ],
);

/**
 * A booking made from a proposal's item ("Book the client's choice"), with the cost and the
 * client price it was sold at. One per item: a retry that books again is refused here.
 */
export const proposalBookings = pgTable(
  "proposal_bookings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    proposalId: uuid("proposal_id")
      .notNull()
      .references(() => proposals.id, { onDelete: "cascade" }),
    itemId: uuid("item_id")
      .notNull()
      .references(() => proposalItems.id, { onDelete: "cascade" }),
    bookingId: text("booking_id").notNull(),
    orderRef: text("order_ref").notNull().default(""),
    currency: text("currency").notNull(),
    costMinor: bigint("cost_minor", { mode: "number" }).notNull(),
    clientMinor: bigint("client_minor", { mode: "number" }).notNull(),
    bookedBy: uuid("booked_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("proposal_bookings_item_unique").on(t.itemId),
    uniqueIndex("proposal_bookings_booking_unique").on(t.bookingId),
    index("proposal_bookings_proposal_idx").on(t.proposalId),
  ],
);

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type LedgerEntry = typeof bookingsLedger.$inferSelect;
export type NewLedgerEntry = typeof bookingsLedger.$inferInsert;
export type BookingActionRow = typeof bookingActions.$inferSelect;
export type BookingFactsRow = typeof bookingFacts.$inferSelect;
export type DeskSyncRow = typeof deskSync.$inferSelect;
export type BookingFollowUpRow = typeof bookingFollowUps.$inferSelect;
export type NotificationRow = typeof notifications.$inferSelect;
export type NotificationPreferencesRow = typeof notificationPreferences.$inferSelect;
export type FollowUpMarkRow = typeof followUpMarks.$inferSelect;
export type HoldAutoPayRow = typeof holdAutoPay.$inferSelect;
export type FollowUpSettingsRow = typeof followUpSettings.$inferSelect;
export type LoginAttempt = typeof loginAttempts.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type UserInvite = typeof userInvites.$inferSelect;
export type AgencyProfileRow = typeof agencyProfile.$inferSelect;
export type MarkupRuleRow = typeof markupRules.$inferSelect;
export type PricingSettingsRow = typeof pricingSettings.$inferSelect;
export type MailOutboxRow = typeof mailOutbox.$inferSelect;
export type ClientRow = typeof clients.$inferSelect;
export type ProposalRow = typeof proposals.$inferSelect;
export type ProposalGroupRow = typeof proposalGroups.$inferSelect;
export type ProposalItemRow = typeof proposalItems.$inferSelect;
export type ProposalBookingRow = typeof proposalBookings.$inferSelect;
