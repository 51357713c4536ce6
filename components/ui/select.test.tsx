// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useForm } from "react-hook-form";
import { Field, inputClasses } from "./field";
import { Select } from "./select";

afterEach(cleanup);

describe("Select", () => {
  it("is named by its field's label and described by the hint, drawn like the desk's inputs", () => {
    render(
      <Field label="Cabin" hint="The cabin asked for on every flight.">
        {(c) => (
          <Select {...c} defaultValue="business">
            <option value="economy">Economy</option>
            <option value="business">Business</option>
          </Select>
        )}
      </Field>,
    );
    const select = screen.getByRole("combobox", { name: "Cabin" });
    expect(select).toHaveAccessibleDescription("The cabin asked for on every flight.");
    expect(select).toHaveAttribute("aria-invalid", "false");
    expect(select).toHaveValue("business");
    for (const c of inputClasses(false).split(" ")) expect(select).toHaveClass(c);
  });

  it("shows its field's error: invalid, described by the sentence, drawn as an invalid input", () => {
    render(
      <Field label="Title" hint="As on the passport." error="Choose the traveller's title." required>
        {(c) => (
          <Select {...c}>
            <option value="">Choose…</option>
            <option value="Ms">Ms</option>
          </Select>
        )}
      </Field>,
    );
    const select = screen.getByRole("combobox", { name: /^Title/ });
    expect(select).toHaveAttribute("aria-invalid", "true");
    expect(select).toHaveAttribute("aria-required", "true");
    expect(select).toHaveAccessibleDescription("Choose the traveller's title.");
    for (const c of inputClasses(true).split(" ")) expect(select).toHaveClass(c);
    expect(select).not.toHaveClass("border-slate-300");
  });

  it("takes a label of its own (a <label> around it) and the page's own classes after its own", () => {
    render(
      <label>
        State
        <Select className="mt-1.5" value="all" onChange={() => {}}>
          <option value="all">All</option>
        </Select>
      </label>,
    );
    const select = screen.getByRole("combobox", { name: "State" });
    expect(select).toHaveClass("mt-1.5");
    expect(select.className.endsWith("mt-1.5")).toBe(true);
    expect(select).not.toHaveAttribute("aria-invalid");
  });

  it("comes smaller for toolbars, with the same states", () => {
    render(
      <>
        <label>
          Sort by
          <Select size="sm" defaultValue="price">
            <option value="price">Price</option>
          </Select>
        </label>
        <label>
          Board
          <Select size="xs" aria-invalid defaultValue="">
            <option value="">Any</option>
          </Select>
        </label>
      </>,
    );
    const sort = screen.getByRole("combobox", { name: "Sort by" });
    expect(sort).toHaveClass("h-9", "text-sm", "border-slate-300", "focus:ring-brand-500/15");
    expect(sort).not.toHaveClass("h-10");
    const board = screen.getByRole("combobox", { name: "Board" });
    expect(board).toHaveClass("h-8", "text-sm", "border-rose-400");
    expect(board).not.toHaveClass("border-slate-300");
  });

  it("works with react-hook-form's register: the chosen value is submitted, and a missing one is focused", async () => {
    const submitted = vi.fn();
    function Form() {
      const { register, handleSubmit, formState } = useForm<{ role: string; smoking: string }>({ defaultValues: { role: "", smoking: "" } });
      return (
        <form onSubmit={handleSubmit(submitted)}>
          <Field label="Smoking">
            {(c) => (
              <Select {...c} {...register("smoking")}>
                <option value="">No preference</option>
                <option value="non_smoking">Non-smoking</option>
              </Select>
            )}
          </Field>
          <Field label="Role" error={formState.errors.role?.message}>
            {(c) => (
              <Select {...c} {...register("role", { required: "Choose a role." })}>
                <option value="">Choose…</option>
                <option value="advisor">Advisor</option>
                <option value="admin">Admin</option>
              </Select>
            )}
          </Field>
          <button type="submit">Save</button>
        </form>
      );
    }
    const user = userEvent.setup();
    render(<Form />);
    await user.selectOptions(screen.getByRole("combobox", { name: "Smoking" }), "Non-smoking");
    await user.click(screen.getByRole("button", { name: "Save" }));
    // The ref reached the <select>: react-hook-form focuses the first field in error.
    const role = screen.getByRole("combobox", { name: "Role" });
    expect(role).toHaveFocus();
    expect(role).toHaveAttribute("aria-invalid", "true");
    expect(role).toHaveAccessibleDescription("Choose a role.");
    expect(submitted).not.toHaveBeenCalled();

    await user.selectOptions(role, "Admin");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(submitted).toHaveBeenCalledWith({ role: "admin", smoking: "non_smoking" }, expect.anything());
  });
});
