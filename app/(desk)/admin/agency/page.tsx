import type { Metadata } from "next";
import { AgencyProfileAdmin } from "@/components/admin/agency-profile-admin";
import { readAgencyProfile } from "@/lib/agency/store";
import { requireAdmin } from "@/lib/auth/session";
import { profileAnswer } from "@/lib/bff/agency";
import { getDb } from "@/lib/db";
import { readFollowUpSettings } from "@/lib/jobs/vouchers/settings";
import { getEnv } from "@/lib/server-env";

export const metadata: Metadata = { title: "Agency profile" };
export const dynamic = "force-dynamic";

export default async function AgencyProfilePage() {
  await requireAdmin("/admin/agency");
  const { AGENCY_CURRENCY: currency, AGENCY_MARKET: market } = getEnv();
  const db = await getDb();
  const [stored, followUps] = await Promise.all([readAgencyProfile(db), readFollowUpSettings(db)]);
  const profile = profileAnswer(stored, { currency, market });
  return (
    <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <AgencyProfileAdmin initial={profile} followUps={followUps} />
    </main>
  );
}
