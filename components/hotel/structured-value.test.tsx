// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { contentByShape } from "./__fixtures__";
import { HotelDetails } from "./hotel-content";
import { isEmptyValue, StructuredValue, structuredText } from "./structured-value";

afterEach(cleanup);

const noRawObjects = (el: HTMLElement) => {
  expect(el.textContent).not.toMatch(/\[object Object\]|[{}]|amountMinor|person_per_night|"/);
};

describe("StructuredValue on the sandbox's shapes of checkin, checkout, policies and fees", () => {
  it("objects: definition lists with humanised keys and money lines", () => {
    const c = contentByShape.objects.content!;
    const { container } = render(
      <>
        <section aria-label="checkin">
          <StructuredValue value={c.checkin} />
        </section>
        <section aria-label="checkout">
          <StructuredValue value={c.checkout} />
        </section>
        <section aria-label="policies">
          <StructuredValue value={c.policies} />
        </section>
        <section aria-label="fees">
          <StructuredValue value={c.fees} />
        </section>
      </>,
    );
    const checkin = screen.getByRole("region", { name: "checkin" });
    // { beginTime: "16:00", endTime: null, minAge: 18, instructions: "…" }: the null is left out.
    expect(within(checkin).getByText("From:")).toBeInTheDocument();
    expect(within(checkin).getByText("16:00")).toBeInTheDocument();
    expect(within(checkin).getByText("Minimum age:")).toBeInTheDocument();
    expect(within(checkin).getByText("18")).toBeInTheDocument();
    expect(within(checkin).queryByText("Until:")).toBeNull();
    // { time: "10:00" } reads as the time alone.
    expect(screen.getByRole("region", { name: "checkout" })).toHaveTextContent(/^10:00$/);
    const policies = screen.getByRole("region", { name: "policies" });
    expect(within(policies).getByText("Know before you go")).toBeInTheDocument();
    expect(within(policies).getAllByRole("listitem")).toHaveLength(3);
    const fees = screen.getByRole("region", { name: "fees" });
    expect(fees).toHaveTextContent("MandatoryCity tax: $2.77 per person per night");
    expect(fees).toHaveTextContent("Security deposit: $143.74 per stay");
    expect(fees).toHaveTextContent("Breakfast: $20.28 per person per night");
    noRawObjects(container);
  });

  it("lists: labelled pairs merged by label, arrays of sentences as lists", () => {
    const c = contentByShape.lists.content!;
    const { container } = render(
      <>
        <section aria-label="checkin">
          <StructuredValue value={c.checkin} />
        </section>
        <section aria-label="checkout">
          <StructuredValue value={c.checkout} />
        </section>
        <section aria-label="policies">
          <StructuredValue value={c.policies} />
        </section>
        <section aria-label="fees">
          <StructuredValue value={c.fees} />
        </section>
      </>,
    );
    expect(screen.getByRole("region", { name: "checkin" })).toHaveTextContent("From:3 PM");
    expect(within(screen.getByRole("region", { name: "checkin" })).getByText("Special instructions")).toBeInTheDocument();
    expect(screen.getByRole("region", { name: "checkout" })).toHaveTextContent(/^Before noon$/);
    const policies = screen.getByRole("region", { name: "policies" });
    // Two "Good to know" entries become one, holding both sentences.
    expect(within(policies).getAllByText("Good to know")).toHaveLength(1);
    expect(within(policies).getAllByRole("listitem")).toHaveLength(2);
    expect(within(policies).getByText("Pets")).toBeInTheDocument();
    const fees = screen.getByRole("region", { name: "fees" });
    expect(within(fees).getByText("City tax")).toBeInTheDocument();
    expect(fees).toHaveTextContent("USD 5.29 per person per night");
    expect(within(fees).getByText("Parking")).toBeInTheDocument();
    noRawObjects(container);
  });

  it("strings: plain paragraphs", () => {
    const c = contentByShape.strings.content!;
    render(<StructuredValue value={c.checkin} />);
    expect(screen.getByText("Check-in from 15:00").tagName).toBe("P");
  });

  it("never prints raw objects, whatever arrives", () => {
    const odd = {
      nested: { deeper: [{ a: 1 }, { amount: 12.5, currency: "EUR" }], flag: true },
      empty: [],
      blank: "  ",
      list: [null, "kept"],
    };
    const { container } = render(<StructuredValue value={odd} />);
    noRawObjects(container);
    expect(container).toHaveTextContent("€12.50");
    expect(container).toHaveTextContent("Flag:Yes");
    expect(container).not.toHaveTextContent("Empty");
    expect(container).not.toHaveTextContent("Blank");
    expect(structuredText({ minAge: 21, fees: [{ name: "Resort fee", amountMinor: 1500, currency: "USD", per: "night" }] })).toBe(
      "Minimum age: 21; Fees: Resort fee: $15.00 per night",
    );
  });

  it("treats null, blanks and empty containers as nothing to show", () => {
    for (const v of [null, undefined, "", " ", [], {}, [null, ""], { a: null }]) expect(isEmptyValue(v)).toBe(true);
    for (const v of [0, false, "x", [1], { a: 0 }]) expect(isEmptyValue(v)).toBe(false);
    const { container } = render(<StructuredValue value={{ a: null }} />);
    expect(container).toBeEmptyDOMElement();
  });
});

describe("HotelDetails", () => {
  it("shows each shape of house rules under its headings", () => {
    for (const hotel of [contentByShape.objects, contentByShape.lists, contentByShape.strings]) {
      const { unmount, container } = render(<HotelDetails hotel={hotel} />);
      expect(screen.getByRole("heading", { name: "About the property" })).toBeInTheDocument();
      expect(screen.getByRole("heading", { name: "Check-in" })).toBeInTheDocument();
      expect(screen.getByRole("heading", { name: "Check-out" })).toBeInTheDocument();
      expect(screen.getByRole("heading", { name: "Policies" })).toBeInTheDocument();
      noRawObjects(container);
      unmount();
    }
  });

  it("limits amenities to twelve until asked for all", async () => {
    render(<HotelDetails hotel={contentByShape.strings} />);
    const total = contentByShape.strings.content!.amenities.length;
    expect(total).toBeGreaterThan(12);
    expect(screen.getAllByRole("listitem").filter((li) => li.className.includes("rounded-full"))).toHaveLength(12);
    screen.getByRole("button", { name: `Show all ${total}` }).click();
    expect(await screen.findByRole("button", { name: "Show fewer" })).toHaveAttribute("aria-expanded", "true");
  });

  it("has a designed state for a property without content, with its basic facts", () => {
    render(<HotelDetails hotel={contentByShape.none} />);
    expect(screen.getByRole("heading", { name: "This property has not sent detailed content" })).toBeInTheDocument();
    expect(screen.getByText("38 Garden Lane, London")).toBeInTheDocument();
    expect(screen.getByText("United Kingdom")).toBeInTheDocument();
    expect(screen.getByText("2 stars")).toBeInTheDocument();
  });
});
