import { agencyProfileSchema } from "@/lib/agency/profile";
import { readAgencyProfile, saveAgencyProfile } from "@/lib/agency/store";
import { profileAnswer } from "@/lib/bff/agency";
import { ok, route } from "@/lib/bff/handler";
import { noQuery } from "@/lib/bff/schemas";

export const dynamic = "force-dynamic";

// GET /api/agency – the agency profile (name, reply-to, phone, address, logo URL; currency and market from the environment)
export const GET = route({ auth: "advisor", query: noQuery }, async ({ deps }) => ok(profileAnswer(await readAgencyProfile(await deps.db()), deps.agency())));

// PUT /api/agency – an admin saves the profile's fields (the logo has its own route)
export const PUT = route({ auth: "admin", query: noQuery, body: agencyProfileSchema }, async ({ deps, body, user }) => {
  const db = await deps.db();
  await saveAgencyProfile(db, body, user.id);
  return ok(profileAnswer(await readAgencyProfile(db), deps.agency()));
});
