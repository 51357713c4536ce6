// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { Tabs } from "./tabs";

afterEach(cleanup);

type K = "hotel" | "flight" | "activity";

function Harness({ onIntent = () => {} }: { onIntent?: (id: K) => void }) {
  const [selected, setSelected] = useState<K>("hotel");
  const items = (["hotel", "flight", "activity"] as const).map((id) => ({ id, label: id.toUpperCase(), onIntent: () => onIntent(id) }));
  return (
    <>
      <button type="button">before</button>
      <Tabs label="What to search" items={items} selected={selected} onSelect={setSelected}>
        <p>panel of {selected}</p>
        <input aria-label={`field of ${selected}`} />
      </Tabs>
    </>
  );
}

describe("Tabs", () => {
  it("names the list, marks the selected tab and labels the panel by it", () => {
    render(<Harness />);
    expect(screen.getByRole("tablist", { name: "What to search" })).toBeInTheDocument();
    const hotel = screen.getByRole("tab", { name: "HOTEL" });
    expect(hotel).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("tab", { name: "FLIGHT" })).toHaveAttribute("aria-selected", "false");
    const panel = screen.getByRole("tabpanel", { name: "HOTEL" });
    expect(hotel).toHaveAttribute("aria-controls", panel.id);
    expect(panel).toHaveTextContent("panel of hotel");
  });

  it("is one tab stop: Tab reaches the selected tab, then the panel's first field", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole("tab", { name: "FLIGHT" }));
    await user.click(screen.getByRole("button", { name: "before" }));
    await user.tab();
    expect(screen.getByRole("tab", { name: "FLIGHT" })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole("textbox", { name: "field of flight" })).toHaveFocus();
  });

  it("moves and selects with the arrow keys (wrapping), Home and End", async () => {
    const user = userEvent.setup();
    const onIntent = vi.fn();
    render(<Harness onIntent={onIntent} />);
    await user.click(screen.getByRole("tab", { name: "HOTEL" }));
    await user.keyboard("{ArrowRight}");
    expect(screen.getByRole("tab", { name: "FLIGHT" })).toHaveFocus();
    expect(screen.getByRole("tab", { name: "FLIGHT" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("tabpanel")).toHaveTextContent("panel of flight");
    expect(onIntent).toHaveBeenCalledWith("flight");
    await user.keyboard("{End}");
    expect(screen.getByRole("tab", { name: "ACTIVITY" })).toHaveFocus();
    await user.keyboard("{ArrowRight}");
    expect(screen.getByRole("tab", { name: "HOTEL" })).toHaveAttribute("aria-selected", "true");
    await user.keyboard("{ArrowLeft}");
    expect(screen.getByRole("tab", { name: "ACTIVITY" })).toHaveFocus();
    await user.keyboard("{Home}");
    expect(screen.getByRole("tab", { name: "HOTEL" })).toHaveFocus();
    expect(screen.getByRole("tabpanel")).toHaveTextContent("panel of hotel");
  });

  it("asks to preload a tab's content when it is pointed at", async () => {
    const user = userEvent.setup();
    const onIntent = vi.fn();
    render(<Harness onIntent={onIntent} />);
    await user.hover(screen.getByRole("tab", { name: "ACTIVITY" }));
    expect(onIntent).toHaveBeenCalledWith("activity");
    expect(screen.getByRole("tab", { name: "HOTEL" })).toHaveAttribute("aria-selected", "true");
  });
});
