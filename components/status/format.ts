import { lazily } from "@/lib/lazily";

const regions = lazily(() => new Intl.DisplayNames(["en"], { type: "region" }));
const currencies = lazily(() => new Intl.DisplayNames(["en"], { type: "currency" }));

export function regionName(code: string): string {
  try {
    return regions().of(code) ?? code;
  } catch {
    return code;
  }
}

export function currencyName(code: string): string {
  try {
    return currencies().of(code) ?? code;
  } catch {
    return code;
  }
}

export function formatMs(ms: number): string {
  if (ms < 10) return `${ms.toFixed(1)} ms`;
  if (ms < 1000) return `${Math.round(ms)} ms`;
  return `${(ms / 1000).toFixed(1)} s`;
}

export function formatMoneyExample(currency: string): string {
  return new Intl.NumberFormat("en-US", { style: "currency", currency }).format(1234.5);
}
