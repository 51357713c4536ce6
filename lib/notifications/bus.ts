import "server-only";
import { EventEmitter } from "node:events";
import { Redis } from "ioredis";
import type { NotificationRow } from "@/lib/db/schema";
import { errorFields, log } from "@/lib/log";
import { getEnv } from "@/lib/server-env";

// How a notification reaches a person's open desk the moment it is written (issue 30): whoever
// wrote it (a job, after its transaction committed) publishes it here, and each open desk of that
// person listens. With REDIS_URL, through Redis pub/sub, so that a job on one instance reaches a
// desk served by another: one channel, one subscriber connection per process, fanned out in the
// process by person. Without it, in the process only (one instance, the embedded default).

type Listener = (row: NotificationRow) => void;

export type NotificationBus = {
  publish: (rows: readonly NotificationRow[]) => Promise<void>;
  /** Listens for one person's new notifications; answers the function that stops listening. */
  subscribe: (userId: string, listener: Listener) => () => void;
  /** Resolves once the bus hears what is published anywhere (at once in process). */
  ready: () => Promise<void>;
  close: () => Promise<void>;
};

export type BusOptions = { redisUrl?: string; keyPrefix?: string };

const revive = (raw: NotificationRow): NotificationRow => ({
  ...raw,
  createdAt: new Date(raw.createdAt),
  readAt: raw.readAt ? new Date(raw.readAt) : null,
});

export function createNotificationBus(options: BusOptions = {}): NotificationBus {
  const local = new EventEmitter();
  // One listener per open desk tab: no leak warning at the default 10.
  local.setMaxListeners(0);
  const emit = (row: NotificationRow) => local.emit(`user:${row.userId}`, row);
  const subscribe = (userId: string, listener: Listener) => {
    local.on(`user:${userId}`, listener);
    return () => void local.off(`user:${userId}`, listener);
  };
  if (!options.redisUrl) {
    return {
      publish: async (rows) => void rows.forEach(emit),
      subscribe,
      ready: async () => {},
      close: async () => void local.removeAllListeners(),
    };
  }

  const channel = `${options.keyPrefix ?? "agency-desk"}:notifications`;
  // Publishing fails fast while Redis is away (the desks of this instance still hear it); the
  // subscriber waits and subscribes again by itself once Redis is back.
  const pub = new Redis(options.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 2_000, lazyConnect: true });
  const sub = new Redis(options.redisUrl, { connectTimeout: 2_000, maxRetriesPerRequest: null });
  for (const r of [pub, sub]) r.on("error", (err: Error) => log.warn({ err: errorFields(err) }, "notification bus: redis error"));
  sub.on("message", (ch: string, message: string) => {
    if (ch !== channel) return;
    try {
      emit(revive(JSON.parse(message) as NotificationRow));
    } catch (err) {
      log.warn({ err: errorFields(err) }, "notification bus: a message could not be read");
    }
  });
  const subscribed = sub.subscribe(channel).then(() => {});
  subscribed.catch(() => {});
  const connected = pub.connect().catch(() => {});
  return {
    publish: async (rows) => {
      await connected;
      for (const row of rows) {
        try {
          await pub.publish(channel, JSON.stringify(row));
        } catch (err) {
          log.warn({ err: errorFields(err) }, "notification bus: not published through redis; told this instance's desks only");
          emit(row);
        }
      }
    },
    subscribe,
    ready: () => subscribed,
    close: async () => {
      local.removeAllListeners();
      pub.disconnect();
      sub.disconnect();
    },
  };
}

const globalForBus = globalThis as typeof globalThis & { __agencyDeskNotificationBus?: NotificationBus };

/** The process's bus (Redis when REDIS_URL is set), made on first use and kept across dev hot reloads. */
export function notificationBus(): NotificationBus {
  if (!globalForBus.__agencyDeskNotificationBus) {
    const env = getEnv();
    globalForBus.__agencyDeskNotificationBus = createNotificationBus({ redisUrl: env.REDIS_URL, keyPrefix: env.REDIS_KEY_PREFIX });
  }
  return globalForBus.__agencyDeskNotificationBus;
}

/** Tells the open desks of each row's person. Call it once the rows are committed. */
export async function publishNotifications(rows: readonly NotificationRow[]): Promise<void> {
  await notificationBus().publish(rows);
}

/** Listens for one person's new notifications; answers the function that stops listening. */
export function subscribeNotifications(userId: string, listener: Listener): () => void {
  return notificationBus().subscribe(userId, listener);
}
