import { describe, expect, it } from "vitest";
import { errorBody } from "@/lib/testing/sandbox-search";
import { testSandbox } from "@/lib/testing/sandbox";
import { quoteKit, thrown } from "@/lib/testing/sandbox-quotes";

const sb = testSandbox();
const q = quoteKit(sb);
const desk = sb.services.quotes;
const DEMO = "agy_demo";

/** A price-checked flight quote. */
async function checkedQuote(): Promise<string> {
  const { rows } = await q.search("flight");
  const id = rows[0]!.rateQuoteId;
  expect((await q.check(id)).status).toBe(200);
  return id;
}

describe("QuoteLedger.bookable", () => {
  it("a quote checked within 10 virtual minutes is bookable, with the check, the row and the search's triggers", async () => {
    const { rows } = await q.search("hotel", { query: "sandbox:live-inventory sandbox:price-change" });
    const row = rows[0]!;
    const res = await q.check(row.rateQuoteId);
    const bq = desk.bookable(DEMO, row.rateQuoteId);
    expect(bq).toEqual({
      quote: expect.objectContaining({ quoteId: row.rateQuoteId, row, agencyId: DEMO }),
      row,
      productType: "hotel",
      check: res.body.data,
      checkedAt: Date.parse(res.body.data.checkedAt),
      supplierRateRef: null,
      triggers: new Set(["live-inventory", "price-change"]),
    });
    // The live price of a `changed` check is the price to book at.
    expect(bq.check.sellAmountMinor).toBeGreaterThan(row.sellAmountMinor);
  });

  it("a re-check replaces the previous check and restarts the 10 minutes", async () => {
    const id = await checkedQuote();
    const first = desk.bookable(DEMO, id).checkedAt;
    await q.advance(9 * 60);
    expect((await q.check(id)).status).toBe(200);
    expect(desk.bookable(DEMO, id).checkedAt).toBeGreaterThanOrEqual(first + 9 * 60_000);
    await q.advance(9 * 60);
    expect(desk.bookable(DEMO, id).quote.quoteId).toBe(id);
  });

  it("a failed re-check leaves the last successful check in place", async () => {
    const { rows } = await q.search("hotel", { query: "sandbox:price-check-conflict-once" });
    const id = rows[0]!.rateQuoteId;
    expect((await q.check(id)).status).toBe(409);
    expect(thrown(() => desk.bookable(DEMO, id))).toEqual({ status: 409, code: "quote_not_price_checked" });
    expect((await q.check(id)).status).toBe(200);
    expect(desk.bookable(DEMO, id).check.quoteId).toBe(id);
  });

  it.each<[string, () => Promise<{ agencyId?: string; quoteId: string }>, number, string]>([
    ["an unknown quote", async () => ({ quoteId: "qt_0123456789abcdefr0" }), 404, "not_found"],
    ["another agency's quote", async () => ({ quoteId: await checkedQuote(), agencyId: "agy_other" }), 403, "forbidden"],
    [
      "a quote past its 20 minutes (search alive)",
      async () => {
        const { rows } = await q.search("flight");
        await q.advance(15 * 60);
        expect((await q.check(rows[0]!.rateQuoteId)).status).toBe(200);
        await q.advance(6 * 60);
        return { quoteId: rows[0]!.rateQuoteId };
      },
      410,
      "quote_expired",
    ],
    [
      "a quote whose search is gone, though checked",
      async () => {
        const id = await checkedQuote();
        await q.advance(20 * 60 + 1);
        return { quoteId: id };
      },
      410,
      "search_expired",
    ],
    ["a quote never price-checked", async () => ({ quoteId: (await q.search("flight")).rows[0]!.rateQuoteId }), 409, "quote_not_price_checked"],
    [
      "a check older than 10 virtual minutes",
      async () => {
        const id = await checkedQuote();
        await q.advance(601);
        return { quoteId: id };
      },
      409,
      "quote_not_price_checked",
    ],
    [
      "a quote claimed by another booking",
      async () => {
        const id = await checkedQuote();
        desk.claim(id, "bk_first");
        return { quoteId: id };
      },
      409,
      "quote_not_price_checked",
    ],
  ])("%s → %i %s", async (_name, setup, status, code) => {
    const c = await setup();
    expect(thrown(() => desk.bookable(c.agencyId ?? DEMO, c.quoteId))).toEqual({ status, code });
  });

  it("10 minutes exactly: bookable until 600 virtual seconds, not after", async () => {
    const id = await checkedQuote();
    await q.advance(598);
    expect(desk.bookable(DEMO, id).quote.quoteId).toBe(id);
    await q.advance(3);
    expect(thrown(() => desk.bookable(DEMO, id))).toEqual({ status: 409, code: "quote_not_price_checked" });
  });
});

describe("QuoteLedger claims", () => {
  it("one booking per quote: claim, re-claim by the same booking, refusal of another, release, claim again", async () => {
    const id = await checkedQuote();
    expect(desk.claimedBy(id)).toBeNull();
    desk.claim(id, "bk_a");
    desk.claim(id, "bk_a");
    expect(desk.claimedBy(id)).toBe("bk_a");
    expect(thrown(() => desk.claim(id, "bk_b"))).toEqual({ status: 409, code: "quote_not_price_checked" });
    // The claiming booking's own retry still sees the quote; anybody else does not.
    expect(desk.bookable(DEMO, id, "bk_a").quote.quoteId).toBe(id);
    expect(thrown(() => desk.bookable(DEMO, id, "bk_b"))).toEqual({ status: 409, code: "quote_not_price_checked" });
    desk.release(id, "bk_b");
    expect(desk.claimedBy(id)).toBe("bk_a");
    desk.release(id, "bk_a");
    expect(desk.claimedBy(id)).toBeNull();
    desk.claim(id, "bk_b");
    expect(desk.claimedBy(id)).toBe("bk_b");
  });

  it("a quote never price-checked cannot be claimed", async () => {
    const { rows } = await q.search("flight");
    expect(thrown(() => desk.claim(rows[0]!.rateQuoteId, "bk_x"))).toEqual({ status: 409, code: "quote_not_price_checked" });
    expect(desk.claimedBy(rows[0]!.rateQuoteId)).toBeNull();
  });

  it("a claimed quote cannot be re-priced (409 quote_not_repriceable); released, it can", async () => {
    const id = await checkedQuote();
    desk.claim(id, "bk_c");
    const res = await q.check(id);
    expect(res.status).toBe(409);
    expect(res.body).toEqual(errorBody("quote_not_repriceable"));
    desk.release(id, "bk_c");
    expect((await q.check(id)).status).toBe(200);
  });

  it("claims are synchronous: two claims in the same tick, one wins", async () => {
    const id = await checkedQuote();
    const outcomes = ["bk_1", "bk_2"].map((b) => {
      try {
        desk.claim(id, b);
        return "claimed";
      } catch {
        return "refused";
      }
    });
    expect(outcomes).toEqual(["claimed", "refused"]);
  });
});

describe("with POST /bookings", () => {
  it("a booking claims the quote: re-pricing is 409 quote_not_repriceable, another booking 409 quote_not_price_checked", async () => {
    const { rows } = await q.search("hotel");
    const row = q.steady(rows).find((r) => r.supplier === sb.services.search.aliases.hotel[0] && !(r.summary as { isPackage: boolean }).isPackage)!;
    expect((await q.check(row.rateQuoteId)).status).toBe(200);
    const traveler = (firstName: string) => ({ roomIndex: 0, type: "adult", firstName, lastName: "Garcia" });
    const book = () =>
      sb.call<{ bookingId: string; state: string }>("POST", "/api/v1/bookings", {
        headers: { "Idempotency-Key": crypto.randomUUID() },
        body: { quoteId: row.rateQuoteId, travelers: [traveler("Ana"), traveler("Luis")], paymentMethod: "credit" },
      });
    const booked = await book();
    expect(booked.status).toBe(201);
    expect(desk.claimedBy(row.rateQuoteId)).toBe(booked.body.data.bookingId);
    expect((await q.check(row.rateQuoteId)).body).toEqual(errorBody("quote_not_repriceable"));
    const again = await book();
    expect(again.status).toBe(409);
    expect(again.body).toEqual(errorBody("quote_not_price_checked"));
  });
});

describe("memory", () => {
  it("the state of quotes whose search the engine forgot is dropped", async () => {
    const id = await checkedQuote();
    desk.claim(id, "bk_old");
    // A day after expiry the engine forgets the search on its next POST /search; the desk follows on its next new search.
    await q.advance(24 * 3600 + 21 * 60);
    expect(desk.claimedBy(id)).toBe("bk_old");
    await checkedQuote();
    expect(desk.claimedBy(id)).toBeNull();
    expect(thrown(() => desk.bookable(DEMO, id))).toEqual({ status: 404, code: "not_found" });
  });

  it("a reset clears every check and claim", async () => {
    const id = await checkedQuote();
    desk.claim(id, "bk_reset");
    await sb.control("POST", "/reset");
    expect(desk.claimedBy(id)).toBeNull();
  });
});
