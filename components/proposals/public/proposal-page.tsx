import { cn } from "@/components/ui/cn";
import { formatDay, formatInstant } from "@/lib/format/dates";
import { formatMoney } from "@/lib/money";
import type { PublicGroup, PublicOption, PublicProposal } from "@/lib/proposals/model";
import { AgencyBar, ContactCard } from "./agency-parts";
import { ChooseForm } from "./choose-form";

// The client's proposal page (/p/<token>, issue 29): server-rendered HTML in the agency's name,
// mobile first, printable. Only the choosing is a client component (choose-form.tsx), and the
// radio buttons it reads are plain inputs rendered here, so the page's JavaScript stays a few KB.
// It is given a PublicProposal (lib/proposals/model.ts): client prices and public keys only.

/** The time the client chose, in the agency's time (UTC, as the validity date): the page knows no other zone. */
const AGENCY_TIME_ZONE = "UTC";

export function ProposalPage({ view, token }: { view: PublicProposal; token: string }) {
  const alternatives = view.groups.filter((g) => g.kind === "alternatives");
  const parts = view.groups.filter((g) => g.kind === "part");
  const chosen = new Set(view.choice?.keys ?? []);
  const titles = Object.fromEntries(view.groups.flatMap((g) => g.options.map((o) => [o.key, o.title] as const)));
  return (
    <div className="flex min-h-dvh flex-col bg-canvas print:bg-white">
      <AgencyBar agency={view.agency} advisor={view.advisor} />
      <main id="main" className="mx-auto w-full max-w-3xl flex-1 px-4 py-6 sm:px-6 sm:py-10 print:py-0">
        <p className="text-sm text-slate-600">
          For {view.client.name} · <span className="font-mono text-[0.8125rem]">{view.reference}</span>
        </p>
        <h1 className="mt-1 text-2xl font-semibold tracking-tight text-balance text-ink sm:text-3xl">{view.title}</h1>
        <p className="mt-2 text-sm text-slate-600">
          Prepared by {view.advisor.name}. Valid until <strong className="font-semibold text-ink">{formatDay(view.validUntil)}</strong>.
        </p>
        {view.note ? (
          <blockquote className="mt-5 rounded-xl border-l-4 border-brand-500 bg-white p-4 text-[0.9375rem] whitespace-pre-line text-slate-700 shadow-xs print:border print:shadow-none">
            {view.note}
            <footer className="mt-2 text-sm text-slate-500">— {view.advisor.name}</footer>
          </blockquote>
        ) : null}

        {view.choice ? (
          <section aria-labelledby="chosen-heading" className="mt-6 rounded-xl border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-900 print:break-inside-avoid">
            <h2 id="chosen-heading" className="font-semibold">
              You chose on {formatInstant(view.choice.at, AGENCY_TIME_ZONE)}
            </h2>
            <ul className="mt-1 list-disc pl-5">
              {view.choice.keys.map((k) => (
                <li key={k}>{titles[k] ?? k}</li>
              ))}
            </ul>
            {view.choice.message ? <p className="mt-2 whitespace-pre-line">Your message: {view.choice.message}</p> : null}
            <p className="mt-2 print:hidden">You can change your choice below until {view.advisor.name} books it.</p>
          </section>
        ) : null}

        {view.total ? <TripTotal total={view.total} /> : null}

        <ChooseForm
          token={token}
          groups={alternatives.map((g) => ({ key: g.key, label: g.label }))}
          partKeys={parts.flatMap((g) => g.options.map((o) => o.key))}
          titles={titles}
          advisorName={view.advisor.name}
          initialMessage={view.choice?.message ?? ""}
          hasChoice={view.choice !== null}
        >
          {view.groups.map((g) => (
            <Group key={g.key} group={g} chosen={chosen} />
          ))}
        </ChooseForm>

        <div className="mt-10">
          <ContactCard agency={view.agency} advisor={view.advisor} />
        </div>
      </main>
      <footer className="mx-auto w-full max-w-3xl px-4 pb-8 text-xs text-slate-500 sm:px-6">
        Prices are per option for the travellers shown, in {view.total?.currency ?? "the currency shown"}, and are confirmed when {view.advisor.name} books them.
      </footer>
    </div>
  );
}

function TripTotal({ total }: { total: NonNullable<PublicProposal["total"]> }) {
  const from = formatMoney(total.fromMinor, total.currency);
  const to = formatMoney(total.toMinor, total.currency);
  return (
    <p className="mt-6 flex flex-wrap items-baseline justify-between gap-2 rounded-xl bg-brand-50 px-4 py-3 text-brand-900 print:border print:border-slate-300 print:bg-white">
      <span className="text-sm font-medium">Trip total</span>
      <span className="text-lg font-semibold tabular-nums" data-testid="trip-total">
        {total.fromMinor === total.toMinor ? from : `${from} – ${to}`}
      </span>
      {total.fromMinor !== total.toMinor ? <span className="w-full text-xs text-brand-800">Depending on the options you pick.</span> : null}
    </p>
  );
}

function Group({ group, chosen }: { group: PublicGroup; chosen: ReadonlySet<string> }) {
  const pick = group.kind === "alternatives";
  const headingId = `${group.key}-heading`;
  return (
    <section aria-labelledby={headingId} className="mt-8 first:mt-6">
      <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">{pick ? "Pick one of these" : "Included in your trip"}</p>
      <h2 id={headingId} className="mt-0.5 text-lg font-semibold text-ink">
        {group.label}
      </h2>
      {pick ? (
        // A radio group of its own: the browser's arrow keys move within it, `required` asks for one.
        <div role="radiogroup" aria-labelledby={headingId} className="mt-3 grid gap-4">
          {group.options.map((o, i) => (
            <OptionCard key={o.key} option={o} groupKey={group.key} pick chosen={chosen.has(o.key)} number={i + 1} />
          ))}
        </div>
      ) : (
        <div className="mt-3 grid gap-4">
          {group.options.map((o, i) => (
            <OptionCard key={o.key} option={o} groupKey={group.key} pick={false} chosen={false} number={i + 1} />
          ))}
        </div>
      )}
    </section>
  );
}

function OptionCard({ option, groupKey, pick, chosen, number }: { option: PublicOption; groupKey: string; pick: boolean; chosen: boolean; number: number }) {
  const titleId = `${option.key}-title`;
  return (
    <article
      aria-labelledby={titleId}
      className={cn(
        "overflow-hidden rounded-xl border bg-white shadow-xs sm:flex print:break-inside-avoid print:shadow-none",
        // The card of the option ticked (or chosen before) stands out, with no script: :has(:checked).
        pick ? "border-slate-200 has-checked:border-brand-500 has-checked:ring-2 has-checked:ring-brand-500" : "border-slate-200",
      )}
    >
      {option.photoUrl ? (
        // Plain <img>: the service's media, already sized; lazy below the first screen.
        // eslint-disable-next-line @next/next/no-img-element
        <img
          src={option.photoUrl}
          alt=""
          loading={number === 1 ? "eager" : "lazy"}
          decoding="async"
          className="aspect-[16/9] w-full bg-slate-100 object-cover sm:aspect-auto sm:w-56 sm:shrink-0 print:h-40 print:w-48"
        />
      ) : null}
      <div className="flex min-w-0 flex-1 flex-col p-4 sm:p-5">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <h3 id={titleId} className="text-base font-semibold text-ink">
              {option.title}
            </h3>
            {option.subtitle ? <p className="mt-0.5 text-sm text-slate-600">{option.subtitle}</p> : null}
          </div>
          {chosen ? (
            <span className="shrink-0 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800 ring-1 ring-emerald-200 ring-inset">Your choice</span>
          ) : null}
        </div>
        <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-slate-500">Dates</dt>
          <dd className="text-ink">
            {formatDay(option.startsOn)}
            {option.endsOn && option.endsOn !== option.startsOn ? ` – ${formatDay(option.endsOn)}` : null}
          </dd>
          <dt className="text-slate-500">Travellers</dt>
          <dd className="text-ink">{option.travellers}</dd>
          <dt className="text-slate-500">Cancellation</dt>
          <dd className="text-ink">{option.cancellation}</dd>
        </dl>
        {option.details.length > 0 ? (
          <div className="mt-3">
            <p className="text-sm font-medium text-ink">What it includes</p>
            <ul className="mt-1 list-disc space-y-0.5 pl-5 text-sm text-slate-700">
              {option.details.map((d, i) => (
                <li key={i}>{d}</li>
              ))}
            </ul>
          </div>
        ) : null}
        <div className="mt-4 flex flex-wrap items-end justify-between gap-3 border-t border-slate-100 pt-3">
          <p>
            <span className="block text-xs text-slate-500">Price</span>
            <span className="text-xl font-semibold text-ink tabular-nums">{formatMoney(option.price.amountMinor, option.price.currency)}</span>
          </p>
          {pick ? (
            <label className="inline-flex cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-3 py-2 text-sm font-medium text-ink has-checked:border-brand-600 has-checked:bg-brand-50 has-checked:text-brand-800 print:hidden">
              <input type="radio" name={groupKey} value={option.key} required defaultChecked={chosen} className="size-4 accent-brand-600" />
              Choose <span className="sr-only">{option.title}</span>
            </label>
          ) : null}
        </div>
      </div>
    </article>
  );
}
