import type { APIResponse } from "@playwright/test";
import type { AddItemRequest, Proposal } from "../lib/proposals/model";
import { dayFromNow } from "./checkout-kit";
import { E2E_ORIGIN, STORAGE_STATE } from "./constants";
import { expect, test } from "./fixtures";

// The clients' pages (issue 29), as an advisor: a proposal for a new client made through the
// desk's API; /clients, reached from the navigation, finds the client by name and by the digits
// of their phone, the search in the address; the client's page shows the contact card and the
// proposal (linked both ways with the proposal's page); the phone is changed, a number without
// its country code refused with a sentence on the field and what was typed kept; "New proposal
// for this client" opens the tray with the client chosen; unknown and malformed addresses answer
// 404 with the designed page. Both projects run it (desktop, and the phone's narrow layout).

type Envelope<T> = { data: T; error: { code: string; message: string } | null };
const SAME_ORIGIN = { Origin: E2E_ORIGIN };
const PHONE_SENTENCE = "Enter the number with its country code, such as +44 20 7946 0958, or leave it empty.";

async function data<T>(res: APIResponse, status: number): Promise<T> {
  expect(res.status(), await res.text()).toBe(status);
  return ((await res.json()) as Envelope<T>).data;
}

/** An offer as the tray adds it; the desk prices it with the agency's markup and asks nothing of the service. */
const hotelItem = (): AddItemRequest => ({
  snapshot: {
    productType: "hotel",
    title: "Hotel Avenida Lisboa",
    subtitle: "Double room, breakfast included",
    photoUrl: null,
    details: ["Breakfast for 2"],
    startsOn: dayFromNow(40),
    endsOn: dayFromNow(43),
    travellers: "2 adults",
    cancellation: "Non-refundable",
    refundable: false,
    country: "PT",
    criteria: { productType: "hotel", destination: "text:|Lisbon", checkIn: dayFromNow(40), checkOut: dayFromNow(43) },
    match: { hotelId: "e2e-clients-hotel", refundable: false },
  },
  cost: { amountMinor: 48_000, currency: "USD" },
});

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

test.describe("the clients' pages", () => {
  test.use({ storageState: STORAGE_STATE.advisor });

  test("finds a new client by name and phone, shows their proposal, changes their phone; unknown clients are 404", async ({ page, expectAccessible }, testInfo) => {
    test.slow(); // two pages, a form, the tray and a reload, on each project
    const stamp = `${Date.now().toString(36)}${testInfo.workerIndex}${testInfo.project.name.slice(0, 1)}`;
    const name = `Cora Clients ${stamp}`;
    const email = `cora.${stamp}@example.com`;
    // Digits of this run's own, so the phone search finds this client only.
    const digits = String(Date.now()).slice(-9);
    const phone = `+351 ${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}`;
    const title = `Lisbon for ${name}`;

    // The proposal and its new client, through the desk's API.
    const client = await data<{ id: string }>(await page.request.post("/api/clients", { data: { name, email, phone }, headers: SAME_ORIGIN }), 201);
    const proposal = await data<Proposal>(await page.request.post("/api/proposals", { data: { clientId: client.id, title, validUntil: dayFromNow(14) }, headers: SAME_ORIGIN }), 201);
    await data<Proposal>(await page.request.post(`/api/proposals/${proposal.id}/items`, { data: hotelItem(), headers: SAME_ORIGIN }), 201);

    // The section in the navigation (the bar, or the phone's row under it).
    await page.goto("/bookings");
    const nav = page.getByRole("navigation", { name: "Main" }).filter({ visible: true });
    await nav.getByRole("link", { name: "Clients" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Clients" })).toBeVisible();
    await expect(page).toHaveURL(/\/clients$/);
    await expect(nav.getByRole("link", { name: "Clients" })).toHaveAttribute("aria-current", "page");

    // Found by name, the search in the address; then by the phone's digits, spaced otherwise.
    const search = page.getByRole("searchbox", { name: "Search clients" });
    await search.fill(name);
    await expect(page).toHaveURL(new RegExp(`/clients\\?q=${escape(encodeURIComponent(name)).replace(/%20/g, "(\\+|%20)")}$`));
    const row = page.getByRole("row").filter({ hasText: name });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(email);
    await expect(row).toContainText("1 proposal");
    await expect(row).toContainText("0 bookings");
    await expect(row).toContainText(/just now|\d+ s ago|\d+ min ago/);
    await expect(page.getByText("1 client", { exact: true })).toBeVisible();
    await expectAccessible();

    await search.fill(digits);
    await expect(page).toHaveURL(new RegExp(`/clients\\?q=${digits}$`));
    await expect(page.getByRole("row").filter({ hasText: name })).toHaveCount(1);
    await page.reload();
    await expect(search).toHaveValue(digits);
    await expect(page.getByRole("row").filter({ hasText: name })).toHaveCount(1);

    await search.fill(`nobody ${stamp}`);
    await expect(page.getByRole("heading", { name: `No client matches “nobody ${stamp}”` })).toBeVisible();
    await page.getByRole("button", { name: "Clear the search" }).click();
    await expect(page).toHaveURL(/\/clients$/);
    // Searched again, and only then opened: the search's own update of the address must not follow the click.
    await search.fill(name);
    await expect(page).toHaveURL(/\/clients\?q=/);
    await expect(page.getByRole("row").filter({ hasText: name })).toHaveCount(1);

    // The client's page: the contact card and the proposal.
    await page.getByRole("row").filter({ hasText: name }).getByRole("link", { name, exact: true }).click();
    await page.waitForURL(new RegExp(`/clients/${client.id}$`));
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    const contact = page.getByRole("region", { name: "Contact" });
    await expect(contact.getByRole("link", { name: email })).toHaveAttribute("href", `mailto:${email}`);
    await expect(contact.getByTestId("client-phone")).toHaveText(phone);
    await expect(contact).toContainText("Added by Alex Advisor");
    const proposals = page.getByRole("list", { name: `Proposals for ${name}` });
    const item = proposals.getByRole("listitem").filter({ hasText: title });
    await expect(item.getByRole("link", { name: title })).toHaveAttribute("href", `/proposals/${proposal.id}`);
    await expect(item.getByText("Draft", { exact: true })).toBeVisible();
    await expect(item).toContainText(proposal.reference);
    await expect(item).toContainText(/\$\d[\d,]*\.\d\d/);
    await expect(page.getByText(`Nothing booked from ${name}'s proposals yet.`, { exact: false })).toBeVisible();
    await expectAccessible();

    // The phone changed: a number without its country code is refused on its field, as typed.
    await contact.getByRole("button", { name: "Edit the contact details" }).click();
    const form = contact.getByRole("form", { name: "Contact details" });
    const phoneField = form.getByLabel(/^Phone/);
    await phoneField.fill("021 000 0000");
    await phoneField.press("Tab");
    await expect(form.getByText(PHONE_SENTENCE)).toBeVisible();
    await expect(phoneField).toHaveAttribute("aria-invalid", "true");
    await form.getByRole("button", { name: "Save" }).click();
    await expect(phoneField).toHaveValue("021 000 0000");
    await expect(phoneField).toBeFocused();
    await expectAccessible();
    const newPhone = `+351 21 ${digits.slice(0, 3)} ${digits.slice(3, 7)}`;
    await phoneField.fill(newPhone);
    await form.getByRole("button", { name: "Save" }).click();
    await expect(contact.getByText("The contact details are saved.")).toBeVisible();
    await expect(contact.getByTestId("client-phone")).toHaveText(newPhone);
    await page.reload();
    await expect(page.getByRole("region", { name: "Contact" }).getByTestId("client-phone")).toHaveText(newPhone);
    await expect(page.getByRole("region", { name: "Contact" })).toContainText("Details changed");

    // The proposal's page names the client with a link back to their page.
    await page.getByRole("list", { name: `Proposals for ${name}` }).getByRole("link", { name: title }).click();
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole("region", { name: "Client", exact: true })).toContainText(newPhone);
    await page.getByRole("region", { name: "Client", exact: true }).getByRole("link", { name, exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/clients/${client.id}$`));

    // A new proposal for this client: the tray's start form, the client chosen.
    await page.getByRole("button", { name: "New proposal for this client" }).click();
    const tray = page.getByRole("dialog", { name: "Proposal" });
    await expect(tray.getByRole("heading", { name: "Start a proposal" })).toBeVisible();
    await expect(tray.getByText(`For ${name} (${email})`)).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(tray).toBeHidden();

    // The proposals list links the client's name to their page.
    await page.goto(`/proposals?q=${encodeURIComponent(name)}`);
    await expect(page.getByRole("row").filter({ hasText: title }).getByRole("link", { name, exact: true })).toHaveAttribute("href", `/clients/${client.id}`);

    // Addresses no client has: the designed page, HTTP 404.
    for (const id of ["not-a-client", "00000000-0000-4000-8000-000000000000"]) {
      const res = await page.goto(`/clients/${id}`);
      expect(res?.status(), id).toBe(404);
      await expect(page.getByRole("heading", { level: 1, name: "This client could not be found" })).toBeVisible();
      await expect(page).toHaveTitle(/Agency Desk$/);
    }
    await expectAccessible();
    await page.getByRole("link", { name: "Back to clients" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Clients" })).toBeVisible();
  });
});
