import * as z from "zod/mini";
import { agencyNameSchema } from "@/lib/agency/profile";
import { EMAIL_MAX_ADDRESSES } from "@/lib/tds/contract/limits";

// The "email the voucher" form: what the advisor types (cc as one box of addresses) and the
// request the service takes. Addresses are checked one by one, duplicates (and `to` repeated in
// cc) dropped, and the specification's limit of 50 addresses in all applies after that.

export const NOTE_MAX = 2000;

const email = z.email();

/** The cc box's addresses: split on commas, semicolons, spaces or new lines, duplicates and `to` dropped. */
export function ccAddresses(raw: string, to = ""): string[] {
  const seen = new Set([to.trim().toLowerCase()].filter(Boolean));
  const out: string[] = [];
  for (const part of raw.split(/[\s,;]+/)) {
    const a = part.trim();
    if (!a || seen.has(a.toLowerCase())) continue;
    seen.add(a.toLowerCase());
    out.push(a);
  }
  return out;
}

export const emailVoucherFormSchema = z
  .object({
    to: z.pipe(z.string().check(z.trim(), z.minLength(1, "Enter the client's email address.")), z.email("Enter a valid email address, such as client@example.com.")),
    cc: z.string(),
    // The sender name goes into the email's From header: one line, 1 to 80 characters, as the profile's name.
    agencyName: agencyNameSchema("Enter the name the client sees as the sender."),
    note: z.string().check(z.maxLength(NOTE_MAX, `At most ${NOTE_MAX.toLocaleString("en-US")} characters.`)),
    replyTo: z.union([z.literal(""), z.pipe(z.string().check(z.trim()), z.email("Enter a valid email address for replies, or leave it empty."))]),
    withoutPrices: z.boolean(),
  })
  .check(z.superRefine((v, ctx) => {
    const cc = ccAddresses(v.cc, v.to);
    const bad = cc.filter((a) => !email.safeParse(a).success);
    if (bad.length > 0) {
      ctx.addIssue({
        code: "custom",
        path: ["cc"],
        message: bad.length === 1 ? `“${bad[0]}” is not an email address.` : `These are not email addresses: ${bad.map((b) => `“${b}”`).join(", ")}.`,
      });
    } else if (cc.length + 1 > EMAIL_MAX_ADDRESSES) {
      ctx.addIssue({
        code: "custom",
        path: ["cc"],
        message: `At most ${EMAIL_MAX_ADDRESSES} addresses in all: remove ${cc.length + 1 - EMAIL_MAX_ADDRESSES} (there are ${cc.length} in copy besides the client).`,
      });
    }
  }));
export type EmailVoucherForm = z.input<typeof emailVoucherFormSchema>;

/** The body of POST /api/bookings/:id/email-client; an empty reply-to is the agency profile's, when it has one. */
export function emailRequestOf(v: EmailVoucherForm, agency: { replyTo?: string } = {}) {
  const cc = ccAddresses(v.cc, v.to);
  const replyTo = v.replyTo.trim() || agency.replyTo?.trim() || "";
  return {
    to: v.to.trim(),
    ...(cc.length ? { cc } : {}),
    agencyName: v.agencyName.trim(),
    ...(v.note.trim() ? { note: v.note } : {}),
    ...(replyTo ? { replyTo } : {}),
    withoutPrices: v.withoutPrices,
  };
}

/** Where a BFF detail path (`cc.3`, `to`) belongs on the form. */
export function emailFieldOf(path: string): keyof EmailVoucherForm | null {
  const head = path.split(".")[0] ?? "";
  return (["to", "cc", "agencyName", "note", "replyTo", "withoutPrices"] as const).find((f) => f === head) ?? null;
}
