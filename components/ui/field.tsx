import { useId, type ReactNode } from "react";
import { TriangleAlert } from "lucide-react";
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

/** How a field's parts look, for controls that draw them with their own elements (react-aria's Label and Text). */
export const fieldClasses = {
  label: "text-sm font-medium text-slate-800",
  /** One control's label inside a group: latitude, check-in, a child's age. */
  subLabel: "text-[0.8125rem] text-slate-600",
  hint: "text-[0.8125rem] leading-snug text-slate-500",
  error: "flex items-start gap-1.5 text-[0.8125rem] leading-snug text-rose-700",
} as const;

/** A field's problem as a sentence, after its icon. */
export function FieldError({ id, role, children }: { id?: string; role?: "alert"; children: ReactNode }) {
  return (
    <p id={id} role={role} className={fieldClasses.error}>
      <TriangleAlert className="mt-px size-3.5 shrink-0" />
      {children}
    </p>
  );
}

type FieldIds = { id: string; hintId: string; errorId: string };
/** What a control of a field (or of a group) carries: invalid or not, and the hint or error describing it. */
export type DescribedBy = { "aria-invalid": boolean; "aria-describedby": string | undefined };

function useFieldIds(hint: ReactNode, error: ReactNode): FieldIds & { describe: DescribedBy } {
  const id = useId();
  const ids = { id, hintId: `${id}-hint`, errorId: `${id}-error` };
  // The hint gives way to the error, so only one of them describes the control.
  const describedBy = error ? ids.errorId : hint ? ids.hintId : undefined;
  return { ...ids, describe: { "aria-invalid": !!error, "aria-describedby": describedBy } };
}

/** The hint under a field, or the error in its place. */
function FieldHelp({ ids, hint, error }: { ids: FieldIds; hint?: ReactNode; error?: ReactNode }) {
  if (error) return <FieldError id={ids.errorId}>{error}</FieldError>;
  if (!hint) return null;
  return (
    <p id={ids.hintId} className={fieldClasses.hint}>
      {hint}
    </p>
  );
}

/**
 * A labelled form control with its hint and its error as a sentence. The control gets
 * `id`, `aria-invalid` and `aria-describedby` through the render prop, so the same field
 * works for inputs and selects.
 */
export function Field({
  label,
  hint,
  error,
  required,
  className,
  labelAction,
  hideLabel = false,
  children,
}: {
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  /** Marked after the label (a red asterisk, "required" for screen readers), and on the control. */
  required?: boolean;
  className?: string;
  /** Said to assistive technology only, where column headings show it once for many rows. */
  hideLabel?: boolean;
  /** Something beside the label, such as a "Show password" toggle. */
  labelAction?: ReactNode;
  children: (control: { id: string; "aria-required"?: true } & DescribedBy) => ReactNode;
}) {
  const ids = useFieldIds(hint, error);
  return (
    <div className={cn("space-y-1.5", className)}>
      <div className={hideLabel ? "sr-only" : "flex items-baseline justify-between gap-3"}>
        <label htmlFor={ids.id} className={fieldClasses.label}>
          {label}
          {required ? (
            <>
              <span className="text-rose-600" aria-hidden>
                {" "}
                *
              </span>
              <span className="sr-only"> (required)</span>
            </>
          ) : null}
        </label>
        {labelAction}
      </div>
      {children({ id: ids.id, ...(required ? { "aria-required": true as const } : {}), ...ids.describe })}
      <FieldHelp ids={ids} hint={hint} error={error} />
    </div>
  );
}

/**
 * Controls under one legend that share one hint and one error (latitude, longitude and
 * radius; a transfer point's type and place). Each control gets `aria-invalid` and
 * `aria-describedby` through the render prop.
 */
export function FieldGroup({
  legend,
  hint,
  error,
  className,
  children,
}: {
  legend: ReactNode;
  hint?: ReactNode;
  error?: string;
  className?: string;
  children: ReactNode | ((control: DescribedBy) => ReactNode);
}) {
  const ids = useFieldIds(hint, error);
  return (
    <fieldset className={cn("space-y-2", className)}>
      <legend className={fieldClasses.label}>{legend}</legend>
      {typeof children === "function" ? children(ids.describe) : children}
      <FieldHelp ids={ids} hint={hint} error={error} />
    </fieldset>
  );
}

/** One control in a group, under its own small label; the control gets its `id` through the render prop. */
export function SubField({ label, className, children }: { label: ReactNode; className?: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className={cn("space-y-1", className)}>
      <label htmlFor={id} className={fieldClasses.subLabel}>
        {label}
      </label>
      {children(id)}
    </div>
  );
}
