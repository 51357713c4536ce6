import type { APIRequestContext } from "@playwright/test";
import { snapshotOf } from "../components/proposals/snapshot";
import type { Proposal } from "../lib/proposals/model";
import type { HotelRow } from "../lib/tds/contract/types";
import { uniqueName } from "./bookings-kit";
import { bookingsAtService, criteriaOf, dayFromNow, deskSearch } from "./checkout-kit";
import { E2E_ORIGIN, STORAGE_STATE } from "./constants";
import { expect, test } from "./fixtures";

// From the client's choice to a booking (issue 29, docs/proposals.md#booking-the-choice): a
// proposal of a hotel found with the sandbox's `sandbox:price-change` trigger, chosen by the
// client through their link; the advisor meets it in Needs attention, opens it, has the desk find
// the offer again, and checks out with the proposed and current prices side by side: the price
// changed at the price-check, so the booking waits for the client's acceptance. The client is
// filled in as lead traveller; the booking is recorded on the proposal, once: the same checkout
// link opened again says the offer is booked, and the service holds one booking.

test.use({ storageState: STORAGE_STATE.advisor });

type Envelope<T> = { data: T; error: { code: string; message: string } | null };
const SAME_ORIGIN = { Origin: E2E_ORIGIN };

async function data<T>(res: Awaited<ReturnType<APIRequestContext["get"]>>, status = 200): Promise<T> {
  expect(res.status(), await res.text()).toBe(status);
  return ((await res.json()) as Envelope<T>).data;
}

test.describe("booking the client's choice", () => {
  test("Needs attention → the proposal → found again → checkout with proposed vs now, the client's acceptance, booked once", async ({ page, request, sandbox, playwright, expectAccessible }, testInfo) => {
    test.skip(testInfo.project.name !== "desktop", "one layout is enough for the journey; the pages are screenshot on both");
    test.slow();
    const lastName = uniqueName("Booker");
    const clientName = `Zoé ${lastName}`;

    // The advisor's proposal: one hotel rate, as the tray adds it (the same snapshot).
    const criteria = criteriaOf({ type: "hotel", to: "text:|Barcelona", q: "sandbox:price-change", in: dayFromNow(50), out: dayFromNow(52), pax: "1", res: "US" });
    const { rows } = await deskSearch(request, criteria);
    const row = rows.find((r) => r.productType === "hotel" && r.summary.isPackage !== true && r.summary.requiresGuestTitle !== true) as HotelRow | undefined;
    expect(row, "a plain hotel rate").toBeDefined();
    const client = await data<{ id: string }>(await request.post("/api/clients", { data: { name: clientName, email: "zoe.booker@example.com", phone: "+33 6 12 34 56 78" }, headers: SAME_ORIGIN }), 201);
    let proposal = await data<Proposal>(await request.post("/api/proposals", { data: { clientId: client.id, title: "Barcelona for Zoé", validUntil: dayFromNow(10) }, headers: SAME_ORIGIN }), 201);
    proposal = await data<Proposal>(
      await request.post(`/api/proposals/${proposal.id}/items`, { data: snapshotOf({ kind: "hotel", row: row!, criteria, hotelName: row!.summary.hotelName }), headers: SAME_ORIGIN }),
      201,
    );
    const hotel = proposal.items[0]!.snapshot.title;
    const { url } = await data<{ url: string }>(await request.post(`/api/proposals/${proposal.id}/share`, { data: { send: false }, headers: SAME_ORIGIN }));

    // The client chooses it through their link, with no session.
    const stranger = await playwright.request.newContext({ baseURL: E2E_ORIGIN });
    const token = new URL(url).pathname.split("/p/")[1]!;
    await data(await stranger.post(`/api/p/${token}/choice`, { data: { choice: ["g1o1"], message: "This one, please!" }, headers: SAME_ORIGIN }));
    await stranger.dispose();

    // Needs attention lists it; its proposal offers to find and book it.
    await page.goto("/attention");
    const chose = page.getByRole("region", { name: /Clients chose/ });
    const entry = chose.getByRole("listitem").filter({ hasText: proposal.reference });
    await expect(entry).toContainText("This one, please!");
    await entry.getByRole("link", { name: /Open proposal/ }).click();
    await expect(page).toHaveURL(new RegExp(`/proposals/${proposal.id}$`));
    const choice = page.getByRole("region", { name: `The client chose ${hotel}` });
    await choice.getByRole("button", { name: `Find and book: ${hotel}` }).click();
    await expect(choice.getByTestId("refound")).toContainText("Still available.", { timeout: 30_000 });
    await choice.getByRole("link", { name: "Book it" }).click();

    // Checkout: the client is the lead; the price changed at the check, so it waits for the client's word.
    await expect(page).toHaveURL(/\/checkout\/.+proposal=/);
    const compare = page.getByTestId("proposal-compare");
    await expect(compare).toContainText(`For ${clientName}, from proposal ${proposal.reference}`);
    await expect(page.getByTestId("live-price")).toBeVisible({ timeout: 20_000 });
    const changed = page.getByTestId("proposal-price-changed");
    await expect(changed).toContainText("The price changed since the proposal: the client would pay $");
    const lead = page.getByTestId("traveler-0");
    await expect(lead.getByLabel(/^First name/)).toHaveValue("Zoé");
    await expect(lead.getByLabel(/^Last name/)).toHaveValue(lastName);
    await expectAccessible();

    await page.getByRole("checkbox", { name: /The client accepts these changes/ }).check();
    await page.getByRole("button", { name: "Book and pay now" }).click();
    const accept = page.getByRole("checkbox", { name: /^The client accepted the new price of \$/ });
    await expect(accept).toHaveAttribute("aria-invalid", "true");
    await expect(accept).toBeFocused();
    expect(await bookingsAtService(sandbox, lastName)).toHaveLength(0);

    await accept.check();
    // A double click books once.
    await page.getByRole("button", { name: "Book and pay now" }).dblclick();
    await expect(page.getByRole("heading", { name: "Booking confirmed" })).toBeVisible({ timeout: 30_000 });
    const checkoutUrl = page.url();
    await page.getByRole("link", { name: "Back to the proposal" }).click();
    await expect(page.getByRole("link", { name: /^Booked · / })).toBeVisible();
    await expect(page.getByText("Everything the client chose is booked.")).toBeVisible();
    const booked = await data<Proposal>(await request.get(`/api/proposals/${proposal.id}`));
    expect(booked.state).toBe("booked");
    expect(booked.bookings).toHaveLength(1);
    expect(await bookingsAtService(sandbox, lastName)).toHaveLength(1);

    // The same checkout link again, in a fresh tab with nothing kept: booked, nothing booked again.
    const again = await page.context().newPage();
    await again.goto(checkoutUrl);
    await expect(again.getByText("This offer of the proposal is already booked")).toBeVisible();
    await expect(again.getByRole("button", { name: "Book and pay now" })).toHaveCount(0);
    expect(await bookingsAtService(sandbox, lastName)).toHaveLength(1);
    await again.close();

    // The booking's page says which proposal it came from.
    await page.getByRole("link", { name: /^Booked · / }).click();
    await expect(page.getByText(`From proposal ${proposal.reference}`)).toBeVisible();
  });
});
