import { MAIL_KIND_LABELS, MAIL_KINDS, type MailKind, type MailStatus } from "@/lib/mail/shapes";
import { StatusBadge, type Tone } from "../../ui/status-badge";

// A mail's state and kind in words, the same in the outbox's list and on a mail's page.

const STATUS: Record<MailStatus, { tone: Tone; label: string }> = {
  kept: { tone: "neutral", label: "Kept" },
  sending: { tone: "warning", label: "Sending" },
  sent: { tone: "ok", label: "Sent" },
  failed: { tone: "error", label: "Failed" },
};

export function MailStatusBadge({ status }: { status: MailStatus }) {
  const s = STATUS[status];
  return (
    <StatusBadge tone={s.tone} pulse={status === "sending"}>
      {s.label}
    </StatusBadge>
  );
}

/** The kind's name; a kind this page does not know yet (a later feature's) as it is stored. */
export const kindLabel = (kind: string) => ((MAIL_KINDS as readonly string[]).includes(kind) ? MAIL_KIND_LABELS[kind as MailKind] : kind);
