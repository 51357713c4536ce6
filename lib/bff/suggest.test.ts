import { describe, expect, it } from "vitest";
import { getCatalog } from "@/lib/sandbox/catalog";
import { sandboxConfigFromEnv } from "@/lib/sandbox/config";
import { correctTypo } from "./suggest";

// The typo correction on its own, over the destination names the sandbox's GET /destinations
// lists (activity and transfer: cities, areas, airports), as the BFF loads them.

const catalog = getCatalog(sandboxConfigFromEnv({ NODE_ENV: "test" }).seed);
const NAMES = [...new Set([...catalog.activityDestinations, ...catalog.transferDestinations].flatMap((d) => [d.name, d.cityName ?? ""]).filter(Boolean))];

describe("correctTypo", () => {
  it.each([
    ["Pariss", "Paris"],
    ["Londn", "London"],
    ["Barcelna", "Barcelona"],
    ["pariz", "Paris"],
    ["LODNON", "London"],
    ["Amsterdm", "Amsterdam"],
    ["Madird", "Madrid"],
    ["Edinbrugh", "Edinburgh"],
    ["Istambul", "Istanbul"],
    ["Rio de Janiero", "Rio de Janeiro"],
    ["Sao Paolo", "São Paulo"],
    ["Heathow", "London Heathrow Airport"],
  ])("%s → %s", (typed, name) => {
    expect(correctTypo(NAMES, typed)).toBe(name);
  });

  it.each(["Paris", "london", "BARCELONA", "São Paulo", "Sao Paulo", "Rio de Janeiro"])("a good name is no typo: %s", (typed) => {
    expect(correctTypo(NAMES, typed)).toBeNull();
  });

  it("a query longer than any place name is not corrected, and costs nothing (it ran out of memory before)", () => {
    expect(correctTypo(NAMES, "x".repeat(120_000))).toBeNull();
    expect(correctTypo(NAMES, `Pariss ${"x".repeat(60)}`)).toBeNull();
  });

  it.each(["xqzvw", "qqqqq", "zzkrt", "jjjjjj", "zxcvbnm", "asdf", "hello world", "grand hotel", "Hotel Pariss", "Rejeanne"])(
    "nonsense, or words that are no place, get nothing: %s",
    (typed) => {
      expect(correctTypo(NAMES, typed)).toBeNull();
    },
  );

  it("words under four letters are taken as typed, four letters forgive one slip only, and a slip of the first letter is not guessed", () => {
    for (const typed of ["Rom", "Lsbn", "abc", "ab"]) expect(correctTypo(NAMES, typed), typed).toBeNull();
    expect(correctTypo(NAMES, "test"), "not West Houston Airport").toBeNull();
    expect(correctTypo(NAMES, "Oaris")).toBeNull();
  });

  it("the shortest fitting name wins: a city before its airports", () => {
    expect(NAMES).toEqual(expect.arrayContaining(["Paris", "Paris-Orly Airport"]));
    expect(correctTypo(["Paris-Orly Airport", "Paris"], "Pariss")).toBe("Paris");
  });
});
