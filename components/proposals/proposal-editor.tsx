"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { ArrowLeft, Check, Copy, MessageSquareQuote, Send, Users } from "lucide-react";
import Link from "next/link";
import { useState } from "react";
import { useTimeZone } from "@/components/layout/time-zone";
import { Button } from "@/components/ui/button";
import { Callout } from "@/components/ui/callout";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Dialog, DialogActions } from "@/components/ui/dialog";
import { Field, inputClasses } from "@/components/ui/field";
import { Skeleton } from "@/components/ui/skeleton";
import { ApiError, fieldErrors } from "@/lib/api-client";
import { formatDay, formatInstant } from "@/lib/format/dates";
import type { Client, Proposal } from "@/lib/proposals/model";
import { getProposal, proposalKey, shareProposal, updateProposal, withdrawProposal, type ShareAnswer } from "./api";
import { BookChoiceItem } from "./book-choice";
import { ClientPicker } from "./client-picker";
import { totalText, viewsText } from "./format";
import { ItemsEditor } from "./items-editor";
import { ProposalStateBadge } from "./state-badge";

const EDITABLE = new Set(["draft", "sent", "viewed"]);
const SHAREABLE = new Set(["draft", "sent", "viewed", "expired"]);

/** /proposals/[id]: the client, the words, the items, the link and what the client did with it. */
export function ProposalEditor({ id }: { id: string }) {
  const query = useQuery({ queryKey: proposalKey(id), queryFn: ({ signal }) => getProposal(id, signal) });
  if (query.isPending) return <EditorSkeleton />;
  if (query.isError) {
    const notFound = query.error instanceof ApiError && (query.error.status === 404 || query.error.code === "proposal_not_found");
    return (
      <div className="space-y-4">
        <BackLink />
        <Callout title={notFound ? "This proposal does not exist" : "The proposal could not be loaded"} className="max-w-2xl">
          <p>{notFound ? "It may belong to another advisor, or the link is wrong." : query.error.message}</p>
          {notFound ? null : (
            <Button size="sm" variant="secondary" className="mt-3" onClick={() => void query.refetch()}>
              Try again
            </Button>
          )}
        </Callout>
      </div>
    );
  }
  return <Editor proposal={query.data} />;
}

function BackLink() {
  return (
    <Link href="/proposals" className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
      <ArrowLeft aria-hidden className="size-4" />
      All proposals
    </Link>
  );
}

function Editor({ proposal }: { proposal: Proposal }) {
  const editable = EDITABLE.has(proposal.state);
  return (
    <div className="space-y-6">
      <div>
        <BackLink />
        <div className="mt-3 flex flex-wrap items-start justify-between gap-4">
          <div className="min-w-0">
            <p className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
              <span className="font-mono">{proposal.reference}</span>
              <ProposalStateBadge state={proposal.state} />
            </p>
            <h1 className="mt-1 text-2xl font-semibold tracking-tight text-ink sm:text-[1.75rem]">{proposal.title}</h1>
            <p className="mt-1 text-sm text-slate-600">
              For{" "}
              <Link href={`/clients/${encodeURIComponent(proposal.client.id)}`} className="font-medium text-brand-700 hover:underline">
                {proposal.client.name}
              </Link>{" "}
              · by {proposal.advisor.name} · valid until {formatDay(proposal.validUntil)}
            </p>
          </div>
          <p className="text-right">
            <span className="block text-xs text-slate-500">Client total</span>
            <span className="text-xl font-semibold text-ink tabular-nums">{totalText(proposal.total)}</span>
          </p>
        </div>
      </div>

      {proposal.choice ? <ChoiceCard proposal={proposal} /> : null}

      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="space-y-6">
          <Card aria-labelledby="items-title">
            <CardHeader titleId="items-title" title="Items" description="Alternatives are offered side by side; parts make up the trip." />
            <CardBody>
              <ItemsEditor proposal={proposal} editable={editable} />
            </CardBody>
          </Card>
          <DetailsCard proposal={proposal} editable={editable} />
        </div>
        <div className="space-y-6">
          <ShareCard proposal={proposal} />
          <ClientCard proposal={proposal} editable={editable} />
        </div>
      </div>
    </div>
  );
}

function useSetProposal() {
  const queryClient = useQueryClient();
  return (p: Proposal) => {
    queryClient.setQueryData(proposalKey(p.id), p);
    void queryClient.invalidateQueries({ queryKey: ["proposals"] });
  };
}

/* ------------------------------------------------------------------------------ the client's answer */

function ChoiceCard({ proposal }: { proposal: Proposal }) {
  const zone = useTimeZone();
  const choice = proposal.choice!;
  const chosen = proposal.items.filter((i) => choice.itemIds.includes(i.id));
  const booked = chosen.filter((i) => proposal.bookings.some((b) => b.itemId === i.id)).length;
  return (
    <Card aria-labelledby="choice-title" className="border-amber-200 bg-amber-50/40">
      <CardHeader
        titleId="choice-title"
        icon={<MessageSquareQuote aria-hidden className="size-4" />}
        title={`The client chose ${chosen.length === 1 ? chosen[0]!.snapshot.title : `${chosen.length} options`}`}
        description={`On ${formatInstant(choice.at, zone)}${chosen.length > 1 ? ` · ${booked} of ${chosen.length} booked` : ""}`}
      />
      <CardBody className="space-y-3">
        <ul className="space-y-2">
          {chosen.map((item) => (
            <BookChoiceItem key={item.id} proposal={proposal} item={item} />
          ))}
        </ul>
        {choice.message ? (
          <blockquote className="rounded-lg border-l-4 border-amber-300 bg-white px-4 py-2 text-sm whitespace-pre-line text-slate-800">{choice.message}</blockquote>
        ) : (
          <p className="text-sm text-slate-500">No message.</p>
        )}
        <p className="text-[0.8125rem] text-slate-600">
          {booked === chosen.length
            ? "Everything the client chose is booked."
            : "Find and book searches again for the same offer (quotes last 20 minutes), then opens checkout with the client as lead traveller and the proposed and current prices side by side."}
        </p>
      </CardBody>
    </Card>
  );
}

/* ------------------------------------------------------------------------------ sharing */

const MAIL_WORDS: Record<"sent" | "kept" | "failed", string> = {
  sent: "The link was emailed to the client.",
  kept: "The mail was kept in the desk's outbox (no mail server is set up); an admin can read it there. Copy the link to send it yourself.",
  failed: "The mail could not be sent. Copy the link and send it yourself.",
};

function ShareCard({ proposal }: { proposal: Proposal }) {
  const zone = useTimeZone();
  const setProposal = useSetProposal();
  const [send, setSend] = useState(true);
  const [pending, setPending] = useState(false);
  const [answer, setAnswer] = useState<ShareAnswer | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const [confirm, setConfirm] = useState(false);
  const [withdrawing, setWithdrawing] = useState(false);
  const [now] = useState(() => Date.now());

  const share = async () => {
    setPending(true);
    setProblem(null);
    setCopied(false);
    try {
      const a = await shareProposal(proposal.id, send);
      setAnswer(a);
      setProposal(a.proposal);
    } catch (e) {
      setProblem(e instanceof Error ? e.message : "The proposal could not be shared.");
    } finally {
      setPending(false);
    }
  };
  const copy = async () => {
    if (!answer) return;
    try {
      await navigator.clipboard.writeText(answer.url);
      setCopied(true);
    } catch {
      setProblem("The browser did not let the desk copy: select the link and copy it.");
    }
  };
  const withdraw = async () => {
    setWithdrawing(true);
    try {
      setProposal(await withdrawProposal(proposal.id));
      setAnswer(null);
      setConfirm(false);
    } catch (e) {
      setProblem(e instanceof Error ? e.message : "The proposal could not be withdrawn.");
      setConfirm(false);
    } finally {
      setWithdrawing(false);
    }
  };

  const shared = proposal.shared && !proposal.shared.revoked ? proposal.shared : null;
  const canShare = SHAREABLE.has(proposal.state) && proposal.items.length > 0;
  const canWithdraw = !!shared && !["withdrawn", "booked"].includes(proposal.state);
  return (
    <Card aria-labelledby="share-title">
      <CardHeader titleId="share-title" icon={<Send aria-hidden className="size-4" />} title="Share with the client" />
      <CardBody className="space-y-4 text-sm">
        <div className="space-y-1 text-slate-700">
          {shared ? (
            <p>
              Shared on {formatInstant(shared.at, zone)}; the link works until {formatDay(proposal.validUntil)}.
            </p>
          ) : proposal.state === "withdrawn" ? (
            <p>Withdrawn: the client&apos;s link answers that the proposal is no longer available.</p>
          ) : (
            <p>Not shared yet.</p>
          )}
          <p data-testid="proposal-views">{viewsText(proposal.views, now, zone)}</p>
        </div>

        {answer ? (
          <div className="space-y-2 rounded-lg border border-brand-200 bg-brand-50/50 p-3">
            <label htmlFor="share-link" className="text-[0.8125rem] font-medium text-slate-800">
              The client&apos;s link
            </label>
            <div className="flex gap-2">
              <input id="share-link" readOnly value={answer.url} onFocus={(e) => e.currentTarget.select()} className={inputClasses(false) + " h-9 font-mono text-xs"} />
              <Button size="sm" variant="secondary" className="h-9" onClick={() => void copy()}>
                {copied ? <Check aria-hidden className="size-4" /> : <Copy aria-hidden className="size-4" />}
                {copied ? "Copied" : "Copy"}
              </Button>
            </div>
            <p role="status" className="text-[0.8125rem] text-slate-700">
              {answer.mail ? MAIL_WORDS[answer.mail.status] : "Not emailed: copy the link to send it yourself."}
            </p>
          </div>
        ) : null}

        {problem ? (
          <p role="alert" className="text-[0.8125rem] text-rose-700">
            {problem}
          </p>
        ) : null}

        {canShare ? (
          <div className="space-y-3">
            <label className="flex items-start gap-2 text-slate-700">
              <input type="checkbox" checked={send} onChange={(e) => setSend(e.target.checked)} className="mt-0.5 size-4 rounded border-slate-300 accent-brand-600" />
              <span>Email the link to {proposal.client.email || "the client"}</span>
            </label>
            <Button pending={pending} onClick={() => void share()}>
              {shared ? "Share again" : "Share"}
            </Button>
            {shared ? <p className="text-xs text-slate-500">Sharing again makes a new link; the previous one stops working.</p> : null}
          </div>
        ) : proposal.items.length === 0 ? (
          <p className="text-slate-500">Add an item before sharing.</p>
        ) : null}

        {canWithdraw ? (
          <Button variant="danger" size="sm" onClick={() => setConfirm(true)}>
            Withdraw
          </Button>
        ) : null}
        <Dialog open={confirm} onOpenChange={setConfirm} title="Withdraw this proposal?" busy={withdrawing}>
          <p className="text-sm text-slate-700">The client&apos;s link stops working at once and says the proposal is no longer available.</p>
          <DialogActions>
            <Button variant="secondary" onClick={() => setConfirm(false)} disabled={withdrawing}>
              Keep it
            </Button>
            <Button variant="destructive" pending={withdrawing} onClick={() => void withdraw()}>
              Withdraw
            </Button>
          </DialogActions>
        </Dialog>
      </CardBody>
    </Card>
  );
}

/* ------------------------------------------------------------------------------ client and words */

function ClientCard({ proposal, editable }: { proposal: Proposal; editable: boolean }) {
  const setProposal = useSetProposal();
  const [changing, setChanging] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const choose = async (c: Client) => {
    setProblem(null);
    try {
      setProposal(await updateProposal(proposal.id, { clientId: c.id }));
      setChanging(false);
    } catch (e) {
      setProblem(e instanceof Error ? e.message : "The client could not be changed.");
    }
  };
  const c = proposal.client;
  return (
    <Card aria-labelledby="client-title">
      <CardHeader
        titleId="client-title"
        icon={<Users aria-hidden className="size-4" />}
        title="Client"
        action={
          editable && !changing ? (
            <Button size="sm" variant="secondary" onClick={() => setChanging(true)}>
              Change
            </Button>
          ) : null
        }
      />
      <CardBody className="space-y-3 text-sm">
        <div>
          <p>
            <Link href={`/clients/${encodeURIComponent(c.id)}`} className="font-medium text-brand-700 hover:underline">
              {c.name}
            </Link>
          </p>
          <p className="text-slate-600">{c.email}</p>
          {c.phone ? <p className="text-slate-600">{c.phone}</p> : null}
        </div>
        {changing ? (
          <>
            <ClientPicker selected={null} onSelect={(x) => void choose(x)} />
            <Button size="sm" variant="ghost" onClick={() => setChanging(false)}>
              Keep {c.name}
            </Button>
          </>
        ) : null}
        {problem ? (
          <p role="alert" className="text-[0.8125rem] text-rose-700">
            {problem}
          </p>
        ) : null}
      </CardBody>
    </Card>
  );
}

const DETAIL_FIELDS = ["title", "note", "validUntil"] as const;
type DetailField = (typeof DETAIL_FIELDS)[number];

function DetailsCard({ proposal, editable }: { proposal: Proposal; editable: boolean }) {
  const setProposal = useSetProposal();
  const [values, setValues] = useState<Record<DetailField, string>>({ title: proposal.title, note: proposal.note, validUntil: proposal.validUntil });
  const [errors, setErrors] = useState<Partial<Record<DetailField, string>>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [pending, setPending] = useState(false);
  const changed = DETAIL_FIELDS.some((f) => values[f] !== proposal[f]);
  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    setPending(true);
    setErrors({});
    setProblem(null);
    setSaved(false);
    try {
      const body = Object.fromEntries(DETAIL_FIELDS.filter((f) => values[f] !== proposal[f]).map((f) => [f, values[f]]));
      setProposal(await updateProposal(proposal.id, body));
      setSaved(true);
    } catch (err) {
      const found = err instanceof ApiError ? fieldErrors(err.details, DETAIL_FIELDS) : { errors: {}, first: null };
      setErrors(found.errors);
      if (found.first) document.querySelector<HTMLElement>(`[data-field="${found.first}"]`)?.focus();
      else setProblem(err instanceof Error ? err.message : "The changes could not be saved.");
    } finally {
      setPending(false);
    }
  };
  const set = (f: DetailField) => (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => (setValues((v) => ({ ...v, [f]: e.target.value })), setSaved(false));
  return (
    <Card aria-labelledby="details-title">
      <CardHeader titleId="details-title" title="Title, note and validity" description="What the client reads above the options." />
      <CardBody>
        <form onSubmit={(e) => void save(e)} className="space-y-4">
          <Field label="Title" error={errors.title} required>
            {(control) => <input {...control} data-field="title" value={values.title} onChange={set("title")} disabled={!editable} className={inputClasses(!!errors.title)} />}
          </Field>
          <Field label="Note to the client" hint="Optional: a few words from you, shown under the title." error={errors.note}>
            {(control) => (
              <textarea
                {...control}
                data-field="note"
                rows={4}
                value={values.note}
                onChange={set("note")}
                disabled={!editable}
                className={inputClasses(!!errors.note) + " h-auto py-2"}
              />
            )}
          </Field>
          <Field label="Valid until" hint="The last day the client's link works." error={errors.validUntil} required>
            {(control) => (
              <input {...control} data-field="validUntil" type="date" value={values.validUntil} onChange={set("validUntil")} disabled={!editable} className={inputClasses(!!errors.validUntil)} />
            )}
          </Field>
          {problem ? (
            <p role="alert" className="text-[0.8125rem] text-rose-700">
              {problem}
            </p>
          ) : null}
          {editable ? (
            <div className="flex items-center gap-3">
              <Button type="submit" pending={pending} disabled={!changed}>
                Save
              </Button>
              <p role="status" className="text-sm text-emerald-700">
                {saved ? "Saved." : ""}
              </p>
            </div>
          ) : null}
        </form>
      </CardBody>
    </Card>
  );
}

function EditorSkeleton() {
  return (
    <div className="space-y-6" aria-busy>
      <p className="sr-only" role="status">
        Loading the proposal…
      </p>
      <Skeleton className="h-4 w-28" />
      <Skeleton className="h-8 w-72 max-w-full" />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <Skeleton className="h-72 w-full rounded-xl" />
        <Skeleton className="h-56 w-full rounded-xl" />
      </div>
    </div>
  );
}
