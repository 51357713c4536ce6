// Text as people type it: lower case, accents dropped, so "Rejeanne" finds "Réjeanne" and
// "LEFEVRE" finds "Lefèvre". Used where the desk matches text itself (the command palette's
// pages and actions, the suggestions' typo correction); the service matches its own lists by
// the same rule (docs/contract-decisions.md).

/** Letters that NFKD does not split into a base letter and a mark. */
const LETTERS: Record<string, string> = { ß: "ss", ø: "o", æ: "ae", œ: "oe", đ: "d", ð: "d", ł: "l", ı: "i", þ: "th", ħ: "h" };

/** Lower case with accents removed: "Zoé Lefèvre" → "zoe lefevre", "Łódź" → "lodz". */
export function foldText(text: string): string {
  return text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .replace(/[ßøæœđðłıþħ]/g, (ch) => LETTERS[ch] ?? ch);
}

/** Whether any of `texts` contains `typed` (trimmed), ignoring case and accents; empty text matches everything. */
export function includesFolded(texts: readonly string[], typed: string): boolean {
  const needle = foldText(typed.trim());
  return needle === "" || texts.some((t) => foldText(t).includes(needle));
}
