import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ClientPage } from "@/components/clients/client-page";
import { requireUser } from "@/lib/auth/session";
import { getBffDeps } from "@/lib/bff/deps";
import { readClientPage } from "@/lib/proposals/clients";

export const metadata: Metadata = { title: "Client" };
export const dynamic = "force-dynamic";

export default async function ClientRoute({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const user = await requireUser(`/clients/${encodeURIComponent(id)}`);
  // An ID no client has (or no UUID at all) answers HTTP 404 with the designed page
  // (./not-found.tsx); the client read here goes to the page, so it is not asked for twice.
  const first = await readClientPage(await (await getBffDeps()).db(), user, id);
  if (!first) notFound();
  return (
    <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <ClientPage initial={first.overview} readAt={first.readAt} />
    </main>
  );
}
