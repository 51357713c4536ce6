/**
 * The sandbox's fixed exchange table: units of each currency per US dollar, and ISO 4217
 * minor-unit exponents. Fixed so that prices stay deterministic across runs.
 */
const PER_USD: Record<string, number> = {
  USD: 1,
  EUR: 0.92,
  GBP: 0.79,
  CAD: 1.36,
  AUD: 1.52,
  NZD: 1.66,
  CHF: 0.88,
  JPY: 151,
  CNY: 7.2,
  HKD: 7.82,
  SGD: 1.35,
  SEK: 10.6,
  NOK: 10.8,
  DKK: 6.88,
  PLN: 3.98,
  CZK: 23.2,
  HUF: 362,
  MXN: 17.1,
  BRL: 5.05,
  INR: 83.3,
  ZAR: 18.6,
  AED: 3.6725,
  SAR: 3.75,
  THB: 36.4,
  KRW: 1350,
  TRY: 32.2,
  ILS: 3.7,
  MYR: 4.7,
  IDR: 15800,
  PHP: 56.5,
};

// ISO 4217 exponents: everything here has 2 except these.
const ZERO_DECIMALS = new Set(["JPY", "KRW"]);

export const SUPPORTED_CURRENCIES: readonly string[] = Object.keys(PER_USD);

export function isSupportedCurrency(code: string): boolean {
  return code in PER_USD;
}

/** Converts US dollars (a float) to an integer amount in `currency`'s minor units. */
export function usdToMinor(usd: number, currency: string): number {
  const rate = PER_USD[currency] ?? 1;
  const exp = ZERO_DECIMALS.has(currency) ? 0 : 2;
  return Math.max(1, Math.round(usd * rate * 10 ** exp));
}
