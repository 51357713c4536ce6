// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { londonHotelGroups } from "./filters/__fixtures__";
import { MapView } from "./map-view";
import type { ResultGroup } from "./types";

afterEach(cleanup);

const hotels = londonHotelGroups();
const hrefFor = (g: ResultGroup) => `/search/srch_1/hotels/${g.productId}`;
const summary = (g: ResultGroup) => g.rows[0]!.summary as { hotelName: string; starRating: number | null };

/** Without coordinates: not drawn, but counted. */
const unplaced: ResultGroup = {
  ...hotels[1]!,
  productId: "htl_nowhere",
  rows: hotels[1]!.rows.map((r) => ({ ...r, canonicalProductId: "htl_nowhere", summary: { ...r.summary, coordinates: null } })),
};

function Harness({ groups, initial = null, onSelect }: { groups: ResultGroup[]; initial?: string | null; onSelect?: (id: string) => void }) {
  const [selected, setSelected] = useState<string | null>(initial);
  return (
    <>
      <button type="button" onClick={() => setSelected(groups.at(-1)!.productId)}>
        Pick the last from the list
      </button>
      <MapView
        groups={groups}
        selectedId={selected}
        onSelect={(id) => {
          onSelect?.(id);
          setSelected(id);
        }}
        hrefFor={hrefFor}
        currency="USD"
      />
    </>
  );
}

const markerButtons = () => [...document.querySelectorAll<HTMLButtonElement>("button[data-marker]")];
const shownIds = () => new Set(markerButtons().flatMap((b) => b.dataset.members!.split(" ")));

describe("MapView", () => {
  it("shows every hotel with coordinates, alone or in a cluster, and counts those without", () => {
    render(<Harness groups={[...hotels, unplaced]} />);
    expect(shownIds()).toEqual(new Set(hotels.map((g) => g.productId)));
    // Clusters and pills never show a hotel twice.
    const total = markerButtons().reduce((n, b) => n + b.dataset.members!.split(" ").length, 0);
    expect(total).toBe(hotels.length);
    expect(screen.getByText(`${hotels.length} of ${hotels.length + 1} hotels have a location; 1 not shown.`)).toBeInTheDocument();
    expect(screen.getByText("Map without tiles: positions are exact, streets are not shown.")).toBeInTheDocument();
    // Only one marker is a tab stop; arrows move between them.
    expect(markerButtons().filter((b) => b.tabIndex === 0)).toHaveLength(1);
  });

  it("names markers for screen readers and selects one, with a card linking to its rooms", async () => {
    const onSelect = vi.fn();
    render(<Harness groups={hotels} onSelect={onSelect} />);
    const single = markerButtons().find((b) => b.dataset.members === b.dataset.marker)!;
    const group = hotels.find((g) => g.productId === single.dataset.marker)!;
    const { hotelName, starRating } = summary(group);
    const price = Math.min(...group.rows.map((r) => r.sellAmountMinor));
    const dollars = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(price / 100);
    expect(single).toHaveAccessibleName(`${hotelName}, ${starRating} ${starRating === 1 ? "star" : "stars"}, from ${dollars}`);
    expect(single).toHaveAttribute("aria-pressed", "false");

    await userEvent.click(single);
    expect(onSelect).toHaveBeenCalledWith(group.productId);
    const marker = screen.getByRole("button", { name: new RegExp(`^${hotelName}, `) });
    expect(marker).toHaveAttribute("aria-pressed", "true");
    const card = screen.getByRole("dialog", { name: hotelName });
    expect(within(card).getByText(dollars)).toBeInTheDocument();
    expect(within(card).getByRole("link", { name: "See rooms" })).toHaveAttribute("href", hrefFor(group));

    await userEvent.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(marker).toHaveFocus();
  });

  it("shows a hotel chosen in the list on its own, highlighted, even when it was clustered", async () => {
    render(<Harness groups={hotels} />);
    const last = hotels.at(-1)!;
    const wasAlone = markerButtons().some((b) => b.dataset.marker === last.productId && b.dataset.members === last.productId);
    await userEvent.click(screen.getByRole("button", { name: "Pick the last from the list" }));
    const marker = screen.getByRole("button", { name: new RegExp(`^${summary(last).hotelName}, `) });
    expect(marker).toHaveAttribute("aria-pressed", "true");
    expect(marker.dataset.members).toBe(last.productId);
    expect(shownIds().size).toBe(hotels.length);
    // The fixture's last hotel sits in a cluster at the default zoom, so this tests the split.
    expect(wasAlone).toBe(false);
  });

  it("opens a cluster by zooming in, and zooms and pans by buttons, keys and wheel", async () => {
    render(<Harness groups={hotels} />);
    const before = markerButtons().length;
    const cluster = markerButtons().find((b) => b.dataset.members!.includes(" "))!;
    expect(cluster).toHaveAccessibleName(/^\d+ hotels close together, from \$[\d,.]+\. Zoom in$/);
    await userEvent.click(cluster);
    expect(markerButtons().length).toBeGreaterThan(before);
    expect(shownIds().size).toBe(hotels.length);

    const map = screen.getByRole("region", { name: /Map of hotels/ });
    const layer = () => (map.querySelector("[role=group]")!.parentElement as HTMLElement).style.transform;
    await userEvent.click(screen.getByRole("button", { name: "Show all hotels" }));
    expect(markerButtons().length).toBe(before);
    expect(screen.getByRole("button", { name: "Show all hotels" })).toBeDisabled();

    await userEvent.click(screen.getByRole("button", { name: "Zoom in" }));
    expect(markerButtons().length).toBeGreaterThan(before);
    await userEvent.click(screen.getByRole("button", { name: "Zoom out" }));
    expect(markerButtons().length).toBe(before);

    map.focus();
    const start = layer();
    await userEvent.keyboard("{ArrowLeft}");
    expect(layer()).not.toBe(start);
    await userEvent.keyboard("0");
    expect(layer()).toBe(start);
    act(() => {
      fireEvent.wheel(map, { deltaY: -400, clientX: 400, clientY: 260 });
    });
    expect(markerButtons().length).toBeGreaterThan(before);
  });

  it("moves focus between markers with the arrow keys, in list order", async () => {
    render(<Harness groups={hotels} />);
    const buttons = markerButtons();
    buttons[0]!.focus();
    await userEvent.keyboard("{ArrowRight}");
    expect(buttons[1]).toHaveFocus();
    expect(buttons[1]!.tabIndex).toBe(0);
    await userEvent.keyboard("{End}");
    expect(markerButtons().at(-1)).toHaveFocus();
    // DOM order follows the list: the first hotel of each marker rises through the list.
    const firsts = markerButtons().map((b) => hotels.findIndex((g) => g.productId === b.dataset.marker));
    expect(firsts).toEqual([...firsts].sort((a, b) => a - b));
  });

  it("says so when there is nothing to place", () => {
    render(<Harness groups={[unplaced]} />);
    expect(screen.getByText("None of these hotels has a location to show on the map.")).toBeInTheDocument();
    expect(markerButtons()).toHaveLength(0);
  });
});
