import type { ComponentProps } from "react";
import { cn } from "./cn";
import { inputClasses } from "./field";

// The desk's select is the browser's own <select>: type-ahead by name with the keyboard, the
// phone's own picker, nothing to load. One component draws it, so every select on the desk is
// named, described and marked invalid the same way.

const invalidClasses = "border-rose-400 focus:border-rose-500 focus:ring-rose-500/15";
const validClasses = "border-slate-300 hover:border-slate-400 focus:border-brand-500 focus:ring-brand-500/15";
const toolbar = "border bg-white text-sm text-ink transition-colors focus:outline-none focus-visible:outline-none focus:ring-3 disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-slate-500";

const sizes = {
  /** Beside a form's inputs, drawn as they are (room on the right for the arrow). */
  md: (invalid: boolean) => cn(inputClasses(invalid), "pr-8"),
  /** In a toolbar of h-9 controls (the results' Sort by). */
  sm: (invalid: boolean) => cn("block h-9 w-full rounded-lg pr-8 pl-3 shadow-xs", toolbar, invalid ? invalidClasses : validClasses),
  /** Inline in a line of small text (the rate sheet's Board). */
  xs: (invalid: boolean) => cn("h-8 rounded-md px-2", toolbar, invalid ? invalidClasses : validClasses),
} as const;

export type SelectProps = Omit<ComponentProps<"select">, "size"> & { size?: keyof typeof sizes };

/**
 * A native select drawn like the desk's inputs. Name it with a Field (or a SubField, or a <label>
 * around it): a Field gives it `id`, `aria-invalid` and `aria-describedby` through its render
 * prop, and a select marked invalid is drawn as one. It takes react-hook-form's `register(…)` as
 * it is (its ref is a prop, React 19). `className` comes after its own classes (margins, width).
 */
export function Select({ size = "md", className, ...props }: SelectProps) {
  const invalid = props["aria-invalid"] === true || props["aria-invalid"] === "true";
  return <select {...props} className={cn(sizes[size](invalid), className)} />;
}
