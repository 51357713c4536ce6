// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useRef } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { emptyCriteria, type SearchCriteria } from "@/lib/search/criteria";
import { ProductForm, type RunSearchMutation } from "./search-form-shell";

// The rules that check a search load on demand (search-form-shell.tsx). The first fetch of them
// fails here, as a dropped connection would fail it; the second succeeds.
const loads = vi.hoisted(() => ({ count: 0 }));
vi.mock("./search-resolver", async (importOriginal) => {
  loads.count += 1;
  if (loads.count === 1) throw new Error("Failed to fetch dynamically imported module");
  return importOriginal();
});

afterEach(cleanup);

function HotelForm({ mutate }: { mutate: (values: SearchCriteria) => void }) {
  const valuesRef = useRef<(() => SearchCriteria) | null>(null);
  const run = { isPending: false, mutate } as unknown as RunSearchMutation;
  return (
    <ProductForm productType="hotel" defaultValues={emptyCriteria("hotel")} rules={{ currency: "USD", market: "US", today: "2026-11-28" }} run={run} running={false} valuesRef={valuesRef}>
      {(form) => (
        <>
          <label>
            Hotel name contains
            <input {...form.register("query")} />
          </label>
          <p>{form.formState.errors.checkIn?.message}</p>
        </>
      )}
    </ProductForm>
  );
}

describe("the search form's rules, loaded on demand", () => {
  it("says so when they cannot be loaded, keeps what was typed, and loads them at the next submit", async () => {
    const mutate = vi.fn();
    const user = userEvent.setup();
    render(<HotelForm mutate={mutate} />);
    await user.type(screen.getByLabelText("Hotel name contains"), "Arts");

    await user.click(screen.getByRole("button", { name: "Search hotels" }));
    expect(await screen.findByText("We couldn't load the search form's checks. Check your connection and try again.")).toBeInTheDocument();
    expect(mutate).not.toHaveBeenCalled();
    expect(screen.getByLabelText("Hotel name contains")).toHaveValue("Arts");

    // The rules now load: the empty dates are refused on their fields, nothing is sent.
    await user.click(screen.getByRole("button", { name: "Search hotels" }));
    expect(await screen.findByText("Choose a check-in date.")).toBeInTheDocument();
    expect(screen.queryByText(/couldn't load the search form's checks/)).not.toBeInTheDocument();
    expect(mutate).not.toHaveBeenCalled();
    expect(loads.count).toBe(2);
    expect(screen.getByLabelText("Hotel name contains")).toHaveValue("Arts");
  });
});
