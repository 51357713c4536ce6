import { describe, expect, it } from "vitest";
import { boardLabel, humanize, plural } from "./words";

describe("plural", () => {
  it("says one and many, the count written as the desk writes counts", () => {
    expect(plural(1, "night")).toBe("1 night");
    expect(plural(2, "night")).toBe("2 nights");
    expect(plural(0, "rate")).toBe("0 rates");
    expect(plural(1, "child", "children")).toBe("1 child");
    expect(plural(3, "child", "children")).toBe("3 children");
    expect(plural(1250, "rate")).toBe("1,250 rates");
  });
});

describe("humanize", () => {
  it("reads a code as words with a capital first letter", () => {
    expect(humanize("room_only")).toBe("Room only");
    expect(humanize("premium_economy")).toBe("Premium economy");
    expect(humanize("non-smoking")).toBe("Non smoking");
    expect(humanize("credit")).toBe("Credit");
    expect(humanize("")).toBe("");
  });
});

describe("boardLabel", () => {
  it("names the boards the service sends, the same on the cards, the filters and the rate sheet", () => {
    expect(boardLabel("room_only")).toBe("Room only");
    expect(boardLabel("breakfast")).toBe("Breakfast included");
    expect(boardLabel("bed_and_breakfast")).toBe("Breakfast included");
    expect(boardLabel("half_board")).toBe("Half board");
    expect(boardLabel("full_board")).toBe("Full board");
    expect(boardLabel("all_inclusive")).toBe("All inclusive");
  });

  it("makes an unknown board readable rather than hiding it, and has no name for none", () => {
    expect(boardLabel("half_board_plus")).toBe("Half board plus");
    expect(boardLabel("self_catering")).toBe("Self catering");
    expect(boardLabel(null)).toBeNull();
    expect(boardLabel(undefined)).toBeNull();
    expect(boardLabel("")).toBeNull();
    expect(boardLabel("__")).toBeNull();
  });
});
