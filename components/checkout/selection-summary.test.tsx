// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { ResultRow } from "@/components/results/types";
import { emptyCriteria, type FlightCriteria, type Place, type TransferCriteria } from "@/lib/search/criteria";
import transfer from "./__fixtures__/transfer.json";
import { SelectionSummary } from "./selection-summary";

afterEach(cleanup);

const airport = (code: string, name: string): Place => ({ kind: "airport", code, name, countryCode: null });
const price = { amountMinor: 13539, currency: "USD", label: "Total" };

describe("SelectionSummary", () => {
  it("names a multi-city trip from its first origin to its last destination", () => {
    const criteria: FlightCriteria = {
      ...emptyCriteria("flight", "US"),
      trip: "multi",
      slices: [
        { origin: airport("LHR", "London Heathrow"), destination: airport("JFK", "New York JFK"), date: "2026-12-10" },
        { origin: airport("JFK", "New York JFK"), destination: airport("LAX", "Los Angeles"), date: "2026-12-14" },
      ],
    };
    render(<SelectionSummary criteria={criteria} row={null} price={price} />);
    expect(screen.getByRole("heading", { level: 2 })).toHaveTextContent("London Heathrow (LHR) → New York JFK (JFK) → Los Angeles (LAX)");
  });

  it("names a transfer's ends as the advisor did, and the service's names when nothing was picked", () => {
    const row = transfer.row as unknown as ResultRow;
    const criteria: TransferCriteria = {
      ...emptyCriteria("transfer", "US"),
      pickup: airport("LHR", "London Heathrow"),
      dropoff: { kind: "address", code: "51.4875,-0.1687", name: "217 King's Road, Chelsea" },
    };
    const { unmount } = render(<SelectionSummary criteria={criteria} row={row} price={price} />);
    expect(screen.getByText("From").nextElementSibling).toHaveTextContent("London Heathrow (LHR)");
    expect(screen.getByText("To").nextElementSibling).toHaveTextContent("217 King's Road, Chelsea");
    unmount();

    render(<SelectionSummary criteria={{ ...criteria, pickup: null, dropoff: null }} row={row} price={price} />);
    expect(screen.getByText("From").nextElementSibling).toHaveTextContent("London Heathrow Airport");
    expect(screen.getByText("To").nextElementSibling).toHaveTextContent("London Cosmo Hotel, 217 King's Road, London");
  });

  it("names the product in the singular: Activity, not Activitie", () => {
    render(<SelectionSummary criteria={emptyCriteria("activity", "US")} row={null} price={price} />);
    expect(screen.getAllByText("Activity").length).toBeGreaterThan(0);
    expect(screen.queryByText(/Activitie\b/)).toBeNull();
  });

  it("without the selected row, says so in the product's own words, never a hotel's", () => {
    for (const type of ["flight", "activity", "transfer"] as const) {
      const { unmount } = render(<SelectionSummary criteria={emptyCriteria(type, "US")} row={null} price={price} />);
      expect(screen.getByText(/no longer holds what was selected/)).toHaveTextContent(`this ${type}`);
      expect(screen.queryByText(/room/i)).toBeNull();
      unmount();
    }
  });
});
