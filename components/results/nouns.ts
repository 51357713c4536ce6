import { plural } from "@/lib/format/words";

// What a search's products are called ("hotels", "3 activities"). Apart from format.ts so that the
// results' outline, shown on the search page while the results' code loads, comes without the
// cards' helpers (issue 15, page weight).

const PRODUCT_NOUNS: Record<string, [string, string]> = {
  hotel: ["hotel", "hotels"],
  flight: ["flight", "flights"],
  activity: ["activity", "activities"],
  transfer: ["transfer", "transfers"],
};

/** "1 hotel", "12 activities", "3 results" for a product type this client does not know. */
export function countOf(n: number, productType: string): string {
  const [one, many] = PRODUCT_NOUNS[productType] ?? ["result", "results"];
  return plural(n, one, many);
}

export function nounOf(productType: string): string {
  return (PRODUCT_NOUNS[productType] ?? ["result", "results"])[1];
}
