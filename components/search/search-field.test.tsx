// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { CheckboxGroup, Checkbox } from "react-aria-components";
import { useForm, type UseFormReturn } from "react-hook-form";
import { AriaHelp, AriaLabel } from "@/components/ui/aria-field";
import type { Place } from "@/lib/search/criteria";
import { toOptionalInt } from "./search-form-shell";
import { Bound, FieldRow, InputField, PlaceField, SelectField } from "./search-field";
import { SegmentedRadio } from "./segmented-radio";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

type Values = { when: string; count: number | null; cabin: "economy" | "business"; mode: "a" | "b"; place: Place | null };
const defaults: Values = { when: "", count: null, cabin: "economy", mode: "a", place: null };

/** A form with the shared fields; `onForm` hands the form out so a test can set errors and read values. */
function Harness({ onForm }: { onForm: (form: UseFormReturn<Values>) => void }) {
  const form = useForm<Values>({ defaultValues: defaults });
  useEffect(() => {
    onForm(form);
  }, [form, onForm]);
  const { control } = form;
  return (
    <form>
      <FieldRow>
        <InputField control={control} name="when" label="Pickup date and time" hint="Local time." type="datetime-local" />
        <InputField control={control} name="count" label="Luggage" hint="Optional." type="number" parse={toOptionalInt} />
      </FieldRow>
      <SelectField
        control={control}
        name="cabin"
        label="Cabin"
        hint="Every flight."
        options={[
          { value: "economy", label: "Economy" },
          { value: "business", label: "Business" },
        ]}
      />
      <Bound control={control} name="mode">
        {(b) => (
          <SegmentedRadio
            label="Rate mode"
            value={b.value}
            onChange={b.onChange}
            options={[
              { value: "a", label: "A" },
              { value: "b", label: "B" },
            ]}
            description="Applies when the agency lets advisors choose."
          />
        )}
      </Bound>
      <PlaceField control={control} name="place" label="Destination" productType="activity" description="Pick a destination." />
    </form>
  );
}

function setup() {
  let form!: UseFormReturn<Values>;
  // The destination asks for suggestions: none come.
  vi.stubGlobal("fetch", vi.fn(() => new Promise<Response>(() => {})));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Harness onForm={(f) => (form = f)} />
    </QueryClientProvider>,
  );
  return () => form;
}

describe("the search forms' shared fields", () => {
  it("label and hint every control, and write what is typed or chosen to the form", async () => {
    const user = userEvent.setup();
    const form = setup();
    const luggage = screen.getByRole("spinbutton", { name: "Luggage" });
    expect(luggage).toHaveAccessibleDescription("Optional.");
    expect(screen.getByLabelText("Pickup date and time")).toHaveAccessibleDescription("Local time.");
    const cabin = screen.getByRole("combobox", { name: "Cabin" });
    expect(cabin).toHaveAccessibleDescription("Every flight.");
    const radios = screen.getByRole("radiogroup", { name: "Rate mode" });
    expect(radios).toHaveAccessibleDescription("Applies when the agency lets advisors choose.");
    const destination = screen.getByRole("combobox", { name: "Destination" });
    expect(destination).toHaveAccessibleDescription("Pick a destination.");

    await user.type(luggage, "2");
    await user.selectOptions(cabin, "business");
    await user.click(within(radios).getByRole("radio", { name: "B" }));
    await user.type(destination, "Lis");
    expect(form().getValues()).toMatchObject({ count: 2, cabin: "business", mode: "b", place: { kind: "text", name: "Lis" } });

    // Emptied, an optional count is null; the text stays as typed.
    await user.clear(luggage);
    expect(form().getValues("count")).toBeNull();
    expect(luggage).toHaveValue(null);
  });

  it("show a refused value's sentence in the hint's place, and mark the control invalid", async () => {
    const form = setup();
    act(() => {
      form().setError("when", { message: "Choose the pickup date and time." });
      form().setError("count", { message: "Enter a whole number." });
      form().setError("cabin", { message: "This cabin is not sold." });
      form().setError("place", { message: "Choose a destination, or type a place name." });
    });
    const cases: [HTMLElement, string][] = [
      [screen.getByLabelText("Pickup date and time"), "Choose the pickup date and time."],
      [screen.getByRole("spinbutton", { name: "Luggage" }), "Enter a whole number."],
      [screen.getByRole("combobox", { name: "Cabin" }), "This cabin is not sold."],
      [screen.getByRole("combobox", { name: "Destination" }), "Choose a destination, or type a place name."],
    ];
    for (const [control, sentence] of cases) {
      expect(control).toHaveAttribute("aria-invalid", "true");
      expect(control).toHaveAccessibleDescription(sentence);
    }
    expect(screen.queryByText("Local time.")).toBeNull();
    expect(screen.queryByText("Pick a destination.")).toBeNull();
  });
});

describe("AriaLabel and AriaHelp", () => {
  function Group({ error }: { error?: string }) {
    const [value, setValue] = useState<string[]>([]);
    return (
      <CheckboxGroup value={value} onChange={setValue} isInvalid={!!error}>
        <AriaLabel>Property types</AriaLabel>
        <AriaHelp hint="None ticked means every type." error={error} />
        <Checkbox value="hotel">Hotel</Checkbox>
      </CheckboxGroup>
    );
  }

  it("name and describe a react-aria control", () => {
    render(<Group />);
    const group = screen.getByRole("group", { name: "Property types" });
    expect(group).toHaveAccessibleDescription("None ticked means every type.");
  });

  it("put the error in the hint's place", () => {
    render(<Group error="Choose known property types." />);
    const group = screen.getByRole("group", { name: "Property types" });
    expect(group).toHaveAccessibleDescription("Choose known property types.");
    expect(screen.queryByText("None ticked means every type.")).toBeNull();
  });

  it("can hide the label from sight but not from assistive technology", () => {
    render(
      <SegmentedRadio label="Drop off at: type" hideLabel value="a" onChange={vi.fn()} options={[{ value: "a", label: "Airport" }]} />,
    );
    expect(screen.getByRole("radiogroup", { name: "Drop off at: type" })).toBeInTheDocument();
    expect(screen.getByText("Drop off at: type")).toHaveClass("sr-only");
  });
});
