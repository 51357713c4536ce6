import { mkdirSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import pg from "pg";
import type { PGlite } from "@electric-sql/pglite";
import { getEnv, redactUrl } from "../env";
import * as schema from "./schema";

/** What `execute` returns on both drivers: PGlite's Results and pg's QueryResult share `rows`. */
type Rows<T> = { rows: T[] };
export interface DbQueryResultHKT extends PgQueryResultHKT {
  type: Rows<this["row"]>;
}

/** The one database type the app codes against: the same pg-core schema on either driver. */
export type Db = PgDatabase<DbQueryResultHKT, typeof schema>;
export type DbDriver = "pglite" | "postgres";

export type DbOptions =
  /** `dataDir: ":memory:"` keeps everything in memory (tests). */
  | { driver: "pglite"; dataDir: string }
  | { driver: "postgres"; url: string; maxConnections?: number };

export type DbHandle = {
  db: Db;
  driver: DbDriver;
  /** Where the data lives, safe to show (no password). */
  location: string;
  close: () => Promise<void>;
  /**
   * What the job engine (lib/jobs) connects through: the PGlite instance itself (it cannot be
   * opened twice), or PostgreSQL's address (the engine keeps a small pool of its own).
   */
  engine: { driver: "pglite"; pglite: PGlite } | { driver: "postgres"; url: string };
};

export const MIGRATIONS_FOLDER = path.join(process.cwd(), "drizzle");
// Any constant will do; every instance migrating the same database takes the same lock.
const MIGRATION_LOCK_ID = 7_240_131;

/** Opens a database and brings its schema up to date with the migrations in drizzle/. */
export async function openDb(options: DbOptions): Promise<DbHandle> {
  return options.driver === "postgres" ? openPostgres(options.url, options.maxConnections) : openPglite(options.dataDir);
}

async function openPglite(dataDir: string): Promise<DbHandle> {
  const [{ PGlite }, { drizzle }, { migrate }] = await Promise.all([
    import("@electric-sql/pglite"),
    import("drizzle-orm/pglite"),
    import("drizzle-orm/pglite/migrator"),
  ]);
  const inMemory = dataDir === ":memory:";
  const dir = inMemory ? undefined : path.resolve(dataDir);
  if (dir) mkdirSync(dir, { recursive: true });
  const client = new PGlite(dir);
  try {
    await client.waitReady;
    const db = drizzle({ client, schema });
    await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
    return {
      db: db as unknown as Db,
      driver: "pglite",
      location: inMemory ? "in memory" : path.relative(process.cwd(), dir!) || ".",
      close: () => client.close(),
      engine: { driver: "pglite", pglite: client },
    };
  } catch (err) {
    await client.close().catch(() => {});
    throw err;
  }
}

async function openPostgres(url: string, maxConnections = 10): Promise<DbHandle> {
  const [{ drizzle }, { migrate }] = await Promise.all([
    import("drizzle-orm/node-postgres"),
    import("drizzle-orm/node-postgres/migrator"),
  ]);

  // Migrate on one dedicated connection under an advisory lock, so that several app
  // instances starting together do not race to create the same tables.
  const migrator = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  await migrator.connect();
  try {
    await migrator.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
    await migrate(drizzle({ client: migrator }), { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await migrator.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => {});
    await migrator.end().catch(() => {});
  }

  const pool = new pg.Pool({ connectionString: url, max: maxConnections, connectionTimeoutMillis: 5_000 });
  // An idle client's error (server restart) must not crash the process; the next query reconnects.
  pool.on("error", (err) => console.error("[db] idle PostgreSQL connection failed:", err.message));
  const db = drizzle({ client: pool, schema });
  return { db: db as unknown as Db, driver: "postgres", location: redactUrl(url), close: () => pool.end(), engine: { driver: "postgres", url } };
}

/** The database the environment names: PostgreSQL when DATABASE_URL is set, else embedded PGlite. */
export function dbOptionsFromEnv(): DbOptions {
  const env = getEnv();
  return env.DATABASE_URL
    ? { driver: "postgres", url: env.DATABASE_URL }
    : { driver: "pglite", dataDir: env.PGLITE_DIR };
}

// Kept on globalThis so that dev hot reloads reuse one connection (PGlite must never be
// opened twice on the same directory).
const globalForDb = globalThis as typeof globalThis & { __agencyDeskDb?: Promise<DbHandle> };

/** The process's database, opened and migrated on first use. */
export function getDbHandle(): Promise<DbHandle> {
  globalForDb.__agencyDeskDb ??= openDb(dbOptionsFromEnv()).catch((err: unknown) => {
    // Let the next call try again (e.g. PostgreSQL was still starting).
    globalForDb.__agencyDeskDb = undefined;
    throw err;
  });
  return globalForDb.__agencyDeskDb;
}

export async function getDb(): Promise<Db> {
  return (await getDbHandle()).db;
}

export type DbHealth =
  | { ok: true; driver: DbDriver; location: string; latencyMs: number; migrationsApplied: number | null }
  | { ok: false; driver: DbDriver; location: string; message: string };

/** Health check: opens the database if needed and runs `select 1`. Never throws. */
export async function checkDb(handle?: Promise<DbHandle>): Promise<DbHealth> {
  const options = handle ? undefined : dbOptionsFromEnv();
  const driver: DbDriver = options?.driver ?? "pglite";
  const fallbackLocation =
    options?.driver === "postgres" ? redactUrl(options.url) : options?.driver === "pglite" ? options.dataDir : "";
  let opened: DbHandle;
  try {
    opened = await (handle ?? getDbHandle());
  } catch (err) {
    return { ok: false, driver, location: fallbackLocation, message: describeDbError(err) };
  }
  try {
    const started = performance.now();
    await opened.db.execute(sql`select 1`);
    const latencyMs = performance.now() - started;
    return { ok: true, driver: opened.driver, location: opened.location, latencyMs, migrationsApplied: await countMigrations(opened.db) };
  } catch (err) {
    return { ok: false, driver: opened.driver, location: opened.location, message: describeDbError(err) };
  }
}

async function countMigrations(db: Db): Promise<number | null> {
  try {
    const result = await db.execute<{ n: number }>(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    return result.rows[0]?.n ?? null;
  } catch {
    return null;
  }
}

function describeDbError(err: unknown): string {
  const e = err as { code?: string; message?: string; cause?: { message?: string } } | undefined;
  if (e?.code === "ECONNREFUSED") return "The database refused the connection. Is PostgreSQL running?";
  if (e?.code === "ENOTFOUND") return "The database host could not be found.";
  const message = e?.cause?.message ?? e?.message ?? String(err);
  return message.length > 300 ? `${message.slice(0, 300)}…` : message;
}
