import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { generateBookings } from "@/lib/sandbox/bookings/generate";
import { bookingDetail } from "@/lib/sandbox/bookings/detail";
import type { Booking } from "@/lib/sandbox/bookings/model";
import { cancelBooking, type CancelScope, type TransferLeg, type TransitionServices } from "@/lib/sandbox/bookings/transitions";
import type { VirtualClock } from "@/lib/sandbox/platform/clock";
import type { CancellationPolicy } from "@/lib/sandbox/search/types";
import { testSandbox } from "@/lib/testing/sandbox";
import { bookingDetailSchema } from "@/lib/tds/contract/schemas";
import { cancellationEstimate, type CancellationEstimate } from "./cancellation";

// The desk's estimate against the sandbox's own refund, cent for cent (issue 27). The rule lives
// twice: lib/bookings/cancellation.ts (the desk may not import the sandbox) and
// lib/sandbox/bookings/policy.ts + transitions.ts `cancelBooking`. Each case builds a stored
// booking, reads it as the service answers GET /bookings/:id (`bookingDetail`, some time before
// cancelling) through the desk's own schema, estimates, then cancels it in the sandbox. An exact
// estimate must equal the refund; a bound ("at least $X is kept") must hold.

const RUNS = Number(process.env.CANCEL_PROPERTY_RUNS ?? 2000);
const SEED = Number(process.env.CANCEL_PROPERTY_SEED ?? 20270619);
const DAY = 86_400_000;
const HOUR = 3_600_000;
const BASE = Date.parse("2027-03-01T00:00:00Z");
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const iso = (ms: number) => new Date(ms).toISOString();

const sb = testSandbox();
const agency = sb.services.agencies.createAgency({ name: "Property Travel", creditLimitMinor: 1e12 });
const at = (now: number): TransitionServices => ({ agencies: sb.services.agencies, clock: { now: () => now } as unknown as VirtualClock });

type Product = "hotel" | "activity" | "flight" | "round";
type Case = {
  product: Product;
  total: number;
  startDay: number;
  nights: number;
  policy: CancellationPolicy;
  held: boolean;
  /** Round trips: the departure's share of the total, the return's pickup after it, which leg is already cancelled. */
  split: number;
  gapMs: number;
  cancelledLeg: "none" | "departure" | "return";
  scope: CancelScope;
  /** Cancelling: hours from the first day of service; the detail read that long before. */
  cancelHours: number;
  readBeforeMs: number;
};

const amount = (total: number) => fc.oneof(fc.integer({ min: 0, max: total }), fc.integer({ min: 0, max: Math.ceil(total * 1.5) }), fc.constant(total));

function policyArb(total: number, start: number, nights: number): fc.Arbitrary<CancellationPolicy> {
  const deadline = fc.record({ hours: fc.integer({ min: -40 * 24, max: 3 * 24 }), fee: amount(total) }).map((d) => ({ from: iso(start + d.hours * HOUR), amountMinor: d.fee, currency: "USD" }));
  const range = fc.record({ from: fc.integer({ min: -3, max: nights + 2 }), length: fc.integer({ min: 0, max: 4 }) }).map((r) => ({ start: dayOf(start + r.from * DAY), end: dayOf(start + (r.from + r.length) * DAY) }));
  return fc
    .record({
      refundable: fc.integer({ min: 0, max: 4 }).map((n) => n > 0),
      deadlines: fc.array(deadline, { maxLength: 4 }),
      ranges: fc.option(fc.array(range, { minLength: 1, maxLength: 3 }), { freq: 2 }),
      perStay: fc.option(fc.array(fc.integer({ min: 0, max: Math.ceil(total / 2) }), { minLength: 1, maxLength: 2 }), { freq: 3 }),
      withheld: fc.integer({ min: 0, max: 9 }),
      stored: fc.constantFrom(undefined, "refundable", "partially_refundable", "non_refundable"),
    })
    .map((p) => {
      const policy: CancellationPolicy = { refundable: p.refundable, deadlines: p.withheld === 0 ? [] : p.deadlines };
      if (p.withheld <= 1) policy.deadlinesWithheld = true;
      if (p.ranges) policy.nonrefundableDateRanges = p.ranges;
      if (p.perStay) policy.perStayAmountsNonRefundable = p.perStay.map((m) => ({ amountMinor: m, currency: "USD" }));
      if (p.stored) policy.currentRefundability = p.stored as CancellationPolicy["currentRefundability"];
      return policy;
    });
}

const caseArb: fc.Arbitrary<Case> = fc
  .record({
    product: fc.constantFrom<Product>("hotel", "hotel", "hotel", "activity", "flight", "round", "round"),
    total: fc.oneof(fc.integer({ min: 1, max: 999 }), fc.integer({ min: 1_000, max: 10_000_000 })),
    startDay: fc.integer({ min: 0, max: 120 }),
    nights: fc.integer({ min: 1, max: 14 }),
  })
  .chain((base) => {
    const start = BASE + base.startDay * DAY;
    return fc.record({
      product: fc.constant(base.product),
      total: fc.constant(base.total),
      startDay: fc.constant(base.startDay),
      nights: fc.constant(base.product === "hotel" ? base.nights : 0),
      policy: policyArb(base.total, start, base.product === "hotel" ? base.nights : 0),
      held: fc.integer({ min: 0, max: 9 }).map((n) => base.product === "hotel" && n === 0),
      split: fc.oneof(fc.constant(Math.round(base.total / 2)), fc.integer({ min: 0, max: base.total })),
      gapMs: fc.integer({ min: 1, max: 10 * 24 * 60 }).map((m) => m * 60_000),
      cancelledLeg: fc.constantFrom<Case["cancelledLeg"]>("none", "none", "departure", "return"),
      scope: fc.constantFrom<CancelScope>("whole", "departure", "return"),
      cancelHours: fc.oneof(fc.integer({ min: -45 * 24, max: 4 * 24 }), fc.integer({ min: -45 * 24 * 60, max: 4 * 24 * 60 }).map((m) => m / 60)),
      readBeforeMs: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 10 * DAY })),
    });
  });

/** A stored booking as POST /bookings writes one (the fields cancelling and reading use). */
function stored(c: Case): Booking {
  const start = BASE + c.startDay * DAY;
  const checkIn = dayOf(start);
  const checkOut = c.product === "hotel" ? dayOf(start + c.nights * DAY) : checkIn;
  const total = { amountMinor: c.total, currency: "USD" };
  const productType = c.product === "round" ? "transfer" : c.product;
  const state = c.held ? "held" : "confirmed";
  let details: Record<string, unknown> = { checkIn, checkOut, nights: c.nights };
  let walletHeldMinor = c.held ? 0 : c.total;
  const pickupAt = iso(start + 10 * HOUR);
  const returnAt = iso(start + 10 * HOUR + c.gapMs);
  if (c.product === "activity") details = { date: checkIn, activityName: "Walking tour" };
  if (c.product === "flight") details = { slices: [{ origin: "JFK", destination: "LHR", departAt: pickupAt, arriveAt: returnAt }] };
  if (c.product === "round") {
    const leg = (which: TransferLeg["leg"], amountMinor: number): TransferLeg => ({
      leg: which,
      state: c.cancelledLeg === which ? "cancelled" : "confirmed",
      pickupAt: which === "departure" ? pickupAt : returnAt,
      pickupName: "Airport",
      dropoffName: "Hotel",
      sell: { amountMinor, currency: "USD" },
      supplierConfirmationId: null,
      cancelledAt: null,
      refund: null,
    });
    const legs = [leg("departure", c.split), leg("return", c.total - c.split)];
    details = { pickupAt, returnAt, tripType: "round", transferLegs: legs };
    // A leg cancelled earlier gave its share back (at most).
    walletHeldMinor -= legs.find((l) => l.state === "cancelled")?.sell.amountMinor ?? 0;
  }
  return {
    id: "bk_property",
    orderRef: "RV-2027-PROPERTY",
    agencyId: agency.id,
    keyId: "key_property",
    attributedTo: "usr_property",
    createdAt: iso(BASE - 60 * DAY),
    updatedAt: iso(BASE - 60 * DAY),
    state,
    productType,
    quoteId: "qt_property",
    searchId: "srch_property",
    supplier: "src-00000000",
    canonicalProductId: "prd_property",
    summary: (c.product === "round" ? { tripType: "round", pickupAt, returnAt, cancellationPolicy: c.policy } : { cancellationPolicy: c.policy }) as Booking["summary"],
    travelers: [{ type: "adult", firstName: "Ana", lastName: "Lopez" }],
    paymentMethod: "credit",
    totalSell: total,
    agencyCommission: null,
    held: c.held ? { paymentDeadline: iso(start - 2 * DAY), cancellationDeadline: iso(start - 2 * DAY) } : null,
    failureReason: null,
    lineItems: [{ productType, state, supplierConfirmationId: null, sell: total, details }],
    bookedHotel: null,
    cancellationPolicy: c.policy,
    importantInformation: {},
    priceSummary: {},
    payments: [],
    earnings: {},
    firstItem: { productType, hotelName: null, checkIn, checkOut, confirmation: null },
    leadGuest: "Ana Lopez",
    hotelPreferences: null,
    bookingAnswers: null,
    triggers: [],
    scheduled: [],
    walletHeldMinor,
    cancellation: null,
    seq: 1,
  };
}

type Tally = Record<CancellationEstimate["kind"], number> & { ranges: number; legs: number; exactRanges: number };
const tally = (): Tally => ({ release: 0, free: 0, fee: 0, none: 0, at_least: 0, ranges: 0, legs: 0, exactRanges: 0 });

/** Estimates as the desk would from the detail read at `readAt`, cancels at `now` in the sandbox, and compares. */
function compare(b: Booking, readAt: number, now: number, scope: CancelScope, seen: Tally): void {
  const detail = bookingDetailSchema.parse(JSON.parse(JSON.stringify(bookingDetail(b, readAt))));
  const estimate = cancellationEstimate(detail, new Date(now), scope);
  const refund = cancelBooking(at(now), b, scope).refund;
  const given = refund.status === "refunded" ? refund.amountMinor : 0;
  const where = JSON.stringify({ estimate, refund, policy: b.cancellationPolicy, now: iso(now), readAt: iso(readAt), scope, total: b.totalSell.amountMinor, details: b.lineItems[0]?.details });
  seen[estimate.kind] += 1;
  if (estimate.kind === "at_least") {
    expect(given, where).toBeLessThanOrEqual(estimate.refundMaxMinor);
    expect(estimate.keptMinor + estimate.refundMaxMinor, where).toBe(estimate.amountMinor);
  } else {
    expect(given, where).toBe(estimate.refundMinor);
    expect(estimate.feeMinor + estimate.refundMinor, where).toBe(estimate.kind === "release" ? 0 : estimate.amountMinor);
    if (b.cancellationPolicy.nonrefundableDateRanges && b.productType === "hotel") seen.exactRanges += 1;
  }
  if (b.cancellationPolicy.nonrefundableDateRanges && b.productType === "hotel") seen.ranges += 1;
  if (b.productType === "transfer") seen.legs += 1;
}

describe("the desk's cancellation estimate against the sandbox's refund", () => {
  it(`${RUNS} generated policies, totals, stays, round-trip legs and moments: exact estimates equal the refund, bounds hold`, () => {
    const seen = tally();
    fc.assert(
      fc.property(caseArb, (c) => {
        const b = stored(c);
        const start = BASE + c.startDay * DAY;
        // Sometimes exactly on a deadline: the fee applies from that instant.
        const now = c.policy.deadlines.length && c.cancelHours > 0 && c.cancelHours < 1 ? Date.parse(c.policy.deadlines[0]!.from) : start + Math.round(c.cancelHours * HOUR);
        const live = c.product === "round" ? (["departure", "return"] as const).filter((l) => l !== c.cancelledLeg) : [];
        const scope = c.product === "round" && c.scope !== "whole" && !live.includes(c.scope) ? "whole" : c.scope;
        compare(b, now - c.readBeforeMs, now, c.product === "round" ? scope : "whole", seen);
      }),
      { numRuns: RUNS, seed: SEED },
    );
    console.log(`cancellation property: ${RUNS} cases ${JSON.stringify(seen)}`);
    // The cases reach every kind of estimate, and most of them are exact.
    for (const kind of ["release", "free", "fee", "none", "at_least"] as const) expect(seen[kind], kind).toBeGreaterThan(RUNS / 100);
    expect(seen.at_least).toBeLessThan(RUNS / 3);
    expect(seen.exactRanges).toBeGreaterThan(RUNS / 20);
    expect(seen.legs).toBeGreaterThan(RUNS / 10);
  });

  it("the sandbox's own generated bookings of every product, cancelled at generated moments", () => {
    generateBookings(sb.services, agency.id, 160);
    const live = [...sb.services.bookings.forAgency(agency.id)].filter((b) => b.state === "confirmed" || b.state === "held");
    expect(live.length).toBeGreaterThan(60);
    const seen = tally();
    fc.assert(
      fc.property(fc.nat({ max: live.length - 1 }), fc.integer({ min: -40 * 24, max: 3 * 24 }), fc.constantFrom<CancelScope>("whole", "departure", "return"), (i, hours, scope) => {
        const b = live[i]!;
        const now = Date.parse(`${b.firstItem.checkIn}T00:00:00Z`) + hours * HOUR;
        const legs = (b.lineItems[0]?.details.transferLegs as TransferLeg[] | undefined) ?? [];
        compare(b, now - HOUR, now, legs.length === 2 ? scope : "whole", seen);
      }),
      { numRuns: 400, seed: SEED },
    );
    expect(seen.free + seen.fee + seen.none).toBeGreaterThan(200);
  });
});
