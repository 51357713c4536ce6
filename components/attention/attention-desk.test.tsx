// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { listRow, PROPOSAL_ID } from "@/components/proposals/__fixtures__/proposals";
import { attentionItems, type AttentionFact, type AttentionResponse } from "@/lib/bookings/attention";
import { okReply, scriptFetch } from "@/lib/testing/scripted-fetch";
import { AttentionDesk } from "./attention-desk";
import { messageStart } from "./chosen-proposals";

// Needs attention with its first group, the proposals whose client chose (issue 29), and the page's
// empty state, which holds only when neither a proposal nor a booking is listed.

vi.mock("next/navigation", () => ({
  useRouter: () => ({ push: vi.fn(), replace: vi.fn(), prefetch: vi.fn(), refresh: vi.fn() }),
  usePathname: () => "/attention",
  useSearchParams: () => new URLSearchParams(),
}));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

type ChosenProposal = AttentionResponse["proposals"][number];

const ADMIN = { id: "u-admin", email: "ines@desk.test", admin: true };
const ADVISOR = { id: "u1", email: "alex@example.com" };

function chosen(over: Partial<ChosenProposal> = {}): ChosenProposal {
  return {
    ...listRow({
      state: "chosen",
      choice: { at: new Date(Date.now() - 2 * 3_600_000 - 60_000).toISOString(), message: "We'd love the Lutetia.\nCould the room face the garden?", itemIds: ["i1", "i3"] },
    }),
    chosenTitles: ["Hôtel Lutetia", "Barcelona → Paris"],
    ...over,
  };
}

/** GET /api/attention's answer: `proposals` and `items` as given, checked a minute ago. */
function answer(proposals: ChosenProposal[], items: unknown[] = []) {
  return okReply({ proposals, items, total: items.length, checkedAt: new Date(Date.now() - 60_000).toISOString(), checking: false });
}

function renderDesk(me: { id: string; email: string; admin?: boolean } = ADVISOR) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <AttentionDesk mine={false} me={me} />
    </QueryClientProvider>,
  );
}

const failedBooking = (): AttentionFact => ({
  bookingId: "bk_failed",
  orderRef: "RV-2026-FAILED01",
  productType: "hotel",
  state: "failed",
  leadGuest: "Jon Doe",
  item: "Hotel Arts",
  travelStart: "2026-12-20",
  travelAt: null,
  totalSellMinor: 50_000,
  currency: "EUR",
  paymentDeadline: null,
  freeCancelUntil: null,
  createdAt: new Date().toISOString(),
  voucherSentAt: null,
  bookedBy: null,
  checkedAt: new Date().toISOString(),
});

describe("Needs attention: clients chose", () => {
  it("lists a chosen proposal first, with what the client chose, when, their message and a link to it", async () => {
    scriptFetch(() => answer([chosen()], attentionItems([failedBooking()], new Date())));
    renderDesk();
    const section = await screen.findByRole("region", { name: "Clients chose" });
    expect(within(section).getByText("1 proposal", { exact: false })).toBeVisible();
    const row = within(section).getByRole("listitem", { name: "PR-7KQ2M9: Marta García chose" });
    expect(within(row).getByRole("link", { name: "PR-7KQ2M9" })).toHaveAttribute("href", `/proposals/${PROPOSAL_ID}`);
    expect(within(row).getByRole("link", { name: "Open proposal" })).toHaveAttribute("href", `/proposals/${PROPOSAL_ID}`);
    expect(row).toHaveTextContent("Paris in December");
    expect(row).toHaveTextContent("Marta García");
    expect(within(row).getByTestId("attention-proposal-choice")).toHaveTextContent("Their choice: Hôtel Lutetia and Barcelona → Paris");
    expect(within(row).getByText("Chose 2 h ago")).toBeVisible();
    expect(row).toHaveTextContent("“We'd love the Lutetia. Could the room face the garden?”");
    // An advisor sees only their own proposals: no "sent by".
    expect(row).not.toHaveTextContent("sent by");

    // The bookings follow under their own heading.
    expect(screen.getByRole("heading", { level: 2, name: "Bookings" })).toBeVisible();
    expect(screen.getByTestId("attention-count")).toHaveTextContent("1 booking needs attention.");
    const groups = screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent);
    expect(groups).toEqual(["Clients chose", "Bookings"]);
    expect(screen.queryByText(/Nothing needs attention/)).not.toBeInTheDocument();
  });

  it("is not the empty page when only proposals are listed; an admin sees who sent each", async () => {
    const rome = chosen({
      id: "22222222-2222-4222-8222-222222222222",
      reference: "PR-AAAA22",
      title: "Rome for two",
      advisor: { id: ADMIN.id, name: "Inès Admin", email: ADMIN.email },
      choice: { at: new Date(Date.now() - 3 * 86_400_000 - 3_600_000).toISOString(), message: "", itemIds: [] },
      chosenTitles: ["Hotel de Russie"],
    });
    scriptFetch(() => answer([chosen(), rome]));
    renderDesk(ADMIN);
    const rows = await screen.findAllByTestId("attention-proposal");
    expect(rows).toHaveLength(2);
    expect(screen.getByText("2 proposals", { exact: false })).toBeVisible();
    expect(rows[0]).toHaveTextContent("Chose 2 h ago · sent by Alex Advisor");
    expect(rows[1]).toHaveTextContent("Chose 3 days ago · sent by you");
    expect(within(rows[1]!).getByRole("link", { name: "Open proposal" })).toHaveAttribute("href", "/proposals/22222222-2222-4222-8222-222222222222");
    expect(rows[1]).not.toHaveTextContent("“");
    expect(screen.getByTestId("attention-count")).toHaveTextContent("No booking needs attention.");
    expect(screen.queryByText(/Nothing needs attention/)).not.toBeInTheDocument();
  });

  it("says nothing needs attention when there is neither a proposal nor a booking", async () => {
    scriptFetch(() => answer([]));
    renderDesk();
    expect(await screen.findByRole("heading", { name: "Nothing needs attention" })).toBeVisible();
    expect(screen.getByText(/No client's choice waits to be booked, no hold is due/)).toBeVisible();
    expect(screen.queryByRole("region", { name: "Clients chose" })).not.toBeInTheDocument();
    expect(screen.queryByTestId("attention-count")).not.toBeInTheDocument();
  });

  it("shows the start of a long message, cut at a word", () => {
    const long = `${"Could we move the dates by a day ".repeat(6)}please?`;
    const start = messageStart(long);
    expect(start.length).toBeLessThanOrEqual(141);
    expect(start.endsWith("…")).toBe(true);
    expect(long.startsWith(start.slice(0, -1))).toBe(true);
    expect(start).not.toMatch(/\s…$/);
    expect(messageStart("  Short,\n\tand sweet.  ")).toBe("Short, and sweet.");
  });
});
