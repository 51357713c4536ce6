// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { proposalMargins } from "@/lib/bookings/overview";
import { ProposalMargins } from "./proposal-margins";

afterEach(cleanup);

const at = "2026-11-24T09:00:00Z";
const ana = { id: "u1", name: "Ana Advisor" };
const ben = { id: "u2", name: "Ben Advisor" };

describe("ProposalMargins", () => {
  it("a row per advisor with client price, agency cost, margin and margin %, a total row, and what was left out", () => {
    const data = proposalMargins(
      [
        { currency: "USD", costMinor: 100_00, clientMinor: 115_00, createdAt: at, bookedBy: ana },
        { currency: "USD", costMinor: 200_00, clientMinor: 250_00, createdAt: at, bookedBy: ana },
        { currency: "USD", costMinor: 50_00, clientMinor: 49_00, createdAt: at, bookedBy: ben },
        { currency: "EUR", costMinor: 80_00, clientMinor: 90_00, createdAt: at, bookedBy: ben },
        { currency: "USD", costMinor: 70_00, clientMinor: 90_00, createdAt: at, bookedBy: ben, state: "cancelled" },
      ],
      "USD",
    );
    render(<ProposalMargins data={data} currency="USD" range={30} />);
    const section = screen.getByRole("region", { name: "Margin on proposals" });
    expect(section).toHaveTextContent("In USD only.");
    const table = within(section).getByRole("table", { name: "Margin on bookings from proposals by advisor, in USD" });
    const rows = within(table).getAllByRole("row").map((r) => [...r.querySelectorAll("th, td")].map((c) => c.textContent));
    expect(rows).toEqual([
      ["Advisor", "Bookings", "Client price", "Agency cost", "Margin", "Margin %"],
      ["Ana Advisor", "2", "$365.00", "$300.00", "$65.00", "17.81%"],
      ["Ben Advisor", "1", "$49.00", "$50.00", "-$1.00", "-2.04%"],
      ["All advisors", "3", "$414.00", "$350.00", "$64.00", "15.46%"],
    ]);
    expect(within(section).getByText("Margin", { selector: "dt" }).nextSibling).toHaveTextContent("$64.00");
    expect(section).toHaveTextContent("1 booking from proposals in other currencies is not included. 1 booking from proposals is held, failed or cancelled: not included.");
  });

  it("none in the period: says so", () => {
    render(<ProposalMargins data={proposalMargins([], "USD")} currency="USD" range={7} />);
    const section = screen.getByRole("region", { name: "Margin on proposals" });
    expect(within(section).getByRole("heading", { name: "No bookings from proposals in this period" })).toBeInTheDocument();
    expect(within(section).queryByRole("table")).toBeNull();
    expect(section).toHaveTextContent("last 7 days");
  });
});
