import * as z from "zod/mini";

// The desk's own mail as the outbox page sees it: the kinds and states of a mail, the query of
// the list (in the page's URL and in GET /api/admin/outbox) and the BFF's answers. Browser-safe
// (zod/mini only): the page imports it. What sends mail is server-only (lib/mail/send.ts).

/** What a mail is for: the outbox lists and filters by it. A new use of the desk's mail adds its kind here. */
export const MAIL_KINDS = ["proposal", "reminder", "notification", "digest", "test"] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

export const MAIL_KIND_LABELS: Record<MailKind, string> = {
  proposal: "Proposal",
  reminder: "Reminder",
  notification: "Notification",
  digest: "Digest",
  test: "Test",
};

/**
 * Where a mail is: `kept` in the outbox (no SMTP_URL, nothing was sent), `sending` while the mail
 * server has not answered yet, `sent` when it accepted the mail, `failed` with the reason.
 */
export const MAIL_STATUSES = ["kept", "sending", "sent", "failed"] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

export type MailAddress = { name?: string; address: string };
/** An attachment as the outbox keeps it: what it was, not its bytes. */
export type MailAttachmentInfo = { filename: string; contentType: string; size: number };

/** How an address reads in a header: `Ana Lopez <ana@example.com>`, or the address alone. */
export const formatAddress = (a: MailAddress) => (a.name ? `${a.name} <${a.address}>` : a.address);

export const OUTBOX_PAGE_SIZE = 25;
/** The last page the list serves (25 × 400 = 10,000 mails back); older ones stay in the table. */
export const OUTBOX_MAX_PAGE = 400;

/* ------------------------------------------------------------------ the list's query */

export type OutboxFilters = { kind: MailKind | null; page: number };
export const DEFAULT_OUTBOX_FILTERS: OutboxFilters = { kind: null, page: 1 };

type Params = URLSearchParams | Record<string, string | string[] | undefined>;
const first = (params: Params, key: string) => {
  const v = params instanceof URLSearchParams ? params.get(key) : params[key];
  return (Array.isArray(v) ? v[0] : v) ?? undefined;
};

/** The outbox page's filters as its URL holds them; a hand-edited kind or page reads as the default. */
export function parseOutboxFilters(params: Params): OutboxFilters {
  const kind = first(params, "kind");
  const page = Number(first(params, "page"));
  return {
    kind: (MAIL_KINDS as readonly string[]).includes(kind ?? "") ? (kind as MailKind) : null,
    page: Number.isInteger(page) && page >= 1 && page <= OUTBOX_MAX_PAGE ? page : 1,
  };
}

/** The query string of those filters, without the defaults ("" for the first page of every kind). */
export function outboxSearch(filters: OutboxFilters): string {
  const q = new URLSearchParams();
  if (filters.kind) q.set("kind", filters.kind);
  if (filters.page > 1) q.set("page", String(filters.page));
  const s = q.toString();
  return s ? `?${s}` : "";
}

/* ------------------------------------------------------------------ the BFF's answers */

const address = z.object({ name: z.optional(z.string()), address: z.string() });

/** How the desk sends its mail, for the page's banner: the server is shown without its password. */
export const mailModeSchema = z.object({
  transport: z.enum(["smtp", "outbox"]),
  fromAddress: z.string(),
  /** The agency's name from its profile: the name mail goes out under ("" until an admin sets it). */
  fromName: z.string(),
  /** The SMTP server as host:port, when mail is sent. */
  server: z.nullable(z.string()),
});
export type MailMode = z.output<typeof mailModeSchema>;

export const outboxItemSchema = z.object({
  id: z.string(),
  kind: z.string(),
  status: z.enum(MAIL_STATUSES),
  to: z.array(address),
  subject: z.string(),
  reference: z.nullable(z.string()),
  createdAt: z.string(),
  sentAt: z.nullable(z.string()),
  sentBy: z.nullable(z.string()),
  error: z.nullable(z.string()),
});
export type OutboxItem = z.output<typeof outboxItemSchema>;

export const outboxListSchema = z.object({
  mode: mailModeSchema,
  items: z.array(outboxItemSchema),
  page: z.number(),
  pageSize: z.number(),
  total: z.number(),
});
export type OutboxList = z.output<typeof outboxListSchema>;

export const outboxMailSchema = z.object({
  ...outboxItemSchema.shape,
  transport: z.enum(["smtp", "outbox"]),
  from: address,
  cc: z.array(address),
  replyTo: z.nullable(z.string()),
  text: z.string(),
  html: z.nullable(z.string()),
  attachments: z.array(z.object({ filename: z.string(), contentType: z.string(), size: z.number() })),
  messageId: z.nullable(z.string()),
});
export type OutboxMail = z.output<typeof outboxMailSchema>;

/** POST /api/admin/outbox/test's answer: the mail as recorded (sent, kept or failed). */
export const testMailAnswerSchema = z.object({ mail: outboxItemSchema });
