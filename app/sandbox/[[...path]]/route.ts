// ALL /sandbox/* – the Travel Distribution Service simulator mounted in the app (docs/sandbox.md)
import type { NextRequest } from "next/server";
import type { Sandbox } from "@/lib/sandbox/app";
import { errorEnvelope } from "@/lib/sandbox/platform/envelope";
import { clientAddress } from "@/lib/auth/client-address";
import { DEMO_BOOKINGS, demoDataEnabled } from "@/lib/demo/config";
import { CLIENT_GONE } from "@/lib/log";
import { getEnv } from "@/lib/server-env";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

// One sandbox per process, kept on globalThis so that dev hot reloads reuse its state
// (and never open its data directory twice).
const globalForSandbox = globalThis as typeof globalThis & { __agencyDeskSandbox?: Promise<Sandbox> };

function getSandbox(): Promise<Sandbox> {
  globalForSandbox.__agencyDeskSandbox ??= import("@/lib/sandbox/app")
    // A first run in development starts the demo agency with bookings (lib/demo/seed.ts),
    // unless SANDBOX_DEMO_BOOKINGS says how many.
    .then(({ createSandbox }) => createSandbox(demoDataEnabled() && !process.env.SANDBOX_DEMO_BOOKINGS ? { demoBookings: DEMO_BOOKINGS } : {}))
    .catch((err: unknown) => {
      globalForSandbox.__agencyDeskSandbox = undefined;
      throw err;
    });
  return globalForSandbox.__agencyDeskSandbox;
}

/** The origin the client used: Next's request URL says localhost behind `-H`, the Host header does not. */
function publicOrigin(req: NextRequest): string {
  const first = (value: string | null) => value?.split(",")[0]?.trim() || undefined;
  const host = first(req.headers.get("x-forwarded-host")) ?? first(req.headers.get("host"));
  const proto = first(req.headers.get("x-forwarded-proto")) ?? req.nextUrl.protocol.replace(/:$/, "");
  return host ? `${proto}://${host}` : req.nextUrl.origin;
}

/** The sandbox's own envelope: the mount answers as the service it stands for would. */
const envelopeError = (status: number, code: string, message: string) => Response.json(errorEnvelope(code, message), { status });

async function handle(req: NextRequest): Promise<Response> {
  if (!getEnv().sandboxEnabled) {
    return envelopeError(404, "not_found", "The sandbox is turned off on this server (set SANDBOX=on to mount it).");
  }
  let sandbox: Sandbox;
  try {
    sandbox = await getSandbox();
  } catch (err) {
    console.error("[sandbox] failed to start", err);
    const detail = err instanceof Error ? err.message : "unknown error";
    return envelopeError(500, "internal_error", `The sandbox could not start: ${detail}`);
  }

  const url = new URL(req.url);
  const base = `${publicOrigin(req)}/sandbox`;
  url.pathname = url.pathname.replace(/^\/sandbox(?=\/|$)/, "") || "/";
  const headers = new Headers(req.headers);
  headers.set("X-Sandbox-Base", base);
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  let body: ArrayBuffer | undefined;
  try {
    body = hasBody ? await req.arrayBuffer() : undefined;
  } catch (err) {
    // The caller went away before sending the whole body: nobody reads an answer, and the
    // service never saw a request.
    if (req.signal.aborted) return new Response(null, { status: CLIENT_GONE });
    throw err;
  }
  const forwarded = new Request(url, { method: req.method, headers, body, signal: req.signal });
  // Who sent it, for the control plane's throttle: the socket, or behind TRUSTED_PROXIES the client they forwarded.
  return sandbox.fetch(forwarded, { address: clientAddress(req.headers) });
}

export { handle as GET, handle as POST, handle as PUT, handle as PATCH, handle as DELETE };
