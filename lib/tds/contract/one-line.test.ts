import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { agencyProfileSchema } from "@/lib/agency/profile";
import { emailVoucherFormSchema } from "@/lib/bookings/email";
import { emailClientRequestSchema } from "@/lib/tds/contract/requests";
import { isOneLine, ONE_LINE, oneLine } from "./one-line";

// Issue 28, finding 5: every field that can end up in a mail header or a file name refuses a
// line break or any other control character, with a sentence.

const BREAKS = ["\r\nBcc: x@y.com", "\nBcc: x@y.com", "\rBcc: x@y.com", "\tx", "\u0000", "\u007f", "\u0085", "\u2028"];

/** The messages of `schema`'s issues on `field` when `field` is `value`, or [] when accepted. */
function refusal(schema: z.ZodMiniType, valid: Record<string, unknown>, path: string, value: unknown): string[] {
  const input = structuredClone(valid);
  const keys = path.split(".");
  let at: Record<string, unknown> = input;
  for (const k of keys.slice(0, -1)) at = at[k] as Record<string, unknown>;
  at[keys.at(-1)!] = value;
  const result = z.safeParse(schema, input);
  return result.success ? [] : result.error.issues.filter((i) => i.path.join(".") === path).map((i) => i.message);
}

const profile = { name: "Sunny Days Travel", replyTo: "desk@sunny.example", phone: "", address: "" };
const email = { to: "client@example.com", cc: ["other@example.com"], agencyName: "Sunny Days Travel", replyTo: "desk@sunny.example" };
const form = { to: "client@example.com", cc: "", agencyName: "Sunny Days Travel", note: "", replyTo: "", withoutPrices: false };

const FIELDS: Array<[string, z.ZodMiniType, Record<string, unknown>, string, (bad: string) => unknown]> = [
  // Inside the text: at either end, trimming takes a line break away before any header sees it.
  ["agency profile: name", agencyProfileSchema, profile, "name", (bad) => `Sunny${bad} Days`],
  ["agency profile: reply-to", agencyProfileSchema, profile, "replyTo", (bad) => `desk${bad}@sunny.example`],
  ["voucher email: sender name (agencyName)", emailClientRequestSchema, email, "agencyName", (bad) => `Evil${bad} Travel`],
  ["voucher email: to", emailClientRequestSchema, email, "to", (bad) => `client@example.com${bad}`],
  ["voucher email: cc", emailClientRequestSchema, email, "cc.0", (bad) => `other@example.com${bad}`],
  ["voucher email: reply-to", emailClientRequestSchema, email, "replyTo", (bad) => `desk@sunny.example${bad}`],
  ["voucher email form: sender name", emailVoucherFormSchema, form, "agencyName", (bad) => `Evil${bad} Travel`],
];

describe("fields that reach a mail header", () => {
  it.each(FIELDS)("%s refuses every line break and control character, in a sentence", (_name, schema, valid, path, make) => {
    expect(z.safeParse(schema, valid).success).toBe(true);
    expect(refusal(schema, valid, path, make(""))).toEqual([]);
    for (const bad of BREAKS) {
      const messages = refusal(schema, valid, path, make(bad));
      expect(messages.length, JSON.stringify(bad)).toBeGreaterThan(0);
      // A sentence (one that quotes the address it refuses starts with the quote).
      for (const m of messages) expect(m).toMatch(/^[“A-Z][^]*\.$/);
    }
  });

  it("the sender name says how to fix it, as the profile's name does", () => {
    expect(refusal(emailClientRequestSchema, email, "agencyName", "Evil\r\nBcc: x@y.com")).toEqual([
      "Write the name on one line, without tabs or other special characters.",
    ]);
  });
});

describe("oneLine", () => {
  it("takes ordinary text, accents and spaces, and refuses control characters", () => {
    expect(isOneLine("Voyages Élégants & Co. — Paris")).toBe(true);
    for (const bad of BREAKS) expect(isOneLine(`a${bad}b`), JSON.stringify(bad)).toBe(false);
    const schema = z.string().check(oneLine());
    expect(z.safeParse(schema, "a\nb").error?.issues.map((i) => i.message)).toEqual([ONE_LINE]);
  });
});
