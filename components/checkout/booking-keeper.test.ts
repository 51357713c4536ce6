// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { bookingKeeper } from "./booking-keeper";
import type { BookingBody, StoredValues } from "./checkout-schema";

const body = (firstName: string): BookingBody => ({
  quoteId: "qt_1",
  travelers: [{ type: "adult", firstName, lastName: "Lopez", roomIndex: 0 }],
  paymentMethod: "credit",
  searchId: "srch_1",
  productType: "hotel",
});
const draft = { travelers: [{ firstName: "Maria" }] } as unknown as StoredValues;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

afterEach(() => sessionStorage.clear());

describe("bookingKeeper", () => {
  it("makes one UUID at the first submit and returns it, with the first body, on every retry", () => {
    const keeper = bookingKeeper("qt_1");
    const first = keeper.begin(body("Maria"), draft);
    expect(first.key).toMatch(UUID);
    // A retry after a network failure, even if the form was touched meanwhile, resends the same request.
    const retry = keeper.begin(body("Mario"));
    expect(retry.key).toBe(first.key);
    expect(retry.body.travelers[0]!.firstName).toBe("Maria");
  });

  it("survives a reload: a new keeper for the quote finds the attempt and the values in sessionStorage", () => {
    const first = bookingKeeper("qt_1").begin(body("Maria"), draft);
    const afterReload = bookingKeeper("qt_1");
    expect(afterReload.attempt()).toEqual(first);
    expect(afterReload.draft()).toEqual(draft);
    expect(afterReload.begin(body("Maria")).key).toBe(first.key);
    // Another quote has its own attempt.
    expect(bookingKeeper("qt_2").attempt()).toBeNull();
  });

  it("clears key and values once the booking exists, keeping only the outcome", () => {
    const keeper = bookingKeeper("qt_1");
    const first = keeper.begin(body("Maria"), draft);
    keeper.settle({ bookingId: "bk_1", orderRef: "RV-2026-ABCDEFGH", state: "confirmed" });
    const after = bookingKeeper("qt_1");
    expect(after.attempt()).toBeNull();
    expect(after.draft()).toBeNull();
    expect(after.outcome()).toMatchObject({ bookingId: "bk_1", state: "confirmed" });
    expect(sessionStorage.getItem("agency-desk:checkout:qt_1")).not.toContain("Maria");
    // Typing after the outcome stores nothing.
    after.saveDraft(draft);
    expect(after.draft()).toBeNull();
    expect(first.key).not.toBe(bookingKeeper("qt_3").begin(body("Maria")).key);
  });

  it("after a refusal (nothing booked) keeps the typed values and makes a fresh key for the corrected form", () => {
    const keeper = bookingKeeper("qt_1");
    const first = keeper.begin(body("Maria"), draft);
    keeper.refused();
    expect(keeper.attempt()).toBeNull();
    expect(keeper.draft()).toEqual(draft);
    const second = keeper.begin(body("María"));
    expect(second.key).not.toBe(first.key);
    expect(second.body.travelers[0]!.firstName).toBe("María");
  });

  it("works without storage for the page's life", () => {
    const keeper = bookingKeeper("qt_1", null);
    const first = keeper.begin(body("Maria"));
    expect(keeper.begin(body("Maria")).key).toBe(first.key);
    keeper.settle({ bookingId: "bk_1", orderRef: "RV", state: "held" });
    expect(keeper.attempt()).toBeNull();
  });
});
