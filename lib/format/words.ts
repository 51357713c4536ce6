import { formatCount } from "@/lib/money";

// Counts and codes as words, the same on every page (the result cards, the rate sheet, the search
// summary, checkout and a booking's page all say "2 nights", "Half board" alike).

/** "1 night", "2 nights", "1,250 rates": a count with its noun, the count written as the desk writes counts. */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${formatCount(n)} ${n === 1 ? one : many}`;
}

/** A code the service sends as words: "room_only" → "Room only", "non-smoking" → "Non smoking" ("" stays ""). */
export function humanize(code: string): string {
  const words = code.replace(/[_-]+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const BOARDS: Record<string, string> = {
  room_only: "Room only",
  breakfast: "Breakfast included",
  bed_and_breakfast: "Breakfast included",
  half_board: "Half board",
  full_board: "Full board",
  all_inclusive: "All inclusive",
};

/** A board basis as people say it ("half_board" → "Half board"); an unknown code is made readable rather than hidden, none is null. */
export function boardLabel(code: string | null | undefined): string | null {
  if (!code) return null;
  return BOARDS[code] ?? (humanize(code) || null);
}
