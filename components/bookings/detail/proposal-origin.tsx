import Link from "next/link";
import { cn } from "@/components/ui/cn";
import type { BookingProposal } from "@/lib/bookings/schemas";
import { formatMoney } from "@/lib/money";
import { formatBp, shareBp } from "@/lib/pricing/markup";
import { Section } from "./parts";

/**
 * A booking made from a proposal (issue 29) says so: which proposal, and the client price and the
 * agency's cost it was booked at, with the margin between them.
 */
export function ProposalOrigin({ proposal: p }: { proposal: NonNullable<BookingProposal> }) {
  const money = (m: number) => formatMoney(m, p.currency);
  const bp = shareBp(p.marginMinor, p.clientMinor);
  const loss = p.marginMinor < 0;
  return (
    <Section id="proposal-origin-title" title={`From proposal ${p.reference}`} description={p.title}>
      <dl className="space-y-1.5 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-slate-600">Client price</dt>
          <dd className="text-ink tabular-nums">{money(p.clientMinor)}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-slate-600">Agency cost</dt>
          <dd className="text-ink tabular-nums">{money(p.costMinor)}</dd>
        </div>
        <div className="flex justify-between gap-4 border-t border-slate-100 pt-1.5">
          <dt className="font-medium text-ink">Margin</dt>
          <dd className={cn("font-semibold tabular-nums", loss ? "text-rose-700" : "text-ink")}>
            {money(p.marginMinor)}
            {bp !== null ? <span className="font-normal text-slate-500"> ({formatBp(bp)})</span> : null}
          </dd>
        </div>
      </dl>
      <Link href={`/proposals/${encodeURIComponent(p.id)}`} className="mt-3 inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
        Open the proposal <span aria-hidden>→</span>
      </Link>
    </Section>
  );
}
