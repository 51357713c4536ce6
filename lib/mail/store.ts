import "server-only";
import { count, desc, eq, type SQL } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { mailOutbox, users, type MailOutboxRow } from "@/lib/db/schema";
import { OUTBOX_PAGE_SIZE, type MailKind, type MailStatus, type OutboxItem, type OutboxMail } from "./shapes";

// The outbox table (lib/db/schema.ts mailOutbox): every mail the desk sent or kept, on PGlite or
// PostgreSQL. Written by sendMail (lib/mail/send.ts), read by the admin's outbox.

export type NewMail = typeof mailOutbox.$inferInsert;

export async function insertMail(db: Db, mail: NewMail): Promise<string> {
  const [row] = await db.insert(mailOutbox).values(mail).returning({ id: mailOutbox.id });
  return row!.id;
}

/** Records how sending ended: sent (with the Message-ID it went out with) or failed (with the reason). */
export async function settleMail(db: Db, id: string, outcome: { status: Extract<MailStatus, "sent" | "failed">; error?: string | null; messageId?: string | null }): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ status: outcome.status, error: outcome.error ?? null, ...(outcome.messageId ? { messageId: outcome.messageId } : {}), settledAt: new Date() })
    .where(eq(mailOutbox.id, id));
}

const summary = {
  id: mailOutbox.id,
  kind: mailOutbox.kind,
  status: mailOutbox.status,
  to: mailOutbox.toAddresses,
  subject: mailOutbox.subject,
  reference: mailOutbox.reference,
  createdAt: mailOutbox.createdAt,
  settledAt: mailOutbox.settledAt,
  sentBy: users.name,
  error: mailOutbox.error,
};

type SummaryRow = Pick<MailOutboxRow, "id" | "kind" | "status" | "subject" | "reference" | "createdAt" | "settledAt" | "error"> & {
  to: MailOutboxRow["toAddresses"];
  sentBy: string | null;
};

/** A mail still `sending` after this long never heard back: the process stopped while the server had it. */
export const SENDING_GIVEN_UP_MS = 10 * 60_000;
export const SENDING_GIVEN_UP =
  "The desk stopped before the mail server answered, so it is not known whether this mail went out. Send it again if it matters.";

function toItem(row: SummaryRow): OutboxItem {
  const lost = row.status === "sending" && Date.now() - row.createdAt.getTime() > SENDING_GIVEN_UP_MS;
  if (lost) return toItem({ ...row, status: "failed", error: SENDING_GIVEN_UP });
  return {
    id: row.id,
    kind: row.kind,
    status: row.status as MailStatus,
    to: row.to,
    subject: row.subject,
    reference: row.reference,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.status === "sent" ? (row.settledAt?.toISOString() ?? null) : null,
    sentBy: row.sentBy,
    error: row.error,
  };
}

/** One page of the outbox, newest first, of one kind or all. */
export async function listOutbox(db: Db, filters: { kind: MailKind | null; page: number; pageSize?: number }): Promise<{ items: OutboxItem[]; total: number }> {
  const pageSize = filters.pageSize ?? OUTBOX_PAGE_SIZE;
  const where: SQL | undefined = filters.kind ? eq(mailOutbox.kind, filters.kind) : undefined;
  const [rows, [totals]] = await Promise.all([
    db
      .select(summary)
      .from(mailOutbox)
      .leftJoin(users, eq(users.id, mailOutbox.sentBy))
      .where(where)
      .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
      .limit(pageSize)
      .offset((filters.page - 1) * pageSize),
    db.select({ n: count() }).from(mailOutbox).where(where),
  ]);
  return { items: rows.map(toItem), total: totals?.n ?? 0 };
}

/** One mail with its headers and bodies, or null. */
export async function readOutboxMail(db: Db, id: string): Promise<OutboxMail | null> {
  const [row] = await db
    .select({ mail: mailOutbox, sentBy: users.name })
    .from(mailOutbox)
    .leftJoin(users, eq(users.id, mailOutbox.sentBy))
    .where(eq(mailOutbox.id, id));
  if (!row) return null;
  const m = row.mail;
  return {
    ...toItem({ ...m, to: m.toAddresses, sentBy: row.sentBy }),
    transport: m.transport as OutboxMail["transport"],
    from: { ...(m.fromName ? { name: m.fromName } : {}), address: m.fromAddress },
    cc: m.ccAddresses,
    replyTo: m.replyTo,
    text: m.textBody,
    html: m.htmlBody,
    attachments: m.attachments,
    messageId: m.messageId,
  };
}
