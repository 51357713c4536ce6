import type { ReactNode } from "react";
import { TriangleAlert } from "lucide-react";
import { cn } from "./cn";

/** An inline problem statement: what went wrong, in a sentence, and what to do about it. */
export function Callout({
  tone = "error",
  title,
  children,
  className,
}: {
  tone?: "error" | "warning";
  title: ReactNode;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <div
      role="alert"
      className={cn(
        "flex gap-3 rounded-lg border px-4 py-3 text-sm",
        tone === "error" ? "border-rose-200 bg-rose-50 text-rose-900" : "border-amber-200 bg-amber-50 text-amber-900",
        className,
      )}
    >
      <TriangleAlert className={cn("mt-0.5 size-4 shrink-0", tone === "error" ? "text-rose-600" : "text-amber-600")} />
      <div className="min-w-0 space-y-1">
        <p className="font-medium">{title}</p>
        {children ? <div className="text-[0.8125rem] leading-relaxed opacity-90">{children}</div> : null}
      </div>
    </div>
  );
}
