// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DestinationCombobox, type DestinationChoice } from "./destination-combobox";

type Reply = { status: number; body: unknown } | "hang";
type Call = { url: URL; q: string; signal: AbortSignal | undefined };

const SUGGESTIONS = {
  cities: [
    { name: "Barcelona", countryCode: "ES", stateName: "Catalonia", hotelCount: 812, cityRegionId: 101, cityRegionIds: [101, 102] },
    { name: "Barcelos", countryCode: "PT", stateName: null, hotelCount: 12, cityRegionId: 202, cityRegionIds: [] },
  ],
  hotels: [{ canonicalId: "htl_arts", name: "Hotel Arts Barcelona", cityName: "Barcelona", starRating: 4.5, countryCode: "ES" }],
  pois: [
    { kind: "airport", name: "Barcelona El Prat", code: "BCN", countryCode: "ES" },
    { kind: "destination", name: "Barcelona Old Town", code: "BCN-OLD", countryCode: "ES" },
    { kind: "heliport", name: "Some future kind", code: "X1", countryCode: "ES" },
  ],
};

const ok = (data: unknown): Reply => ({ status: 200, body: { data, meta: {}, error: null } });
const EMPTY = ok({ cities: [], hotels: [], pois: [] });

/** A fetch that records each call and answers from `reply(q)`; "hang" waits until aborted. */
function installFetch(reply: (q: string) => Reply) {
  const calls: Call[] = [];
  const fake = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), "http://desk.test");
    const q = url.searchParams.get("q") ?? "";
    const signal = init?.signal ?? undefined;
    calls.push({ url, q, signal });
    const r = reply(q);
    if (r === "hang") {
      return new Promise<Response>((_, reject) => {
        signal?.addEventListener("abort", () => reject(new DOMException("The operation was aborted.", "AbortError")));
      });
    }
    return Promise.resolve(new Response(JSON.stringify(r.body), { status: r.status, headers: { "content-type": "application/json" } }));
  });
  vi.stubGlobal("fetch", fake);
  return calls;
}

function renderCombobox(props: Partial<React.ComponentProps<typeof DestinationCombobox>> = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });
  const onSelect = vi.fn<(c: DestinationChoice) => void>();
  render(
    <QueryClientProvider client={client}>
      <DestinationCombobox label="Destination" productType="hotel" onSelect={onSelect} {...props} />
    </QueryClientProvider>,
  );
  return { onSelect, input: screen.getByRole("combobox", { name: (props.label as string | undefined) ?? "Destination" }) };
}

/** Types `text` one character at a time, `gapMs` apart on the fake clock. */
async function typeSlowly(input: HTMLElement, text: string, gapMs: number) {
  act(() => input.focus());
  for (let i = 1; i <= text.length; i++) {
    fireEvent.change(input, { target: { value: text.slice(0, i) } });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(gapMs);
    });
  }
}

beforeEach(() => {
  vi.useRealTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("DestinationCombobox – requests", () => {
  it("debounces: typing 'Barcelona' at ~40 ms a key makes at most 2 suggest calls", async () => {
    vi.useFakeTimers();
    const calls = installFetch(() => ok(SUGGESTIONS));
    const { input } = renderCombobox();

    await typeSlowly(input, "Barcelona", 40);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(500);
    });

    expect(calls.length).toBeGreaterThanOrEqual(1);
    expect(calls.length).toBeLessThanOrEqual(2);
    expect(calls.at(-1)?.q).toBe("Barcelona");
    expect(calls.at(-1)?.url.pathname).toBe("/api/suggest");
  });

  it("asks nothing under 2 characters", async () => {
    vi.useFakeTimers();
    const calls = installFetch(() => ok(SUGGESTIONS));
    const { input } = renderCombobox();

    await typeSlowly(input, " B ", 40);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_000);
    });

    expect(calls).toHaveLength(0);
    expect(screen.getByText("Type at least 2 characters to search.")).toBeInTheDocument();
  });

  it("asks nothing for text restored from the URL until the advisor types", async () => {
    vi.useFakeTimers();
    const calls = installFetch(() => ok(SUGGESTIONS));
    const { input } = renderCombobox({ defaultInputValue: "Barcelona" });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_000);
    });
    expect(calls).toHaveLength(0);

    await typeSlowly(input, "Barcelona ", 40);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_000);
    });
    expect(calls.map((c) => c.q)).toEqual(["Barcelona"]);
  });

  it("aborts the earlier in-flight request when the query changes", async () => {
    const calls = installFetch((q) => (q === "Ba" ? "hang" : ok(SUGGESTIONS)));
    const user = userEvent.setup();
    const { input } = renderCombobox();

    await user.type(input, "Ba");
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.signal?.aborted).toBe(false);

    await user.type(input, "r");
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]?.q).toBe("Bar");
    await waitFor(() => expect(calls[0]?.signal?.aborted).toBe(true));
    expect(await screen.findByRole("option", { name: "Barcelona" })).toBeInTheDocument();
  });
});

describe("DestinationCombobox – results", () => {
  it("renders the groups with their headings and counts", async () => {
    installFetch(() => ok(SUGGESTIONS));
    const user = userEvent.setup();
    const { input } = renderCombobox({ productType: "hotel" });

    await user.type(input, "Barc");
    const listbox = await screen.findByRole("listbox");
    await within(listbox).findByRole("option", { name: /Hotel Arts Barcelona/ });

    const groups = within(listbox).getAllByRole("group");
    expect(groups.map((g) => g.getAttribute("aria-labelledby") && document.getElementById(g.getAttribute("aria-labelledby")!)?.textContent)).toEqual([
      "Cities(2)",
      "Hotels(1)",
      "Airports & places(1)",
    ]);
    // Hotels see destination places, not airports; unknown kinds are left out.
    const places = groups[2]!;
    expect(within(places).getByRole("option", { name: /Barcelona Old Town/ })).toBeInTheDocument();
    expect(within(listbox).queryByText("Barcelona El Prat")).not.toBeInTheDocument();
    expect(within(listbox).queryByText("Some future kind")).not.toBeInTheDocument();
    // Each option says where it is; hotels show their stars.
    expect(within(groups[0]!).getByText("Catalonia, Spain")).toBeInTheDocument();
    // As the service rates it (4.5, as on results and at checkout), never rounded to 5.
    expect(within(groups[1]!).getByText("4.5-star hotel")).toBeInTheDocument();
  });

  it("shows only airports for flights", async () => {
    installFetch(() => ok(SUGGESTIONS));
    const user = userEvent.setup();
    const { input } = renderCombobox({ productType: "flight", label: "From" });

    await user.type(input, "Barc");
    const listbox = await screen.findByRole("listbox");
    await within(listbox).findByRole("option", { name: /Barcelona El Prat/ });
    expect(within(listbox).getAllByRole("option")).toHaveLength(1);
    expect(within(listbox).getAllByRole("group")).toHaveLength(1);
  });

  it("keyboard: ArrowDown + Enter selects the first city", async () => {
    installFetch(() => ok(SUGGESTIONS));
    const user = userEvent.setup();
    const { input, onSelect } = renderCombobox();

    await user.type(input, "Barcelona");
    await screen.findByRole("option", { name: "Barcelona" });
    await user.keyboard("{ArrowDown}{Enter}");

    expect(onSelect).toHaveBeenCalledTimes(1);
    expect(onSelect).toHaveBeenCalledWith({
      kind: "city",
      cityRegionId: 101,
      cityRegionIds: [101, 102],
      name: "Barcelona",
      countryCode: "ES",
    });
    expect(input).toHaveValue("Barcelona");
  });

  it("a controlled choice puts the chosen place's name in the field, and keeps it", async () => {
    installFetch(() => ok(SUGGESTIONS));
    const user = userEvent.setup();
    const onClear = vi.fn();
    const onChosen = vi.fn<(c: DestinationChoice) => void>();
    function Controlled() {
      const [value, setValue] = useState<DestinationChoice | null>(null);
      return (
        <DestinationCombobox
          label="From"
          productType="flight"
          value={value}
          onSelect={(c) => {
            onChosen(c);
            setValue(c);
          }}
          onClear={() => {
            onClear();
            setValue(null);
          }}
        />
      );
    }
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <Controlled />
      </QueryClientProvider>,
    );
    const input = screen.getByRole("combobox", { name: "From" });

    await user.type(input, "BCN");
    await screen.findByRole("option", { name: /Barcelona El Prat/ });
    await user.keyboard("{ArrowDown}{Enter}");

    expect(onChosen).toHaveBeenCalledWith({ kind: "airport", code: "BCN", name: "Barcelona El Prat", countryCode: "ES" });
    expect(input).toHaveValue("Barcelona El Prat");
    await user.tab();
    expect(input).toHaveValue("Barcelona El Prat");
    expect(onClear).not.toHaveBeenCalled();
  });

  it("shows a designed empty state when nothing matches", async () => {
    installFetch(() => EMPTY);
    const user = userEvent.setup();
    const { input } = renderCombobox();

    await user.type(input, "Qzx");
    expect(await screen.findByText("No places match “Qzx”")).toBeInTheDocument();
  });

  it("a corrected typo says what the options are for, to the eye and to a screen reader", async () => {
    installFetch((q) => (q === "Pariss" ? ok({ ...SUGGESTIONS, cities: [{ ...SUGGESTIONS.cities[0]!, name: "Paris", cityRegionId: 7 }], didYouMean: "Paris" }) : EMPTY));
    const user = userEvent.setup();
    const { input, onSelect } = renderCombobox();

    await user.type(input, "Pariss");
    expect(await screen.findByTestId("suggest-correction")).toHaveTextContent("Did you mean Paris?No places match “Pariss”.");
    await waitFor(() => expect(screen.getByRole("status")).toHaveTextContent("No places match Pariss. Did you mean Paris? 3 suggestions."));
    await user.keyboard("{ArrowDown}{Enter}");
    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ kind: "city", name: "Paris" }));
    expect(input).toHaveValue("Paris");
  });

  it("no correction notice for an answer as typed", async () => {
    installFetch(() => ok(SUGGESTIONS));
    const user = userEvent.setup();
    const { input } = renderCombobox();
    await user.type(input, "Barc");
    await screen.findByRole("option", { name: /Hotel Arts Barcelona/ });
    expect(screen.queryByTestId("suggest-correction")).not.toBeInTheDocument();
  });

  it("shows a sentence when the server answers a 500 envelope", async () => {
    installFetch(() => ({
      status: 500,
      body: { data: null, meta: {}, error: { code: "internal_error", message: "Something went wrong.", details: [] } },
    }));
    const user = userEvent.setup();
    const { input } = renderCombobox();

    await user.type(input, "Barc");
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "We couldn’t load suggestions just now. Keep typing to try again, or check your connection.",
    );
  });

  it("keeps the text a form passes back", () => {
    installFetch(() => ok(SUGGESTIONS));
    const { input } = renderCombobox({ defaultInputValue: "Barcel" });
    expect(input).toHaveValue("Barcel");
  });

  it("keyboard: the arrows move the highlight (aria-activedescendant) within the list, Escape closes it and keeps the text", async () => {
    installFetch(() => ok(SUGGESTIONS));
    const user = userEvent.setup();
    const { input, onSelect } = renderCombobox();

    await user.type(input, "Barc");
    await screen.findByRole("option", { name: /Hotel Arts Barcelona/ });
    expect(input).toHaveAttribute("aria-expanded", "true");
    expect(input).not.toHaveAttribute("aria-activedescendant");
    const options = screen.getAllByRole("option");
    expect(options.map((o) => o.id)).toHaveLength(4);

    await user.keyboard("{ArrowUp}");
    expect(input).toHaveAttribute("aria-activedescendant", options[3]!.id);
    await user.keyboard("{ArrowDown}");
    expect(input).toHaveAttribute("aria-activedescendant", options[3]!.id);
    await user.keyboard("{ArrowUp}{ArrowUp}");
    expect(input).toHaveAttribute("aria-activedescendant", options[1]!.id);
    expect(options[1]).toHaveAttribute("data-active", "keys");

    await user.keyboard("{Escape}");
    expect(screen.queryByRole("listbox")).not.toBeInTheDocument();
    expect(input).toHaveAttribute("aria-expanded", "false");
    expect(input).toHaveValue("Barc");
    expect(onSelect).not.toHaveBeenCalled();

    // ArrowDown opens it again on the first suggestion.
    await user.keyboard("{ArrowDown}");
    expect(await screen.findByRole("listbox")).toBeInTheDocument();
    expect(input).toHaveAttribute("aria-activedescendant", screen.getAllByRole("option")[0]!.id);
  });

  it("pointer: a click picks the option and the input keeps the focus", async () => {
    installFetch(() => ok(SUGGESTIONS));
    const user = userEvent.setup();
    const { input, onSelect } = renderCombobox();

    await user.type(input, "Barc");
    await user.click(await screen.findByRole("option", { name: /Hotel Arts Barcelona/ }));
    expect(onSelect).toHaveBeenCalledWith({ kind: "hotel", canonicalId: "htl_arts", name: "Hotel Arts Barcelona", cityName: "Barcelona", countryCode: "ES" });
    expect(input).toHaveValue("Hotel Arts Barcelona");
    expect(input).toHaveFocus();
    expect(screen.queryByRole("listbox")).not.toBeInTheDocument();
  });

  it("Enter with nothing highlighted is left to the form (it sends it); leaving the field closes the list", async () => {
    installFetch(() => ok(SUGGESTIONS));
    const user = userEvent.setup();
    const onSubmit = vi.fn((e: React.FormEvent) => e.preventDefault());
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <form onSubmit={onSubmit}>
          <DestinationCombobox label="Destination" productType="hotel" onSelect={vi.fn()} />
          <button type="submit">Search</button>
        </form>
      </QueryClientProvider>,
    );
    const input = screen.getByRole("combobox", { name: "Destination" });
    await user.type(input, "Barc");
    await screen.findByRole("listbox");
    expect(screen.getByRole("status")).toHaveTextContent("4 suggestions.");
    await user.keyboard("{Enter}");
    expect(onSubmit).toHaveBeenCalledTimes(1);

    await user.tab();
    expect(screen.queryByRole("listbox")).not.toBeInTheDocument();
    expect(input).toHaveValue("Barc");
  });

  it("names the field's hint and error as its description", () => {
    installFetch(() => ok(SUGGESTIONS));
    const { input } = renderCombobox({ description: "A city or a hotel.", error: "Choose where to stay." });
    expect(input).toHaveAccessibleDescription("Choose where to stay.");
    expect(input).toHaveAttribute("aria-invalid", "true");
    cleanup();
    const again = renderCombobox({ description: "A city or a hotel." });
    expect(again.input).toHaveAccessibleDescription("A city or a hotel.");
    expect(again.input).not.toHaveAttribute("aria-invalid");
  });
});
