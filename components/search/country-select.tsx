"use client";

import { useMemo } from "react";
import { Field } from "@/components/ui/field";
import { Select } from "@/components/ui/select";
import { countryName, countryOptions, type CountryOption } from "@/lib/countries";

export { countryName, countryOptions, type CountryOption };

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
        <Select
          {...control}
          name={name}
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
        </Select>
      )}
    </Field>
  );
}
