// Decimal text as people type it ("1,234.5", "12.50", "7") to and from integers of a given scale:
// minor units of a currency (scale = its digits) or basis points of a percentage (scale 2). By the
// digits of the text, never through a float, so "0.29" is 29 and not 28.999….

const DECIMAL = /^(\d{1,3}(,\d{3})+|\d+)?(\.(\d*))?$/;

/** What a decimal text says at `scale` digits: an integer, "too_precise" for more digits than that, null for what is not a number. */
export function parseScaled(text: string, scale: number): number | "too_precise" | null {
  const t = text.trim();
  if (t === "" || t === ".") return null;
  const m = DECIMAL.exec(t);
  if (!m || (m[1] === undefined && !m[4])) return null;
  const whole = (m[1] ?? "0").replaceAll(",", "");
  const fraction = (m[4] ?? "").replace(/0+$/, "");
  if (fraction.length > scale) return "too_precise";
  const digits = `${whole}${fraction.padEnd(scale, "0")}`.replace(/^0+(?=\d)/, "");
  const n = Number(digits);
  return Number.isSafeInteger(n) ? n : null;
}

/** An integer at `scale` digits as text for an input: 123450 at 2 → "1234.50"; `trim` drops trailing zeros ("12.5"). */
export function formatScaled(value: number, scale: number, { trim = false }: { trim?: boolean } = {}): string {
  const sign = value < 0 ? "-" : "";
  const abs = String(Math.abs(value)).padStart(scale + 1, "0");
  const whole = abs.slice(0, abs.length - scale);
  let fraction = scale > 0 ? abs.slice(abs.length - scale) : "";
  if (trim) fraction = fraction.replace(/0+$/, "");
  return `${sign}${whole}${fraction ? `.${fraction}` : ""}`;
}
