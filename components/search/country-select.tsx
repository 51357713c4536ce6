"use client";

import { countries } from "countries-list";
import { useMemo } from "react";
import { Field, inputClasses } from "@/components/ui/field";
import { cn } from "@/components/ui/cn";

export type CountryOption = { code: string; name: string };

let cached: CountryOption[] | null = null;

/** Every ISO 3166-1 country, named in English by Intl (falling back to the package's name), A–Z. */
export function countryOptions(): CountryOption[] {
  if (cached) return cached;
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames(["en"], { type: "region" });
  } catch {
    names = null;
  }
  cached = Object.entries(countries)
    .map(([code, c]) => {
      let name = c.name;
      try {
        name = names?.of(code) ?? c.name;
      } catch {
        // An old engine without this region: keep the package's name.
      }
      return { code, name };
    })
    .sort((a, b) => a.name.localeCompare(b.name, "en"));
  return cached;
}

export function countryName(code: string): string {
  return countryOptions().find((c) => c.code === code)?.name ?? code;
}

/** A native select of countries: type-ahead by name works with the keyboard and on phones. */
export function CountrySelect({
  label,
  hint,
  value,
  onChange,
  onBlur,
  error,
  className,
  name,
}: {
  label: string;
  hint?: string;
  value: string;
  onChange: (code: string) => void;
  onBlur?: () => void;
  error?: string;
  className?: string;
  name?: string;
}) {
  const options = useMemo(() => countryOptions(), []);
  const known = options.some((o) => o.code === value);
  return (
    <Field label={label} hint={hint} error={error} className={className}>
      {(control) => (
        <select
          {...control}
          name={name}
          className={cn(inputClasses(!!error), "pr-8")}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          onBlur={onBlur}
        >
          {!value ? <option value="">Choose a country</option> : null}
          {value && !known ? <option value={value}>{value}</option> : null}
          {options.map((o) => (
            <option key={o.code} value={o.code}>
              {o.name}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
