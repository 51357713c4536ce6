import type { Metadata } from "next";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { cache } from "react";
import { ProposalGone } from "@/components/proposals/public/link-states";
import { ProposalPage } from "@/components/proposals/public/proposal-page";
import { getDb } from "@/lib/db";
import { errorFields, log } from "@/lib/log";
import { readPublicProposal, recordView } from "@/lib/proposals/store";

// /p/<token>: the proposal a client opens from the link the advisor shared (issue 29). No session:
// the token is the key. Outside the desk's route groups, so no desk header, providers or scripts
// (app/layout.tsx holds only the document). A live link shows the proposal and counts the view;
// one that expired or was withdrawn shows the designed "no longer open" page, answered 410 by
// proxy.ts (app/p/link-status.ts); an unknown one (mistyped, or replaced by sharing again: its
// hash was overwritten) the designed 404.

export const dynamic = "force-dynamic";

type Params = { params: Promise<{ token: string }> };

/** One read per request for the metadata and the page. */
const read = cache(async (token: string) => readPublicProposal(await getDb(), token));

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const { token } = await params;
  const result = await read(token);
  // Never indexed, never followed; the token stays out of what the page's links and images send.
  const base: Metadata = { robots: { index: false, follow: false }, referrer: "no-referrer" };
  if (result.kind === "ok") {
    const agency = result.view.agency.name || result.view.advisor.name;
    return { ...base, title: { absolute: `${result.view.title} · ${agency}` }, description: `A travel proposal from ${agency}.`, applicationName: agency };
  }
  if (result.kind === "gone") return { ...base, title: { absolute: "This proposal is no longer open" }, applicationName: result.agency.name || result.advisor.name };
  return { ...base, title: { absolute: "Link not found" } };
}

/**
 * Whether this render is someone opening the link: not the router's fetch of the page's React
 * payload (its own refresh) and not a prefetch (a browser's or a link preview's that says so).
 */
async function isOpening(): Promise<boolean> {
  const h = await headers();
  if (h.has("rsc") || h.has("next-router-prefetch")) return false;
  return !/prefetch|prerender/i.test(`${h.get("sec-purpose") ?? ""} ${h.get("purpose") ?? ""} ${h.get("x-purpose") ?? ""}`);
}

export default async function ClientProposalPage({ params }: Params) {
  const { token } = await params;
  const result = await read(token);
  if (result.kind === "unknown") notFound();
  if (result.kind === "gone") return <ProposalGone agency={result.agency} advisor={result.advisor} />;
  if (await isOpening()) {
    // A view not counted is no reason to fail the page.
    await recordView(await getDb(), token).catch((err: unknown) => log.warn({ err: errorFields(err) }, "proposal view not counted"));
  }
  return <ProposalPage view={result.view} token={token} />;
}
