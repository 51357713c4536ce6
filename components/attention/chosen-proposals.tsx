"use client";

import { MessageSquareQuote } from "lucide-react";
import { useTimeZone } from "@/components/layout/time-zone";
import { buttonClasses } from "@/components/ui/button";
import { IntentLink } from "@/components/ui/intent-link";
import type { AttentionResponse } from "@/lib/bookings/attention";
import { ago, formatInstant } from "@/lib/format/dates";

// Needs attention's first group (issue 29): proposals whose client chose and that are not booked
// yet. The advisor books the choice from the proposal's page; the row leaves once it is booked.

type Chosen = AttentionResponse["proposals"][number];

/** How much of the client's message a row shows; the proposal's page has all of it. */
const MESSAGE_START = 140;

/** The start of the client's message, on one line, cut at a word: "Could we have a room with a view…". */
export function messageStart(message: string, max = MESSAGE_START): string {
  const line = message.replace(/\s+/g, " ").trim();
  if (line.length <= max) return line;
  const cut = line.slice(0, max);
  const word = cut.lastIndexOf(" ");
  return `${(word > max / 2 ? cut.slice(0, word) : cut).replace(/[\s,;:.!?-]+$/, "")}…`;
}

/** "Hôtel Lutetia and Barcelona → Paris": a title may hold a comma, so the last two are joined by "and". */
const titles = new Intl.ListFormat("en-GB", { type: "conjunction" });

export function ChosenProposals({ proposals, now, me, showAdvisor }: { proposals: Chosen[]; now: Date; me: { id: string }; showAdvisor: boolean }) {
  return (
    <section aria-labelledby="attention-proposals-title" data-testid="attention-proposals">
      <h2 id="attention-proposals-title" className="text-base font-semibold text-ink">
        Clients chose
      </h2>
      <p className="mt-0.5 mb-3 text-sm text-slate-600">
        {proposals.length === 1 ? "1 proposal" : `${proposals.length} proposals`} to book, the latest choice first. Each leaves this list once its choice is booked.
      </p>
      <ul className="space-y-3">
        {proposals.map((p) => (
          <ChosenRow key={p.id} proposal={p} now={now} advisor={showAdvisor ? (p.advisor.id === me.id ? "you" : p.advisor.name) : null} />
        ))}
      </ul>
    </section>
  );
}

function ChosenRow({ proposal: p, now, advisor }: { proposal: Chosen; now: Date; advisor: string | null }) {
  const timeZone = useTimeZone();
  const href = `/proposals/${encodeURIComponent(p.id)}`;
  const message = p.choice?.message ? messageStart(p.choice.message) : "";
  return (
    <li className="rounded-xl border border-slate-200 bg-white shadow-xs" data-testid="attention-proposal" aria-label={`${p.reference}: ${p.client.name} chose`}>
      <div className="flex flex-col gap-3 px-4 py-4 sm:flex-row sm:items-center sm:justify-between sm:px-5">
        <div className="min-w-0">
          <p className="text-sm text-ink">
            <IntentLink href={href} className="font-mono font-semibold text-brand-700 hover:text-brand-800">
              {p.reference}
            </IntentLink>
            <span className="text-slate-400"> · </span>
            <span className="font-medium">{p.title}</span>
            <span className="text-slate-600"> · {p.client.name}</span>
          </p>
          {p.chosenTitles.length > 0 ? (
            <p className="mt-1 text-sm text-slate-600" data-testid="attention-proposal-choice">
              Their choice: <span className="font-medium text-ink">{titles.format(p.chosenTitles)}</span>
            </p>
          ) : null}
          {message ? (
            <p className="mt-1 flex min-w-0 items-start gap-1.5 text-[0.8125rem] text-slate-600">
              <MessageSquareQuote className="mt-0.5 size-3.5 shrink-0 text-slate-400" aria-hidden />
              <span className="min-w-0 break-words">
                <span className="sr-only">Their message: </span>“{message}”
              </span>
            </p>
          ) : null}
          <p className="mt-1 text-[0.8125rem] text-slate-500">
            {p.choice ? (
              <time dateTime={p.choice.at} title={formatInstant(p.choice.at, timeZone)} className="font-medium text-amber-800">
                Chose {ago(Date.parse(p.choice.at), now.getTime(), timeZone)}
              </time>
            ) : null}
            {advisor ? (p.choice ? ` · sent by ${advisor}` : `Sent by ${advisor}`) : null}
          </p>
        </div>
        <div className="flex shrink-0 items-center gap-2">
          <IntentLink href={href} className={buttonClasses({ variant: "secondary", size: "sm" })}>
            Open proposal
          </IntentLink>
        </div>
      </div>
    </li>
  );
}
