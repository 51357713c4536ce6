import { NextResponse, type NextRequest } from "next/server";
import { errorJson } from "@/lib/bff/envelope";
import { contentSecurityPolicy, newNonce, originsOf } from "@/lib/security/csp";

// Runs before routing, on every request without a body but Next's static files (docs/bff.md#security;
// why not those with a body: `config` below):
//  - a path that is not valid percent-encoding is answered 400 in the envelope here, before the
//    framework's route matching fails on it with a bare 500;
//  - every page gets a Content-Security-Policy with a fresh nonce (Next puts it on its scripts);
//  - the client's proposal page, /p/<token>, answers 410 Gone when its link has expired or the
//    proposal was withdrawn: a page cannot set that status itself (app/p/link-status.ts). A link
//    replaced by sharing again is not gone but unknown (its hash was overwritten): the page
//    answers 404 itself. Only that path is looked up, and only when the browser loads it as a
//    document.

/** Whether every %-escape of the path decodes (a lone `%`, `%ZZ` or bytes that are not UTF-8 do not). */
export function wellFormedPath(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

export function malformedUrl(): Response {
  return errorJson(400, "malformed_url", "This address is not valid: part of it is not properly encoded. Check the link, or go back and try again.");
}

export async function proxy(request: NextRequest): Promise<Response> {
  if (!wellFormedPath(request.nextUrl.pathname)) return malformedUrl();
  // The BFF and the sandbox answer JSON: only pages need a policy for scripts.
  const path = request.nextUrl.pathname;
  if (path.startsWith("/api/") || path.startsWith("/sandbox/")) return NextResponse.next();

  const nonce = newNonce();
  const csp = contentSecurityPolicy({
    nonce,
    isDev: process.env.NODE_ENV !== "production",
    mediaOrigins: originsOf(process.env.TDS_BASE_URL, process.env.TDS_MEDIA_ORIGINS),
  });
  const headers = new Headers(request.headers);
  headers.set("x-nonce", nonce);
  headers.set("Content-Security-Policy", csp);
  const status = path.startsWith("/p/") && isDocumentLoad(request) ? await goneStatus(path) : null;
  const response = NextResponse.next({ request: { headers }, ...(status ? { status } : {}) });
  response.headers.set("Content-Security-Policy", csp);
  return response;
}

/** The page itself (a browser's prefetch included: its answer is what the browser shows), not the router's fetch of its React payload. */
function isDocumentLoad(request: NextRequest): boolean {
  return (request.method === "GET" || request.method === "HEAD") && !request.headers.has("rsc");
}

/** The status of the client's proposal page, loaded only for that path (the database stays out of every other request). */
async function goneStatus(path: string): Promise<number | null> {
  const { proposalPageStatus } = await import("@/app/p/link-status");
  return proposalPageStatus(path);
}

export const config = {
  matcher: [
    {
      // Everything but Next's own static files and the icons; prefetches need a nonce too.
      source: "/((?!_next/static|_next/image|favicon.ico|icon.svg|apple-icon.png).*)",
      // But no request that carries a body (every POST, and PATCH or DELETE with one): pages are
      // read with GET, and for a request with a body Next copies the body for the proxy and, when
      // the client went away before sending all of it (Reload, Back or a closed tab during a
      // POST; the desk's own call to the sandbox cut short), logs that copy's "Error: aborted
      // (ECONNRESET)" as an error, or in development as an uncaughtException (issue 27). Such
      // a request reaches its route handler, which answers a client gone with one debug line.
      missing: [
        { type: "header", key: "content-length" },
        { type: "header", key: "transfer-encoding" },
      ],
    },
    // Any request whose path holds a percent-escape, body or not, so that a malformed one is
    // answered 400 `malformed_url` in the envelope rather than the framework's bare 500.
    { source: "/(.*%.*)" },
  ],
};
