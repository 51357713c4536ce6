import { PricingAdminSkeleton } from "@/components/admin/pricing-admin-skeleton";

export default function PricingLoading() {
  return (
    <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <PricingAdminSkeleton />
    </main>
  );
}
