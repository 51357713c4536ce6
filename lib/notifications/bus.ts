import "server-only";
import { EventEmitter } from "node:events";
import type { NotificationRow } from "@/lib/db/schema";

// How a notification reaches a person's open desk the moment it is written (issue 30): whoever
// wrote it (a job, after its transaction committed) publishes it here, and each open desk of that
// person listens. In one process an EventEmitter carries it; across instances, Redis pub/sub.

type Listener = (row: NotificationRow) => void;

const globalForBus = globalThis as typeof globalThis & { __agencyDeskNotificationBus?: EventEmitter };

function emitter(): EventEmitter {
  if (!globalForBus.__agencyDeskNotificationBus) {
    const e = new EventEmitter();
    // One listener per open desk tab: no leak warning at the default 10.
    e.setMaxListeners(0);
    globalForBus.__agencyDeskNotificationBus = e;
  }
  return globalForBus.__agencyDeskNotificationBus;
}

/** Tells the open desks of each row's person. Call it once the rows are committed. */
export async function publishNotifications(rows: readonly NotificationRow[]): Promise<void> {
  for (const row of rows) emitter().emit(`user:${row.userId}`, row);
}

/** Listens for one person's new notifications; answers the function that stops listening. */
export function subscribeNotifications(userId: string, listener: Listener): () => void {
  const channel = `user:${userId}`;
  emitter().on(channel, listener);
  return () => {
    emitter().off(channel, listener);
  };
}
