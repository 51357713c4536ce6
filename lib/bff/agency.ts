import { LOGO_MAX_BYTES, logoProblem, sniffLogo, type AgencyProfile, type LogoType } from "@/lib/agency/profile";
import type { StoredProfile } from "@/lib/agency/store";
import type { AgencySettings } from "./deps";
import { BFF_ERRORS, BffError } from "./errors";

// The agency profile through the BFF (GET/PUT /api/agency, GET/PUT/DELETE /api/agency/logo).

export const LOGO_PATH = "/api/agency/logo";

/** GET /api/agency's answer: the profile, the logo's URL (versioned by its hash) and the environment's currency and market. */
export function profileAnswer(stored: StoredProfile, agency: Pick<AgencySettings, "currency" | "market">): AgencyProfile {
  return {
    name: stored.name,
    replyTo: stored.replyTo,
    phone: stored.phone,
    address: stored.address,
    logoUrl: stored.logo ? `${LOGO_PATH}?v=${stored.logo.sha256.slice(0, 16)}` : null,
    currency: agency.currency,
    market: agency.market,
    updatedAt: stored.updatedAt?.toISOString() ?? null,
    updatedBy: stored.updatedBy,
  };
}

const logoRefused = (message: string, status = 400) =>
  new BffError({ status, code: "validation_error", message: BFF_ERRORS.validation_error.message, details: [{ path: "logo", message }] });

/**
 * PUT /api/agency/logo's body: the image's bytes as sent (no form encoding), at most 500 KB, a
 * PNG, JPEG or WebP by its first bytes whatever the declared type says. Read in chunks, so an
 * oversized upload is refused as soon as it passes the limit.
 */
export async function readLogoUpload(req: Request): Promise<{ bytes: Uint8Array; type: LogoType }> {
  const declared = Number(req.headers.get("content-length"));
  const type = req.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase() ?? "";
  const tooLarge = (size: number) => logoRefused(logoProblem({ size, type })!, 413);
  if (Number.isFinite(declared) && declared > LOGO_MAX_BYTES) throw tooLarge(declared);
  const early = logoProblem({ size: Math.max(1, declared || 1), type });
  if (early) throw logoRefused(early);
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (req.body) {
    const reader = req.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > LOGO_MAX_BYTES) {
        await reader.cancel().catch(() => {});
        throw tooLarge(size);
      }
      chunks.push(value);
    }
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    bytes.set(c, at);
    at += c.byteLength;
  }
  const problem = logoProblem({ size, type }, bytes.subarray(0, 16));
  if (problem) throw logoRefused(problem);
  return { bytes, type: sniffLogo(bytes)! };
}

/**
 * The logo as served to the desk's pages: its sniffed type, never sniffed again by the browser,
 * no script or style of its own (an image opened directly is inert), cached for good under its
 * versioned URL and revalidated by its hash otherwise.
 */
export function logoResponse(req: Request, logo: { bytes: Uint8Array; type: LogoType; sha256: string }, version: string | undefined): Response {
  const etag = `"${logo.sha256}"`;
  const current = version !== undefined && logo.sha256.startsWith(version) && version.length >= 8;
  const headers: Record<string, string> = {
    "Content-Type": logo.type,
    "Content-Disposition": `inline; filename="agency-logo.${logo.type.slice("image/".length).replace("jpeg", "jpg")}"`,
    "Content-Security-Policy": "default-src 'none'; sandbox",
    "X-Content-Type-Options": "nosniff",
    "Cross-Origin-Resource-Policy": "same-origin",
    ETag: etag,
    "Cache-Control": current ? "private, max-age=31536000, immutable" : "private, no-cache",
  };
  if (req.headers.get("if-none-match")?.split(",").some((t) => t.trim() === etag)) return new Response(null, { status: 304, headers });
  return new Response(logo.bytes as Uint8Array<ArrayBuffer>, { status: 200, headers: { ...headers, "Content-Length": String(logo.bytes.byteLength) } });
}
