import type { ReactNode } from "react";
import { cn } from "@/components/ui/cn";
import { formatMoney, humaniseKey, perLabel, sentenceCase } from "./format";
import { formatCount } from "@/lib/money";

// A hotel's check-in, check-out, policies and fees come in whatever shape its source uses
// (strings, objects, lists of either). One renderer shows them all tidily, never as raw JSON.

type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

/** Nothing worth showing: null, blank text, empty lists and objects of nothing. */
export function isEmptyValue(v: unknown): boolean {
  if (v === null || v === undefined) return true;
  if (typeof v === "string") return v.trim() === "";
  if (Array.isArray(v)) return v.every(isEmptyValue);
  if (isObj(v)) return Object.values(v).every(isEmptyValue);
  return false;
}

const LABEL_KEYS = ["title", "name", "label", "type", "category", "heading"];
const TEXT_KEYS = ["text", "description", "value", "details", "content", "body"];

/** A money object: an amount (minor units, or `amount` in major units) and a currency. */
function moneyText(o: Obj): string | null {
  const currency = typeof o.currency === "string" ? o.currency : null;
  if (!currency) return null;
  if (typeof o.amountMinor === "number") return formatMoney(o.amountMinor, currency);
  if (typeof o.amount === "number") {
    try {
      return new Intl.NumberFormat("en-US", { style: "currency", currency }).format(o.amount);
    } catch {
      return `${o.amount} ${currency}`;
    }
  }
  return null;
}

const MONEY_KEYS = new Set(["amountMinor", "amount", "currency", "per", "name", "title", "type", "label", "payableAt"]);

/** "City tax: $2.77 per person per night" for a money line, or null when it is not one. */
function moneyLine(o: Obj): { label: string | null; text: string } | null {
  const money = moneyText(o);
  if (!money || !Object.keys(o).every((k) => MONEY_KEYS.has(k) || isEmptyValue(o[k]))) return null;
  const labelKey = LABEL_KEYS.find((k) => typeof o[k] === "string" && (o[k] as string).trim());
  const per = typeof o.per === "string" && o.per ? ` ${perLabel(o.per)}` : "";
  const at = typeof o.payableAt === "string" && o.payableAt ? `, payable at the ${sentenceCase(o.payableAt).toLowerCase()}` : "";
  return { label: labelKey ? labelText(o[labelKey] as string) : null, text: `${money}${per}${at}` };
}

/** A label/text pair such as `{ title: "Pets", text: "Pets are not allowed." }`. */
function labelledText(o: Obj): { label: string; text: unknown } | null {
  const keys = Object.keys(o).filter((k) => !isEmptyValue(o[k]));
  const labelKey = keys.find((k) => LABEL_KEYS.includes(k) && typeof o[k] === "string");
  const textKey = keys.find((k) => TEXT_KEYS.includes(k));
  if (!labelKey || !textKey || keys.length !== 2) return null;
  return { label: labelText(o[labelKey] as string), text: o[textKey] };
}

/** Machine-looking labels ("city_tax") become words; a source's own words stay as they are. */
const labelText = (s: string) => (/^[a-z0-9]+(?:[_A-Z][a-z0-9]*)+$|^[a-z]+$/.test(s) ? humaniseKey(s) : s);

const PHRASE_KEYS = new Set(["before", "after", "from", "until"]);

function scalarText(v: unknown): string {
  if (typeof v === "boolean") return v ? "Yes" : "No";
  if (typeof v === "number") return Number.isFinite(v) ? formatCount(v) : "";
  return String(v);
}

/** A list of label/text pairs, with repeated labels ("Good to know") merged into one entry. */
function mergedPairs(items: { label: string; text: unknown }[]): { label: string; texts: unknown[] }[] {
  const out = new Map<string, unknown[]>();
  for (const i of items) out.set(i.label, [...(out.get(i.label) ?? []), i.text]);
  return [...out.entries()].map(([label, texts]) => ({ label, texts }));
}

export function StructuredValue({ value, className, depth = 0 }: { value: unknown; className?: string; depth?: number }): ReactNode {
  if (isEmptyValue(value)) return null;

  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") {
    return <p className={cn("leading-relaxed", className)}>{scalarText(value)}</p>;
  }

  if (Array.isArray(value)) {
    const items = value.filter((v) => !isEmptyValue(v));
    const pairs = items.map((v) => (isObj(v) ? (labelledText(v) ?? null) : null));
    if (items.length > 0 && pairs.every((p) => p !== null)) {
      return (
        <dl className={cn("space-y-2.5", className)}>
          {mergedPairs(pairs as { label: string; text: unknown }[]).map(({ label, texts }) => (
            <div key={label}>
              <dt className="font-medium text-ink">{label}</dt>
              <dd className="mt-0.5 text-slate-600">
                {texts.length === 1 ? (
                  <StructuredValue value={texts[0]} depth={depth + 1} />
                ) : (
                  <StructuredValue value={texts} depth={depth + 1} />
                )}
              </dd>
            </div>
          ))}
        </dl>
      );
    }
    return (
      <ul className={cn("list-disc space-y-1 pl-5 marker:text-slate-300", className)}>
        {items.map((v, i) => {
          const line = isObj(v) ? moneyLine(v) : null;
          return (
            <li key={i} className="pl-0.5">
              {line ? (
                <span>
                  {line.label ? <span className="font-medium text-ink">{line.label}: </span> : null}
                  {line.text}
                </span>
              ) : typeof v === "string" || typeof v === "number" || typeof v === "boolean" ? (
                scalarText(v)
              ) : (
                <StructuredValue value={v} depth={depth + 1} />
              )}
            </li>
          );
        })}
      </ul>
    );
  }

  if (isObj(value)) {
    const line = moneyLine(value);
    if (line) {
      return (
        <p className={className}>
          {line.label ? <span className="font-medium text-ink">{line.label}: </span> : null}
          {line.text}
        </p>
      );
    }
    const entries = Object.entries(value).filter(([, v]) => !isEmptyValue(v));
    const only = entries.length === 1 ? entries[0]! : null;
    if (only && typeof only[1] !== "object") {
      // `{ time: "10:00" }` or `{ before: "noon" }` reads best as one phrase.
      const [key, v] = only;
      const phrase = PHRASE_KEYS.has(key) ? `${humaniseKey(key)} ${scalarText(v)}` : key === "time" ? scalarText(v) : `${humaniseKey(key)}: ${scalarText(v)}`;
      return <p className={className}>{phrase}</p>;
    }
    return (
      <dl className={cn(depth === 0 ? "space-y-2" : "space-y-1.5", className)}>
        {entries.map(([key, v]) => {
          const inline = typeof v !== "object";
          return (
            <div key={key} className={inline ? "flex flex-wrap gap-x-2" : undefined}>
              <dt className="font-medium text-ink">
                {humaniseKey(key)}
                {inline ? ":" : null}
              </dt>
              <dd className={cn("text-slate-600", !inline && "mt-0.5")}>
                {inline ? scalarText(v) : <StructuredValue value={v} depth={depth + 1} />}
              </dd>
            </div>
          );
        })}
      </dl>
    );
  }

  return null;
}

/** The value as one line of plain text (for short facts such as a check-in time). */
export function structuredText(value: unknown): string {
  if (isEmptyValue(value)) return "";
  if (typeof value !== "object" || value === null) return scalarText(value);
  if (Array.isArray(value)) return value.map(structuredText).filter(Boolean).join("; ");
  const line = moneyLine(value as Obj);
  if (line) return line.label ? `${line.label}: ${line.text}` : line.text;
  return Object.entries(value as Obj)
    .filter(([, v]) => !isEmptyValue(v))
    .map(([k, v]) => `${humaniseKey(k)}: ${structuredText(v)}`)
    .join("; ");
}
