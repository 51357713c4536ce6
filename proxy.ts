import { NextResponse, type NextRequest } from "next/server";
import { contentSecurityPolicy, newNonce, originsOf } from "@/lib/security/csp";

// Runs before routing, on every request but Next's static files (docs/bff.md#security):
//  - a path that is not valid percent-encoding is answered 400 in the envelope here, before the
//    framework's route matching fails on it with a bare 500;
//  - every page gets a Content-Security-Policy with a fresh nonce (Next puts it on its scripts).

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
  return Response.json(
    {
      data: null,
      meta: {},
      error: {
        code: "malformed_url",
        message: "This address is not valid: part of it is not properly encoded. Check the link, or go back and try again.",
        details: [],
      },
    },
    { status: 400, headers: { "Cache-Control": "no-store" } },
  );
}

export function proxy(request: NextRequest): Response {
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
  const response = NextResponse.next({ request: { headers } });
  response.headers.set("Content-Security-Policy", csp);
  return response;
}

export const config = {
  matcher: [
    // Everything but Next's own static files and the icons; prefetches need a nonce too.
    "/((?!_next/static|_next/image|favicon.ico|icon.svg|apple-icon.png).*)",
  ],
};
