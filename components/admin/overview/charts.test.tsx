// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { BarsChart, labelIndexes, niceTicks } from "./charts";

afterEach(cleanup);

describe("niceTicks", () => {
  it("steps of 1, 2 or 5 times a power of ten, from 0 to at least the largest value", () => {
    expect(niceTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(niceTicks(10)).toEqual([0, 5, 10]);
    expect(niceTicks(123_456)).toEqual([0, 50_000, 100_000, 150_000]);
    expect(niceTicks(1)).toEqual([0, 0.5, 1]);
    expect(niceTicks(0)).toEqual([0, 1]);
    // Counts (and minor units) step by whole numbers.
    expect(niceTicks(1, 4, true)).toEqual([0, 1]);
    expect(niceTicks(3, 4, true)).toEqual([0, 1, 2, 3]);
  });
});

describe("labelIndexes", () => {
  it("shows every label when they fit", () => {
    expect([...labelIndexes(7, 8)]).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });
  it("shows the first, every k-th and the last, the one before the last giving way when it would crowd it", () => {
    expect([...labelIndexes(30, 8)].sort((a, b) => a - b)).toEqual([0, 4, 8, 12, 16, 20, 24, 29]);
    expect([...labelIndexes(90, 8)].sort((a, b) => a - b)).toEqual([0, 12, 24, 36, 48, 60, 72, 89]);
    expect([...labelIndexes(26, 8)].sort((a, b) => a - b)).toEqual([0, 4, 8, 12, 16, 20, 25]);
  });
});

describe("BarsChart", () => {
  it("draws one bar per day, as tall as its share of the top step, with the axis in money", () => {
    render(<BarsChart money currency="USD" data={[{ label: "1 Dec", value: 0 }, { label: "2 Dec", value: 150_00 }, { label: "3 Dec", value: 300_00 }]} />);
    const bars = screen.getByTestId("bars-chart").querySelectorAll<HTMLElement>("[data-bar]");
    expect([...bars].map((b) => b.style.height)).toEqual(["0%", "50%", "100%"]);
    expect(screen.getByText("$300")).toBeInTheDocument();
    // A day pointed at says its value.
    fireEvent.pointerEnter(bars[1]!.parentElement!);
    expect(screen.getByTestId("bars-chart")).toHaveTextContent("2 Dec · $150.00");
  });

  it("draws one bar per category across, with its value at the end", () => {
    render(<BarsChart vertical currency="USD" data={[{ label: "Hotels", value: 4 }, { label: "Flights", value: 1 }]} />);
    const chart = screen.getByTestId("bars-chart");
    const bars = chart.querySelectorAll<HTMLElement>("[data-bar]");
    expect([...bars].map((b) => b.style.width)).toEqual(["100%", "25%"]);
    expect(chart).toHaveTextContent("Hotels4Flights1");
  });
});
