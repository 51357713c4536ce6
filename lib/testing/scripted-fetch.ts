import { vi } from "vitest";

// Component tests: the browser's fetch replaced by a script of the desk's /api, answering in the
// BFF's envelope, with every call kept for the test to read. vi.unstubAllGlobals() restores it.

export type ScriptedCall = { method: string; path: string; query: Record<string, string>; body: unknown };
export type ScriptedReply = { status: number; body: unknown };

export const okReply = (data: unknown, status = 200): ScriptedReply => ({ status, body: { data, meta: {}, error: null } });
export const errorReply = (status: number, code: string, message: string, details: unknown[] = []): ScriptedReply => ({
  status,
  body: { data: null, meta: {}, error: { code, message, details } },
});

export function scriptFetch(reply: (call: ScriptedCall) => ScriptedReply | Promise<ScriptedReply>): ScriptedCall[] {
  const calls: ScriptedCall[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), "http://desk.test");
      const call = { method: init?.method ?? "GET", path: url.pathname, query: Object.fromEntries(url.searchParams), body: typeof init?.body === "string" ? JSON.parse(init.body) : init?.body };
      calls.push(call);
      const r = await reply(call);
      return new Response(JSON.stringify(r.body), { status: r.status, headers: { "content-type": "application/json" } });
    }),
  );
  return calls;
}
