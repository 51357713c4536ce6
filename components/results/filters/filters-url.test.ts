import { describe, expect, it } from "vitest";
import { EMPTY_FILTERS } from "./filter-model";
import { filtersFromParams, withFilterParams } from "./filters-url";

describe("filters in the address", () => {
  it("round-trips every filter and the sort, beside the search's own parameters", () => {
    const filters = { ...EMPTY_FILTERS, price: { min: 1000, max: 50000 }, stars: [4, 5], refundableOnly: true, boards: ["breakfast", ""], sources: ["src-1a2b"], stops: [0] };
    const params = withFilterParams(new URLSearchParams("type=hotel&sid=srch_1&stars=1"), filters, "price_asc");
    expect(params.get("type")).toBe("hotel");
    expect(params.get("sid")).toBe("srch_1");
    expect(params.toString()).toContain("stars=4%2C5");
    expect(filtersFromParams(params)).toEqual({ filters, sort: "price_asc" });
  });

  it("leaves defaults out and ignores what it does not know", () => {
    expect(withFilterParams(new URLSearchParams("type=hotel&sort=price_asc&stars=3"), EMPTY_FILTERS, "recommended").toString()).toBe("type=hotel");
    expect(filtersFromParams(new URLSearchParams("sort=cheapest&stars=9,x,2&price=50-10&board=<b>&src=a b"))).toEqual({
      filters: { ...EMPTY_FILTERS, stars: [2] },
      sort: "recommended",
    });
  });
});
