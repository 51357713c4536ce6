// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { flightGroups, londonHotelGroups } from "./__fixtures__";
import { EMPTY_FILTERS, facetsOf, type ResultFilters } from "./filter-model";
import { FilterPanel } from "./filter-panel";
import { SortSelect } from "./sort-select";

afterEach(cleanup);

const hotels = londonHotelGroups();

/** A controlled panel, as the results page holds it, reporting every change. */
function Harness({ initial = EMPTY_FILTERS, onChange, productType = "hotel" }: { initial?: ResultFilters; onChange: (f: ResultFilters) => void; productType?: string }) {
  const groups = productType === "hotel" ? hotels : flightGroups();
  const [filters, setFilters] = useState(initial);
  return (
    <FilterPanel
      productType={productType}
      facets={facetsOf(groups, productType, filters)}
      filters={filters}
      currency="USD"
      onChange={(next) => {
        onChange(next);
        setFilters(next);
      }}
    />
  );
}

describe("FilterPanel", () => {
  it("toggles a star rating with its count shown", async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    const stars = screen.getByRole("group", { name: "Star rating" });
    const four = within(stars).getByRole("checkbox", { name: /4 stars/ });
    const fourCount = facetsOf(hotels, "hotel").stars.find((s) => s.value === 4)!.count;
    expect(four.closest("label")).toHaveTextContent(String(fourCount));

    await userEvent.click(four);
    expect(onChange).toHaveBeenLastCalledWith({ ...EMPTY_FILTERS, stars: [4] });
    expect(four).toBeChecked();
    await userEvent.click(within(stars).getByRole("checkbox", { name: /5 stars/ }));
    expect(onChange).toHaveBeenLastCalledWith({ ...EMPTY_FILTERS, stars: [4, 5] });
    await userEvent.click(four);
    expect(onChange).toHaveBeenLastCalledWith({ ...EMPTY_FILTERS, stars: [5] });
    expect(screen.getByRole("heading", { name: /Filters/ })).toHaveTextContent("1");
  });

  it("moves the price range with the keyboard and filters in minor units", async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    const price = facetsOf(hotels, "hotel").price!;
    const min = screen.getByRole<HTMLInputElement>("slider", { name: /Minimum price/ });
    const max = screen.getByRole<HTMLInputElement>("slider", { name: /Maximum price/ });
    // Labelled in dollars, not cents.
    expect(min).toHaveAttribute("aria-valuetext", expect.stringMatching(/^\$\d/));
    expect(Number(min.value)).toBeGreaterThan(0);
    expect(Number(min.value)).toBeLessThanOrEqual(price.min / 100);
    expect(Number(max.value)).toBeGreaterThanOrEqual(price.max / 100);

    min.focus();
    await userEvent.keyboard("{ArrowRight}");
    const first = onChange.mock.lastCall![0] as ResultFilters;
    expect(first.price).not.toBeNull();
    expect(first.price!.min).toBeGreaterThan(price.min - 100 * 50);
    expect(first.price!.min % 100).toBe(0);
    expect(first.price!.max).toBeGreaterThanOrEqual(price.max);

    max.focus();
    await userEvent.keyboard("{PageDown}{PageDown}");
    const second = onChange.mock.lastCall![0] as ResultFilters;
    expect(second.price!.max).toBeLessThan(price.max);
    expect(second.price!.min).toBe(first.price!.min);
    expect(Number(max.value) * 100).toBe(second.price!.max);

    // Both thumbs back at the ends: no price filter at all.
    await userEvent.keyboard("{End}");
    min.focus();
    await userEvent.keyboard("{Home}");
    expect((onChange.mock.lastCall![0] as ResultFilters).price).toBeNull();
  });

  it("follows a dragged thumb and filters only when it is let go; the thumbs never cross", () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    const min = screen.getByRole<HTMLInputElement>("slider", { name: /Minimum price/ });
    const max = screen.getByRole<HTMLInputElement>("slider", { name: /Maximum price/ });
    const track = screen.getByTestId("range-track");
    // A 420 px track: thumb centres run from 10 px to 410 px over $100 to $5,000 (the scale of these hotels).
    track.getBoundingClientRect = () => ({ left: 0, top: 0, width: 420, height: 20, right: 420, bottom: 20, x: 0, y: 0, toJSON: () => ({}) });
    const lo = Number(min.value);
    const hi = Number(max.value);
    const xOf = (v: number) => 10 + ((v - lo) / (hi - lo)) * 400;

    // Pressed near the lower thumb and dragged: the list follows only when it is let go.
    fireEvent.pointerDown(track, { button: 0, pointerId: 1, clientX: xOf(lo) + 2 });
    expect(min).toHaveFocus();
    fireEvent.pointerMove(track, { pointerId: 1, clientX: xOf(1000) });
    expect(Number(min.value)).toBeGreaterThan(lo);
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.pointerUp(track, { pointerId: 1, clientX: xOf(1000) });
    const first = (onChange.mock.lastCall![0] as ResultFilters).price!;
    expect(first.min).toBe(Number(min.value) * 100);
    expect(first.max).toBe(hi * 100);

    // The upper thumb dragged below the lower one stops at it.
    fireEvent.pointerDown(track, { button: 0, pointerId: 2, clientX: xOf(hi) });
    expect(max).toHaveFocus();
    fireEvent.pointerMove(track, { pointerId: 2, clientX: 0 });
    fireEvent.pointerUp(track, { pointerId: 2, clientX: 0 });
    const last = (onChange.mock.lastCall![0] as ResultFilters).price!;
    expect(last).toEqual({ min: first.min, max: first.min });
  });

  it("takes a value set by assistive technology as a finished move", () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    const max = screen.getByRole<HTMLInputElement>("slider", { name: /Maximum price/ });
    fireEvent.change(max, { target: { value: "1000" } });
    expect((onChange.mock.lastCall![0] as ResultFilters).price!.max).toBe(100_000);
  });

  it("summarises the histogram for screen readers", () => {
    render(<Harness onChange={() => {}} initial={{ ...EMPTY_FILTERS, price: { min: 50_000, max: 100_000 } }} />);
    const img = screen.getByRole("img", { name: /Price distribution of 63 hotels from \$150 to \$4,950; about \d+ hotels between \$500 and \$1,000/ });
    expect(img).toBeInTheDocument();
    expect(screen.getByText("$500")).toBeInTheDocument();
    expect(screen.getByText("$1,000")).toBeInTheDocument();
  });

  it("switches refundable only and clears everything", async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} initial={{ ...EMPTY_FILTERS, boards: ["breakfast"] }} />);
    await userEvent.click(screen.getByRole("switch", { name: /Refundable only/ }));
    expect(onChange).toHaveBeenLastCalledWith({ ...EMPTY_FILTERS, boards: ["breakfast"], refundableOnly: true });
    await userEvent.click(screen.getAllByRole("checkbox", { name: /^Source / })[1]!);
    expect(onChange.mock.lastCall![0].sources).toHaveLength(1);
    await userEvent.click(screen.getByRole("button", { name: "Clear all" }));
    expect(onChange).toHaveBeenLastCalledWith({ ...EMPTY_FILTERS, stars: [], boards: [], sources: [], stops: [] });
    expect(screen.getByRole("button", { name: "Clear all" })).toBeDisabled();
  });

  it("labels boards and shows only the sections with a choice", async () => {
    render(<Harness onChange={() => {}} />);
    const board = screen.getByRole("group", { name: "Board" });
    expect(within(board).getAllByRole("checkbox").map((c) => c.closest("label")!.textContent)).toEqual([
      expect.stringMatching(/^Room only\d+$/),
      expect.stringMatching(/^Breakfast included\d+$/),
      expect.stringMatching(/^Half board\d+$/),
    ]);
    expect(screen.queryByRole("group", { name: /Stops/ })).not.toBeInTheDocument();
    cleanup();

    const onChange = vi.fn();
    render(<Harness productType="flight" onChange={onChange} />);
    expect(screen.queryByRole("group", { name: "Star rating" })).not.toBeInTheDocument();
    expect(screen.queryByRole("group", { name: "Board" })).not.toBeInTheDocument();
    // Every sandbox flight here is non-refundable: nothing to choose.
    expect(screen.queryByRole("switch")).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("checkbox", { name: /Direct/ }));
    expect(onChange).toHaveBeenLastCalledWith({ ...EMPTY_FILTERS, stops: [0] });
  });
});

describe("SortSelect", () => {
  it("offers the product's sorts under 'Sort by'", async () => {
    const onChange = vi.fn();
    render(<SortSelect productType="hotel" value="recommended" onChange={onChange} />);
    const select = screen.getByRole("combobox", { name: "Sort by" });
    expect(within(select).getAllByRole("option").map((o) => o.textContent)).toEqual([
      "Recommended",
      "Price: low to high",
      "Price: high to low",
      "Star rating: high to low",
    ]);
    await userEvent.selectOptions(select, "Price: low to high");
    expect(onChange).toHaveBeenCalledWith("price_asc");
  });
});
