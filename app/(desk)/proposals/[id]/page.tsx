import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ProposalEditor } from "@/components/proposals/proposal-editor";
import { requireUser } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Proposal" };
export const dynamic = "force-dynamic";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export default async function ProposalPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  await requireUser(`/proposals/${encodeURIComponent(id)}`);
  // An address no proposal can have answers HTTP 404 at once; the page reads the proposal itself.
  if (!UUID.test(id)) notFound();
  return (
    <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <ProposalEditor id={id} />
    </main>
  );
}
