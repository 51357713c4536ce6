// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Controller, useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import type { z } from "zod";
import { searchCreateRequestSchema } from "@/lib/tds/contract/requests";
import { CHILD_AGE_UNSET } from "./search-limits";
import { OccupancyEditor } from "./occupancy-editor";
import type { OccupancyEntry, SearchProductType } from "./search-limits";

afterEach(cleanup);

function Harness({
  initial,
  productType = "hotel",
  onValue,
}: {
  initial: OccupancyEntry[];
  productType?: SearchProductType;
  onValue?: (v: OccupancyEntry[]) => void;
}) {
  const [value, setValue] = useState(initial);
  return (
    <OccupancyEditor
      productType={productType}
      value={value}
      onChange={(next) => {
        setValue(next);
        onValue?.(next);
      }}
    />
  );
}

const room = (adults: number, childrenAges: number[] = []) => ({ adults, childrenAges });

describe("OccupancyEditor — hotels", () => {
  it("adds and removes rooms and keeps the summary in step", async () => {
    const user = userEvent.setup();
    const onValue = vi.fn();
    render(<Harness initial={[room(2)]} onValue={onValue} />);
    expect(screen.getByTestId("occupancy-summary")).toHaveTextContent("1 room · 2 adults");
    expect(screen.queryByRole("button", { name: "Remove room 1" })).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Add room" }));
    expect(onValue).toHaveBeenLastCalledWith([room(2), room(2)]);
    expect(screen.getByRole("heading", { name: "Room 2" })).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "More children in room 2" }));
    // No age is guessed for a new child: the select asks for one.
    expect(onValue).toHaveBeenLastCalledWith([room(2), room(2, [CHILD_AGE_UNSET])]);
    expect(screen.getByTestId("occupancy-summary")).toHaveTextContent("2 rooms · 4 adults · 1 child");
    await user.selectOptions(screen.getByLabelText("Age of child 1 in room 2"), "8");

    await user.click(screen.getByRole("button", { name: "Remove room 1" }));
    expect(onValue).toHaveBeenLastCalledWith([room(2, [8])]);
    expect(screen.queryByRole("heading", { name: "Room 2" })).not.toBeInTheDocument();
    expect(screen.getByLabelText("Age of child 1 in room 1")).toHaveValue("8");
  });

  it("stops adding rooms at 9", async () => {
    const user = userEvent.setup();
    render(<Harness initial={Array.from({ length: 8 }, () => room(1))} />);
    const add = screen.getByRole("button", { name: "Add room" });
    expect(add).toBeEnabled();
    await user.click(add);
    expect(add).toBeDisabled();
    expect(screen.getAllByRole("heading", { name: /^Room \d$/ })).toHaveLength(9);
    expect(screen.getByText("Up to 9 rooms per search.")).toBeInTheDocument();
  });

  it("disables the steppers at their bounds (adults 1..6, children 0..4)", async () => {
    const user = userEvent.setup();
    render(<Harness initial={[room(1)]} />);
    const fewerAdults = screen.getByRole("button", { name: "Fewer adults in room 1" });
    const moreAdults = screen.getByRole("button", { name: "More adults in room 1" });
    const fewerChildren = screen.getByRole("button", { name: "Fewer children in room 1" });
    const moreChildren = screen.getByRole("button", { name: "More children in room 1" });
    expect(fewerAdults).toBeDisabled();
    expect(fewerChildren).toBeDisabled();

    for (let i = 0; i < 5; i++) await user.click(moreAdults);
    expect(moreAdults).toBeDisabled();
    expect(fewerAdults).toBeEnabled();
    expect(screen.getByTestId("occupancy-summary")).toHaveTextContent("1 room · 6 adults");

    for (let i = 0; i < 4; i++) await user.click(moreChildren);
    expect(moreChildren).toBeDisabled();
    expect(fewerChildren).toBeEnabled();
  });

  it("shows one age select (0..17) per child and updates ages", async () => {
    const user = userEvent.setup();
    const onValue = vi.fn();
    render(<Harness initial={[room(2), room(2, [4])]} onValue={onValue} />);
    expect(screen.queryByLabelText(/Age of child \d in room 1/)).not.toBeInTheDocument();
    expect(screen.getByLabelText("Age of child 1 in room 2")).toHaveValue("4");

    await user.click(screen.getByRole("button", { name: "More children in room 2" }));
    const second = screen.getByLabelText("Age of child 2 in room 2");
    const options = within(second).getAllByRole("option");
    expect(options).toHaveLength(19);
    expect(options[0]).toHaveTextContent("Choose…");
    expect(options[0]).toBeDisabled();
    expect(options[1]).toHaveValue("0");
    expect(options[18]).toHaveValue("17");

    await user.selectOptions(second, "15");
    expect(onValue).toHaveBeenLastCalledWith([room(2), room(2, [4, 15])]);

    await user.click(screen.getByRole("button", { name: "Fewer children in room 2" }));
    expect(onValue).toHaveBeenLastCalledWith([room(2), room(2, [4])]);
    expect(screen.queryByLabelText("Age of child 2 in room 2")).not.toBeInTheDocument();
  });
});

describe("OccupancyEditor — accessibility", () => {
  it("names its group after the legend and describes it with the error", () => {
    render(<OccupancyEditor productType="flight" legend="Passengers" value={[room(2)]} onChange={() => {}} error="At most 8 adults." />);
    expect(screen.getByRole("group", { name: "Passengers" })).toHaveAccessibleDescription("At most 8 adults.");
    cleanup();
    render(<Harness initial={[room(2)]} />);
    expect(screen.getByRole("group", { name: "Rooms and guests" })).toBeInTheDocument();
  });
});

describe("OccupancyEditor — other products", () => {
  it("edits one party of 1..8 adults and 0..6 children, without rooms", async () => {
    const user = userEvent.setup();
    const onValue = vi.fn();
    render(<Harness productType="activity" initial={[room(7)]} onValue={onValue} />);
    expect(screen.queryByRole("button", { name: "Add room" })).not.toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Room 1" })).not.toBeInTheDocument();

    const moreAdults = screen.getByRole("button", { name: "More adults" });
    await user.click(moreAdults);
    expect(moreAdults).toBeDisabled();
    expect(onValue).toHaveBeenLastCalledWith([room(8)]);

    const moreChildren = screen.getByRole("button", { name: "More children" });
    for (let i = 0; i < 6; i++) await user.click(moreChildren);
    expect(moreChildren).toBeDisabled();
    expect(screen.getByLabelText("Age of child 6")).toBeInTheDocument();
    expect(screen.getByTestId("occupancy-summary")).toHaveTextContent("8 adults · 6 children");
  });
});

/* ------------------------------------------------------------ react-hook-form example */

type SearchInput = z.input<typeof searchCreateRequestSchema>;
type SearchOutput = z.output<typeof searchCreateRequestSchema>;

const hotelSearch: SearchInput = {
  productType: "hotel",
  occupancy: [{ adults: 2, childrenAges: [] }],
  currency: "EUR",
  market: "GB",
  residency: "GB",
  destination: "Lisbon",
  checkIn: "2026-06-01",
  checkOut: "2026-06-04",
};

/** The first error sentence anywhere under a field (RHF nests array errors by index). */
function firstMessage(error: unknown): string | undefined {
  if (!error || typeof error !== "object") return undefined;
  if ("message" in error && typeof error.message === "string") return error.message;
  for (const [key, child] of Object.entries(error)) {
    if (key === "ref") continue;
    const found = firstMessage(child);
    if (found) return found;
  }
  return undefined;
}

/** How the search form wires the editor: a Controller over `occupancy`, errors from the canonical schema. */
function SearchForm({ defaults, onValid }: { defaults: SearchInput; onValid: (v: SearchOutput) => void }) {
  const form = useForm<SearchInput, unknown, SearchOutput>({
    resolver: zodResolver(searchCreateRequestSchema),
    defaultValues: defaults,
  });
  const productType = useWatch({ control: form.control, name: "productType" });
  const firstError = firstMessage(form.formState.errors.occupancy);
  return (
    <form onSubmit={form.handleSubmit(onValid)} noValidate>
      <Controller
        control={form.control}
        name="occupancy"
        render={({ field }) => (
          <OccupancyEditor
            productType={productType}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={firstError}
          />
        )}
      />
      <button type="submit">Search</button>
    </form>
  );
}

describe("OccupancyEditor inside react-hook-form", () => {
  it("submits what the editor produces through zodResolver(searchCreateRequestSchema)", async () => {
    const user = userEvent.setup();
    const onValid = vi.fn();
    render(<SearchForm defaults={hotelSearch} onValid={onValid} />);
    await user.click(screen.getByRole("button", { name: "Add room" }));
    await user.click(screen.getByRole("button", { name: "More children in room 2" }));
    await user.selectOptions(screen.getByLabelText("Age of child 1 in room 2"), "8");
    await user.click(screen.getByRole("button", { name: "Search" }));
    await waitFor(() => expect(onValid).toHaveBeenCalledTimes(1));
    expect(onValid.mock.lastCall?.[0].occupancy).toEqual([room(2), room(2, [8])]);
  });

  it("the schema rejects 7 adults in a hotel room, which the editor cannot produce", async () => {
    const user = userEvent.setup();
    const onValid = vi.fn();
    render(<SearchForm defaults={{ ...hotelSearch, occupancy: [room(7)] }} onValid={onValid} />);
    await user.click(screen.getByRole("button", { name: "Search" }));
    expect(await screen.findByText("Hotel rooms take 1 to 6 adults.")).toBeInTheDocument();
    expect(onValid).not.toHaveBeenCalled();
    // The editor only steps down from an out-of-range value, never up to one.
    expect(screen.getByRole("button", { name: "More adults in room 1" })).toBeDisabled();

    await user.click(screen.getByRole("button", { name: "Fewer adults in room 1" }));
    await user.click(screen.getByRole("button", { name: "Search" }));
    await waitFor(() => expect(onValid).toHaveBeenCalledTimes(1));
    expect(onValid.mock.lastCall?.[0].occupancy).toEqual([room(6)]);
  });

  it("the schema rejects a child age of 18", async () => {
    const onValid = vi.fn();
    const user = userEvent.setup();
    render(<SearchForm defaults={{ ...hotelSearch, occupancy: [room(2, [18])] }} onValid={onValid} />);
    await user.click(screen.getByRole("button", { name: "Search" }));
    expect(await screen.findByText("Each child's age is a whole number from 0 to 17.")).toBeInTheDocument();
    expect(onValid).not.toHaveBeenCalled();
  });
});
