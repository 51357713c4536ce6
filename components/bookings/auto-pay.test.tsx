// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { TimeZoneContext } from "@/components/layout/time-zone";
import { AutoPayHold } from "./auto-pay";

// The admin's switch of a hold's automatic payment against a scripted /api: its states in words in
// the reader's zone, the PUT it sends, and the refusal's sentence.

type Reply = { status: number; body: unknown };
const ok = (data: unknown): Reply => ({ status: 200, body: { data, meta: {}, error: null } });
const PATH = "/api/bookings/bk_1/auto-pay";
const state = (over: Record<string, unknown> = {}) => ({ state: "off", payAt: "2026-12-11T20:00:00.000Z", settledAt: null, error: null, ...over });

function installFetch(get: Reply, put?: Reply) {
  const sent: unknown[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      expect(new URL(String(input), "http://desk.test").pathname).toBe(PATH);
      const reply = init?.method === "PUT" ? (sent.push(JSON.parse(String(init.body))), put!) : get;
      return new Response(JSON.stringify(reply.body), { status: reply.status, headers: { "content-type": "application/json" } });
    }),
  );
  return sent;
}

function renderSwitch(held = true) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <TimeZoneContext value="Europe/Madrid">
        <AutoPayHold bookingId="bk_1" held={held} />
      </TimeZoneContext>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("AutoPayHold", () => {
  it("off by default; turned on, says when the desk will pay, in the reader's zone", async () => {
    const sent = installFetch(ok(state()), ok(state({ state: "on" })));
    renderSwitch();
    const toggle = await screen.findByRole("switch", { name: "Pay automatically 2 hours before the deadline" });
    expect(toggle).toHaveAttribute("aria-checked", "false");
    await userEvent.click(toggle);
    expect(await screen.findByText("The desk will pay this hold on Fri, 11 Dec 2026 at 21:00 GMT+1 from the agency's credit, unless someone pays it first.")).toBeVisible();
    expect(toggle).toHaveAttribute("aria-checked", "true");
    expect(sent).toEqual([{ on: true }]);
  });

  it("says why the desk could not pay, and a refusal of the change in the desk's sentence", async () => {
    installFetch(ok(state({ state: "failed", error: "The agency's available credit does not cover this booking." })), {
      status: 409,
      body: { data: null, meta: {}, error: { code: "not_held", message: "Only a hold can be paid automatically.", details: [] } },
    });
    renderSwitch();
    expect(await screen.findByTestId("auto-pay-state")).toHaveTextContent("Could not pay: The agency's available credit does not cover this booking. Turn it on again to try once more.");
    await userEvent.click(screen.getByRole("switch"));
    expect(await screen.findByRole("alert")).toHaveTextContent("Only a hold can be paid automatically.");
  });

  it("paid: says so, with no switch; not held and never used: nothing", async () => {
    installFetch(ok(state({ state: "paid", settledAt: "2026-12-11T20:00:05.000Z" })));
    renderSwitch(false);
    expect(await screen.findByTestId("auto-pay-state")).toHaveTextContent("Paid automatically on Fri, 11 Dec 2026 at 21:00 GMT+1, 2 hours before the payment deadline, as an admin asked.");
    expect(screen.queryByRole("switch")).toBeNull();
    cleanup();

    installFetch(ok(state()));
    const { container } = renderSwitch(false);
    await vi.waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 20));
    expect(container).toBeEmptyDOMElement();
  });
});
