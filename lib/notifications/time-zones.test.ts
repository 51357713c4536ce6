import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDb, type DbHandle } from "@/lib/db";
import { users } from "@/lib/db/schema";
import { emailKindsOf } from "./preferences";
import { rememberTimeZone, timeZonesOf } from "./time-zones";

// Each person's zone for what the desk writes by itself: kept from their desk, UTC until known.

let handle: DbHandle;
let ana: string;
let ben: string;
beforeAll(async () => {
  handle = await openDb({ driver: "pglite", dataDir: ":memory:" });
  const rows = await handle.db
    .insert(users)
    .values([
      { email: "ana@tz.test", name: "Ana", passwordHash: "x" },
      { email: "ben@tz.test", name: "Ben", passwordHash: "x" },
    ])
    .returning();
  [ana, ben] = rows.map((r) => r.id) as [string, string];
});
afterAll(() => handle.close());

describe("time zones", () => {
  it("keeps a known zone, says whether it changed, and refuses what is not a zone", async () => {
    expect(await rememberTimeZone(handle.db, ana, "Europe/Madrid")).toBe(true);
    expect(await rememberTimeZone(handle.db, ana, "Europe/Madrid")).toBe(false);
    expect(await rememberTimeZone(handle.db, ana, "Not/AZone")).toBe(false);
    expect(await rememberTimeZone(handle.db, ana, undefined)).toBe(false);
    expect(await rememberTimeZone(handle.db, ana, "Asia/Tokyo")).toBe(true);
  });

  it("answers each person's zone, UTC for anyone not known; a first zone keeps the default email kinds", async () => {
    expect(Object.fromEntries(await timeZonesOf(handle.db, [ana, ben]))).toEqual({ [ana]: "Asia/Tokyo", [ben]: "UTC" });
    expect(await timeZonesOf(handle.db, [])).toEqual(new Map());
    expect(await emailKindsOf(handle.db, ana)).toEqual(["morning_digest", "hold_deadline_near", "hold_auto_pay_failed", "voucher_failed"]);
  });
});
