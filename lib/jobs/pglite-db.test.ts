import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pgliteBossDb } from "./pglite-db";

// pg-boss's SQL on the app's own PGlite (lib/jobs/pglite-db.ts): it never lands inside one of the
// app's transactions (through @electric-sql/pglite-socket it did), and a failing `BEGIN; …; COMMIT;`
// of pg-boss leaves PGlite's only session usable.

let pglite: PGlite;
beforeAll(async () => {
  pglite = new PGlite();
  await pglite.exec("create table t (v int)");
});
afterAll(() => pglite.close());

const values = async () => (await pglite.query<{ v: number }>("select v from t order by v")).rows.map((r) => r.v);

describe("pgliteBossDb", () => {
  it("waits for the app's transaction instead of joining it: the app's rollback takes only its own rows", async () => {
    await pglite.exec("delete from t");
    const boss = pgliteBossDb(pglite);
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const app = pglite
      .transaction(async (tx) => {
        await tx.query("insert into t values (1)");
        await held;
        throw new Error("the app rolls back");
      })
      .catch(() => "rolled back");
    await new Promise((r) => setTimeout(r, 20));
    const bossInsert = boss.executeSql("insert into t values ($1)", [2]);
    release();
    expect(await app).toBe("rolled back");
    await bossInsert;
    expect(await values()).toEqual([2]);
  });

  it("runs pg-boss's `BEGIN; …; COMMIT;` as one transaction, rolled back when a statement in it fails", async () => {
    await pglite.exec("delete from t");
    const boss = pgliteBossDb(pglite);
    await boss.executeSql("BEGIN;\n insert into t values (3);\n insert into t values (4);\n COMMIT;");
    expect(await values()).toEqual([3, 4]);
    await expect(boss.executeSql("BEGIN;\n insert into t values (5);\n select 1/0;\n COMMIT;")).rejects.toThrow(/division by zero/);
    // Rolled back, and the session is not left in an aborted transaction.
    expect(await values()).toEqual([3, 4]);
    expect(pglite.isInTransaction()).toBe(false);
  });

  it("answers the rows of a query with parameters and of the last statement of a plain one", async () => {
    const boss = pgliteBossDb(pglite);
    expect((await boss.executeSql("select $1::int + 1 as n", [41])).rows).toEqual([{ n: 42 }]);
    expect((await boss.executeSql("select 1 as a; select 2 as b")).rows).toEqual([{ b: 2 }]);
  });
});
