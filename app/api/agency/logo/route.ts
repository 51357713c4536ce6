import * as z from "zod/mini";
import { readAgencyLogo, readAgencyProfile, saveAgencyLogo } from "@/lib/agency/store";
import { logoResponse, profileAnswer, readLogoUpload } from "@/lib/bff/agency";
import { BffError, SERVICE_ERRORS } from "@/lib/bff/errors";
import { ok, route } from "@/lib/bff/handler";
import { noQuery } from "@/lib/bff/schemas";

export const dynamic = "force-dynamic";

const logoQuery = z.strictObject({ v: z.optional(z.string().check(z.maxLength(64, "Not a version of the logo."))) });

// GET /api/agency/logo – the agency's logo image (?v= its version: cached for good)
export const GET = route({ auth: "advisor", query: logoQuery }, async ({ req, deps, query }) => {
  const logo = await readAgencyLogo(await deps.db());
  if (!logo) throw new BffError({ ...SERVICE_ERRORS.not_found, code: "not_found", message: "The agency has no logo yet: an admin can add one on the Agency page." });
  return logoResponse(req, logo, query.v);
});

// PUT /api/agency/logo – an admin uploads the logo: the image's bytes as the body (PNG, JPEG or WebP, at most 500 KB)
export const PUT = route({ auth: "admin", query: noQuery }, async ({ req, deps, user }) => {
  const logo = await readLogoUpload(req);
  const db = await deps.db();
  await saveAgencyLogo(db, logo, user.id);
  return ok(profileAnswer(await readAgencyProfile(db), deps.agency()));
});

// DELETE /api/agency/logo – an admin removes the logo
export const DELETE = route({ auth: "admin", query: noQuery }, async ({ deps, user }) => {
  const db = await deps.db();
  await saveAgencyLogo(db, null, user.id);
  return ok(profileAnswer(await readAgencyProfile(db), deps.agency()));
});
