import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { adminQuery, testDatabaseName, testDatabaseUrl } from "../testing/databases";
import { MIGRATIONS_FOLDER, openDb, type Db, type DbOptions } from "./index";

// Migrations that move data, on a database made by the migrations before them (on embedded
// PGlite and on the machine's PostgreSQL, a database of its own per run).
const dbName = testDatabaseName("migrations");

type Journal = { entries: Array<{ idx: number; tag: string }> };

/** drizzle/ as it was up to and including migration `tag`. */
function migrationsUpTo(tag: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), "desk-migrations-"));
  cpSync(MIGRATIONS_FOLDER, dir, { recursive: true });
  const journalPath = path.join(dir, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as Journal;
  const last = journal.entries.findIndex((e) => e.tag === tag);
  if (last < 0) throw new Error(`no migration ${tag}`);
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, last + 1) }));
  return dir;
}

/** A database migrated up to `tag` with the driver's own migrator; `rest()` then applies the others as the app does. */
type Staged = { db: Db; rest: () => Promise<Db>; close: () => Promise<void> };

const targets: Array<{ name: string; stage: (folder: string) => Promise<Staged> }> = [
  {
    name: "PGlite",
    stage: async (folder) => {
      const [{ PGlite }, { drizzle }, { migrate }] = await Promise.all([
        import("@electric-sql/pglite"),
        import("drizzle-orm/pglite"),
        import("drizzle-orm/pglite/migrator"),
      ]);
      const client = new PGlite();
      const db = drizzle({ client });
      await migrate(db, { migrationsFolder: folder });
      return {
        db: db as unknown as Db,
        rest: async () => {
          await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
          return db as unknown as Db;
        },
        close: () => client.close(),
      };
    },
  },
  {
    name: "PostgreSQL",
    stage: async (folder) => {
      const [{ drizzle }, { migrate }] = await Promise.all([import("drizzle-orm/node-postgres"), import("drizzle-orm/node-postgres/migrator")]);
      await adminQuery(`create database "${dbName}"`);
      const url = testDatabaseUrl(dbName);
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      const db = drizzle({ client });
      await migrate(db, { migrationsFolder: folder });
      let opened: Awaited<ReturnType<typeof openDb>> | undefined;
      return {
        db: db as unknown as Db,
        rest: async () => {
          opened = await openDb({ driver: "postgres", url, maxConnections: 2 } satisfies DbOptions);
          return opened.db;
        },
        close: async () => {
          await client.end();
          await opened?.close();
          await adminQuery(`drop database if exists "${dbName}" with (force)`);
        },
      };
    },
  },
];

describe.each(targets)("migrations on $name", (target) => {
  const folders: string[] = [];
  afterAll(() => {
    for (const dir of folders) rmSync(dir, { recursive: true, force: true });
  });

  it("0008–0009: a booking's state, total and currency move from the ledger to booking_facts, the later state winning", async () => {
    const folder = migrationsUpTo("0007_agency_profile");
    folders.push(folder);
    const staged = await target.stage(folder);
    try {
      const { db } = staged;
      const [user] = (await db.execute<{ id: string }>(sql`insert into users (email, name) values ('ana@desk.test', 'Ana') returning id`)).rows;
      const ledger = (key: string, fields: { bookingId?: string; state?: string; total?: number; at: string; outcome?: string }) => sql`
        insert into bookings_ledger (user_id, quote_id, idempotency_key, product_type, outcome, booking_id, order_ref, state, booked_state, total_sell_minor, currency, completed_at, updated_at)
        values (${user!.id}, 'qt', ${key}, 'hotel', ${fields.outcome ?? "booked"}, ${fields.bookingId ?? null}, ${fields.bookingId ? `RV-${key}` : null},
                ${fields.state ?? null}, ${fields.bookingId ? "confirmed" : null}, ${fields.total ?? null}, ${fields.total ? "USD" : null}, ${fields.at}, ${fields.at})`;
      const facts = (bookingId: string, state: string, total: number | null, at: string) => sql`
        insert into booking_facts (booking_id, order_ref, product_type, state, total_sell_minor, currency, lead_guest, detail_checked_at, checked_at)
        values (${bookingId}, ${`RV-${bookingId}`}, 'hotel', ${state}, ${total}, ${total === null ? null : "EUR"}, 'Ana Lopez', ${at}, ${at})`;
      // Only the ledger knows it.
      await db.execute(ledger("k1", { bookingId: "bk_1", state: "confirmed", total: 10_000, at: "2026-11-01T10:00:00Z" }));
      // The ledger saw it cancelled after the facts last saw it; the facts' total and what only they know stay.
      await db.execute(ledger("k2", { bookingId: "bk_2", state: "cancelled", total: 20_000, at: "2026-11-03T10:00:00Z" }));
      await db.execute(facts("bk_2", "confirmed", 21_000, "2026-11-02T10:00:00Z"));
      // The facts saw it later (paid) than the ledger (held), and have no total: the ledger's fills it in.
      await db.execute(ledger("k3", { bookingId: "bk_3", state: "held", total: 30_000, at: "2026-11-01T10:00:00Z" }));
      await db.execute(facts("bk_3", "confirmed", null, "2026-11-04T10:00:00Z"));
      // Attempts that made no booking, and a booking whose state the ledger never learned.
      await db.execute(ledger("k4", { outcome: "unknown", at: "2026-11-01T10:00:00Z" }));
      await db.execute(ledger("k5", { bookingId: "bk_5", at: "2026-11-01T10:00:00Z" }));

      const migrated = await staged.rest();
      const rows = (
        await migrated.execute<Record<string, unknown>>(
          sql`select booking_id, order_ref, state, total_sell_minor::int as total, currency, lead_guest, booked_at is not null as booked_at_known from booking_facts order by booking_id`,
        )
      ).rows;
      expect(rows).toEqual([
        { booking_id: "bk_1", order_ref: "RV-k1", state: "confirmed", total: 10_000, currency: "USD", lead_guest: null, booked_at_known: true },
        { booking_id: "bk_2", order_ref: "RV-bk_2", state: "cancelled", total: 21_000, currency: "EUR", lead_guest: "Ana Lopez", booked_at_known: false },
        { booking_id: "bk_3", order_ref: "RV-bk_3", state: "confirmed", total: 30_000, currency: "USD", lead_guest: "Ana Lopez", booked_at_known: false },
      ]);
      const columns = (
        await migrated.execute<{ column_name: string }>(sql`select column_name from information_schema.columns where table_name = 'bookings_ledger' order by column_name`)
      ).rows.map((r) => r.column_name);
      expect(columns).toContain("booked_state");
      expect(columns).not.toContain("state");
      expect(columns).not.toContain("total_sell_minor");
      expect(columns).not.toContain("currency");
    } finally {
      await staged.close();
    }
  });
  it("0010: markup rules and pricing settings beside existing data; one rule per scope (nulls included), values in range", async () => {
    const folder = migrationsUpTo("0009_one_booking_state");
    folders.push(folder);
    const staged = await target.stage(folder);
    try {
      const [admin] = (await staged.db.execute<{ id: string }>(sql`insert into users (email, name, role) values ('ada@desk.test', 'Ada', 'admin') returning id`)).rows;
      const db = await staged.rest();
      await db.execute(sql`insert into pricing_settings (currency, rounding, max_discount_bp, updated_by) values ('EUR', 'ninety_nine', 1000, ${admin!.id})`);
      await db.execute(sql`insert into markup_rules (product_type, country, percent_bp, fixed_minor) values (null, null, 1200, 0), ('hotel', null, 1000, 0), (null, 'JP', 1500, 0), ('hotel', 'JP', 1800, 2500)`);
      const refused = async (statement: ReturnType<typeof sql>) => {
        let error: unknown = null;
        try {
          await db.execute(statement);
        } catch (e) {
          error = e;
        }
        expect(error, String(statement.queryChunks)).not.toBeNull();
      };
      // A second default, a second "hotels", a second "everything in Japan": the nulls count as one scope.
      await refused(sql`insert into markup_rules (product_type, country, percent_bp) values (null, null, 1)`);
      await refused(sql`insert into markup_rules (product_type, country, percent_bp) values ('hotel', null, 1)`);
      await refused(sql`insert into markup_rules (product_type, country, percent_bp) values (null, 'JP', 1)`);
      await refused(sql`insert into markup_rules (product_type, percent_bp) values ('cruise', 1)`);
      await refused(sql`insert into markup_rules (country, percent_bp) values ('jp', 1)`);
      await refused(sql`insert into markup_rules (product_type, percent_bp) values ('flight', -1)`);
      await refused(sql`insert into markup_rules (product_type, percent_bp) values ('flight', 100001)`);
      await refused(sql`insert into markup_rules (product_type, fixed_minor) values ('flight', -1)`);
      await refused(sql`insert into pricing_settings (id, currency) values (2, 'EUR')`);
      await refused(sql`update pricing_settings set rounding = 'nearest'`);
      await refused(sql`update pricing_settings set max_discount_bp = 10001`);
      const rules = (await db.execute<{ n: number }>(sql`select count(*)::int as n from markup_rules`)).rows[0]!.n;
      expect(rules).toBe(4);
      // Removing the admin who saved it keeps the settings.
      await db.execute(sql`delete from users where id = ${admin!.id}`);
      expect((await db.execute<{ updated_by: string | null }>(sql`select updated_by from pricing_settings`)).rows).toEqual([{ updated_by: null }]);
    } finally {
      await staged.close();
    }
  });
  it("0011: the outbox table comes after the migrations before it, keeps a mail with its sender, and refuses an unknown state", async () => {
    const folder = migrationsUpTo("0009_one_booking_state");
    folders.push(folder);
    const staged = await target.stage(folder);
    try {
      const [user] = (await staged.db.execute<{ id: string }>(sql`insert into users (email, name) values ('ana@desk.test', 'Ana') returning id`)).rows;
      const db = await staged.rest();
      await db.execute(sql`
        insert into mail_outbox (kind, reference, status, transport, from_name, from_address, to_addresses, reply_to, subject, text_body, html_body, sent_by)
        values ('proposal', 'PR-1', 'kept', 'outbox', 'Sunny Days', 'no-reply@localhost', ${JSON.stringify([{ name: "Ana Lopez", address: "ana@example.com" }])}::jsonb,
                'bookings@sunny.example', 'Three hotels', 'Dear Ana', '<p>Dear Ana</p>', ${user!.id})`);
      const rows = (
        await db.execute<Record<string, unknown>>(sql`select kind, status, to_addresses, cc_addresses, attachments, sent_by = ${user!.id} as by_ana, created_at is not null as dated from mail_outbox`)
      ).rows;
      expect(rows).toEqual([{ kind: "proposal", status: "kept", to_addresses: [{ name: "Ana Lopez", address: "ana@example.com" }], cc_addresses: [], attachments: [], by_ana: true, dated: true }]);
      await expect(
        db.execute(sql`insert into mail_outbox (kind, status, transport, from_address, to_addresses, subject, text_body) values ('test', 'lost', 'outbox', 'a@b.example', '[]'::jsonb, 's', 't')`),
      ).rejects.toThrow();
      // A user who goes leaves the mail they sent, without a sender.
      await db.execute(sql`delete from users where id = ${user!.id}`);
      expect((await db.execute<{ sent_by: string | null }>(sql`select sent_by from mail_outbox`)).rows).toEqual([{ sent_by: null }]);
    } finally {
      await staged.close();
    }
  });
  it("0012: proposals after the migrations before them; a reference and a token hash are unique and well formed; items go with their proposal", async () => {
    const folder = migrationsUpTo("0011_mail_outbox");
    folders.push(folder);
    const staged = await target.stage(folder);
    try {
      const [user] = (await staged.db.execute<{ id: string }>(sql`insert into users (email, name) values ('ana@desk.test', 'Ana') returning id`)).rows;
      const db = await staged.rest();
      const [client] = (await db.execute<{ id: string }>(sql`insert into clients (name, email, search_text) values ('Zoé', 'zoe@example.com', 'zoe zoe@example.com') returning id`)).rows;
      const hash = "a".repeat(64);
      const [p] = (
        await db.execute<{ id: string }>(sql`
          insert into proposals (reference, title, valid_until, client_id, advisor_id, token_sha256, token_expires_at)
          values ('PR-7KQ2M9', 'Barcelona', '2026-12-05', ${client!.id}, ${user!.id}, ${hash}, '2026-12-06T00:00:00Z') returning id`)
      ).rows;
      const [g] = (await db.execute<{ id: string }>(sql`insert into proposal_groups (proposal_id, position) values (${p!.id}, 0) returning id`)).rows;
      await db.execute(sql`
        insert into proposal_items (proposal_id, group_id, position, product_type, snapshot, currency, cost_minor, markup_minor, client_minor)
        values (${p!.id}, ${g!.id}, 0, 'hotel', '{"title":"Hotel Arts"}'::jsonb, 'EUR', 10000, 11500, 11500)`);
      const refused = async (statement: ReturnType<typeof sql>) => {
        const error = await db.execute(statement).then(() => null, (e: unknown) => e);
        expect(error, String(statement.queryChunks)).not.toBeNull();
      };
      const insert = (reference: string, token: string | null, expires: string | null) =>
        sql`insert into proposals (reference, title, valid_until, client_id, advisor_id, token_sha256, token_expires_at) values (${reference}, 't', '2026-12-05', ${client!.id}, ${user!.id}, ${token}, ${expires}::timestamptz)`;
      await refused(insert("PR-7KQ2M9", null, null));
      await refused(insert("PR-7KQ2", null, null));
      await refused(insert("PR-AAAAAA", hash, "2026-12-06T00:00:00Z"));
      await refused(insert("PR-BBBBBB", "not-hex", "2026-12-06T00:00:00Z"));
      await refused(insert("PR-CCCCCC", "b".repeat(64), null));
      await refused(sql`insert into proposal_items (proposal_id, group_id, position, product_type, snapshot, currency, cost_minor, markup_minor, client_minor) values (${p!.id}, ${g!.id}, 1, 'cruise', '{}'::jsonb, 'EUR', 1, 1, 1)`);
      await refused(sql`insert into proposal_items (proposal_id, group_id, position, product_type, snapshot, currency, cost_minor, markup_minor, client_minor) values (${p!.id}, ${g!.id}, 1, 'hotel', '{}'::jsonb, 'EUR', -1, 1, 1)`);
      // A client or advisor with proposals stays; the proposal's groups and items go with it.
      await refused(sql`delete from clients where id = ${client!.id}`);
      await refused(sql`delete from users where id = ${user!.id}`);
      await db.execute(sql`delete from proposals where id = ${p!.id}`);
      expect((await db.execute<{ n: number }>(sql`select (select count(*) from proposal_items)::int + (select count(*) from proposal_groups)::int as n`)).rows).toEqual([{ n: 0 }]);
    } finally {
      await staged.close();
    }
  });
  it("0013: a person's steps stay theirs; the desk's own steps have no person; follow-ups and notifications beside them", async () => {
    const folder = migrationsUpTo("0012_proposals");
    folders.push(folder);
    const staged = await target.stage(folder);
    try {
      const [user] = (await staged.db.execute<{ id: string }>(sql`insert into users (email, name) values ('ana@desk.test', 'Ana') returning id`)).rows;
      await staged.db.execute(sql`insert into booking_actions (booking_id, user_id, action, outcome, state) values ('bk_1', ${user!.id}, 'refresh', 'succeeded', 'supplier_pending')`);
      const db = await staged.rest();
      expect((await db.execute<{ actor: string; mine: boolean }>(sql`select actor, user_id = ${user!.id} as mine from booking_actions`)).rows).toEqual([{ actor: "person", mine: true }]);
      await db.execute(sql`insert into booking_actions (booking_id, user_id, actor, action, outcome, state) values ('bk_1', null, 'desk', 'refresh', 'succeeded', 'confirmed')`);
      const refused = async (statement: ReturnType<typeof sql>) => {
        const error = await db.execute(statement).then(() => null, (e: unknown) => e);
        expect(error, String(statement.queryChunks)).not.toBeNull();
      };
      // A person's step names the person; the desk's names nobody.
      await refused(sql`insert into booking_actions (booking_id, user_id, action, outcome) values ('bk_1', null, 'refresh', 'succeeded')`);
      await refused(sql`insert into booking_actions (booking_id, user_id, actor, action, outcome) values ('bk_1', ${user!.id}, 'desk', 'refresh', 'succeeded')`);
      await refused(sql`insert into booking_actions (booking_id, user_id, actor, action, outcome) values ('bk_1', ${user!.id}, 'robot', 'refresh', 'succeeded')`);
      await db.execute(sql`insert into booking_follow_ups (booking_id, order_ref, state, pending_since, next_check_at) values ('bk_1', 'RV-2026-AAAA1111', 'supplier_pending', now(), now())`);
      await refused(sql`insert into booking_follow_ups (booking_id, order_ref, state, pending_since, next_check_at) values ('bk_1', 'RV-2026-AAAA1111', 'manual_review', now(), now())`);
      await db.execute(sql`insert into notifications (kind, user_id, booking_id, title, sentence) values ('booking_state_changed', ${user!.id}, 'bk_1', 'RV-2026-AAAA1111 is confirmed', 'The supplier confirmed it.')`);
      await db.execute(sql`update desk_sync set cursor = null`);
      // A person who goes takes their notifications along.
      await db.execute(sql`delete from booking_actions where user_id = ${user!.id}`);
      await db.execute(sql`delete from users where id = ${user!.id}`);
      expect((await db.execute<{ n: number }>(sql`select count(*)::int as n from notifications`)).rows).toEqual([{ n: 0 }]);
    } finally {
      await staged.close();
    }
  });
});
