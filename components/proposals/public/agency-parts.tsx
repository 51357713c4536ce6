import type { PublicProposal } from "@/lib/proposals/model";

// The agency's name and logo at the top of the client's page, and how to reach the advisor at the
// bottom (also on the "no longer open" page). Server-rendered: no JavaScript.

type Agency = PublicProposal["agency"];
type Advisor = PublicProposal["advisor"];

/** The agency's logo and name; the advisor's name when the agency has not set one yet. */
export function AgencyBar({ agency, advisor }: { agency: Agency; advisor: Advisor }) {
  const name = agency.name || advisor.name;
  return (
    <header className="border-b border-slate-200 bg-white print:border-slate-300">
      <div className="mx-auto flex max-w-3xl items-center gap-3 px-4 py-3 sm:px-6">
        {agency.logoUrl ? (
          // Plain <img>: the logo is served by the desk under the link (app/api/p/[token]/logo), already small.
          // eslint-disable-next-line @next/next/no-img-element
          <img src={agency.logoUrl} alt={`${name} logo`} className="h-10 w-auto max-w-40 object-contain" />
        ) : null}
        <p className="min-w-0 truncate text-base font-semibold tracking-tight text-ink">{name}</p>
      </div>
    </header>
  );
}

/** The advisor and the agency's ways to reach them: email, phone, reply-to address, postal address. */
export function ContactCard({ agency, advisor, heading = "Questions? Contact your advisor" }: { agency: Agency; advisor: Advisor; heading?: string }) {
  return (
    <section aria-labelledby="contact-heading" className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6 print:break-inside-avoid print:border-slate-300">
      <h2 id="contact-heading" className="text-base font-semibold text-ink">
        {heading}
      </h2>
      <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="text-slate-500">Your advisor</dt>
        <dd className="text-ink">
          {advisor.name} ·{" "}
          <a href={`mailto:${advisor.email}`} className="font-medium text-brand-700 underline-offset-2 hover:underline">
            {advisor.email}
          </a>
        </dd>
        {agency.phone ? (
          <>
            <dt className="text-slate-500">Phone</dt>
            <dd>
              <a href={`tel:${agency.phone.replace(/[^\d+]/g, "")}`} className="font-medium text-brand-700 underline-offset-2 hover:underline">
                {agency.phone}
              </a>
            </dd>
          </>
        ) : null}
        {agency.replyTo && agency.replyTo !== advisor.email ? (
          <>
            <dt className="text-slate-500">Email</dt>
            <dd>
              <a href={`mailto:${agency.replyTo}`} className="font-medium text-brand-700 underline-offset-2 hover:underline">
                {agency.replyTo}
              </a>
            </dd>
          </>
        ) : null}
        {agency.address ? (
          <>
            <dt className="text-slate-500">{agency.name || "Address"}</dt>
            <dd className="whitespace-pre-line text-ink">{agency.address}</dd>
          </>
        ) : null}
      </dl>
    </section>
  );
}
