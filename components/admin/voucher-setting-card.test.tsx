// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { VoucherSettingCard } from "./voucher-setting-card";

// The voucher-before-travel card against a scripted /api: off by default with the days disabled;
// on, saved as a number; the handler's sentence lands on the days, what was typed kept.

type Reply = { status: number; body: unknown };
const OFF = { voucherDaysBefore: null, updatedAt: null, updatedBy: null };

function installFetch(reply: (body: unknown) => Reply) {
  const bodies: unknown[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      bodies.push(body);
      const r = reply(body);
      return new Response(JSON.stringify(r.body), { status: r.status, headers: { "content-type": "application/json" } });
    }),
  );
  return bodies;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("VoucherSettingCard", () => {
  it("is off by default, the days disabled; turned on at 4 it sends 4 and says it saved", async () => {
    const bodies = installFetch((b) => ({ status: 200, body: { data: { ...(b as object), updatedAt: "2026-11-30T10:00:00.000Z", updatedBy: "Ada Admin" }, meta: {}, error: null } }));
    const user = userEvent.setup();
    render(<VoucherSettingCard initial={OFF} />);
    const form = screen.getByRole("form", { name: "Vouchers before travel" });
    expect(within(form).getByRole("status")).toHaveTextContent("Off (the default).");
    const days = within(form).getByRole("textbox", { name: "Days before travel" });
    expect(days).toBeDisabled();
    await user.click(within(form).getByRole("checkbox", { name: "Email the voucher to the lead traveller before travel" }));
    expect(days).toBeEnabled();
    await user.clear(days);
    await user.type(days, "4");
    await user.click(within(form).getByRole("button", { name: "Save setting" }));
    expect(await within(form).findByText(/^Saved at \d{2}:\d{2}\.$/)).toBeInTheDocument();
    expect(bodies).toEqual([{ voucherDaysBefore: 4 }]);
  });

  it("the handler's sentence lands on the days; what was typed stays", async () => {
    installFetch(() => ({
      status: 400,
      body: { data: null, meta: {}, error: { code: "validation_error", message: "Some fields need attention.", details: [{ path: "voucherDaysBefore", message: "Enter a whole number of days from 1 to 30." }] } },
    }));
    const user = userEvent.setup();
    render(<VoucherSettingCard initial={{ voucherDaysBefore: 3, updatedAt: "2026-11-30T10:00:00.000Z", updatedBy: "Ada Admin" }} />);
    const form = screen.getByRole("form", { name: "Vouchers before travel" });
    expect(within(form).getByRole("status")).toHaveTextContent("On since 30 Nov 2026, set by Ada Admin.");
    const days = within(form).getByRole("textbox", { name: "Days before travel" });
    await user.clear(days);
    await user.type(days, "12");
    await user.click(within(form).getByRole("button", { name: "Save setting" }));
    expect(await within(form).findByText("Enter a whole number of days from 1 to 30.")).toBeInTheDocument();
    expect(days).toHaveAttribute("aria-invalid", "true");
    expect(days).toHaveValue("12");
    expect(within(form).getByRole("checkbox", { name: "Email the voucher to the lead traveller before travel" })).toHaveAccessibleDescription(/^For confirmed bookings whose voucher nobody has sent\./);
  });
});
