import { describe, expect, it } from "vitest";
import { attentionFlags, attentionItems, type AttentionFact } from "./attention";

const NOW = new Date("2026-11-24T12:00:00Z");
const h = (n: number) => new Date(NOW.getTime() + n * 3600_000).toISOString();
const day = (n: number) => new Date(NOW.getTime() + n * 86_400_000).toISOString().slice(0, 10);

const fact = (over: Partial<AttentionFact>): AttentionFact => ({
  bookingId: "bk_1",
  orderRef: "RV-2026-AAAA0001",
  productType: "hotel",
  state: "confirmed",
  leadGuest: "Ana Diaz",
  item: "Hotel Arts",
  travelStart: day(30),
  travelAt: null,
  totalSellMinor: 10000,
  currency: "USD",
  paymentDeadline: null,
  freeCancelUntil: null,
  createdAt: h(-24),
  voucherSentAt: null,
  bookedBy: null,
  checkedAt: NOW.toISOString(),
  ...over,
});

describe("attention flags", () => {
  it("a hold is flagged within 48 hours of its payment deadline, not before, not after", () => {
    expect(attentionFlags(fact({ state: "held", paymentDeadline: h(47) }), NOW)).toEqual([{ reason: "hold_deadline", deadline: h(47) }]);
    expect(attentionFlags(fact({ state: "held", paymentDeadline: h(49) }), NOW)).toEqual([]);
    expect(attentionFlags(fact({ state: "held", paymentDeadline: h(-1) }), NOW)).toEqual([]);
    // Paid: no longer held, no longer flagged.
    expect(attentionFlags(fact({ state: "confirmed", paymentDeadline: h(10) }), NOW)).toEqual([]);
  });

  it("free cancellation is flagged within 72 hours of its end", () => {
    expect(attentionFlags(fact({ freeCancelUntil: h(71) }), NOW)).toEqual([{ reason: "free_cancel_ends", deadline: h(71) }]);
    expect(attentionFlags(fact({ freeCancelUntil: h(73) }), NOW)).toEqual([]);
    expect(attentionFlags(fact({ state: "cancelled", freeCancelUntil: h(10) }), NOW)).toEqual([]);
  });

  it("pending, failed (recent) and manual review are flagged; an old failure is not", () => {
    expect(attentionFlags(fact({ state: "supplier_pending", travelStart: day(3) }), NOW)[0]!.reason).toBe("pending");
    expect(attentionFlags(fact({ state: "failed" }), NOW)).toEqual([{ reason: "failed", deadline: null }]);
    expect(attentionFlags(fact({ state: "failed", createdAt: h(-24 * 20) }), NOW)).toEqual([]);
    expect(attentionFlags(fact({ state: "manual_review" }), NOW)).toEqual([{ reason: "manual_review", deadline: null }]);
  });

  it("a confirmed trip within 7 days without a voucher sent is flagged until the voucher goes out", () => {
    expect(attentionFlags(fact({ travelStart: day(6) }), NOW)).toEqual([{ reason: "voucher_not_sent", deadline: `${day(6)}T00:00:00.000Z` }]);
    expect(attentionFlags(fact({ travelStart: day(6), voucherSentAt: h(-1) }), NOW)).toEqual([]);
    expect(attentionFlags(fact({ travelStart: day(9) }), NOW)).toEqual([]);
    expect(attentionFlags(fact({ travelStart: day(-3) }), NOW)).toEqual([]);
  });

  it("a trip's deadline is its own travel field once read (a transfer's pickup), else the start of its travel day", () => {
    const pickup = `${day(1)}T16:30:00Z`;
    const transfer = fact({ productType: "transfer", state: "supplier_pending", travelStart: day(1), travelAt: pickup });
    expect(attentionFlags(transfer, NOW)).toEqual([{ reason: "pending", deadline: `${day(1)}T16:30:00.000Z` }]);
    // A local time (a flight's departure) sorts as if at UTC; a day alone at its start.
    expect(attentionFlags(fact({ travelStart: day(2), travelAt: `${day(2)}T06:20` }), NOW)[0]!.deadline).toBe(`${day(2)}T06:20:00.000Z`);
    expect(attentionFlags(fact({ travelStart: day(2), travelAt: null }), NOW)[0]!.deadline).toBe(`${day(2)}T00:00:00.000Z`);
  });
});

describe("attention items", () => {
  it("orders by the nearest deadline, then undated ones newest first; one row per booking with every reason", () => {
    const items = attentionItems(
      [
        fact({ bookingId: "late", freeCancelUntil: h(60) }),
        fact({ bookingId: "failed-old", state: "failed", createdAt: h(-48) }),
        fact({ bookingId: "soon", state: "held", paymentDeadline: h(5), freeCancelUntil: h(30) }),
        fact({ bookingId: "failed-new", state: "failed", createdAt: h(-2) }),
        fact({ bookingId: "calm", travelStart: day(40) }),
      ],
      NOW,
    );
    expect(items.map((i) => i.bookingId)).toEqual(["soon", "late", "failed-new", "failed-old"]);
    expect(items[0]!.flags.map((f) => f.reason)).toEqual(["hold_deadline", "free_cancel_ends"]);
    expect(items[0]!.deadline).toBe(h(5));
  });
});
