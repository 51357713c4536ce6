import type { PGlite } from "@electric-sql/pglite";

// pg-boss on the embedded database (docs/follow-ups.md#pglite): pg-boss takes any object with
// `executeSql(text, values)` instead of a connection string (its `db` option), and this one runs
// its SQL on the app's own PGlite instance through PGlite's public `query`, `exec` and
// `transaction`. Those hold PGlite's transaction lock, so a statement of pg-boss never lands inside
// one of the app's transactions nor the other way round; through @electric-sql/pglite-socket,
// which locks per protocol message only, both happened (the spike's finding).

/** What pg-boss needs of a database (its `Db` type). */
export type BossDb = { executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> };

// pg-boss wraps its maintenance and queue changes as one text `BEGIN; …; COMMIT;`. Run as one
// simple query, a statement failing in it would leave the only session of PGlite inside an aborted
// transaction (the app's next query would fail); inside `transaction()` it is rolled back.
const WRAPPED = /^\s*BEGIN\s*;([\s\S]*);\s*COMMIT\s*;?\s*$/i;

export function pgliteBossDb(pglite: PGlite): BossDb {
  return {
    async executeSql(text, values) {
      if (values && values.length > 0) return pglite.query(text, values as unknown[]);
      const wrapped = WRAPPED.exec(text);
      const results = wrapped ? await pglite.transaction((tx) => tx.exec(wrapped[1]!)) : await pglite.exec(text);
      return results.at(-1) ?? { rows: [] };
    },
  };
}
