import { useId, type ReactNode } from "react";
import { AlertIcon } from "./icons";
import { cn } from "./cn";

export const inputClasses = (invalid: boolean) =>
  cn(
    "block h-10 w-full rounded-lg border bg-white px-3 text-[0.9375rem] text-ink shadow-xs transition-colors placeholder:text-slate-400",
    "focus:outline-none focus-visible:outline-none focus:ring-3",
    "disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-slate-500",
    invalid
      ? "border-rose-400 focus:border-rose-500 focus:ring-rose-500/15"
      : "border-slate-300 hover:border-slate-400 focus:border-brand-500 focus:ring-brand-500/15",
  );

/**
 * A labelled form control with its hint and its error as a sentence. The control gets
 * `id`, `aria-invalid` and `aria-describedby` through the render prop, so the same field
 * works for inputs and selects.
 */
export function Field({
  label,
  hint,
  error,
  className,
  labelAction,
  children,
}: {
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  className?: string;
  /** Something beside the label, such as a "Show password" toggle. */
  labelAction?: ReactNode;
  children: (control: { id: string; "aria-invalid": boolean; "aria-describedby": string | undefined }) => ReactNode;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  // The hint gives way to the error, so only one of them describes the control.
  const describedBy = error ? errorId : hint ? hintId : undefined;
  return (
    <div className={cn("space-y-1.5", className)}>
      <div className="flex items-baseline justify-between gap-3">
        <label htmlFor={id} className="text-sm font-medium text-slate-800">
          {label}
        </label>
        {labelAction}
      </div>
      {children({ id, "aria-invalid": !!error, "aria-describedby": describedBy })}
      {error ? (
        <p id={errorId} className="flex items-start gap-1.5 text-[0.8125rem] leading-snug text-rose-700">
          <AlertIcon className="mt-px size-3.5 shrink-0" />
          {error}
        </p>
      ) : null}
      {hint && !error ? (
        <p id={hintId} className="text-[0.8125rem] leading-snug text-slate-500">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
