import type { Context } from "hono";

/**
 * The absolute URL the sandbox is reached at, without a trailing slash. JSON carries absolute image
 * URLs, and when the sandbox is mounted under a prefix (the Next app mounts it at /sandbox and
 * rewrites requests to /api/v1/...), the request URL alone no longer says where /media lives: the
 * mount then sends `X-Sandbox-Base` (e.g. http://localhost:3000/sandbox).
 */
export function publicBase(c: Context): string {
  const header = c.req.header("X-Sandbox-Base")?.trim();
  if (header) {
    try {
      const url = new URL(header);
      if ((url.protocol === "http:" || url.protocol === "https:") && !url.username && !url.password) {
        return `${url.origin}${url.pathname}`.replace(/\/+$/, "");
      }
    } catch {
      // Not a URL: fall back to the request's own origin.
    }
  }
  return new URL(c.req.url).origin;
}

const seg = encodeURIComponent;

export const hotelImageUrl = (base: string, canonicalId: string, n: number) => `${base}/media/hotels/${seg(canonicalId)}/${n}.svg`;

export const roomImageUrl = (base: string, canonicalId: string, room: number, n: number) =>
  `${base}/media/hotels/${seg(canonicalId)}/rooms/${room}-${n}.svg`;

export const activityImageUrl = (base: string, activityKey: string, n: number) =>
  `${base}/media/activities/${seg(activityKey)}/${n}.svg`;
