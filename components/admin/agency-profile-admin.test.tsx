// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AgencyProfile } from "@/lib/agency/profile";
import { AgencyProfileAdmin } from "./agency-profile-admin";

// The Agency page (issue 27, defect 4) against a scripted /api: checked as each field is left,
// saved in one request, the handler's sentences on their fields, the logo checked before it is sent.

type Call = { method: string; path: string; body: unknown; type: string | null };
type Reply = { status: number; body: unknown };
const ok = (data: unknown): Reply => ({ status: 200, body: { data, meta: {}, error: null } });

const EMPTY: AgencyProfile = { name: "", replyTo: "", phone: "", address: "", logoUrl: null, currency: "USD", market: "US", updatedAt: null, updatedBy: null };

function installFetch(reply: (call: Call) => Reply) {
  const calls: Call[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), "http://desk.test");
      const headers = new Headers(init?.headers);
      const body = init?.body instanceof Blob ? init.body : init?.body ? JSON.parse(String(init.body)) : undefined;
      const call = { method: init?.method ?? "GET", path: url.pathname, body, type: headers.get("content-type") };
      calls.push(call);
      const r = reply(call);
      return new Response(JSON.stringify(r.body), { status: r.status, headers: { "content-type": "application/json" } });
    }),
  );
  return calls;
}

function renderPage(initial: AgencyProfile = EMPTY) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AgencyProfileAdmin initial={initial} />
    </QueryClientProvider>,
  );
  return client;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("AgencyProfileAdmin", () => {
  it("marks the name as required, checks each field as it is left, and saves the profile once", async () => {
    const calls = installFetch((c) =>
      ok({ ...EMPTY, ...(c.body as object), address: "12 Harbour Street\nBrighton", updatedAt: "2026-11-30T10:00:00.000Z", updatedBy: "Ada Admin" }),
    );
    const user = userEvent.setup();
    const client = renderPage();
    const name = screen.getByRole("textbox", { name: /^Agency name\s*\(required\)$/ });
    expect(name).toHaveAttribute("aria-required", "true");
    expect(screen.getByText("Not set yet.")).toBeInTheDocument();

    await user.click(name);
    await user.tab();
    expect(await screen.findByText("Enter the agency's name.")).toBeInTheDocument();
    await user.type(name, "Sunny Days Travel");
    await waitFor(() => expect(screen.queryByText("Enter the agency's name.")).toBeNull());

    const phone = screen.getByRole("textbox", { name: "Phone" });
    await user.type(phone, "020 7946 0958");
    await user.tab();
    expect(phone).toHaveAccessibleDescription("Enter the number with its country code, such as +44 20 7946 0958, or leave it empty.");
    await user.clear(phone);
    await user.type(phone, "+44 20 7946 0958");
    await user.type(screen.getByRole("textbox", { name: "Address" }), "  12 Harbour Street{Enter}Brighton  ");
    expect(calls).toHaveLength(0);

    await user.click(screen.getByRole("button", { name: "Save profile" }));
    expect(await screen.findByText(/^Saved at \d\d:\d\d\.$/)).toBeInTheDocument();
    expect(calls).toEqual([
      { method: "PUT", path: "/api/agency", type: "application/json", body: { name: "Sunny Days Travel", replyTo: "", phone: "+44 20 7946 0958", address: "12 Harbour Street\nBrighton" } },
    ]);
    expect(screen.getByRole("textbox", { name: "Address" })).toHaveValue("12 Harbour Street\nBrighton");
    // The voucher form reads the same profile: it has the new name without asking again.
    expect(client.getQueryData(["agency-profile"])).toMatchObject({ name: "Sunny Days Travel" });
  });

  it("the handler's sentence lands on its field; what was typed stays", async () => {
    installFetch(() => ({
      status: 400,
      body: { data: null, meta: {}, error: { code: "validation_error", message: "Some fields need attention.", details: [{ path: "replyTo", message: "Enter an email address such as bookings@youragency.com, or leave it empty." }] } },
    }));
    const user = userEvent.setup();
    renderPage({ ...EMPTY, name: "Sunny Days Travel", updatedAt: "2026-11-30T10:00:00.000Z", updatedBy: "Ada Admin" });
    expect(screen.getByText("Last saved 30 Nov 2026 by Ada Admin.")).toBeInTheDocument();
    await user.type(screen.getByRole("textbox", { name: "Reply-to email" }), "bookings@sunnydays.example");
    await user.click(screen.getByRole("button", { name: "Save profile" }));
    await waitFor(() =>
      expect(screen.getByRole("textbox", { name: "Reply-to email" })).toHaveAccessibleDescription("Enter an email address such as bookings@youragency.com, or leave it empty."),
    );
    expect(screen.getByRole("textbox", { name: "Reply-to email" })).toHaveValue("bookings@sunnydays.example");
    expect(screen.getByText("Unsaved changes")).toBeInTheDocument();
  });

  it("the logo: an SVG or an oversized file is refused before it is sent; a PNG is sent as it is and shown", async () => {
    const calls = installFetch(() => ok({ ...EMPTY, logoUrl: "/api/agency/logo?v=0123456789abcdef" }));
    // The file picker offers PNG, JPEG and WebP, but a person may still choose "All files".
    const user = userEvent.setup({ applyAccept: false });
    renderPage();
    const logo = screen.getByRole("region", { name: "Logo" });
    expect(within(logo).getByText("No logo yet")).toBeInTheDocument();
    const file = screen.getByLabelText("Logo image file");

    await user.upload(file, new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], "logo.svg", { type: "image/svg+xml" }));
    expect(await within(logo).findByRole("alert")).toHaveTextContent("SVG images can carry scripts, so the desk does not take them. Save the logo as PNG, JPEG or WebP.");
    await user.upload(file, new File([new Uint8Array(600 * 1024)], "huge.png", { type: "image/png" }));
    expect(await within(logo).findByRole("alert")).toHaveTextContent("This image is 600 KB; the logo can be at most 500 KB.");
    await user.upload(file, new File(["GIF89a not really"], "logo.png", { type: "image/png" }));
    expect(await within(logo).findByRole("alert")).toHaveTextContent("This file is not a PNG, JPEG or WebP image.");
    expect(calls).toHaveLength(0);

    const png = new File([Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13)], "logo.png", { type: "image/png" });
    await user.upload(file, png);
    expect(await within(logo).findByRole("img", { name: "The agency's logo" })).toHaveAttribute("src", "/api/agency/logo?v=0123456789abcdef");
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ method: "PUT", path: "/api/agency/logo", type: "image/png" });
    expect(await (calls[0]!.body as Blob).arrayBuffer()).toEqual(await png.arrayBuffer());
    expect(within(logo).queryByRole("alert")).toBeNull();
    expect(within(logo).getByRole("button", { name: "Replace logo" })).toBeInTheDocument();
  });
});
