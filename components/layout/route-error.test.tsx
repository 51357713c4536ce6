// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { ComponentType } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { RouteError, type RouteErrorProps } from "./route-error";

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const desk = path.join(root, "app", "(desk)");
const errorPages = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? errorPages(path.join(dir, e.name)) : e.name === "error.tsx" ? [path.join(dir, e.name)] : [],
  );

const failure = () => Object.assign(new Error("boom"), { digest: "1234567890" });

describe("RouteError", () => {
  it("says what could not be shown, with the reference, and tries again", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const reset = vi.fn();
    const error = failure();
    render(
      <RouteError eyebrow="Booking" title="The booking could not be shown" problem="Something went wrong on this page" link={{ href: "/bookings", label: "Back to bookings" }} error={error} reset={reset}>
        Try again; if it keeps happening, tell an admin.
      </RouteError>,
    );
    expect(screen.getByRole("heading", { level: 1, name: "The booking could not be shown" })).toBeInTheDocument();
    const alert = screen.getByRole("alert");
    expect(alert).toHaveTextContent("Something went wrong on this page");
    expect(alert).toHaveTextContent("Try again; if it keeps happening, tell an admin. Reference: 1234567890");
    expect(screen.getByRole("link", { name: "Back to bookings" })).toHaveAttribute("href", "/bookings");
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(reset).toHaveBeenCalledOnce();
    expect(console.error).toHaveBeenCalledWith(error);
  });

  it("names no reference it does not have, and offers no link unless given one", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    render(
      <RouteError title="Needs attention" problem="Needs attention could not be shown" error={new Error("boom")} reset={() => {}}>
        Something went wrong on this page.
      </RouteError>,
    );
    expect(screen.getByRole("alert")).toHaveTextContent("Something went wrong on this page. Reference: none");
    expect(screen.queryByRole("link")).toBeNull();
    expect(screen.getAllByRole("button").map((b) => b.textContent)).toEqual(["Try again"]);
  });
});

describe("the desk's error pages", () => {
  const files = errorPages(desk);

  it("are found (the scan reads the route folders)", () => {
    expect(files.length).toBeGreaterThanOrEqual(9);
  });

  it.each(files.map((f) => [path.relative(root, f)]))("%s: a heading, a sentence with the reference, Try again", async (file) => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { default: Page } = (await import(path.join(root, file))) as { default: ComponentType<RouteErrorProps> };
    const reset = vi.fn();
    render(<Page error={failure()} reset={reset} />);
    expect(screen.getByRole("main")).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1 }).textContent).toMatch(/\w/);
    expect(within(screen.getByRole("alert")).getByText(/Reference:/)).toHaveTextContent(/\. Reference: 1234567890$/);
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(reset).toHaveBeenCalledOnce();
  });
});
