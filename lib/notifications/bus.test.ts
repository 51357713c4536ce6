import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import type { NotificationRow } from "@/lib/db/schema";
import { createNotificationBus, type NotificationBus } from "./bus";

// The bus that carries a new notification to a person's open desks: in process by default, and
// across instances through Redis pub/sub (two buses on one Redis stand for two instances).

const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const row = (userId: string, title = "RV-1 is confirmed"): NotificationRow => ({
  id: randomUUID(),
  userId,
  kind: "booking_state_changed",
  bookingId: "bk_1",
  title,
  sentence: "The supplier confirmed booking RV-1.",
  createdAt: new Date("2026-11-28T10:00:00Z"),
  readAt: null,
});
const heard = (bus: NotificationBus, userId: string) => {
  const got: NotificationRow[] = [];
  const stop = bus.subscribe(userId, (r) => got.push(r));
  return { got, stop };
};
const until = async (ok: () => boolean, ms = 3_000) => {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe("in process", () => {
  it("a person's listeners hear their own notifications only, and stop when asked", async () => {
    const bus = createNotificationBus();
    const ana = heard(bus, "ana");
    const ben = heard(bus, "ben");
    await bus.publish([row("ana"), row("ben"), row("ana", "second")]);
    expect(ana.got.map((r) => r.title)).toEqual(["RV-1 is confirmed", "second"]);
    expect(ben.got).toHaveLength(1);
    ana.stop();
    await bus.publish([row("ana")]);
    expect(ana.got).toHaveLength(2);
    await bus.close();
  });
});

const redisUp = await (async () => {
  const r = new Redis(REDIS_URL, { lazyConnect: true, connectTimeout: 1_000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  r.on("error", () => {});
  try {
    await r.connect();
    return (await r.ping()) === "PONG";
  } catch {
    return false;
  } finally {
    r.disconnect();
  }
})();

describe.skipIf(!redisUp)("across instances, through Redis", () => {
  const keyPrefix = `test-notify-${randomUUID().slice(0, 8)}`;
  const a = createNotificationBus({ redisUrl: REDIS_URL, keyPrefix });
  const b = createNotificationBus({ redisUrl: REDIS_URL, keyPrefix });
  const other = createNotificationBus({ redisUrl: REDIS_URL, keyPrefix: `${keyPrefix}-other` });
  afterAll(async () => {
    await Promise.all([a.close(), b.close(), other.close()]);
  });

  it("what one instance publishes reaches the other's subscriber, once, dates as dates; another prefix hears nothing", async () => {
    await Promise.all([a.ready(), b.ready(), other.ready()]);
    const onB = heard(b, "ana");
    const onA = heard(a, "ana");
    const elsewhere = heard(other, "ana");
    const sent = row("ana");
    await a.publish([sent]);
    await until(() => onB.got.length === 1 && onA.got.length === 1);
    expect(onB.got[0]).toEqual(sent);
    expect(onB.got[0]!.createdAt).toBeInstanceOf(Date);
    await new Promise((r) => setTimeout(r, 200));
    expect(onB.got).toHaveLength(1);
    expect(onA.got).toHaveLength(1);
    expect(elsewhere.got).toHaveLength(0);
  });
});
