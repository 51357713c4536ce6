import { route } from "@/lib/bff/handler";
import { noQuery } from "@/lib/bff/schemas";
import { subscribeNotifications } from "@/lib/notifications/bus";
import { unreadCount } from "@/lib/notifications/read";
import { NOTIFICATION_EVENT, toItem } from "@/lib/notifications/shapes";

export const dynamic = "force-dynamic";

/** A comment line every 25 s keeps proxies (and the browser) from closing a quiet stream. */
export const HEARTBEAT_MS = 25_000;

const encoder = new TextEncoder();

// GET /api/notifications/stream – server-sent events: the person's unread count on opening (a
// reconnecting desk catches up), then each new notification as it is published, on any instance
export const GET = route({ auth: "advisor", query: noQuery }, async ({ deps, user, signal }) => {
  const unread = await unreadCount(await deps.db(), user.id);
  let stop = () => {};
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const write = (text: string) => {
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          stop();
        }
      };
      write(`retry: 5000\nevent: unread\ndata: ${JSON.stringify({ unread })}\n\n`);
      const unsubscribe = subscribeNotifications(user.id, (row) => write(`id: ${row.id}\nevent: ${NOTIFICATION_EVENT}\ndata: ${JSON.stringify(toItem(row))}\n\n`));
      const heartbeat = setInterval(() => write(`: still here\n\n`), HEARTBEAT_MS);
      stop = () => {
        clearInterval(heartbeat);
        unsubscribe();
        signal.removeEventListener("abort", stop);
        try {
          controller.close();
        } catch {
          // already closed
        }
      };
      if (signal.aborted) stop();
      else signal.addEventListener("abort", stop);
    },
    cancel() {
      stop();
    },
  });
  return new Response(body, {
    headers: { "Content-Type": "text/event-stream; charset=utf-8", "Cache-Control": "no-cache, no-transform", Connection: "keep-alive", "X-Accel-Buffering": "no" },
  });
});
