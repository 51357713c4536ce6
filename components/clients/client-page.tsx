"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { ArrowLeft, ClipboardList, FileText, Mail, Pencil, Phone, Plus, UserRound } from "lucide-react";
import Link from "next/link";
import { useState } from "react";
import { BookingStateBadge } from "@/components/bookings/booking-state";
import { useTimeZone } from "@/components/layout/time-zone";
import { trayStore } from "@/components/proposals/draft-store";
import { datesText, money, totalText } from "@/components/proposals/format";
import { ProposalStateBadge } from "@/components/proposals/state-badge";
import { productTypeMeta } from "@/components/status/product-types";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { IntentLink } from "@/components/ui/intent-link";
import { StatusBadge } from "@/components/ui/status-badge";
import { ago, formatInstant } from "@/lib/format/dates";
import type { ClientBooking, ClientDetails, ClientOverview, ClientProposal } from "@/lib/proposals/model";
import { clientKey, clientListKey, getClient } from "./api";
import { ContactForm } from "./contact-form";

/**
 * /clients/[id]: the client's contact card (editable), their proposals and the bookings made from
 * them, as the advisor may see them (their own; an admin's: everyone's). The page's server part
 * read the first answer (`initial`, at `readAt`): relative times are counted from then, so the
 * server's HTML and the browser's first render say the same.
 */
export function ClientPage({ initial, readAt }: { initial: ClientOverview; readAt: number }) {
  const id = initial.client.id;
  const query = useQuery({
    queryKey: clientKey(id),
    queryFn: ({ signal }) => getClient(id, signal),
    initialData: initial,
    initialDataUpdatedAt: readAt,
    staleTime: 30_000,
  });
  const o = query.data;
  const [now] = useState(readAt);
  const c = o.client;
  return (
    <div className="space-y-6">
      <div>
        <Link href="/clients" className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
          <ArrowLeft aria-hidden className="size-4" />
          All clients
        </Link>
        <div className="mt-3 flex flex-wrap items-start justify-between gap-4">
          <div className="min-w-0">
            <p className="text-sm font-medium text-brand-700">Client</p>
            <h1 className="mt-1 text-2xl font-semibold tracking-tight break-words text-ink sm:text-[1.75rem]">{c.name}</h1>
            <p className="mt-1 text-sm text-slate-600">
              {o.proposals.length === 1 ? "1 proposal" : `${o.proposals.length} proposals`} and{" "}
              {o.bookings.length === 1 ? "1 booking" : `${o.bookings.length} bookings`}
              {o.scope === "own" ? " of yours" : " at the agency"}
            </p>
          </div>
          <Button onClick={() => trayStore.startFor({ id: c.id, name: c.name, email: c.email, phone: c.phone, createdAt: c.createdAt })}>
            <Plus aria-hidden className="size-4" />
            New proposal for this client
          </Button>
        </div>
      </div>

      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="space-y-6">
          <ProposalsCard client={c} proposals={o.proposals} scope={o.scope} now={now} />
          <BookingsCard client={c} bookings={o.bookings} scope={o.scope} now={now} />
        </div>
        <ContactCard client={c} now={now} />
      </div>
    </div>
  );
}

/** "3 days ago", its exact instant on hover and for assistive technology's own reading of the element. */
function Ago({ at, now }: { at: string; now: number }) {
  const zone = useTimeZone();
  return (
    <time dateTime={at} title={formatInstant(at, zone)}>
      {ago(Date.parse(at), now, zone)}
    </time>
  );
}

/* ------------------------------------------------------------------------------ contact */

function ContactCard({ client: c, now }: { client: ClientDetails; now: number }) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  const onSaved = (o: ClientOverview) => {
    queryClient.setQueryData(clientKey(o.client.id), o);
    // Where the client's name, email or phone show: the list, the picker, proposals.
    void queryClient.invalidateQueries({ queryKey: clientListKey });
    void queryClient.invalidateQueries({ queryKey: ["clients"] });
    void queryClient.invalidateQueries({ queryKey: ["proposals"] });
    void queryClient.invalidateQueries({ queryKey: ["proposal"] });
    setEditing(false);
    setSaved(true);
  };
  const changed = c.updatedAt !== c.createdAt;
  return (
    <Card aria-labelledby="contact-title">
      <CardHeader
        titleId="contact-title"
        icon={<UserRound aria-hidden className="size-4" />}
        title="Contact"
        action={
          editing ? null : (
            <Button size="sm" variant="secondary" onClick={() => (setEditing(true), setSaved(false))} aria-label="Edit the contact details">
              <Pencil aria-hidden className="size-3.5" />
              Edit
            </Button>
          )
        }
      />
      <CardBody className="space-y-4 text-sm">
        {editing ? (
          <ContactForm client={c} onSaved={onSaved} onCancel={() => setEditing(false)} />
        ) : (
          <dl className="space-y-3">
            <div>
              <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">Name</dt>
              <dd className="mt-0.5 font-medium break-words text-ink">{c.name}</dd>
            </div>
            <div>
              <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">Email</dt>
              <dd className="mt-0.5">
                <a href={`mailto:${c.email}`} className="inline-flex items-center gap-1.5 break-all text-brand-700 hover:underline">
                  <Mail aria-hidden className="size-3.5 shrink-0" />
                  {c.email}
                </a>
              </dd>
            </div>
            <div>
              <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">Phone</dt>
              <dd className="mt-0.5" data-testid="client-phone">
                {c.phone ? (
                  <a href={`tel:${c.phone.replace(/[^\d+]/g, "")}`} className="inline-flex items-center gap-1.5 text-brand-700 hover:underline">
                    <Phone aria-hidden className="size-3.5 shrink-0" />
                    {c.phone}
                  </a>
                ) : (
                  <span className="text-slate-500">No phone number</span>
                )}
              </dd>
            </div>
          </dl>
        )}
        <p role="status" className="text-[0.8125rem] text-emerald-700">
          {saved ? "The contact details are saved." : ""}
        </p>
        <div className="space-y-0.5 border-t border-slate-100 pt-3 text-[0.8125rem] text-slate-500">
          <p>
            Added {c.createdBy ? `by ${c.createdBy.name} ` : ""}
            <Ago at={c.createdAt} now={now} />
          </p>
          {changed ? (
            <p>
              Details changed <Ago at={c.updatedAt} now={now} />
            </p>
          ) : null}
        </div>
      </CardBody>
    </Card>
  );
}

/* ------------------------------------------------------------------------------ proposals */

const yoursOnly = (scope: ClientOverview["scope"]) => (scope === "own" ? "Yours only: an admin sees every advisor's." : "Every advisor's.");

function ProposalsCard({ client, proposals, scope, now }: { client: ClientDetails; proposals: ClientProposal[]; scope: ClientOverview["scope"]; now: number }) {
  return (
    <Card aria-labelledby="client-proposals-title">
      <CardHeader titleId="client-proposals-title" icon={<FileText aria-hidden className="size-4" />} title="Proposals" description={`The latest changed first. ${yoursOnly(scope)}`} />
      {proposals.length === 0 ? (
        <CardBody className="text-sm text-slate-600">
          <p>No proposal for {client.name} yet. “New proposal for this client” starts one; offers are added to it from the search.</p>
        </CardBody>
      ) : (
        <ul className="divide-y divide-slate-100" aria-label={`Proposals for ${client.name}`}>
          {proposals.map((p) => (
            <li key={p.id} className="relative flex flex-wrap items-start justify-between gap-x-4 gap-y-1 px-5 py-3 hover:bg-slate-50 focus-within:bg-brand-50/40 sm:px-6">
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2">
                  <IntentLink
                    href={`/proposals/${p.id}`}
                    className="font-medium break-words text-brand-700 after:absolute after:inset-0 hover:underline focus:outline-none focus-visible:underline"
                  >
                    {p.title}
                  </IntentLink>
                  <ProposalStateBadge state={p.state} />
                </p>
                <p className="mt-0.5 text-xs text-slate-500">
                  <span className="font-mono">{p.reference}</span>
                  {" · "}
                  {p.sentAt ? (
                    <>
                      sent <Ago at={p.sentAt} now={now} />
                    </>
                  ) : (
                    "not shared yet"
                  )}
                  {" · changed "}
                  <Ago at={p.updatedAt} now={now} />
                  {scope === "all" ? ` · by ${p.advisor.name}` : ""}
                </p>
              </div>
              <p className="text-right">
                <span className="block text-xs text-slate-500">Client total</span>
                <span className="font-semibold whitespace-nowrap text-ink tabular-nums">{totalText(p.total)}</span>
              </p>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/* ------------------------------------------------------------------------------ bookings */

function BookingsCard({ client, bookings, scope, now }: { client: ClientDetails; bookings: ClientBooking[]; scope: ClientOverview["scope"]; now: number }) {
  return (
    <Card aria-labelledby="client-bookings-title">
      <CardHeader
        titleId="client-bookings-title"
        icon={<ClipboardList aria-hidden className="size-4" />}
        title="Bookings"
        description={`Booked from ${client.name}'s proposals, the latest first. ${yoursOnly(scope)}`}
      />
      {bookings.length === 0 ? (
        <CardBody className="text-sm text-slate-600">
          <p>Nothing booked from {client.name}&apos;s proposals yet. A choice booked from a proposal shows here with its reference and price.</p>
        </CardBody>
      ) : (
        <ul className="divide-y divide-slate-100" aria-label={`Bookings for ${client.name}`}>
          {bookings.map((b) => (
            <li key={b.bookingId} className="relative flex flex-wrap items-start justify-between gap-x-4 gap-y-1 px-5 py-3 hover:bg-slate-50 focus-within:bg-brand-50/40 sm:px-6">
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2">
                  <IntentLink
                    href={`/bookings/${encodeURIComponent(b.bookingId)}`}
                    className="font-mono font-medium text-brand-700 after:absolute after:inset-0 hover:underline focus:outline-none focus-visible:underline"
                  >
                    {b.orderRef || b.bookingId}
                  </IntentLink>
                  {b.state ? <BookingStateBadge state={b.state} /> : <StatusBadge tone="neutral">Not checked yet</StatusBadge>}
                </p>
                <p className="mt-0.5 text-ink">
                  <span className="text-slate-500">{productTypeMeta(b.product.type).singular}: </span>
                  {b.product.title}
                  {b.product.subtitle ? <span className="text-slate-500"> · {b.product.subtitle}</span> : null}
                </p>
                <p className="mt-0.5 text-xs text-slate-500">
                  {datesText(b.startsOn, b.endsOn)} · from <span className="font-mono">{b.proposal.reference}</span> · booked <Ago at={b.bookedAt} now={now} />
                </p>
              </div>
              <p className="text-right">
                <span className="block text-xs text-slate-500">Client price</span>
                <span className="font-semibold whitespace-nowrap text-ink tabular-nums">{money(b.clientPrice)}</span>
              </p>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
