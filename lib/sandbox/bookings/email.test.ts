import { beforeAll, describe, expect, it } from "vitest";
import { startOfVirtualMinute, testSandbox } from "@/lib/testing/sandbox";
import type { EmailResult, OutboxEmail } from "./email";
import type { Booking, BookingState } from "./model";
import { detail, errorBody, readKit } from "@/lib/testing/sandbox-bookings-read";

const sb = testSandbox();
let kit: Awaited<ReturnType<typeof readKit>>;

beforeAll(async () => {
  kit = await readKit(sb, 120);
});

const send = (b: Booking, body?: unknown) => kit.call<EmailResult>("POST", `/bookings/${b.id}/email-client`, body);
const confirmed = () => kit.find((b) => b.state === "confirmed" && !!b.travelers[0]?.email);
const outbox = async () => (await sb.control<{ items: OutboxEmail[] }>("GET", "/outbox")).body.data.items;
const addresses = (n: number, domain = "example.com") => Array.from({ length: n }, (_, i) => `client${i}@${domain}`);
const MONEY = /\b[A-Z]{3}\s[\d,]+|\d[\d,]*\.\d{2}\b/;
const visible = (html: string) => html.replace(/<style>[\s\S]*?<\/style>/, "").replace(/<[^>]+>/g, " ");

describe("POST /bookings/:bookingId/email-client", () => {
  it.each<[BookingState | "rebooked", number]>([
    ["confirmed", 200],
    ["cancelled", 200],
    ["refunded", 200],
    ["held", 400],
    ["failed", 400],
    ["supplier_pending", 400],
    ["manual_review", 400],
    ["cancellation_pending", 400],
    ["rebooked", 400],
  ])("a %s booking → %i", async (state, status) => {
    const b = state === "rebooked" ? kit.patch(confirmed(), { state: "rebooked" as BookingState }) : kit.find((x) => x.state === state);
    const res = await send(b, { to: "client@example.com" });
    expect(res.status).toBe(status);
    if (status === 400) expect(res.body).toEqual(errorBody("validation_error"));
    else expect(res.body).toEqual({ data: { sentTo: ["client@example.com"], cc: [], pdfAttached: true }, meta: {}, error: null });
  });

  it("sends to the lead traveller by default, with no body at all", async () => {
    const b = confirmed();
    const res = await kit.call<EmailResult>("POST", `/bookings/${b.id}/email-client`);
    expect(res.body).toEqual({ data: { sentTo: [b.travelers[0]!.email], cc: [], pdfAttached: true }, meta: {}, error: null });
  });

  it("asks for `to` when the lead traveller has no email", async () => {
    const b = confirmed();
    const [lead, ...rest] = b.travelers;
    const { email: _, ...noEmail } = lead!;
    const saved = kit.patch(b, { travelers: [noEmail, ...rest] });
    const res = await send(saved, {});
    expect(res.status).toBe(400);
    expect(res.body).toEqual(errorBody("validation_error", [detail("to")]));
    expect(res.body.error.message).toMatch(/`to`/);
    expect((await send(saved, { to: "desk@example.com" })).status).toBe(200);
  });

  it.each<[string, () => { to: string; cc: string[] }, number, string[]]>([
    ["49 cc and the recipient: 50 addresses", () => ({ to: "lead@example.com", cc: addresses(49) }), 200, []],
    ["50 cc and the recipient: 51 addresses", () => ({ to: "lead@example.com", cc: addresses(50) }), 400, ["cc"]],
    [
      "duplicates, in any case, count once",
      () => ({ to: "Lead@Example.com", cc: [...addresses(49), ...addresses(49).map((a) => a.toUpperCase()), "lead@example.com", "LEAD@EXAMPLE.COM"] }),
      200,
      [],
    ],
    ["100 copies of one address", () => ({ to: "a@example.com", cc: Array.from({ length: 100 }, () => "A@example.com") }), 200, []],
  ])("%s → %i", async (_name, body, status, paths) => {
    const b = body();
    const res = await send(confirmed(), b);
    expect(res.status).toBe(status);
    if (status === 400) expect(res.body).toEqual(errorBody("validation_error", paths.map(detail)));
    else expect(res.body.data.sentTo.length + res.body.data.cc.length).toBe(new Set([b.to, ...b.cc].map((a) => a.toLowerCase())).size);
  });

  it("keeps the first spelling of each address and leaves the recipient out of cc", async () => {
    const res = await send(confirmed(), { to: "Ann@example.com", cc: ["ann@EXAMPLE.com", "Bob@example.com", "bob@example.com", "carl@example.com"] });
    expect(res.body.data).toEqual({ sentTo: ["Ann@example.com"], cc: ["Bob@example.com", "carl@example.com"], pdfAttached: true });
  });

  it.each<[string, unknown, string[]]>([
    ["an unknown field", { to: "a@example.com", bcc: ["b@example.com"] }, ["bcc"]],
    ["a bad recipient", { to: "not-an-email" }, ["to"]],
    ["cc that is not a list", { cc: "b@example.com" }, ["cc"]],
    ["a bad cc address", { cc: ["b@example.com", "c@example.com", "nope"] }, ["cc.2"]],
    ["an empty agencyName", { agencyName: "" }, ["agencyName"]],
    ["an agencyName of spaces", { agencyName: "   " }, ["agencyName"]],
    ["an agencyName of 81 characters", { agencyName: "x".repeat(81) }, ["agencyName"]],
    ["a note of 2,001 characters", { note: "n".repeat(2001) }, ["note"]],
    ["a bad replyTo", { replyTo: "desk at example.com" }, ["replyTo"]],
    ["withoutPrices that is not a boolean", { withoutPrices: "yes" }, ["withoutPrices"]],
    ["an unknown sandbox trigger in the note", { note: "Hello sandbox:pdf-explodes" }, ["note"]],
    ["many problems at once", { to: "x", agencyName: "", note: 5 }, ["to", "agencyName", "note"]],
  ])("%s → 400 validation_error", async (_name, body, paths) => {
    const res = await send(confirmed(), body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(errorBody("validation_error", paths.map(detail)));
  });

  it("accepts the longest agencyName and note", async () => {
    const res = await send(confirmed(), { agencyName: "a".repeat(80), note: "n".repeat(2000) });
    expect(res.status).toBe(200);
  });

  it("refuses a body that is not JSON", async () => {
    const res = await sb.call("POST", `/api/v1/bookings/${confirmed().id}/email-client`, { rawBody: "{to:", key: await kit.newKey() });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(errorBody("validation_error", [detail("")]));
  });

  it("delivers the voucher to the outbox, with everything that was asked", async () => {
    const b = confirmed();
    const before = sb.services.clock.now();
    const res = await send(b, {
      to: "client@example.com",
      cc: ["partner@example.com"],
      agencyName: "Sunny Side Travel",
      note: "Dear Ann,\n\nhere is your voucher. Enjoy <the> trip!",
      replyTo: "desk@sunnyside.example",
    });
    expect(res.body.data).toEqual({ sentTo: ["client@example.com"], cc: ["partner@example.com"], pdfAttached: true });
    const item = (await outbox()).at(-1)!;
    expect(item).toEqual({
      id: expect.stringMatching(/^eml_/),
      sentAt: expect.any(String),
      bookingId: b.id,
      orderRef: b.orderRef,
      agencyId: kit.agencyId,
      to: ["client@example.com"],
      cc: ["partner@example.com"],
      replyTo: "desk@sunnyside.example",
      agencyName: "Sunny Side Travel",
      subject: expect.stringContaining(b.orderRef),
      note: "Dear Ann,\n\nhere is your voucher. Enjoy <the> trip!",
      withoutPrices: false,
      pdfAttached: true,
      html: expect.stringMatching(/^<!doctype html>/),
    });
    expect(Date.parse(item.sentAt)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(item.sentAt)).toBeLessThanOrEqual(sb.services.clock.now());
    expect(item.html).toContain("<p>Dear Ann,</p><p>here is your voucher. Enjoy &lt;the&gt; trip!</p>");
    expect(item.html).toContain("Sent by Sunny Side Travel.");
    expect(item.html).toContain(b.orderRef);
    expect(visible(item.html)).toMatch(MONEY);
  });

  it("leaves every price off when asked, and defaults replyTo and agencyName to null", async () => {
    await send(confirmed(), { withoutPrices: true });
    const item = (await outbox()).at(-1)!;
    expect(item).toMatchObject({ withoutPrices: true, replyTo: null, agencyName: null, note: null });
    expect(visible(item.html)).not.toMatch(MONEY);
  });

  it("a cancelled booking's email says it is cancelled", async () => {
    const b = kit.find((x) => x.state === "cancelled");
    await send(b, {});
    const item = (await outbox()).at(-1)!;
    expect(item.subject).toMatch(/^Cancelled: /);
    expect(item.html).toContain("not valid for travel");
  });

  it("sandbox:pdf-fails in the note sends the email without the PDF", async () => {
    const res = await send(confirmed(), { note: "Your voucher. sandbox:pdf-fails" });
    expect(res.body.data.pdfAttached).toBe(false);
    const item = (await outbox()).at(-1)!;
    expect(item.pdfAttached).toBe(false);
    expect(item.html).toContain("Your voucher is shown below");
  });

  it("the outbox lists emails in the order they were sent", async () => {
    const items = await outbox();
    expect(items.map((i) => i.sentAt)).toEqual([...items.map((i) => i.sentAt)].sort());
    expect(items.length).toBeGreaterThan(10);
  });

  it.each<[string, number, () => Promise<{ status: number; body: unknown }>, unknown]>([
    ["an unknown booking", 404, () => kit.call("POST", "/bookings/bk_nope/email-client", {}), errorBody("not_found")],
    ["another agency's booking", 403, async () => {
      const other = await readKit(sb, 1, "Other Agency");
      return kit.call("POST", `/bookings/${other.all()[0]!.id}/email-client`, {});
    }, errorBody("forbidden")],
  ])("%s → %i", async (_name, status, call, body) => {
    const res = await call();
    expect(res.status).toBe(status);
    expect(res.body).toEqual(body);
  });

  it("allows 10 emails a minute per key, then 429 rate_limited with Retry-After", async () => {
    const key = await kit.newKey();
    const b = confirmed();
    const statuses: number[] = [];
    startOfVirtualMinute(sb);
    for (let i = 0; i < 10; i++) statuses.push((await sb.call("POST", `/api/v1/bookings/${b.id}/email-client`, { key, body: {} })).status);
    expect(statuses).toEqual(Array(10).fill(200));
    const res = await sb.call("POST", `/api/v1/bookings/${b.id}/email-client`, { key, body: {} });
    expect(res.status).toBe(429);
    expect(res.body).toEqual(errorBody("rate_limited"));
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    // Other endpoints keep their own budgets.
    expect((await sb.call("GET", `/api/v1/bookings/${b.id}`, { key })).status).toBe(200);
  });
});
