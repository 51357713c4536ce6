// Where sign-in sends a person back to. Imported by the sign-in page's form, which loads no
// schema library (lib/auth/sign-in.ts): plain code only.

/**
 * Where to go after signing in: only a path on this site, never another origin. `next` comes from
 * the address bar, so it is checked as it will be followed: resolved against this origin, and
 * what that gives must itself be a path that stays here. The URL parser turns `/.//evil.com`,
 * `/a/..//evil.com` or `/%2e//evil.com` into `//evil.com` (another host, for the browser and for
 * a `Location` header) and reads a backslash as a slash; such a `next`, a control character or
 * any other origin gives `fallback` (`/`, which sends the person to their work).
 */
export function safeNextPath(next: string | null | undefined, fallback = "/"): string {
  if (!next || !next.startsWith("/") || /[\\\u0000-\u001f\u007f]/.test(next)) return fallback;
  try {
    const base = "http://agency-desk.invalid";
    const url = new URL(next, base);
    const path = `${url.pathname}${url.search}${url.hash}`;
    if (url.origin !== base || !stays(path)) return fallback;
    // Back to the sign-in page would only loop.
    return url.pathname === "/login" ? fallback : path;
  } catch {
    return fallback;
  }
}

/** A path that, followed from any page of this site, stays on it: one slash, then not another or a backslash. */
const stays = (path: string) => path.startsWith("/") && !path.startsWith("//") && !path.startsWith("/\\");
