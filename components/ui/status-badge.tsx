import type { ReactNode } from "react";
import { cn } from "./cn";

export type Tone = "ok" | "warning" | "error" | "neutral";

const tones: Record<Tone, { badge: string; dot: string }> = {
  ok: { badge: "bg-emerald-50 text-emerald-800 ring-emerald-600/20", dot: "bg-emerald-500" },
  warning: { badge: "bg-amber-50 text-amber-800 ring-amber-600/25", dot: "bg-amber-500" },
  error: { badge: "bg-rose-50 text-rose-800 ring-rose-600/20", dot: "bg-rose-500" },
  neutral: { badge: "bg-slate-100 text-slate-700 ring-slate-500/15", dot: "bg-slate-400" },
};

export function StatusBadge({ tone, children, pulse }: { tone: Tone; children: ReactNode; pulse?: boolean }) {
  const t = tones[tone];
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-medium whitespace-nowrap ring-1 ring-inset",
        t.badge,
      )}
    >
      <span className={cn("size-1.5 rounded-full", t.dot, pulse && "animate-pulse")} aria-hidden />
      {children}
    </span>
  );
}
