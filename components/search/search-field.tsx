"use client";

import { useState, type InputHTMLAttributes, type ReactNode } from "react";
import { useController, type Control, type FieldPath, type FieldPathValue, type FieldValues } from "react-hook-form";
import { Field, inputClasses } from "@/components/ui/field";
import { Select } from "@/components/ui/select";
import type { Place } from "@/lib/search/criteria";
import { DestinationCombobox, type DestinationChoice, type DestinationComboboxProps } from "./destination-combobox";

// The search forms' fields: each form says what its fields are (label, hint, which value), and
// these draw them, with the look and the label/hint/error wiring of components/ui/field.tsx
// (and of components/ui/aria-field.tsx for react-aria's controls).

/** Two fields side by side (one above the other on phones). */
export function FieldRow({ children }: { children: ReactNode }) {
  return <div className="grid gap-6 md:grid-cols-2">{children}</div>;
}

/** A form value with its error, for a control that takes `value`, `onChange`, `onBlur` and `error`. */
export function Bound<T extends FieldValues, N extends FieldPath<T>>({
  control,
  name,
  children,
}: {
  control: Control<T>;
  name: N;
  children: (bound: { value: FieldPathValue<T, N>; onChange: (value: FieldPathValue<T, N>) => void; onBlur: () => void; error?: string }) => ReactNode;
}) {
  const { field, fieldState } = useController({ control, name });
  return children({ value: field.value, onChange: field.onChange, onBlur: field.onBlur, error: fieldState.error?.message });
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "name" | "value" | "onChange" | "onBlur" | "className" | "children">;

/**
 * A text, number or date input bound to a form value, drawn as a Field. With `parse`, the
 * input keeps the text as typed and the form gets the parsed value (e.g. "" as null).
 */
export function InputField<T extends FieldValues>({
  control,
  name,
  label,
  hint,
  parse,
  ...input
}: {
  control: Control<T>;
  name: FieldPath<T>;
  label: ReactNode;
  hint?: ReactNode;
  parse?: (text: string) => unknown;
} & InputProps) {
  const { field, fieldState } = useController({ control, name });
  const [text, setText] = useState(() => (field.value == null ? "" : String(field.value)));
  return (
    <Field label={label} hint={hint} error={fieldState.error?.message}>
      {(c) => (
        <input
          {...c}
          {...input}
          className={inputClasses(!!fieldState.error)}
          value={parse ? text : field.value}
          onChange={(e) => {
            if (!parse) return field.onChange(e.target.value);
            setText(e.target.value);
            field.onChange(parse(e.target.value));
          }}
          onBlur={field.onBlur}
        />
      )}
    </Field>
  );
}

/** A select bound to a form value, drawn as a Field. */
export function SelectField<T extends FieldValues, V extends string>({
  control,
  name,
  label,
  hint,
  options,
}: {
  control: Control<T>;
  name: FieldPath<T>;
  label: ReactNode;
  hint?: ReactNode;
  options: readonly { value: V; label: string }[];
}) {
  const { field, fieldState } = useController({ control, name });
  return (
    <Field label={label} hint={hint} error={fieldState.error?.message}>
      {(c) => (
        <Select {...c} value={field.value} onChange={(e) => field.onChange(e.target.value)} onBlur={field.onBlur}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </Select>
      )}
    </Field>
  );
}

/** A picked place as the combobox's choice; typed text and addresses are not choices. */
export function placeChoice(p: Place | null | undefined): DestinationChoice | null {
  if (!p) return null;
  switch (p.kind) {
    case "city":
    case "airport":
    case "destination":
      return p;
    case "hotel":
      return { ...p, cityName: p.cityName ?? null };
    default:
      return null;
  }
}

/** Typed text as a place the service resolves by name, or nothing when the box is empty. */
export const typedPlace = (text: string): Place | null => (text.trim() ? { kind: "text", name: text } : null);

type PlaceInputProps = Omit<DestinationComboboxProps, "value" | "defaultInputValue" | "onSelect" | "onClear" | "onTextChange"> & {
  value: Place | null;
  onChange: (place: Place | null) => void;
  /**
   * Another way to pick a place, under the combobox (a "Browse" dialog). A place picked there
   * remounts the combobox with its name.
   */
  browse?: (pick: (place: Place) => void) => ReactNode;
  /** Remounts the combobox when it changes (e.g. another kind of place is asked for). */
  resetKey?: string;
};

/** A place: picked from the suggestions (or with `browse`), or typed and resolved by name. */
export function PlaceInput({ value, onChange, browse, resetKey = "", ...combobox }: PlaceInputProps) {
  const [pickRevision, setPickRevision] = useState(0);
  const box = (
    <DestinationCombobox
      key={`${resetKey}-${pickRevision}`}
      {...combobox}
      value={placeChoice(value)}
      defaultInputValue={value && value.kind !== "address" ? value.name : ""}
      onSelect={(choice) => onChange(choice)}
      onTextChange={(text) => onChange(typedPlace(text))}
    />
  );
  if (!browse) return box;
  return (
    <div className="space-y-2">
      {box}
      {browse((place) => {
        onChange(place);
        setPickRevision((n) => n + 1);
      })}
    </div>
  );
}

/** A place bound to a form value. */
export function PlaceField<T extends FieldValues>({
  control,
  name,
  ...props
}: { control: Control<T>; name: FieldPath<T> } & Omit<PlaceInputProps, "value" | "onChange" | "error">) {
  const { field, fieldState } = useController({ control, name });
  return <PlaceInput {...props} value={field.value} onChange={field.onChange} error={fieldState.error?.message} />;
}
