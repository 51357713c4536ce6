import type { APIRequestContext, BrowserContext } from "@playwright/test";
import { formatMoney } from "../lib/money";
import type { AddItemRequest, ItemSnapshot, Proposal } from "../lib/proposals/model";
import { criteriaOf, dayFromNow, deskSearch, type Row } from "./checkout-kit";
import { E2E_ORIGIN, E2E_TDS_API_KEY, STORAGE_STATE } from "./constants";
import { clientAddressOf, expect, test } from "./fixtures";
import { mailTo } from "./mail";

// The client's proposal page (issue 29) in a browser with no session, on a phone: an advisor
// makes a proposal through the desk's API (two hotels from a desk search as alternatives, and a
// flight as a part of the trip, priced with the agency's markup) and shares it; the link opens in
// a fresh context and shows client prices only: neither the HTML nor any script it loads holds
// the agency's cost, an internal ID, a quote ID or the API key. The client chooses the second
// hotel with a message; the advisor's GET /api/proposals/[id] has the choice; a second visit shows
// it; withdrawn, the link answers 410 with the designed page; a link that opens nothing, 404.

type Envelope<T> = { data: T; meta: Record<string, unknown>; error: { code: string; message: string } | null };
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
const SAME_ORIGIN = { Origin: E2E_ORIGIN };

async function data<T>(res: Awaited<ReturnType<APIRequestContext["get"]>>, status = 200): Promise<T> {
  expect(res.status(), await res.text()).toBe(status);
  return ((await res.json()) as Envelope<T>).data;
}

/** A row of the desk's hotel search as an advisor adds it: what was shown, and how to find it again. */
function hotelItem(row: Row, title: string, groupId?: string): AddItemRequest {
  const snapshot: ItemSnapshot = {
    productType: "hotel",
    title,
    subtitle: "Double room, breakfast included",
    photoUrl: null,
    details: ["Breakfast for 2"],
    startsOn: dayFromNow(60),
    endsOn: dayFromNow(62),
    travellers: "1 adult",
    cancellation: row.refundable ? "Free cancellation until 3 days before arrival" : "Non-refundable",
    refundable: row.refundable,
    country: "ES",
    criteria: { productType: "hotel", destination: "text:|Barcelona", checkIn: dayFromNow(60), checkOut: dayFromNow(62) },
    match: { hotelId: row.canonicalProductId, rateQuoteId: row.rateQuoteId, refundable: row.refundable },
  };
  return { snapshot, cost: { amountMinor: row.sellAmountMinor, currency: row.sellCurrency }, ...(groupId ? { groupId } : {}) };
}

function flightItem(currency: string): AddItemRequest {
  return {
    snapshot: {
      productType: "flight",
      title: "Madrid → Barcelona",
      subtitle: "Example Air EA 2041",
      photoUrl: null,
      details: ["1 cabin bag"],
      startsOn: dayFromNow(60),
      endsOn: null,
      travellers: "1 adult",
      cancellation: "Non-refundable",
      refundable: false,
      country: "ES",
      criteria: { productType: "flight", origin: "MAD", destination: "BCN", departureDate: dayFromNow(60) },
      match: { segments: ["EA2041"], offerId: "e2e-flight-offer-quote" },
    },
    cost: { amountMinor: 12_345, currency },
  };
}

/** What neither the page nor its scripts may hold, from the proposal as the desk knows it. */
function secretsOf(p: Proposal): string[] {
  const out = new Set<string>([E2E_TDS_API_KEY, p.id, p.client.id, p.advisor.id, "rateQuoteId", "quoteId", "commission", "e2e-flight-offer-quote"]);
  for (const g of p.groups) out.add(g.id);
  for (const i of p.items) {
    out.add(i.id);
    const rateQuoteId = i.snapshot.match.rateQuoteId;
    if (typeof rateQuoteId === "string") out.add(rateQuoteId);
    const hotelId = i.snapshot.match.hotelId;
    if (typeof hotelId === "string" && hotelId.length > 6) out.add(hotelId);
    // The cost, written as the page writes money, whenever the markup makes the client price differ.
    if (i.cost.amountMinor !== i.clientPrice.amountMinor) out.add(formatMoney(i.cost.amountMinor, i.cost.currency));
  }
  return [...out];
}

// The narrow project is the phone (e2e/constants.ts VIEWPORTS.narrow: 390 × 844, touch); its
// default context has no session, the advisor works in a context of their own.
test.describe("the client's proposal page", () => {
  let advisor: BrowserContext;
  test.beforeEach(async ({ browser }, testInfo) => {
    advisor = await browser.newContext({ storageState: STORAGE_STATE.advisor, baseURL: E2E_ORIGIN, extraHTTPHeaders: { "X-Forwarded-For": clientAddressOf(testInfo) } });
  });
  test.afterEach(async () => {
    await advisor.close();
  });

  test("a phone with no session sees client prices only, chooses the second hotel with a message; the advisor has it; withdrawn, 410", async ({ page, request, expectAccessible }, testInfo) => {
    test.skip(testInfo.project.name !== "narrow", "one run is enough: the page is opened on a phone in both projects");
    test.slow();
    const api = advisor.request;

    // The advisor's proposal, through the desk's API.
    const { rows } = await deskSearch(api, criteriaOf({ type: "hotel", to: "text:|Barcelona", in: dayFromNow(60), out: dayFromNow(62), pax: "1", res: "US" }));
    const currency = rows[0]!.sellCurrency;
    const hotels = rows.filter((r) => r.sellCurrency === currency && r.summary.isPackage !== true).slice(0, 2);
    expect(hotels.length, "two hotel rows in one currency").toBe(2);
    const client = await data<{ id: string }>(await api.post("/api/clients", { data: { name: "Zoé Client", email: "zoe.client@example.com", phone: "" }, headers: SAME_ORIGIN }), 201);
    let proposal = await data<Proposal>(
      await api.post("/api/proposals", { data: { clientId: client.id, title: "Barcelona, two hotels", note: "The two we talked about.", validUntil: dayFromNow(14) }, headers: SAME_ORIGIN }),
      201,
    );
    proposal = await data<Proposal>(await api.post(`/api/proposals/${proposal.id}/items`, { data: hotelItem(hotels[0]!, "Hotel Primero"), headers: SAME_ORIGIN }), 201);
    proposal = await data<Proposal>(await api.post(`/api/proposals/${proposal.id}/items`, { data: hotelItem(hotels[1]!, "Hotel Segundo", proposal.groups[0]!.id), headers: SAME_ORIGIN }), 201);
    proposal = await data<Proposal>(await api.post(`/api/proposals/${proposal.id}/items`, { data: flightItem(currency), headers: SAME_ORIGIN }), 201);
    const shared = await data<{ proposal: Proposal; url: string }>(await api.post(`/api/proposals/${proposal.id}/share`, { data: { send: false }, headers: SAME_ORIGIN }));
    proposal = shared.proposal;
    const link = new URL(shared.url);
    expect(link.pathname).toMatch(/^\/p\/[A-Za-z0-9_-]{43}$/);
    const second = proposal.items.find((i) => i.snapshot.title === "Hotel Segundo")!;
    const flight = proposal.items.find((i) => i.snapshot.productType === "flight")!;

    // The link, in this test's own context: no session, a phone. Every script it loads is kept.
    const scripts: Array<Promise<{ url: string; body: string }>> = [];
    page.on("response", (res) => {
      const isScript = res.request().resourceType() === "script" || /\.m?js(\?|$)/.test(new URL(res.url()).pathname);
      if (isScript && res.ok()) scripts.push(res.text().then((body) => ({ url: res.url(), body })));
    });
    const opened = await page.goto(link.pathname, { waitUntil: "networkidle" });
    expect(opened?.status()).toBe(200);
    await expect(page).toHaveTitle(/^Barcelona, two hotels · /);
    await expect(page.getByRole("heading", { level: 1, name: "Barcelona, two hotels" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Agency Desk home" })).toHaveCount(0);
    // Its styles come inlined with the page (app/p/layout.tsx), the desk's stylesheet not at all.
    await expect(page.locator('link[rel="stylesheet"]')).toHaveCount(0);
    await expect(page.getByText("Pick one of these")).toBeVisible();
    await expect(page.getByText("Included in your trip")).toBeVisible();
    for (const i of proposal.items) await expect(page.getByText(formatMoney(i.clientPrice.amountMinor, i.clientPrice.currency), { exact: true }).first()).toBeVisible();
    await expectAccessible();

    const html = (await opened!.text()) + (await page.content());
    const bodies = await Promise.all(scripts);
    expect(bodies.length, "the page loads Next's scripts").toBeGreaterThan(0);
    for (const secret of secretsOf(proposal)) {
      expect(html, `the HTML holds "${secret}"`).not.toContain(secret);
      for (const s of bodies) expect(s.body, `${s.url} holds "${secret}"`).not.toContain(secret);
    }
    expect(html).not.toMatch(UUID);
    expect(html).not.toMatch(/\bcost\b/i);

    // The view is counted once.
    await expect.poll(async () => (await data<Proposal>(await api.get(`/api/proposals/${proposal.id}`))).views.count).toBe(1);

    // The client picks the second hotel and writes a message.
    await page.getByRole("radio", { name: "Choose Hotel Segundo" }).check();
    await page.getByLabel(/^Message for /).fill("The second one, please. Late check-in?");
    const choiceUrl = `${E2E_ORIGIN}/api${link.pathname}/choice`;
    const posted = page.waitForResponse((res) => res.request().method() === "POST" && res.url() === choiceUrl);
    await page.getByRole("button", { name: "Send my choice" }).click();
    expect((await posted).status()).toBe(200);
    await expect(page.getByRole("status")).toContainText("Thank you.");
    await expect(page.getByRole("status")).toContainText("Hotel Segundo");

    // The advisor's proposal has it.
    const chosen = await data<Proposal>(await api.get(`/api/proposals/${proposal.id}`));
    expect(chosen.state).toBe("chosen");
    expect(chosen.choice?.message).toBe("The second one, please. Late check-in?");
    expect([...(chosen.choice?.itemIds ?? [])].sort()).toEqual([second.id, flight.id].sort());

    // The advisor who sent it is told by mail (received by the tests' SMTP server).
    await expect
      .poll(async () => (await mailTo(proposal.advisor.email, { count: 0 })).filter((m) => m.kind === "notification" && m.reference === proposal.reference).length, { timeout: 15_000 })
      .toBe(1);
    const told = (await mailTo(proposal.advisor.email)).find((m) => m.kind === "notification" && m.reference === proposal.reference)!;
    expect(told.subject).toBe("Zoé Client chose: Barcelona, two hotels");
    expect(told.text).toContain("Hotel Segundo");
    expect(told.text).toContain("The second one, please. Late check-in?");
    expect(told.text).toContain(`${E2E_ORIGIN}/proposals/${proposal.id}`);

    // A second visit shows the choice and lets the client change it.
    await page.reload();
    await expect(page.getByRole("heading", { name: /^You chose on / })).toBeVisible();
    await expect(page.getByRole("radio", { name: "Choose Hotel Segundo" })).toBeChecked();
    await expect(page.getByRole("button", { name: "Change my choice" })).toBeVisible();

    // Print: the form is not printed, the options are.
    await page.emulateMedia({ media: "print" });
    await expect(page.getByRole("button", { name: "Change my choice" })).toBeHidden();
    await expect(page.getByRole("heading", { name: "Hotel Primero" })).toBeVisible();
    await page.emulateMedia({ media: "screen" });

    // Withdrawn: the link answers 410 with the designed page and the advisor's contact.
    await data<Proposal>(await api.post(`/api/proposals/${proposal.id}/withdraw`, { headers: SAME_ORIGIN }));
    const gone = await request.get(link.pathname);
    expect(gone.status()).toBe(410);
    const goneHtml = await gone.text();
    for (const secret of secretsOf(proposal)) expect(goneHtml).not.toContain(secret);
    expect(goneHtml).not.toContain("Hotel Segundo");
    const reopened = await page.goto(link.pathname);
    expect(reopened?.status()).toBe(410);
    await expect(page.getByRole("heading", { level: 1, name: "This proposal is no longer open" })).toBeVisible();
    await expect(page.getByRole("link", { name: proposal.advisor.email })).toBeVisible();
    await expectAccessible();
  });

  test("a link that opens nothing answers the designed 404, which says nothing of whether it ever did", async ({ page, request }, testInfo) => {
    test.skip(testInfo.project.name !== "narrow", "one run is enough");
    // Below a link too: the client's own page, not the desk's 404.
    for (const path of [`/p/${"A".repeat(43)}`, "/p/too-short", `/p/${"A".repeat(43)}/more`]) {
      const res = await page.goto(path);
      expect(res?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1, name: "This link does not open anything" })).toBeVisible();
      await expect(page.getByRole("banner")).toHaveCount(0);
    }
    // A POST to a link that opens nothing is the same 404 in the envelope.
    const post = await request.post(`/api/p/${"A".repeat(43)}/choice`, { data: { choice: ["g1o1"], message: "" }, headers: SAME_ORIGIN });
    expect(post.status()).toBe(404);
  });
});
