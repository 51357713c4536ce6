import { renderToString } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { savePricing } from "@/lib/agency/pricing-store";
import { saveAgencyProfile } from "@/lib/agency/store";
import { openDb, type DbHandle } from "@/lib/db";
import { users } from "@/lib/db/schema";
import { formatMoney } from "@/lib/money";
import type { AddItemRequest, ItemSnapshot, Proposal } from "@/lib/proposals/model";
import { addItem, createClient, createProposal, readProposal, readPublicProposal, shareProposal, updateItem, withdrawProposal, type Actor } from "@/lib/proposals/store";

// The grep test of the client's page (issue 29): the HTML of /p/<token>, rendered by the page
// itself from a proposal seeded through the store, and everything it hands its one client
// component (which Next sends to the browser in the page's payload), never contain the agency's
// cost, the markup price an advisor overrode, a commission, the service's API key, quote or offer
// IDs, the search criteria, or any internal uuid. The same for the "no longer open" page. The
// scripts the browser loads are grepped by e2e/proposal-client.spec.ts.

const API_KEY = "tdsk_LeakTestKeyThatMustNeverShow000000000000000";
const state = vi.hoisted(() => ({ db: null as unknown, headers: new Headers() }));

vi.mock("@/lib/db", async (importOriginal) => ({ ...(await importOriginal<typeof import("@/lib/db")>()), getDb: async () => state.db }));
vi.mock("next/headers", () => ({ headers: async () => state.headers }));

const { default: ClientProposalPage } = await import("./page");
const { proposalPageStatus } = await import("../link-status");

const DAY = 86_400_000;
const day = (n: number) => new Date(Date.now() + n * DAY).toISOString().slice(0, 10);
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

let handle: DbHandle;
let advisor: Actor;
let proposal: Proposal;
let token: string;

const hotel = (name: string, costMinor: number, secret: string): AddItemRequest => ({
  snapshot: {
    productType: "hotel",
    title: name,
    subtitle: "Double room, breakfast included",
    photoUrl: `https://media.example/${name.replace(/\W+/g, "-").toLowerCase()}.jpg`,
    details: ["Breakfast for 2", "Free wifi"],
    startsOn: day(40),
    endsOn: day(43),
    travellers: "2 adults",
    cancellation: `Free cancellation until ${day(30)}`,
    refundable: true,
    country: "FR",
    criteria: { productType: "hotel", destination: "FR-PARIS-CRITERIA", checkIn: day(40), checkOut: day(43), occupancy: [{ adults: 2 }] },
    match: { hotelId: `htl_${secret}`, roomGroup: "grp_room_secret", board: "BB", refundable: true, rateQuoteId: `rq_${secret}`, commissionMinor: 4242 },
  } satisfies ItemSnapshot,
  cost: { amountMinor: costMinor, currency: "EUR" },
});

const flight: AddItemRequest = {
  snapshot: {
    productType: "flight",
    title: "London → Paris",
    subtitle: "Air Example AE 123",
    photoUrl: null,
    details: ["1 cabin bag each"],
    startsOn: day(40),
    endsOn: day(43),
    travellers: "2 adults",
    cancellation: "Non-refundable",
    refundable: false,
    country: "FR",
    criteria: { productType: "flight", origin: "LHR-CRITERIA", destination: "CDG-CRITERIA" },
    match: { segments: ["AE123-SEGMENT-SECRET"], offerId: "off_flight_secret_777" },
  },
  cost: { amountMinor: 31_337, currency: "EUR" },
};

beforeAll(async () => {
  vi.stubEnv("TDS_API_KEY", API_KEY);
  handle = await openDb({ driver: "pglite", dataDir: ":memory:" });
  state.db = handle.db;
  const [admin, adv] = await handle.db
    .insert(users)
    .values([
      { email: "ada@desk.test", name: "Ada Admin", role: "admin", passwordHash: "x" },
      { email: "ana@desk.test", name: "Ana Advisor", role: "advisor", passwordHash: "x" },
    ])
    .returning();
  advisor = { id: adv!.id, role: "advisor" };
  await saveAgencyProfile(handle.db, { name: "Sunny Days Travel", replyTo: "bookings@sunnydays.example", phone: "+44 20 7946 0958", address: "12 Harbour Street\nBrighton" }, admin!.id);
  await savePricing(
    handle.db,
    { rounding: "none", allowBelowCost: false, maxDiscountBp: 1000, rules: [{ productType: null, country: null, percentBp: 1700, fixedMinor: 0 }] },
    "EUR",
    admin!.id,
  );
  const client = await createClient(handle.db, { name: "Zoé Lefèvre", email: "zoe@example.com", phone: "" }, advisor);
  const draft = await createProposal(handle.db, advisor, { clientId: client.id, title: "Paris in spring", note: "Two hotels near the Seine, as we said.", validUntil: day(20) });
  let p = await addItem(handle.db, advisor, draft.id, hotel("Hôtel Lumière", 123_457, "alpha_111"), { agencyCurrency: "EUR" });
  p = await addItem(handle.db, advisor, p.id, { ...hotel("Maison Rive Gauche", 98_765, "beta_222"), groupId: p.groups[0]!.id }, { agencyCurrency: "EUR" });
  p = await addItem(handle.db, advisor, p.id, flight, { agencyCurrency: "EUR" });
  // The advisor gives the second hotel a price of their own: its markup price must not show either.
  const second = p.items.find((i) => i.snapshot.title === "Maison Rive Gauche")!;
  p = await updateItem(handle.db, advisor, p.id, second.id, { clientPriceMinor: second.markupPrice.amountMinor - 1_000 }, { agencyCurrency: "EUR" });
  const shared = await shareProposal(handle.db, advisor, p.id, { send: false }, { origin: "http://desk.test" });
  token = shared.url.split("/p/")[1]!;
  proposal = await readProposal(handle.db, advisor, p.id);
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await handle?.close();
});

/** What the page's HTML and its client component's props must never hold, from the proposal as the desk knows it. */
function secrets(p: Proposal): string[] {
  const out = new Set<string>([API_KEY, p.id, p.client.id, p.advisor.id, "4242", "commission", "rateQuoteId", "quoteId", "offerId", "hotelId", "criteria", "CRITERIA", "SECRET", "secret"]);
  for (const g of p.groups) out.add(g.id);
  for (const i of p.items) {
    out.add(i.id);
    out.add(formatMoney(i.cost.amountMinor, i.cost.currency));
    out.add(String(i.cost.amountMinor));
    if (i.overridden) {
      out.add(formatMoney(i.markupPrice.amountMinor, i.markupPrice.currency));
      out.add(String(i.markupPrice.amountMinor));
    }
    for (const v of Object.values(i.snapshot.match)) if (typeof v === "string" && v.length > 3) out.add(v);
  }
  return [...out];
}

function expectClean(text: string, p: Proposal) {
  for (const s of secrets(p)) expect(text, `the page shows "${s}"`).not.toContain(s);
  expect(text).not.toMatch(UUID);
  expect(text).not.toMatch(/\bcost/i);
}

/** The page's element tree, and the props of its one client component (what Next serialises for the browser). */
async function renderPage(t: string) {
  const element = await ClientProposalPage({ params: Promise.resolve({ token: t }) });
  return renderToString(element);
}

describe("the client's page (/p/<token>)", () => {
  it("shows the client prices, the dates, the terms and the total, and nothing of the desk's", async () => {
    const html = await renderPage(token);
    expect(html).toContain("Paris in spring");
    expect(html).toContain("Sunny Days Travel");
    expect(html).toContain("Pick one of these");
    expect(html).toContain("Included in your trip");
    for (const i of proposal.items) expect(html).toContain(formatMoney(i.clientPrice.amountMinor, i.clientPrice.currency));
    expect(html).toContain(formatMoney(proposal.total!.fromMinor, "EUR"));
    expect(html).toContain(formatMoney(proposal.total!.toMinor, "EUR"));
    expect(html).toContain("Non-refundable");
    expectClean(html, proposal);
  });

  it("hands the browser only public keys, titles and the message: the public view itself holds no secret", async () => {
    const read = await readPublicProposal(handle.db, token);
    expect(read.kind).toBe("ok");
    expectClean(JSON.stringify(read), proposal);
  });

  it("counts an opening, but not a prefetch nor the router's own fetch", async () => {
    const views = async () => (await readProposal(handle.db, advisor, proposal.id)).views.count;
    const before = await views();
    state.headers = new Headers();
    await renderPage(token);
    expect(await views()).toBe(before + 1);
    const notOpenings: Array<[string, string]> = [["sec-purpose", "prefetch"], ["purpose", "prefetch"], ["next-router-prefetch", "1"], ["rsc", "1"]];
    for (const h of notOpenings) {
      state.headers = new Headers([h]);
      await renderPage(token);
    }
    state.headers = new Headers();
    expect(await views()).toBe(before + 1);
  });

  it("answers an unknown link with the 404 page, whatever it looks like", async () => {
    for (const t of ["A".repeat(43), "short", `${token.slice(0, 42)}x`]) {
      await expect(renderPage(t)).rejects.toMatchObject({ digest: expect.stringMatching(/^NEXT_HTTP_ERROR_FALLBACK;404/) });
      expect(await proposalPageStatus(`/p/${t}`)).toBeNull();
    }
  });

  it("after withdrawal: the designed 'no longer open' page with the advisor's contact, 410 from the proxy's check, and still nothing of the desk's", async () => {
    expect(await proposalPageStatus(`/p/${token}`)).toBeNull();
    await withdrawProposal(handle.db, advisor, proposal.id);
    const html = await renderPage(token);
    expect(html).toContain("This proposal is no longer open");
    expect(html).toContain("ana@desk.test");
    expect(html).toContain("+44 20 7946 0958");
    expect(html).not.toContain("Hôtel Lumière");
    expectClean(html, proposal);
    expect(await proposalPageStatus(`/p/${token}`)).toBe(410);
    expect(await proposalPageStatus(`/p/${token}/more`)).toBeNull();
  });
});
