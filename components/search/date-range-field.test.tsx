// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { DateRangeField, type DateRangeValue } from "./date-range-field";

// The dialog's code loads when it first opens (a dynamic import): on a loaded CI machine the first
// import in a file has taken over Testing Library's 1 s default to arrive.
const LAZY = { timeout: 10_000 };

afterEach(cleanup);

const TODAY = "2026-03-10";

function Harness({
  initial = {},
  mode = "range",
  inline = true,
  onValue,
}: {
  initial?: DateRangeValue;
  mode?: "range" | "single";
  inline?: boolean;
  onValue?: (v: DateRangeValue) => void;
}) {
  const [value, setValue] = useState<DateRangeValue>(initial);
  return (
    <DateRangeField
      mode={mode}
      inline={inline}
      today={TODAY}
      value={value}
      onChange={(next) => {
        setValue(next);
        onValue?.(next);
      }}
    />
  );
}

/**
 * The calendar's button for a day (react-day-picker marks each cell with data-day), once the
 * calendar, which is loaded on demand, has replaced its placeholder.
 */
const day = async (iso: string) => {
  let button: HTMLButtonElement | null = null;
  await waitFor(() => {
    button = document.querySelector<HTMLButtonElement>(`[data-day="${iso}"] button`);
    if (!button) throw new Error(`No day button for ${iso}`);
  }, LAZY);
  return button!;
};

describe("DateRangeField — hotel stay", () => {
  it("names its group after its label", () => {
    render(<DateRangeField today={TODAY} label="Stay" value={{}} onChange={() => {}} />);
    expect(screen.getByRole("group", { name: "Stay" })).toBeInTheDocument();
  });

  it("shows the nights of a valid stay and no error", () => {
    render(<Harness initial={{ checkIn: "2026-03-12", checkOut: "2026-03-15" }} />);
    expect(screen.getByTestId("nights")).toHaveTextContent("3 nights");
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(screen.getByLabelText("Check-in")).toHaveValue("2026-03-12");
    expect(screen.getByLabelText("Check-out")).toHaveValue("2026-03-15");
  });

  it("shows stayRangeError's sentence for typed dates and marks the inputs invalid", () => {
    render(<Harness initial={{ checkIn: "2026-03-12", checkOut: "2026-03-15" }} />);
    fireEvent.change(screen.getByLabelText("Check-out"), { target: { value: "2026-03-12" } });
    expect(screen.getByRole("alert")).toHaveTextContent("Check-out must be after check-in.");
    expect(screen.getByLabelText("Check-out")).toHaveAttribute("aria-invalid", "true");
    expect(screen.queryByTestId("nights")).not.toBeInTheDocument();

    fireEvent.change(screen.getByLabelText("Check-out"), { target: { value: "2026-04-12" } });
    expect(screen.getByRole("alert")).toHaveTextContent("A stay can be at most 30 nights.");

    fireEvent.change(screen.getByLabelText("Check-in"), { target: { value: "2026-03-09" } });
    expect(screen.getByRole("alert")).toHaveTextContent("Check-in can't be in the past.");

    fireEvent.change(screen.getByLabelText("Check-in"), { target: { value: "2026-04-01" } });
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(screen.getByTestId("nights")).toHaveTextContent("11 nights");
  });

  it("prefers an error passed in (e.g. from the schema)", () => {
    render(<DateRangeField today={TODAY} value={{}} onChange={() => {}} inline error="Choose a check-out date." />);
    expect(screen.getByRole("alert")).toHaveTextContent("Choose a check-out date.");
  });

  it("stands in for the calendar while its code loads", async () => {
    render(<Harness />);
    expect(screen.getByRole("status", { name: "Loading the calendar" })).toBeInTheDocument();
    expect(await screen.findByRole("grid")).toBeInTheDocument();
    expect(screen.queryByRole("status", { name: "Loading the calendar" })).not.toBeInTheDocument();
  });

  it("disables days before today in the calendar", async () => {
    render(<Harness />);
    expect(await day("2026-03-09")).toBeDisabled();
    expect(await day("2026-03-10")).toBeEnabled();
    expect(await day("2026-03-31")).toBeEnabled();
  });

  it("disables check-in days more than 730 days ahead", async () => {
    // 2028-03-09 is today + 730 days.
    render(<Harness initial={{ checkIn: "2028-03-01", checkOut: "2028-03-02" }} />);
    expect(await day("2028-03-09")).toBeEnabled();
    expect(await day("2028-03-10")).toBeDisabled();
  });

  it("limits the range to 30 nights once a check-in is picked, and shows the nights", async () => {
    const user = userEvent.setup();
    const onValue = vi.fn();
    render(<Harness onValue={onValue} />);
    await user.click(await day("2026-03-20"));
    expect(onValue).toHaveBeenLastCalledWith({ checkIn: "2026-03-20", checkOut: undefined });

    await user.click(screen.getByRole("button", { name: "Go to the Next Month" }));
    expect(await day("2026-04-19")).toBeEnabled(); // 30 nights
    expect(await day("2026-04-20")).toBeDisabled(); // 31 nights

    await user.click(await day("2026-04-19"));
    expect(onValue).toHaveBeenLastCalledWith({ checkIn: "2026-03-20", checkOut: "2026-04-19" });
    expect(screen.getByTestId("nights")).toHaveTextContent("30 nights");
    // With the stay complete, the calendar is bounded by the 730-day limit again.
    expect(await day("2026-04-20")).toBeEnabled();
  });

  it("picks a stay in the popover and closes it", async () => {
    const user = userEvent.setup();
    render(<Harness inline={false} />);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: /Choose stay dates/ }));
    expect(await screen.findByRole("dialog", { name: "Stay dates" }, LAZY)).toBeInTheDocument();
    expect(await day("2026-03-09")).toBeDisabled();

    await user.click(await day("2026-03-12"));
    await user.click(await day("2026-03-15"));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(screen.getByTestId("nights")).toHaveTextContent("3 nights");
    expect(screen.getByRole("button", { name: /Choose stay dates: .*, 3 nights/ })).toBeInTheDocument();
  });
});

describe("DateRangeField — the popover", () => {
  it("says it opens a dialog, closes on Escape with nothing picked, and gives the focus back to its button", async () => {
    const user = userEvent.setup();
    const onValue = vi.fn();
    render(<Harness inline={false} onValue={onValue} />);
    const trigger = screen.getByRole("button", { name: /Choose stay dates/ });
    expect(trigger).toHaveAttribute("aria-haspopup", "dialog");
    expect(trigger).toHaveAttribute("aria-expanded", "false");

    await user.click(trigger);
    const dialog = await screen.findByRole("dialog", { name: "Stay dates" }, LAZY);
    expect(trigger).toHaveAttribute("aria-expanded", "true");
    await day("2026-03-12");
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));

    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(trigger).toHaveAttribute("aria-expanded", "false");
    await waitFor(() => expect(trigger).toHaveFocus());
    expect(onValue).not.toHaveBeenCalled();
  });
});

describe("DateRangeField — single date", () => {
  it("picks one date, with no nights and past days disabled", async () => {
    const user = userEvent.setup();
    const onValue = vi.fn();
    render(<Harness mode="single" onValue={onValue} />);
    expect(await day("2026-03-09")).toBeDisabled();
    await user.click(await day("2026-03-18"));
    expect(onValue).toHaveBeenLastCalledWith({ checkIn: "2026-03-18" });
    expect(screen.getByLabelText("Date")).toHaveValue("2026-03-18");
    expect(screen.queryByTestId("nights")).not.toBeInTheDocument();
  });

  it("explains a typed date in the past", () => {
    render(<Harness mode="single" />);
    fireEvent.change(screen.getByLabelText("Date"), { target: { value: "2026-03-01" } });
    expect(screen.getByRole("alert")).toHaveTextContent("The date can't be in the past.");
  });
});
