import type { Metadata } from "next";
import { AttentionDesk } from "@/components/attention/attention-desk";
import { requireUser } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Needs attention" };
export const dynamic = "force-dynamic";

export default async function AttentionPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const mine = (await searchParams).mine === "1";
  const user = await requireUser(mine ? "/attention?mine=1" : "/attention");
  return (
    <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <AttentionDesk key={String(mine)} mine={mine} me={{ id: user.id, email: user.email, admin: user.role === "admin" }} />
    </main>
  );
}
