// Minor units ↔ amounts by the currency's own digits (JPY 0, USD 2, KWD 3), via Intl.

const digitsCache = new Map<string, number>();
const formatCache = new Map<string, Intl.NumberFormat>();

export function currencyDigits(currency: string): number {
  let d = digitsCache.get(currency);
  if (d === undefined) {
    try {
      d = new Intl.NumberFormat("en-US", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
    } catch {
      d = 2;
    }
    digitsCache.set(currency, d);
  }
  return d;
}

/** Minor units in one major unit (100 for USD, 1 for JPY). */
export const minorPerMajor = (currency: string) => 10 ** currencyDigits(currency);

function formatter(currency: string, whole: boolean): Intl.NumberFormat {
  const key = `${currency}|${whole}`;
  let f = formatCache.get(key);
  if (!f) {
    try {
      f = new Intl.NumberFormat("en-US", { style: "currency", currency, ...(whole ? { maximumFractionDigits: 0, minimumFractionDigits: 0 } : {}) });
    } catch {
      f = new Intl.NumberFormat("en-US", whole ? { maximumFractionDigits: 0 } : { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    }
    formatCache.set(key, f);
  }
  return f;
}

/** A price from minor units; `whole` drops the minor digits (rounded), for pills and ranges. */
export function formatMinor(amountMinor: number, currency: string, { whole = false }: { whole?: boolean } = {}): string {
  return formatter(currency, whole).format(amountMinor / minorPerMajor(currency));
}

/** A whole amount in major units (slider values). */
export function formatMajor(amount: number, currency: string): string {
  return formatter(currency, true).format(amount);
}
