/**
 * Fast integer hashing for prices and rate attributes. A search draws hundreds of thousands
 * of these, so they mix numbers (no string building) and allocate nothing.
 */
function fmix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** A 32-bit hash of up to four integers. */
export function mix(a: number, b: number, c = 0, d = 0): number {
  let h = fmix((a ^ 0x9e3779b9) >>> 0);
  h = fmix((h ^ Math.imul(b | 0, 0x27d4eb2d)) >>> 0);
  h = fmix((h ^ Math.imul(c | 0, 0x165667b1)) >>> 0);
  return fmix((h ^ Math.imul(d | 0, 0x61c88647)) >>> 0);
}

/** A float in [0, 1) determined by up to four integers. */
export function frac(a: number, b: number, c = 0, d = 0): number {
  return mix(a, b, c, d) / 4294967296;
}

export function hex8(n: number): string {
  return (n >>> 0).toString(16).padStart(8, "0");
}

/** Whole days between two YYYY-MM-DD dates. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
