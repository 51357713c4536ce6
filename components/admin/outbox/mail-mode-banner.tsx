import { Inbox, Send } from "lucide-react";
import Link from "next/link";
import type { MailMode } from "@/lib/mail/shapes";
import { cn } from "../../ui/cn";

/** Whether the desk really sends mail (SMTP_URL set) or keeps it here, said plainly at the top of the outbox. */
export function MailModeBanner({ mode }: { mode: MailMode }) {
  const sending = mode.transport === "smtp";
  const from = mode.fromName ? `${mode.fromName} <${mode.fromAddress}>` : mode.fromAddress;
  const Icon = sending ? Send : Inbox;
  return (
    <section
      aria-label="How the desk sends mail"
      data-testid="mail-mode"
      className={cn("flex gap-3 rounded-xl border px-4 py-3.5 text-sm sm:px-5", sending ? "border-emerald-200 bg-emerald-50/70 text-emerald-950" : "border-amber-200 bg-amber-50 text-amber-950")}
    >
      <Icon className={cn("mt-0.5 size-5 shrink-0", sending ? "text-emerald-600" : "text-amber-600")} aria-hidden />
      <div className="min-w-0 space-y-1">
        <h2 className="font-semibold">{sending ? `Mail is sent through ${mode.server ?? "the mail server in SMTP_URL"}` : "Mail is kept here, not sent"}</h2>
        <p className="leading-relaxed opacity-90">
          {sending ? (
            <>
              From <span className="font-medium break-all">{from}</span>. Each mail&apos;s status says whether the server accepted it.
            </>
          ) : (
            <>
              No mail server is set (<code className="font-mono text-[0.8125rem]">SMTP_URL</code>), so the desk sends nothing: each mail is kept in this outbox,
              from <span className="font-medium break-all">{from}</span>, for you to read. Set <code className="font-mono text-[0.8125rem]">SMTP_URL</code> to send them.
            </>
          )}
        </p>
        {mode.fromName ? null : (
          <p className="leading-relaxed opacity-90">
            The agency has no name yet, so mail goes out from the address alone.{" "}
            <Link href="/admin/agency" className="font-medium underline underline-offset-2">
              Set the agency&apos;s name
            </Link>
            .
          </p>
        )}
      </div>
    </section>
  );
}
