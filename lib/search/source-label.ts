// Source aliases (`src-<hex>`) are opaque, stable per deployment, and equal for the same source
// (specification). People see "Source 3F9A": the same words on the results, the filters, a
// hotel's rate sheet and the option sheets, so an advisor recognises a source across pages —
// which numbering ("Source 1…n") by order of appearance could not promise from page to page.

/** "src-3f9a1c2e" → "Source 3F9A". */
export function sourceLabel(alias: string): string {
  const hex = alias.replace(/^src-/i, "");
  return `Source ${(hex || alias).slice(0, 4).toUpperCase()}`;
}
