import { createSandbox, type Sandbox } from "../sandbox/app";
import { DEV_ADMIN_TOKEN, DEV_API_KEY, type SandboxConfig } from "../sandbox/config";

/* eslint-disable @typescript-eslint/no-explicit-any -- test helpers answer loosely typed envelopes */
/** Test helpers: an in-memory sandbox called over its HTTP interface (Request in, Response out). */
export type CallResult<T = any> = {
  status: number;
  headers: Headers;
  /** The parsed envelope (loosely typed: tests assert its shape), or the raw text when it is not JSON. */
  body: { data: T; meta: Record<string, any>; error: any };
  text: string;
};

export type TestSandbox = Sandbox & {
  key: string;
  call: <T = any>(
    method: string,
    path: string,
    opts?: { body?: unknown; key?: string | null; headers?: Record<string, string>; rawBody?: string },
  ) => Promise<CallResult<T>>;
  control: <T = any>(method: string, path: string, body?: unknown) => Promise<CallResult<T>>;
};

/**
 * Moves the sandbox's virtual clock to the start of its next minute, so that a test counting
 * calls against a per-minute limit has the whole window: the rate-limit windows are virtual
 * minutes, and one that turned mid-test would pass a call the limit should refuse.
 */
export function startOfVirtualMinute(sb: Sandbox): void {
  const now = sb.services.clock.now();
  sb.services.clock.advance((60_000 - (now % 60_000)) / 1000);
}

export function testSandbox(overrides: Partial<SandboxConfig> = {}): TestSandbox {
  const sandbox = createSandbox({ dataDir: ":memory:", latencyScale: 0, apiKey: DEV_API_KEY, adminToken: DEV_ADMIN_TOKEN, ...overrides });
  const key = overrides.apiKey ?? DEV_API_KEY;
  const send = async (method: string, path: string, headers: Record<string, string>, body?: string) => {
    const res = await sandbox.fetch(
      new Request(`http://sandbox.test${path}`, { method, headers, body: body ?? undefined }),
    );
    const text = await res.text();
    let parsed: any;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = text;
    }
    return { status: res.status, headers: res.headers, body: parsed, text };
  };
  return {
    ...sandbox,
    key,
    call: (method, path, opts = {}) => {
      const headers: Record<string, string> = { ...(opts.headers ?? {}) };
      const k = opts.key === undefined ? key : opts.key;
      if (k) headers["X-API-Key"] = k;
      let body = opts.rawBody;
      if (opts.body !== undefined) {
        body = JSON.stringify(opts.body);
        headers["Content-Type"] = "application/json";
      }
      return send(method, path, headers, body);
    },
    control: (method, path, body) =>
      send(
        method,
        `/_sandbox${path}`,
        { "X-Sandbox-Admin": DEV_ADMIN_TOKEN, ...(body !== undefined ? { "Content-Type": "application/json" } : {}) },
        body !== undefined ? JSON.stringify(body) : undefined,
      ),
  };
}
