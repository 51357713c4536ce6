import fc from "fast-check";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import flights from "@/components/results/filters/__fixtures__/lhr-jfk-flights.json";
import hotels from "@/components/results/filters/__fixtures__/london-hotels.json";
import {
  isCapabilities,
  isResultRows,
  isThumbnails,
  readPlaceSuggestions,
  readResultsMeta,
} from "./answers";
import { isSearchCreated } from "./narrow";
import { hotelSummary, row } from "./__fixtures__/rows";
import { capabilitiesSchema, resultRowSchema, resultsMetaSchema, searchCreatedSchema, suggestionsSchema, thumbnailsSchema } from "./schemas";

// The browser's hand checks of the BFF's answers (answers.ts) held to the schemas the BFF parsed
// them with: what the schema puts out passes and reads the same; a wrong identity, price or
// progress does not.

const rowsSchema = z.array(resultRowSchema);
const placeSuggestionsSchema = z.extend(suggestionsSchema, { didYouMean: z.optional(z.string()) });

const meta = (session: Record<string, unknown> = {}, over: Record<string, unknown> = {}) => ({
  nextCursor: "c2",
  session: { status: "partial", batchProgress: { done: 2, total: 5 }, supplierOutcomes: [{ supplier: "s1", status: "completed", latencyMs: 120, rateCount: 4 }], ...session },
  ...over,
});

describe("result rows", () => {
  it("passes every row the schema puts out, of each product (the sandbox's London hotels, LHR–JFK flights)", () => {
    const parsed = rowsSchema.parse([...(hotels as unknown[]), ...(flights as unknown[])]);
    expect(parsed.length).toBeGreaterThan(20);
    expect(isResultRows(parsed)).toBe(true);
    expect(isResultRows(JSON.parse(JSON.stringify(parsed)))).toBe(true);
    expect(isResultRows([row({ productType: "cruise", summary: { ship: "Aurora" } })])).toBe(true);
  });

  it("refuses a row whose identity or price is not of its type, as the schema does", () => {
    const bad = [
      row({ _id: 7 }),
      row({ rateQuoteId: null }),
      row({ sellAmountMinor: 123.45 }),
      row({ sellAmountMinor: "12345" }),
      row({ rank: "1" }),
      row({ refundable: "yes" }),
      row({ summary: null }),
      row({ summary: { ...hotelSummary, isPackage: "no" } }),
      row({ summary: { ...hotelSummary, coordinates: { lat: "41" } } }),
      row({ summary: { ...hotelSummary, cancellationPolicy: { refundable: true, deadlines: "soon" } } }),
    ];
    for (const r of bad) {
      expect(rowsSchema.safeParse([r]).success, JSON.stringify(r)).toBe(false);
      expect(isResultRows([r]), JSON.stringify(r)).toBe(false);
    }
    expect(isResultRows({ rows: [] })).toBe(false);
    expect(isResultRows(null)).toBe(false);
  });

  it("agrees with the schema on prices and ranks of any number (property)", () => {
    const amount = fc.oneof(fc.integer(), fc.double(), fc.constant(Number.MAX_SAFE_INTEGER + 2), fc.string());
    fc.assert(
      fc.property(amount, amount, (sellAmountMinor, rank) => {
        const r = row({ sellAmountMinor, rank });
        const schema = rowsSchema.safeParse([r]);
        // Whatever the schema refuses is refused; whatever it takes is taken as it put it out.
        if (!schema.success) expect(isResultRows([r])).toBe(false);
        else expect(isResultRows(schema.data)).toBe(true);
      }),
    );
  });
});

describe("results meta", () => {
  it("reads a page's meta as the schema does, a missing cursor and outcomes included", () => {
    const cases = [meta(), meta({ lateArrivals: 3 }), meta({ supplierOutcomes: undefined }), { session: meta().session }, meta({}, { nextCursor: null, extra: 1 })];
    for (const m of cases) expect(readResultsMeta(JSON.parse(JSON.stringify(m)))).toEqual(resultsMetaSchema.parse(m));
  });

  it("refuses progress that is not whole numbers", () => {
    for (const m of [meta({ batchProgress: { done: "2", total: 5 } }), meta({ batchProgress: { done: 1.5, total: 5 } }), meta({ status: 3 }), meta({ lateArrivals: null }), meta({}, { nextCursor: 4 }), {}]) {
      expect(resultsMetaSchema.safeParse(m).success).toBe(false);
      expect(readResultsMeta(m)).toBeNull();
    }
  });
});

describe("search and suggest answers", () => {
  it("reads suggestions as the schema does: missing groups empty, a city's regions defaulted", () => {
    const full = {
      cities: [{ name: "Barcelona", countryCode: "ES", stateName: null, hotelCount: 120, cityRegionId: 7 }],
      hotels: [{ canonicalId: "h1", name: "Hotel Arts", cityName: "Barcelona", starRating: 5 }],
      pois: [{ kind: "airport", name: "El Prat", code: "BCN", countryCode: "ES" }],
      didYouMean: "Barcelona",
    };
    for (const s of [full, { hotels: full.hotels }, {}, { ...full, didYouMean: undefined }]) {
      expect(readPlaceSuggestions(s)).toEqual(placeSuggestionsSchema.parse(s));
    }
    for (const s of [{ cities: [{ name: "X" }] }, { hotels: "none" }, { pois: [{ kind: "airport", name: "El Prat" }] }, { didYouMean: 3 }, null]) {
      expect(placeSuggestionsSchema.safeParse(s).success).toBe(false);
      expect(readPlaceSuggestions(s)).toBeNull();
    }
  });

  it("checks capabilities, a new search and thumbnails as their schemas do", () => {
    const pairs: Array<[(v: unknown) => boolean, z.ZodMiniType, unknown[]]> = [
      [isCapabilities, capabilitiesSchema, [{ productTypes: ["hotel", "cruise"] }, { productTypes: "hotel" }, { productTypes: [1] }, {}]],
      [isSearchCreated, searchCreatedSchema, [{ searchId: "srch_1" }, { searchId: 1 }, {}, []]],
      [isThumbnails, thumbnailsSchema, [{ h1: "https://x/y.jpg", h2: null }, {}, { h1: 3 }, ["a"]]],
    ];
    for (const [check, schema, values] of pairs) {
      for (const v of values) expect(check(v), JSON.stringify(v)).toBe(schema.safeParse(v).success);
    }
  });
});

describe("the search and results pages' own code", () => {
  // What the pages load at once (not what they import on demand) brings no zod: a static walk
  // of their imports from the page's component, `import type` and `import()` left out.
  const root = path.resolve(__dirname, "../../..");
  const resolve = (from: string, spec: string): string | null => {
    const base = spec.startsWith("@/") ? path.join(root, spec.slice(2)) : spec.startsWith(".") ? path.resolve(path.dirname(from), spec) : null;
    if (!base) return null;
    for (const ext of ["", ".ts", ".tsx", "/index.ts", "/index.tsx"]) {
      try {
        if (readFileSync(base + ext) && !(base + ext).endsWith("/")) return base + ext;
      } catch {
        /* next */
      }
    }
    return null;
  };
  const staticImports = (file: string): string[] => {
    const src = readFileSync(file, "utf8");
    const specs: string[] = [];
    for (const m of src.matchAll(/^(?:import|export)\s+(?!type\b)([^;]*?)\s+from\s+"([^"]+)"/gms)) {
      // `import { type A, type B } from` brings nothing either.
      const names = m[1]!.replace(/^\{|\}$/g, "").split(",").map((n) => n.trim()).filter(Boolean);
      if (m[1]!.startsWith("{") && names.every((n) => n.startsWith("type "))) continue;
      specs.push(m[2]!);
    }
    for (const m of src.matchAll(/^import\s+"([^"]+)"/gm)) specs.push(m[1]!);
    return specs;
  };
  const reach = (entry: string) => {
    const seen = new Set<string>();
    const packages = new Map<string, string>();
    const walk = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const spec of staticImports(file)) {
        const next = resolve(file, spec);
        if (next) walk(next);
        else if (!spec.startsWith(".") && !spec.startsWith("@/")) packages.set(spec, path.relative(root, file));
      }
    };
    walk(path.join(root, entry));
    return { files: [...seen].map((f) => path.relative(root, f)), packages };
  };

  it("loads no zod on /search and its results until a search is checked", () => {
    // The workspace, and what it shows at once through import(): the hotel form on /search; the
    // summary and the results list on a results page.
    const entries = ["components/search/search-workspace.tsx", "components/search/hotel-fields.tsx", "components/search/search-summary.tsx", "components/results/search-results.tsx"];
    const walks = entries.map(reach);
    const files = walks.flatMap((w) => w.files);
    expect(files).toContain("components/results/use-live-results.ts");
    expect(files).toContain("components/search/use-suggest.ts");
    expect(files).toContain("components/search/search-form-shell.tsx");
    expect(files).not.toContain("components/search/search-resolver.ts");
    const zods = walks.flatMap((w) => [...w.packages]).filter(([spec]) => spec === "zod" || spec.startsWith("zod/"));
    expect(zods).toEqual([]);
  });
});
