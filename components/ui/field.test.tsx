// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import { Field, FieldError, FieldGroup, SubField, inputClasses } from "./field";

afterEach(cleanup);

describe("Field", () => {
  it("names the control by its label and describes it by the hint", () => {
    render(<Field label="Cabin" hint="The cabin asked for on every flight.">{(c) => <input {...c} className={inputClasses(false)} />}</Field>);
    const input = screen.getByRole("textbox", { name: "Cabin" });
    expect(input).toHaveAccessibleDescription("The cabin asked for on every flight.");
    expect(input).toHaveAttribute("aria-invalid", "false");
  });

  it("puts the error in the hint's place: the control is invalid and described by the sentence only", () => {
    render(
      <Field label="Luggage" hint="Optional." error="Enter a whole number.">
        {(c) => <input {...c} />}
      </Field>,
    );
    const input = screen.getByRole("textbox", { name: "Luggage" });
    expect(input).toHaveAttribute("aria-invalid", "true");
    expect(input).toHaveAccessibleDescription("Enter a whole number.");
    expect(screen.queryByText("Optional.")).toBeNull();
  });

  it("describes nothing without a hint or an error", () => {
    render(<Field label="Date">{(c) => <input {...c} />}</Field>);
    expect(screen.getByRole("textbox", { name: "Date" })).not.toHaveAttribute("aria-describedby");
  });

  it("gives each field its own ids", () => {
    render(
      <>
        <Field label="From" hint="One">{(c) => <input {...c} />}</Field>
        <Field label="To" hint="Two">{(c) => <input {...c} />}</Field>
      </>,
    );
    expect(screen.getByRole("textbox", { name: "From" })).toHaveAccessibleDescription("One");
    expect(screen.getByRole("textbox", { name: "To" })).toHaveAccessibleDescription("Two");
  });
});

describe("FieldGroup", () => {
  const group = (error?: string) =>
    render(
      <FieldGroup legend="Near a point" hint="All three or none." error={error}>
        {(describe) => (
          <>
            <SubField label="Latitude">{(id) => <input id={id} {...describe} />}</SubField>
            <SubField label="Longitude">{(id) => <input id={id} {...describe} />}</SubField>
          </>
        )}
      </FieldGroup>,
    );

  it("is a group named by its legend; every control has its own label and the shared hint", () => {
    group();
    const near = screen.getByRole("group", { name: "Near a point" });
    for (const name of ["Latitude", "Longitude"]) {
      const input = screen.getByRole("textbox", { name });
      expect(near).toContainElement(input);
      expect(input).toHaveAccessibleDescription("All three or none.");
      expect(input).toHaveAttribute("aria-invalid", "false");
    }
  });

  it("marks every control invalid and described by the shared error", () => {
    group("Give all three, or none.");
    for (const name of ["Latitude", "Longitude"]) {
      const input = screen.getByRole("textbox", { name });
      expect(input).toHaveAttribute("aria-invalid", "true");
      expect(input).toHaveAccessibleDescription("Give all three, or none.");
    }
    expect(screen.queryByText("All three or none.")).toBeNull();
  });

  it("takes plain children too", () => {
    render(
      <FieldGroup legend="Flights">
        <p>inside</p>
      </FieldGroup>,
    );
    expect(screen.getByRole("group", { name: "Flights" })).toHaveTextContent("inside");
  });
});

describe("FieldError", () => {
  it("is a sentence, announced when asked", () => {
    render(<FieldError role="alert">Choose a date.</FieldError>);
    expect(screen.getByRole("alert")).toHaveTextContent("Choose a date.");
  });
});
