import { DEMO_AGENCY_ID } from "../sandbox/platform/agencies";
import { testSandbox, type TestSandbox } from "./sandbox";
import { createTdsClient, type TdsClientConfig } from "../tds/client";
import type { FetchLike } from "../tds/client";

// Test helpers (imported by tests only): the client wired to an in-process sandbox, and a
// scripted fetch for the sender's rules.

export const SANDBOX_BASE_URL = "https://tds.example.test";

/** A fetch that hands each request to the in-process sandbox, whatever origin the client used. */
export function sandboxFetch(sb: TestSandbox): FetchLike {
  return (input, init) => {
    const url = new URL(input);
    return sb.fetch(new Request(`http://sandbox.test${url.pathname}${url.search}`, init));
  };
}

export type SandboxClients = ReturnType<typeof sandboxClients>;

/** One sandbox, and clients on fresh keys of its demo agency (each key has its own rate budget). */
export function sandboxClients(sb: TestSandbox = testSandbox()) {
  const paths: string[] = [];
  const clientWith = (apiKey: string, config: Partial<TdsClientConfig> = {}) =>
    createTdsClient({
      baseUrl: SANDBOX_BASE_URL,
      apiKey,
      fetch: sandboxFetch(sb),
      sleep: async () => {},
      hooks: { onRequest: (e) => paths.push(`${e.method} ${new URL(e.url).pathname}`) },
      ...config,
    });
  return {
    sb,
    /** Every request any of these clients sent, as `METHOD /path`. */
    paths,
    clientWith,
    async freshClient(config: Partial<TdsClientConfig> = {}) {
      const res = await sb.control<{ key: string }>("POST", `/agencies/${DEMO_AGENCY_ID}/keys`, {});
      if (res.status !== 201) throw new Error(`no key: ${res.text}`);
      return clientWith(res.body.data.key, config);
    },
    async advance(seconds: number) {
      const res = await sb.control("POST", "/clock/advance", { seconds });
      if (res.status !== 200) throw new Error(`clock: ${res.text}`);
    },
    day(n: number) {
      return new Date(Date.parse(`${sb.services.clock.today()}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
    },
  };
}

export type Answer = Response | Error | ((call: ScriptedCall) => Response | Promise<Response>);
export type ScriptedCall = { url: string; init: RequestInit; headers: Headers; body: string | undefined };

/** A fetch that answers from a script (the last answer repeats) and records every call. */
export function scriptedFetch(...answers: Answer[]) {
  const calls: ScriptedCall[] = [];
  const fetch: FetchLike = async (url, init) => {
    const call: ScriptedCall = { url, init, headers: new Headers(init.headers), body: typeof init.body === "string" ? init.body : undefined };
    calls.push(call);
    const answer = answers[Math.min(calls.length, answers.length) - 1];
    if (answer === undefined) throw new Error("scriptedFetch: no answers");
    if (answer instanceof Error) throw answer;
    return typeof answer === "function" ? answer(call) : answer.clone();
  };
  return { fetch, calls };
}

export const okJson = (data: unknown, status = 200, meta: Record<string, unknown> = {}) =>
  Response.json({ data, meta, error: null }, { status });

export const errorJson = (status: number, code: string, headers: Record<string, string> = {}, details: unknown[] = []) =>
  Response.json({ data: null, meta: {}, error: { code, message: `Service says ${code}.`, details } }, { status, headers });
