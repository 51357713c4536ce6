/**
 * A value made on first use, then kept. For Intl formatters at module level: constructing one
 * loads its locale's data, a few milliseconds here and tens on a slow phone, which would be
 * spent while the page's modules load rather than when a date or a name is first shown.
 */
export function lazily<T>(make: () => T): () => T {
  let made: { value: T } | null = null;
  return () => (made ??= { value: make() }).value;
}
