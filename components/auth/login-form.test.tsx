// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { LoginForm } from "./login-form";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const answer = (status: number, body: unknown) => vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } }));

describe("LoginForm", () => {
  it("says which fields are empty, focuses the first, and sends nothing", async () => {
    const fetch = answer(200, { data: null, error: null });
    vi.stubGlobal("fetch", fetch);
    render(<LoginForm next="/" />);
    await userEvent.click(screen.getByRole("button", { name: "Sign in" }));
    const email = screen.getByRole("textbox", { name: "Email" });
    expect(email).toHaveAccessibleDescription("Enter your email address.");
    expect(screen.getByLabelText("Password")).toHaveAccessibleDescription("Enter your password.");
    expect(email).toHaveFocus();
    expect(fetch).not.toHaveBeenCalled();
    // Once tried, a sentence goes as the field is filled.
    await userEvent.type(email, "a");
    expect(email).not.toHaveAccessibleDescription();
  });

  it("puts the handler's sentences on their fields, keeps the email and clears the password after a refusal", async () => {
    vi.stubGlobal(
      "fetch",
      answer(401, { data: null, error: { code: "unauthorized", message: "No.", details: [{ path: "password", message: "That email and password do not match." }] } }),
    );
    render(<LoginForm next="/" initialEmail="ada@agency.com" />);
    const password = screen.getByLabelText("Password");
    await userEvent.type(password, "wrong password");
    await userEvent.click(screen.getByRole("button", { name: "Sign in" }));
    await waitFor(() => expect(password).toHaveAccessibleDescription("That email and password do not match."));
    expect(password).toHaveValue("");
    expect(password).toHaveFocus();
    expect(screen.getByRole("textbox", { name: "Email" })).toHaveValue("ada@agency.com");
  });

  it("says a refusal that belongs to no field above the form", async () => {
    vi.stubGlobal("fetch", answer(429, { data: null, error: { code: "rate_limited", message: "Too many sign-in attempts. Try again in 15 minutes.", details: [] } }));
    render(<LoginForm next="/" initialEmail="ada@agency.com" />);
    await userEvent.type(screen.getByLabelText("Password"), "x");
    await userEvent.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByText("Too many sign-in attempts. Try again in 15 minutes.")).toBeVisible();
  });
  it.each(["/.//evil.com/phish", "/a/..//evil.com", "/./\\evil.com", "https://evil.example/"])(
    "after signing in, never follows a next of %j off the site: it lands on the person's work",
    async (next) => {
      vi.stubGlobal("fetch", answer(200, { data: { id: "u1" }, meta: {}, error: null }));
      const assign = vi.fn();
      vi.stubGlobal("location", { ...window.location, assign });
      render(<LoginForm next={next} initialEmail="ada@agency.com" />);
      await userEvent.type(screen.getByLabelText("Password"), "the password");
      await userEvent.click(screen.getByRole("button", { name: "Sign in" }));
      await waitFor(() => expect(assign).toHaveBeenCalledWith("/"));
    },
  );

  it("after signing in, goes to the page asked for", async () => {
    vi.stubGlobal("fetch", answer(200, { data: { id: "u1" }, meta: {}, error: null }));
    const assign = vi.fn();
    vi.stubGlobal("location", { ...window.location, assign });
    render(<LoginForm next="/bookings?page=2" initialEmail="ada@agency.com" />);
    await userEvent.type(screen.getByLabelText("Password"), "the password");
    await userEvent.click(screen.getByRole("button", { name: "Sign in" }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith("/bookings?page=2"));
  });
});
