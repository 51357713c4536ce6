import { cn } from "@/components/ui/cn";
import type { ProposalMargins as Margins } from "@/lib/bookings/overview";
import { plural } from "@/lib/format/words";
import { formatMoney } from "@/lib/money";
import { formatBp } from "@/lib/pricing/markup";

// The overview's margin on proposals (issue 29): per advisor who booked a client's choice, the
// client price, the agency's cost and what is left, in the agency's currency only.

export function ProposalMargins({ data, currency, range }: { data: Margins; currency: string; range: number }) {
  const money = (m: number) => formatMoney(m, currency);
  const t = data.totals;
  const others =
    data.otherCurrency > 0
      ? `${plural(data.otherCurrency, "booking")} from proposals in other currencies ${data.otherCurrency === 1 ? "is" : "are"} not included.`
      : null;
  const unsold =
    data.notSold > 0
      ? `${plural(data.notSold, "booking")} from proposals ${data.notSold === 1 ? "is" : "are"} held, failed or cancelled: not included.`
      : null;
  const notes = [others, unsold].filter(Boolean).join(" ");
  return (
    <section aria-labelledby="margins-title" className="rounded-xl border border-slate-200 bg-white" data-testid="proposal-margins">
      <div className="border-b border-slate-100 px-5 py-3">
        <h2 id="margins-title" className="text-sm font-semibold text-ink">
          Margin on proposals
        </h2>
        <p className="mt-0.5 text-xs text-slate-500">
          Bookings made from proposals in the last {range} days, at the client price and the agency&apos;s cost they were booked at, by the advisor who booked
          them. In {currency} only.
        </p>
      </div>
      {t.bookings === 0 ? (
        <div className="px-6 py-10 text-center">
          <h3 className="text-sm font-semibold text-ink">No bookings from proposals in this period</h3>
          <p className="mx-auto mt-1 max-w-md text-sm text-slate-600">When an advisor books a client&apos;s choice from a proposal, its margin appears here.</p>
          {notes ? <p className="mt-2 text-xs text-slate-500">{notes}</p> : null}
        </div>
      ) : (
        <div className="p-4 lg:p-5">
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            <Figure label="Client price" value={money(t.clientMinor)} />
            <Figure label="Agency cost" value={money(t.costMinor)} />
            <Figure label="Margin" value={money(t.marginMinor)} negative={t.marginMinor < 0} />
            <Figure label="Margin %" value={t.marginBp === null ? "—" : formatBp(t.marginBp)} negative={t.marginMinor < 0} />
          </dl>
          <div className="mt-4 overflow-x-auto" tabIndex={0} role="region" aria-label="Margin by advisor">
            <table className="w-full min-w-[36rem] text-sm" data-testid="margins-by-advisor">
              <caption className="sr-only">Margin on bookings from proposals by advisor, in {currency}</caption>
              <thead>
                <tr className="text-left text-xs font-medium tracking-wide text-slate-500 uppercase">
                  {["Advisor", "Bookings", "Client price", "Agency cost", "Margin", "Margin %"].map((h, i) => (
                    <th key={h} scope="col" className={cn("pb-2", i > 0 && "text-right")}>
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {data.byAdvisor.map((a) => (
                  <Row key={a.id ?? ""} name={a.name} figures={a} money={money} />
                ))}
              </tbody>
              {data.byAdvisor.length > 1 ? (
                <tfoot className="border-t-2 border-slate-200 font-semibold">
                  <Row name="All advisors" figures={t} money={money} />
                </tfoot>
              ) : null}
            </table>
          </div>
          {notes ? <p className="mt-3 text-xs text-slate-500">{notes}</p> : null}
        </div>
      )}
    </section>
  );
}

type Figures = Margins["totals"];

function Row({ name, figures: f, money }: { name: string; figures: Figures; money: (m: number) => string }) {
  const loss = f.marginMinor < 0;
  return (
    <tr className="border-t border-slate-100">
      <th scope="row" className="py-1.5 pr-3 text-left font-medium text-ink">
        {name}
      </th>
      <td className="py-1.5 text-right text-slate-700 tabular-nums">{f.bookings}</td>
      <td className="py-1.5 text-right text-slate-700 tabular-nums">{money(f.clientMinor)}</td>
      <td className="py-1.5 text-right text-slate-700 tabular-nums">{money(f.costMinor)}</td>
      <td className={cn("py-1.5 text-right tabular-nums", loss ? "text-rose-700" : "text-ink")}>{money(f.marginMinor)}</td>
      <td className={cn("py-1.5 text-right tabular-nums", loss ? "text-rose-700" : "text-slate-700")}>{f.marginBp === null ? "—" : formatBp(f.marginBp)}</td>
    </tr>
  );
}

function Figure({ label, value, negative = false }: { label: string; value: string; negative?: boolean }) {
  return (
    <div className="rounded-lg bg-slate-50 px-4 py-3">
      <dt className="text-xs text-slate-600">{label}</dt>
      <dd className={cn("mt-0.5 text-lg font-semibold tracking-tight tabular-nums", negative ? "text-rose-700" : "text-ink")}>{value}</dd>
    </div>
  );
}
