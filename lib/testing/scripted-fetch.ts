import { vi } from "vitest";

// Component tests: the browser's fetch replaced by a script of the desk's /api, answering in the
// BFF's envelope, with every call kept for the test to read. vi.unstubAllGlobals() restores it.

export type ScriptedCall = { method: string; path: string; query: Record<string, string>; body: unknown; headers: Record<string, string> };
export type ScriptedReply = { status: number; body: unknown };
/** A reply, or the network failing before one came (fetch rejects as a browser's does). */
export type ScriptedAnswer = ScriptedReply | "network-error";

export const okReply = (data: unknown, status = 200): ScriptedReply => ({ status, body: { data, meta: {}, error: null } });
export const errorReply = (status: number, code: string, message: string, details: unknown[] = []): ScriptedReply => ({
  status,
  body: { data: null, meta: {}, error: { code, message, details } },
});

export function scriptFetch(reply: (call: ScriptedCall) => ScriptedAnswer | Promise<ScriptedAnswer>): ScriptedCall[] {
  const calls: ScriptedCall[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), "http://desk.test");
      const call = {
        method: init?.method ?? "GET",
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        body: typeof init?.body === "string" ? JSON.parse(init.body) : init?.body,
        headers: { ...(init?.headers as Record<string, string> | undefined) },
      };
      calls.push(call);
      const r = await reply(call);
      if (r === "network-error") throw new TypeError("Failed to fetch");
      return new Response(JSON.stringify(r.body), { status: r.status, headers: { "content-type": "application/json" } });
    }),
  );
  return calls;
}

/**
 * scriptFetch by route: "METHOD /path" → a reply, or a function of how many times that route was
 * called (1 for the first). A route the test did not name answers 404 `not_found`.
 */
export function routeFetch(routes: Record<string, ScriptedAnswer | ((n: number) => ScriptedAnswer)>): ScriptedCall[] {
  const counts = new Map<string, number>();
  return scriptFetch((call) => {
    const key = `${call.method} ${call.path}`;
    const n = (counts.get(key) ?? 0) + 1;
    counts.set(key, n);
    const route = routes[key];
    return typeof route === "function" ? route(n) : (route ?? errorReply(404, "not_found", "No such route in the test."));
  });
}
