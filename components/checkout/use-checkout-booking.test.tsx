// @vitest-environment jsdom
import { act, renderHook, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { parseCriteria, type SearchCriteria } from "@/lib/search/criteria";
import hotelChange from "./__fixtures__/hotel-price-change.json";
import hotelRefundable from "./__fixtures__/hotel-refundable.json";
import type { PriceCheck } from "./checkout-schema";
import { IN_PROGRESS_RETRY_MS, useCheckoutBooking } from "./use-checkout-booking";
import { useCheckoutForm } from "./use-checkout-form";
import type { RecheckReason } from "./use-checkout-price";
import { useKeptBooking } from "./use-kept-booking";

// The booking hook as CheckoutFlow wires it (the kept attempt, the form, the booking), without
// the page: one key from the first submit to the last retry, a changed price booked only once
// accepted, and a refused booking's errors landed where the advisor fixes them.

type Reply = { status: number; body: unknown } | "network-error";
type Sent = { key: string; body: Record<string, unknown> };
const booked = (bookingId = "bk_1") => ({
  status: 201,
  body: { data: { bookingId, orderRef: "RV-2026-AAAA1111", state: "confirmed", bookedBy: null }, meta: {}, error: null },
});
const refused = (status: number, code: string, message: string, details: unknown[] = []): Reply => ({
  status,
  body: { data: null, meta: {}, error: { code, message, details } },
});

/** POST /api/bookings answers `replies` in turn; what was sent is collected. */
function bookingsAnswer(...replies: Reply[]): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      expect(String(input)).toBe("/api/bookings");
      sent.push({ key: (init?.headers as Record<string, string>)["Idempotency-Key"]!, body: JSON.parse(String(init?.body)) });
      const reply = replies.shift() ?? refused(500, "unexpected", "No more answers in the test.");
      if (reply === "network-error") throw new TypeError("Failed to fetch");
      return new Response(JSON.stringify(reply.body), { status: reply.status, headers: { "content-type": "application/json" } });
    }),
  );
  return sent;
}

const onePerson = parseCriteria(new URLSearchParams({ type: "hotel", to: "city:2643743|London|GB", in: "2026-12-10", out: "2026-12-13", pax: "1", res: "US" }))!;
const family = parseCriteria(new URLSearchParams({ type: "hotel", to: "city:2643743|London|GB", in: "2026-12-10", out: "2026-12-13", pax: "2-7,1", res: "US" }))!;
const REFUNDABLE = hotelRefundable.row.rateQuoteId;
const CHANGED = hotelChange.row.rateQuoteId;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const stored = (quoteId: string) => JSON.parse(sessionStorage.getItem(`agency-desk:checkout:${quoteId}`) ?? "{}");

type Props = { quoteId: string; check: PriceCheck; criteria: SearchCriteria };
function renderBooking(initial: Props) {
  const recheck = vi.fn<(reason: RecheckReason) => void>();
  const hook = renderHook(
    ({ quoteId, check, criteria }: Props) => {
      const kept = useKeptBooking(quoteId);
      const form = useCheckoutForm({ keeper: kept.keeper, check, criteria, row: null });
      const booking = useCheckoutBooking({ kept, ctx: form.ctx, quoteId, searchId: "srch_1", answers: { land: form.land, refuseHold: form.refuseHold, recheck } });
      return { kept, form, booking };
    },
    { initialProps: initial },
  );
  return { ...hook, recheck };
}
type Rendered = ReturnType<typeof renderBooking>["result"];

/** Names the travellers as the advisor types them (once the form is laid out for the booking). */
async function name(result: Rendered, names: Array<[string, string]>) {
  await waitFor(() => expect(result.current.form.form.getValues("travelers")).toHaveLength(names.length));
  act(() => {
    names.forEach(([first, last], i) => {
      result.current.form.form.setValue(`travelers.${i}.firstName`, first);
      result.current.form.form.setValue(`travelers.${i}.lastName`, last);
    });
  });
}
/** The form's submit: its validation, then the booking. */
const submit = (result: Rendered) => act(() => result.current.form.form.handleSubmit(result.current.booking.book)());

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2026-11-22T02:11:30Z"));
  sessionStorage.clear();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("useCheckoutBooking: one key from the first submit to the last retry", () => {
  it("no answer: the attempt is kept, and Try again resends its key and body whatever the form says now", async () => {
    const sent = bookingsAnswer("network-error", booked());
    const { result } = renderBooking({ quoteId: REFUNDABLE, check: hotelRefundable.priceCheck, criteria: onePerson });
    await name(result, [["Maria", "Lopez"]]);
    await submit(result);

    expect(result.current.booking.issue?.failure.kind).toBe("uncertain");
    expect(result.current.booking.locked).toBe(true);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.key).toMatch(UUID);
    // Kept in this tab before anything was sent: a reload resends the same.
    expect(stored(REFUNDABLE).attempt).toMatchObject({ key: sent[0]!.key, body: sent[0]!.body });

    // Edited meanwhile (the form is locked on the page, not here): the pending attempt goes as it was.
    act(() => result.current.form.form.setValue("travelers.0.lastName", "Lopez-Garcia"));
    act(() => result.current.booking.retry());
    await waitFor(() => expect(result.current.kept.outcome).toMatchObject({ bookingId: "bk_1" }));
    expect(sent).toHaveLength(2);
    expect(sent[1]).toEqual(sent[0]);
    expect(result.current.booking.locked).toBe(false);
    // The outcome is known: key and typed values are gone from storage, the outcome stays for a reload.
    expect(stored(REFUNDABLE)).toEqual({ outcome: expect.objectContaining({ bookingId: "bk_1" }) });
  });

  it("a second submit while the first is on its way sends nothing more", async () => {
    const sent = bookingsAnswer(booked());
    const { result } = renderBooking({ quoteId: REFUNDABLE, check: hotelRefundable.priceCheck, criteria: onePerson });
    await name(result, [["Maria", "Lopez"]]);
    const values = result.current.form.form.getValues();
    await act(async () => {
      await Promise.all([result.current.booking.book(values), result.current.booking.book(values)]);
    });
    expect(sent).toHaveLength(1);
    expect(result.current.kept.outcome).toMatchObject({ bookingId: "bk_1" });
  });

  it("a booking left in flight by a reload is sent again under its stored key, once", async () => {
    const key = "5b0c7d4e-2f1a-4c3b-9d8e-7f6a5b4c3d2e";
    const body = { quoteId: REFUNDABLE, searchId: "srch_1", productType: "hotel", paymentMethod: "credit", travelers: [] };
    sessionStorage.setItem(`agency-desk:checkout:${REFUNDABLE}`, JSON.stringify({ attempt: { key, body, startedAt: Date.now() } }));
    const sent = bookingsAnswer(booked());
    const { result } = renderBooking({ quoteId: REFUNDABLE, check: hotelRefundable.priceCheck, criteria: onePerson });
    expect(result.current.kept.resuming).toBe(true);
    await waitFor(() => expect(result.current.kept.outcome).toMatchObject({ bookingId: "bk_1" }));
    expect(result.current.kept.resuming).toBe(false);
    expect(sent).toEqual([{ key, body }]);
  });

  it("still being processed: asked again after a few seconds with the same key, without a click", async () => {
    vi.useFakeTimers({ toFake: ["Date", "setTimeout", "clearTimeout"] });
    const sent = bookingsAnswer(refused(409, "idempotency_in_progress", "This booking is still being processed."), booked());
    const { result } = renderBooking({ quoteId: REFUNDABLE, check: hotelRefundable.priceCheck, criteria: onePerson });
    await act(() => vi.advanceTimersByTimeAsync(0));
    act(() => {
      result.current.form.form.setValue("travelers.0.firstName", "Maria");
      result.current.form.form.setValue("travelers.0.lastName", "Lopez");
    });
    await act(() => result.current.booking.book(result.current.form.form.getValues()));
    expect(result.current.booking.issue?.failure.kind).toBe("in_progress");
    expect(result.current.booking.locked).toBe(true);

    await act(() => vi.advanceTimersByTimeAsync(IN_PROGRESS_RETRY_MS - 1));
    expect(sent).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(sent).toHaveLength(2);
    expect(sent[1]!.key).toBe(sent[0]!.key);
    expect(result.current.kept.outcome).toMatchObject({ bookingId: "bk_1" });
  });
});

describe("useCheckoutBooking: a changed price", () => {
  const family4: Array<[string, string]> = [
    ["Maria", "Lopez"],
    ["Juan", "Lopez"],
    ["Ana", "Lopez"],
    ["Rosa", "Diaz"],
  ];

  it("is booked only once the client accepts it, and each new check is accepted afresh", async () => {
    const sent = bookingsAnswer(booked());
    const { result, rerender } = renderBooking({ quoteId: CHANGED, check: hotelChange.priceCheck, criteria: family });
    await name(result, family4);
    await submit(result);
    expect(sent).toHaveLength(0);
    expect(result.current.form.form.getFieldState("changesAcknowledged").error?.message).toMatch(/Confirm that the client accepts these changes/);

    act(() => result.current.form.form.setValue("changesAcknowledged", true));
    // Checked again before booking: what was accepted was the earlier check.
    const later = { ...hotelChange.priceCheck, checkedAt: "2026-11-22T02:14:00.000Z" };
    rerender({ quoteId: CHANGED, check: later, criteria: family });
    await waitFor(() => expect(result.current.form.form.getValues("changesAcknowledged")).toBe(false));
    expect(result.current.form.form.getValues("travelers.3.lastName")).toBe("Diaz");

    act(() => result.current.form.form.setValue("changesAcknowledged", true));
    await submit(result);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toMatchObject({ changesAcknowledged: true });
    expect(result.current.kept.outcome).toMatchObject({ bookingId: "bk_1" });
  });

  it.each([
    ["changes_ack_required", "unannounced"],
    ["package_ack_required", "unannounced"],
    ["quote_not_price_checked", "stale"],
  ] as const)("%s that the check did not announce: the price is checked again (%s), the key dropped, no field blamed", async (code, reason) => {
    const sent = bookingsAnswer(refused(409, code, "The service's own words."), booked());
    const { result, recheck } = renderBooking({ quoteId: REFUNDABLE, check: hotelRefundable.priceCheck, criteria: onePerson });
    await name(result, [["Maria", "Lopez"]]);
    await submit(result);
    expect(recheck).toHaveBeenCalledExactlyOnceWith(reason);
    expect(result.current.booking.issue?.failure.kind).toBe("reprice");
    expect(result.current.booking.locked).toBe(false);
    expect(stored(REFUNDABLE).attempt).toBeUndefined();
    expect(result.current.form.form.formState.errors).toEqual({});

    // Confirmed again: a new request under a new key (the service remembers the refused one).
    await submit(result);
    expect(sent).toHaveLength(2);
    expect(sent[1]!.key).not.toBe(sent[0]!.key);
  });
});

describe("useCheckoutBooking: a refused booking lands where the advisor fixes it", () => {
  it("on the field the service names, what it names no field for beside the error, everything typed kept", async () => {
    bookingsAnswer(
      refused(400, "validation_error", "Some details were refused.", [
        { path: "travelers.0.lastName", message: "The last name has characters the provider cannot take." },
        { path: "agencyReference", message: "The agency reference is too long." },
      ]),
    );
    const { result, recheck } = renderBooking({ quoteId: REFUNDABLE, check: hotelRefundable.priceCheck, criteria: onePerson });
    await name(result, [["Maria", "Lopez"]]);
    await submit(result);
    expect(result.current.booking.issue).toMatchObject({
      failure: { kind: "fields" },
      unplaced: [{ path: "agencyReference", message: "The agency reference is too long." }],
    });
    expect(result.current.form.form.getFieldState("travelers.0.lastName").error).toMatchObject({
      type: "server",
      message: "The last name has characters the provider cannot take.",
    });
    expect(result.current.form.form.getValues("travelers.0")).toMatchObject({ firstName: "Maria", lastName: "Lopez" });
    expect(result.current.booking.locked).toBe(false);
    expect(stored(REFUNDABLE).attempt).toBeUndefined();
    expect(recheck).not.toHaveBeenCalled();
  });

  it("on a field the form did not show: the form shows it, then the error lands on it", async () => {
    bookingsAnswer(refused(400, "traveler_title_required", "The provider needs each traveller's title."));
    const { result } = renderBooking({ quoteId: REFUNDABLE, check: hotelRefundable.priceCheck, criteria: onePerson });
    await name(result, [["Maria", "Lopez"]]);
    expect(result.current.form.ctx?.titles).toBe("none");
    await submit(result);
    expect(result.current.form.ctx?.titles).toBe("lead");
    await waitFor(() => expect(result.current.form.form.getFieldState("travelers.0.title").error?.message).toBe("The provider needs each traveller's title."));
    expect(result.current.form.form.getValues("travelers.0")).toMatchObject({ firstName: "Maria", lastName: "Lopez" });
  });

  it("a refused hold: the rate is paid now instead, and the form no longer offers the hold", async () => {
    const sent = bookingsAnswer(refused(409, "hold_not_eligible", "This rate cannot be held."), booked());
    const { result } = renderBooking({ quoteId: REFUNDABLE, check: hotelRefundable.priceCheck, criteria: onePerson });
    await name(result, [["Maria", "Lopez"]]);
    expect(result.current.form.ctx?.holdable).toBe(true);
    act(() => result.current.form.form.setValue("payment", "hold"));
    expect(result.current.form.holding).toBe(true);
    await submit(result);
    expect(sent[0]!.body).toMatchObject({ hold: true });
    expect(result.current.form.holdRefused).toBe(true);
    expect(result.current.form.ctx?.holdable).toBe(false);
    expect(result.current.form.form.getValues("payment")).toBe("now");

    await submit(result);
    expect(sent[1]!.body).not.toHaveProperty("hold", true);
    expect(sent[1]!.key).not.toBe(sent[0]!.key);
  });

  it("an expired quote: nothing is pending and the issue says expired (the page shows Search again)", async () => {
    bookingsAnswer(refused(410, "quote_expired", "This price has expired."));
    const { result } = renderBooking({ quoteId: REFUNDABLE, check: hotelRefundable.priceCheck, criteria: onePerson });
    await name(result, [["Maria", "Lopez"]]);
    await submit(result);
    expect(result.current.booking.issue?.failure.kind).toBe("expired");
    expect(result.current.booking.locked).toBe(false);
    expect(stored(REFUNDABLE).attempt).toBeUndefined();
  });
});
