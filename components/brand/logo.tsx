import { cn } from "../ui/cn";

/** The Agency Desk mark: a sun rising over the horizon (the same drawing as app/icon.svg). */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden focusable="false" className={cn("size-8", className)}>
      <rect width="32" height="32" rx="8" className="fill-brand-600" />
      <path d="M8 21.5h16" stroke="#fff" strokeWidth="2.2" strokeLinecap="round" />
      <path d="M10.5 21.5a5.5 5.5 0 0 1 11 0" fill="none" stroke="#fff" strokeWidth="2.2" />
      <path
        d="M16 8.75v3M9.4 11.6l2.1 2.1M22.6 11.6l-2.1 2.1"
        stroke="#c7d2fe"
        strokeWidth="2.2"
        strokeLinecap="round"
      />
    </svg>
  );
}

export function Logo() {
  return (
    <span className="inline-flex items-center gap-2.5">
      <LogoMark />
      <span className="text-[1.0625rem] font-semibold tracking-tight text-ink">Agency Desk</span>
    </span>
  );
}
