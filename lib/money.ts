// Money as the desk shows it: the service sends integer minor units and an ISO 4217 code, and
// the currency decides the digits (USD 2, JPY 0, KWD 3). One place, en-US, Intl underneath.

const formats = new Map<string, Intl.NumberFormat | null>();

function currencyFormat(currency: string): Intl.NumberFormat | null {
  let f = formats.get(currency);
  if (f === undefined) {
    try {
      f = new Intl.NumberFormat("en-US", { style: "currency", currency });
    } catch {
      f = null; // a code Intl does not know
    }
    formats.set(currency, f);
  }
  return f;
}

/** Digits after the decimal point of a currency's minor unit (USD 2, JPY 0, KWD 3). */
export function minorDigits(currency: string): number {
  return currencyFormat(currency)?.resolvedOptions().maximumFractionDigits ?? 2;
}

/** An amount in minor units as money: 12325 USD → "$123.25"; an unknown currency keeps its code. */
export function formatMoney(amountMinor: number, currency: string): string {
  const digits = minorDigits(currency);
  const amount = amountMinor / 10 ** digits;
  const f = currencyFormat(currency);
  return f ? f.format(amount) : `${amount.toFixed(digits)} ${currency}`;
}

let counts: Intl.NumberFormat | undefined;

/**
 * A count as the desk shows it: 1234 → "1,234". One formatter, made on first use:
 * `n.toLocaleString("en-US")` makes one per call (14 µs each here, four times that on a phone,
 * and a results page shows hundreds of counts).
 */
export function formatCount(n: number): string {
  return (counts ??= new Intl.NumberFormat("en-US")).format(n);
}

/** A signed difference such as "+$74.38" or "−$12.00". */
export function formatMoneyDelta(deltaMinor: number, currency: string): string {
  if (deltaMinor === 0) return formatMoney(0, currency);
  return `${deltaMinor > 0 ? "+" : "−"}${formatMoney(Math.abs(deltaMinor), currency)}`;
}
