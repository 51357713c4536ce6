"use client";

import { useQuery } from "@tanstack/react-query";
import { ArrowLeft, Paperclip } from "lucide-react";
import { useState } from "react";
import { useTimeZone } from "@/components/layout/time-zone";
import { apiGet, ApiError } from "@/lib/api-client";
import { formatInstant } from "@/lib/format/dates";
import { formatAddress, outboxMailSchema, outboxSearch, type OutboxFilters, type OutboxMail } from "@/lib/mail/shapes";
import { Button } from "../../ui/button";
import { Callout } from "../../ui/callout";
import { Card, CardHeader } from "../../ui/card";
import { IntentLink } from "../../ui/intent-link";
import { Skeleton } from "../../ui/skeleton";
import { Tabs } from "../../ui/tabs";
import { kindLabel, MailStatusBadge } from "./mail-status";

// /admin/outbox/:mailId: one mail as it went out (or was kept): its headers, its text, and its
// HTML drawn in a sandboxed frame. The HTML comes from the desk's own templates, but it carries
// names and notes others typed, so it is treated as a stranger's page: no script, no form, no
// navigation, no plugin, nothing of the desk's origin (an iframe with an empty `sandbox`), and a
// policy of its own that lets it load images and inline styles only.

/**
 * The policy put at the top of the mail's HTML, on top of the page's own (which a srcdoc frame
 * inherits). `<base target>` keeps a click on a link from replacing the frame with another site:
 * the sandbox gives links nowhere else to go.
 */
export const MAIL_FRAME_HEAD =
  `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data: https:; style-src 'unsafe-inline'; font-src data:">` +
  `<base target="_blank">`;

export function OutboxMailView({ mailId, filters }: { mailId: string; filters: OutboxFilters }) {
  const q = useQuery({
    queryKey: ["outbox-mail", mailId],
    queryFn: ({ signal }) => apiGet(`/api/admin/outbox/${encodeURIComponent(mailId)}`, outboxMailSchema, { signal }),
    // A mail being sent settles within seconds.
    refetchInterval: (query) => (query.state.data?.status === "sending" ? 3_000 : false),
  });
  const back = `/admin/outbox${outboxSearch(filters)}`;
  return (
    <div className="space-y-6">
      <IntentLink href={back} className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 hover:text-brand-800">
        <ArrowLeft className="size-4" aria-hidden />
        Outbox
      </IntentLink>
      {q.isPending ? (
        <MailSkeleton />
      ) : q.isError ? (
        <div className="space-y-3">
          <p className="text-sm font-medium text-brand-700">Administration</p>
          <h1 className="text-2xl font-semibold tracking-tight text-ink">{q.error instanceof ApiError && q.error.status === 404 ? "No such mail" : "This mail could not be loaded"}</h1>
          <Callout title={q.error instanceof ApiError && q.error.status === 404 ? "The outbox has no such mail" : "The mail could not be loaded"}>
            <p>{q.error instanceof ApiError ? q.error.message : "Try again in a moment."}</p>
            {q.error instanceof ApiError && q.error.status === 404 ? null : (
              <Button size="sm" className="mt-3" onClick={() => void q.refetch()}>
                Try again
              </Button>
            )}
          </Callout>
        </div>
      ) : (
        <Mail mail={q.data} />
      )}
    </div>
  );
}

function Mail({ mail }: { mail: OutboxMail }) {
  const timeZone = useTimeZone();
  return (
    <>
      <div>
        <p className="text-sm font-medium text-brand-700">{kindLabel(mail.kind)} mail</p>
        <h1 className="mt-1 text-2xl font-semibold tracking-tight break-words text-ink sm:text-[1.75rem]">{mail.subject}</h1>
        <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
          <MailStatusBadge status={mail.status} />
          <span>{statusSentence(mail, timeZone)}</span>
        </div>
      </div>
      {mail.status === "failed" && mail.error ? <Callout title="This mail was not sent">{mail.error}</Callout> : null}

      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:items-start">
        <Card aria-labelledby="mail-headers">
          <CardHeader title="Headers" titleId="mail-headers" description={mail.transport === "smtp" ? "As the mail server was given them" : "As they would have gone out"} />
          <dl className="divide-y divide-slate-100 px-5 text-sm sm:px-6">
            <Header label="From">{formatAddress(mail.from)}</Header>
            <Header label="To">{mail.to.map(formatAddress).join(", ")}</Header>
            {mail.cc.length > 0 ? <Header label="Cc">{mail.cc.map(formatAddress).join(", ")}</Header> : null}
            <Header label="Reply-To">{mail.replyTo ?? "—"}</Header>
            <Header label="Subject">{mail.subject}</Header>
            <Header label="Written">{formatInstant(mail.createdAt, timeZone)}</Header>
            {mail.reference ? <Header label="Reference">{mail.reference}</Header> : null}
            <Header label="Sent by">{mail.sentBy ?? "The desk"}</Header>
            {mail.messageId ? (
              <Header label="Message-ID">
                <span className="font-mono text-xs break-all">{mail.messageId}</span>
              </Header>
            ) : null}
            {mail.attachments.length > 0 ? (
              <Header label="Attachments">
                <ul className="space-y-1">
                  {mail.attachments.map((a, i) => (
                    <li key={i} className="flex items-start gap-1.5">
                      <Paperclip className="mt-0.5 size-3.5 shrink-0 text-slate-400" aria-hidden />
                      <span className="break-all">
                        {a.filename} <span className="text-slate-500">({a.contentType}, {formatSize(a.size)})</span>
                      </span>
                    </li>
                  ))}
                </ul>
              </Header>
            ) : null}
          </dl>
        </Card>
        <MailBody mail={mail} />
      </div>
    </>
  );
}

function Header({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-[6.5rem_minmax(0,1fr)] gap-3 py-2.5">
      <dt className="text-slate-500">{label}</dt>
      <dd className="min-w-0 break-words text-ink">{children}</dd>
    </div>
  );
}

type BodyTab = "html" | "text";

function MailBody({ mail }: { mail: OutboxMail }) {
  const [tab, setTab] = useState<BodyTab>(mail.html ? "html" : "text");
  const items = [...(mail.html ? [{ id: "html" as const, label: "HTML" }] : []), { id: "text" as const, label: "Text" }];
  return (
    <Card aria-label="The mail's body" className="overflow-hidden">
      <Tabs label="Version of the mail" items={items} selected={tab} onSelect={setTab} listClassName="flex px-3 sm:px-4">
        {tab === "html" && mail.html ? (
          <div className="bg-slate-50 p-2 sm:p-3">
            <iframe
              title={`The mail's HTML: ${mail.subject}`}
              sandbox=""
              referrerPolicy="no-referrer"
              srcDoc={MAIL_FRAME_HEAD + mail.html}
              className="h-[36rem] w-full rounded-lg border border-slate-200 bg-white"
            />
            <p className="mt-2 px-1 text-xs text-slate-500">Shown without scripts or forms; links in it do not open from here (the text version gives their addresses).</p>
          </div>
        ) : (
          <pre className="max-h-[40rem] overflow-auto px-5 py-4 font-sans text-sm leading-relaxed break-words whitespace-pre-wrap text-ink sm:px-6">{mail.text || "This mail has no text version."}</pre>
        )}
      </Tabs>
    </Card>
  );
}

function statusSentence(mail: OutboxMail, timeZone: string): string {
  switch (mail.status) {
    case "kept":
      return "Kept in the outbox: no mail server was set, so it was not sent.";
    case "sending":
      return "The mail server has not answered yet.";
    case "sent":
      return mail.sentAt ? `Accepted by the mail server on ${formatInstant(mail.sentAt, timeZone)}.` : "Accepted by the mail server.";
    case "failed":
      return "Not sent.";
  }
}

const formatSize = (bytes: number) => (bytes < 1024 ? `${bytes} bytes` : `${Math.ceil(bytes / 1024).toLocaleString("en-US")} KB`);

/** The page's parts as they will stand: kind, subject and state; then the headers beside the body. */
function MailSkeleton() {
  return (
    <div aria-hidden className="space-y-6">
      {["h-4 w-28", "h-8 w-2/3", "h-5 w-64"].map((c) => (
        <Skeleton key={c} className={c} />
      ))}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        {["h-72", "h-96"].map((h) => (
          <Skeleton key={h} className={`${h} rounded-xl`} />
        ))}
      </div>
    </div>
  );
}
