import { describe, expect, it } from "vitest";
import { emailClientRequestSchema } from "@/lib/tds/contract/requests";
import { ccAddresses, emailFieldOf, emailRequestOf, emailVoucherFormSchema } from "./email";

const base = { to: "client@example.com", cc: "", agencyName: "Desk Travel", note: "", replyTo: "", withoutPrices: false };

describe("the email-the-voucher form", () => {
  it("cc: split on any separator, duplicates and the client dropped", () => {
    expect(ccAddresses("a@x.com, b@x.com;A@x.com\n client@example.com  c@x.com", "client@example.com")).toEqual(["a@x.com", "b@x.com", "c@x.com"]);
  });

  it("makes the service's request, which its own schema accepts", () => {
    const body = emailRequestOf({ ...base, cc: "a@x.com b@x.com", note: "Enjoy!", replyTo: "me@agency.com", withoutPrices: true });
    expect(body).toEqual({ to: "client@example.com", cc: ["a@x.com", "b@x.com"], agencyName: "Desk Travel", note: "Enjoy!", replyTo: "me@agency.com", withoutPrices: true });
    expect(emailClientRequestSchema.safeParse(body).success).toBe(true);
    expect(emailRequestOf(base)).toEqual({ to: "client@example.com", agencyName: "Desk Travel", withoutPrices: false });
    // An empty reply-to is the agency profile's, when it has one; one typed wins.
    expect(emailRequestOf(base, { replyTo: "hello@agency.example" })).toMatchObject({ replyTo: "hello@agency.example" });
    expect(emailRequestOf({ ...base, replyTo: "me@agency.com" }, { replyTo: "hello@agency.example" })).toMatchObject({ replyTo: "me@agency.com" });
  });

  it("refuses each bad value with a sentence on its field", () => {
    const issues = (v: Partial<typeof base>) =>
      (emailVoucherFormSchema.safeParse({ ...base, ...v }).error?.issues ?? []).map((i) => [i.path.join("."), i.message]);
    expect(issues({ to: "" })).toEqual([["to", "Enter the client's email address."]]);
    expect(issues({ cc: "a@x.com, nope" })).toEqual([["cc", "“nope” is not an email address."]]);
    expect(issues({ agencyName: " " })).toEqual([["agencyName", "Enter the name the client sees as the sender."]]);
    expect(issues({ agencyName: "x".repeat(81) })).toEqual([["agencyName", "The name can be at most 80 characters."]]);
    // It becomes the email's sender name: one line only.
    expect(issues({ agencyName: "Sunny Days\r\nBcc: all@example.com" })).toEqual([["agencyName", "Write the name on one line, without tabs or other special characters."]]);
    expect(issues({ note: "x".repeat(2001) })).toEqual([["note", "At most 2,000 characters."]]);
    expect(issues({ replyTo: "me@" })).toEqual([["replyTo", "Enter a valid email address for replies, or leave it empty."]]);
    const fifty = Array.from({ length: 50 }, (_, i) => `p${i}@x.com`).join(",");
    expect(issues({ cc: fifty })).toEqual([["cc", "At most 50 addresses in all: remove 1 (there are 50 in copy besides the client)."]]);
    expect(issues({ cc: Array.from({ length: 49 }, (_, i) => `p${i}@x.com`).join(",") })).toEqual([]);
  });

  it("puts the BFF's details back on the form", () => {
    expect(emailFieldOf("cc.3")).toBe("cc");
    expect(emailFieldOf("to")).toBe("to");
    expect(emailFieldOf("")).toBeNull();
  });
});
