import type { PublicProposal } from "@/lib/proposals/model";
import { AgencyBar, ContactCard } from "./agency-parts";

// What a link that no longer opens a proposal shows (/p/<token>): the designed page for a link
// that expired or whose proposal was withdrawn (HTTP 410, set by proxy.ts), with the advisor's
// contact; and the one for a link that opens nothing (HTTP 404), which says nothing of whether it
// ever did: a mistyped link, or one replaced by sharing again (sharing overwrites the stored hash,
// so the old link is unknown).

type Agency = PublicProposal["agency"];
type Advisor = PublicProposal["advisor"];

export function ProposalGone({ agency, advisor }: { agency: Agency; advisor: Advisor }) {
  return (
    <div className="flex min-h-dvh flex-col bg-canvas">
      <AgencyBar agency={agency} advisor={advisor} />
      <main id="main" className="mx-auto w-full max-w-xl flex-1 px-4 py-12 sm:py-20">
        <p className="font-mono text-sm font-medium text-amber-700">410 · No longer open</p>
        <h1 className="mt-2 text-2xl font-semibold tracking-tight text-ink">This proposal is no longer open</h1>
        <p className="mt-3 text-[0.9375rem] text-slate-600">
          Its validity date has passed, or {advisor.name} has withdrawn it. Prices and availability change: ask {advisor.name} for an
          up-to-date proposal.
        </p>
        <div className="mt-8">
          <ContactCard agency={agency} advisor={advisor} heading={`Contact ${advisor.name}`} />
        </div>
      </main>
    </div>
  );
}

export function UnknownLink() {
  return (
    <main id="main" className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <p className="font-mono text-sm font-medium text-slate-500">404</p>
      <h1 className="mt-2 text-2xl font-semibold tracking-tight text-ink">This link does not open anything</h1>
      <p className="mt-3 text-[0.9375rem] text-slate-600">
        Check that the whole link from your email was copied, or ask your travel advisor to send it again.
      </p>
    </main>
  );
}
