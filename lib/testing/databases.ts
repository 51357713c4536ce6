import pg from "pg";
import type { DbOptions } from "@/lib/db";

// The databases the data layer's tests run on: embedded PGlite, and the PostgreSQL that
// `npm test` found or started (TEST_DATABASE_URL, scripts/test-services.sh), with a database
// of the test file's own per run, dropped afterwards.

export const TEST_ADMIN_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

/** One statement on the admin database (create or drop a test database). */
export async function adminQuery(query: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_ADMIN_URL, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

/** A name no other run or file uses: `agency_desk_<prefix>_<pid>_<time>`. */
export const testDatabaseName = (prefix: string) => `agency_desk_${prefix}_${process.pid}_${Date.now().toString(36)}`;

/** The address of database `name` on the test server. */
export function testDatabaseUrl(name: string): string {
  const url = new URL(TEST_ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

export type DbTarget = { name: string; setup: () => Promise<DbOptions>; teardown: () => Promise<void> };

/** PGlite in memory, and a fresh PostgreSQL database for this file (`describe.each(dbTargets(…))`). */
export function dbTargets(prefix: string, maxConnections: number): DbTarget[] {
  const dbName = testDatabaseName(prefix);
  return [
    { name: "PGlite", setup: async () => ({ driver: "pglite", dataDir: ":memory:" }), teardown: async () => {} },
    {
      name: "PostgreSQL",
      setup: async () => {
        await adminQuery(`create database "${dbName}"`);
        return { driver: "postgres", url: testDatabaseUrl(dbName), maxConnections };
      },
      teardown: () => adminQuery(`drop database if exists "${dbName}" with (force)`),
    },
  ];
}

/** Whether the test server answers (tests on PostgreSQL are skipped, saying so, when it does not). */
export async function postgresReachable(url = TEST_ADMIN_URL): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}
