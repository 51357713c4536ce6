import { cn } from "../ui/cn";

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join("");

/** A person's initials in a circle; decorative, their name is always written beside it. */
export function Avatar({ name, muted, className }: { name: string; muted?: boolean; className?: string }) {
  return (
    <span
      aria-hidden
      className={cn(
        "grid shrink-0 place-items-center rounded-full text-xs font-semibold ring-1 ring-inset",
        muted ? "bg-slate-100 text-slate-600 ring-slate-200" : "bg-brand-50 text-brand-800 ring-brand-100",
        className,
      )}
    >
      {initials(name)}
    </span>
  );
}
