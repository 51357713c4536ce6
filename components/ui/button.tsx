import { cn } from "./cn";

const variants = {
  primary: "bg-brand-600 text-white shadow-xs hover:bg-brand-700 disabled:bg-brand-600/60",
  secondary: "border border-slate-200 bg-white text-slate-700 shadow-xs hover:border-slate-300 hover:bg-slate-50",
  danger: "border border-rose-200 bg-white text-rose-700 shadow-xs hover:border-rose-300 hover:bg-rose-50",
  /** The confirming button of something that cannot be undone (cancel a booking). */
  destructive: "bg-rose-600 text-white shadow-xs hover:bg-rose-700 disabled:bg-rose-600/60",
  ghost: "text-slate-600 hover:bg-slate-100 hover:text-ink",
} as const;

const sizes = {
  sm: "h-8 gap-1.5 rounded-md px-2.5 text-[0.8125rem]",
  md: "h-10 gap-2 rounded-lg px-4 text-sm",
} as const;

export type ButtonProps = React.ComponentProps<"button"> & {
  variant?: keyof typeof variants;
  size?: keyof typeof sizes;
  /** Shows a spinner and disables the button while its action runs. */
  pending?: boolean;
};

export function buttonClasses({ variant = "primary", size = "md" }: Pick<ButtonProps, "variant" | "size"> = {}) {
  return cn(
    "inline-flex shrink-0 items-center justify-center font-semibold whitespace-nowrap transition-colors disabled:cursor-not-allowed disabled:opacity-70",
    variants[variant],
    sizes[size],
  );
}

export function Button({ variant, size, pending, disabled, className, children, type = "button", ...rest }: ButtonProps) {
  return (
    <button
      type={type}
      disabled={disabled || pending}
      aria-busy={pending || undefined}
      className={cn(buttonClasses({ variant, size }), className)}
      {...rest}
    >
      {pending ? <Spinner className={size === "sm" ? "size-3.5" : "size-4"} /> : null}
      {children}
    </button>
  );
}

export function Spinner({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" fill="none" aria-hidden className={cn("animate-spin", className)}>
      <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity=".25" strokeWidth="3" />
      <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}
