import type { Metadata } from "next";
import { PricingAdmin } from "@/components/admin/pricing-admin";
import { readPricing } from "@/lib/agency/pricing-store";
import { requireAdmin } from "@/lib/auth/session";
import { pricingAnswer } from "@/lib/bff/pricing";
import { getDb } from "@/lib/db";
import { getEnv } from "@/lib/server-env";

export const metadata: Metadata = { title: "Pricing" };
export const dynamic = "force-dynamic";

export default async function PricingPage() {
  await requireAdmin("/admin/pricing");
  const { AGENCY_CURRENCY: currency } = getEnv();
  const pricing = pricingAnswer(await readPricing(await getDb(), currency), currency);
  return (
    <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <PricingAdmin initial={pricing} />
    </main>
  );
}
