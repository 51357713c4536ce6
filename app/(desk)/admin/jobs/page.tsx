import type { Metadata } from "next";
import { JobsAdmin } from "@/components/admin/jobs/jobs-admin";
import { requireAdmin } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Jobs" };
export const dynamic = "force-dynamic";

export default async function JobsPage() {
  await requireAdmin("/admin/jobs");
  return (
    <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <JobsAdmin />
    </main>
  );
}
