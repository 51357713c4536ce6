import { describe, expect, it } from "vitest";
import { foldText, includesFolded } from "./fold";

describe("foldText", () => {
  it.each([
    ["Réjeanne", "rejeanne"],
    ["Zoé LEFÈVRE", "zoe lefevre"],
    ["Zoë", "zoe"],
    ["Łódź", "lodz"],
    ["Straße", "strasse"],
    ["Søren Ærø", "soren aero"],
    ["İstanbul", "istanbul"],
  ])("%s → %s", (text, folded) => {
    expect(foldText(text)).toBe(folded);
  });
});

describe("includesFolded", () => {
  it("finds text whatever its case and accents, either side", () => {
    expect(includesFolded(["Needs attention"], "ATTÉNTION")).toBe(true);
    expect(includesFolded(["Réjeanne Moreau"], " rejeanne ")).toBe(true);
    expect(includesFolded(["Zoe"], "Zoé")).toBe(true);
    expect(includesFolded(["Bookings", "orders"], "ORD")).toBe(true);
    expect(includesFolded(["Bookings"], "flight")).toBe(false);
  });

  it("empty text matches everything", () => {
    expect(includesFolded(["Bookings"], "  ")).toBe(true);
  });
});
