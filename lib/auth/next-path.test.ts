import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { safeNextPath } from "./next-path";

// `next` of /login is followed twice: by the page's redirect when already signed in (a `Location`
// header) and by the form's `window.location.assign` after signing in. Either way the browser
// resolves it against the page it is on, so what safeNextPath returns must stay on that origin
// from any page, whatever the address bar held.

const PAGES = ["https://desk.example/login?next=x", "http://127.0.0.1:3203/login", "https://desk.example/a/b/c"];

/** Where a browser on `page` goes when told to go to `path`. */
const followed = (path: string, page: string) => new URL(path, page);

describe("safeNextPath", () => {
  it.each([
    // The forms: each resolves to `//evil.com…` (or reads the backslash as a slash).
    "/.//evil.com/phish",
    "/a/..//evil.com",
    "/%2e//evil.com",
    "/%2E//evil.com",
    "/..//evil.com",
    "/./\\evil.com",
    "/.\\/evil.com",
    "/a/../\\evil.com",
    // Control characters the URL parser drops ("/\t/evil.com" is "//evil.com").
    "/\t/evil.com",
    "/\n/evil.com",
    "/\r/evil.com",
    "/\u0000/evil.com",
    // Other origins outright.
    "https://evil.example/",
    "//evil.example/",
    "/\\evil.example",
    "\\/evil.example",
    "javascript:alert(1)",
    " /bookings",
  ])("%j goes to the landing page", (next) => {
    expect(safeNextPath(next)).toBe("/");
  });

  it.each([
    ["/admin/users", "/admin/users"],
    ["/bookings?page=2#top", "/bookings?page=2#top"],
    ["/a/../bookings", "/bookings"],
    ["/./search", "/search"],
    ["/bookings/%2F%2Fevil.com", "/bookings/%2F%2Fevil.com"],
    ["/search?next=//evil.com", "/search?next=//evil.com"],
    [undefined, "/"],
    ["", "/"],
    ["/login?next=/x", "/"],
  ])("%j → %j", (next, expected) => {
    expect(safeNextPath(next)).toBe(expected);
  });

  it("never leaves the origin, from any page, for generated hostile paths; and what it returns it keeps", () => {
    const piece = fc.constantFrom("/", "//", "\\", ".", "..", "%2e", "%2E", "%2e%2e", "%2f", "%2F", "%5c", "%5C", "%09", "\t", "\n", "\r", "\u0000", "\u007f", "\u3000", "@", ":", "?", "#", ";", "evil.com", "bookings", "login", "http:", "https:", "javascript:", " ");
    const nasty = fc.array(piece, { minLength: 1, maxLength: 8 }).map((parts) => parts.join(""));
    fc.assert(
      fc.property(fc.oneof(nasty, nasty.map((p) => `/${p}`), fc.string({ unit: "binary", maxLength: 20 })), (next) => {
        const path = safeNextPath(next);
        return (
          path.startsWith("/") &&
          !path.startsWith("//") &&
          !path.startsWith("/\\") &&
          PAGES.every((page) => followed(path, page).origin === new URL(page).origin) &&
          safeNextPath(path) === path
        );
      }),
      { numRuns: 2_000, seed: 20261127 },
    );
  });
});
