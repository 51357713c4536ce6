import type { ReactNode } from "react";
import { cn } from "./cn";

export function Card({ className, children, ...rest }: React.ComponentProps<"section">) {
  return (
    <section
      className={cn("rounded-xl border border-slate-200 bg-white shadow-[0_1px_2px_rgb(15_23_42/0.04)]", className)}
      {...rest}
    >
      {children}
    </section>
  );
}

export function CardHeader({
  icon,
  title,
  titleId,
  description,
  action,
}: {
  icon?: ReactNode;
  title: ReactNode;
  titleId?: string;
  description?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <header className="flex items-start gap-4 border-b border-slate-100 px-5 py-4 sm:px-6">
      {icon ? (
        <span className="mt-0.5 grid size-9 shrink-0 place-items-center rounded-lg bg-brand-50 text-brand-700 ring-1 ring-brand-100 ring-inset">
          {icon}
        </span>
      ) : null}
      <div className="min-w-0 flex-1 sm:flex sm:items-start sm:justify-between sm:gap-4">
        <div className="min-w-0">
          <h2 id={titleId} className="text-[0.9375rem] font-semibold text-ink">
            {title}
          </h2>
          {description ? <p className="mt-0.5 text-sm text-slate-500">{description}</p> : null}
        </div>
        {action ? <div className="mt-2.5 shrink-0 sm:mt-0">{action}</div> : null}
      </div>
    </header>
  );
}

export function CardBody({ className, children }: { className?: string; children: ReactNode }) {
  return <div className={cn("px-5 py-5 sm:px-6", className)}>{children}</div>;
}

export function CardFooter({ children }: { children: ReactNode }) {
  return (
    <footer className="flex items-center gap-2 rounded-b-xl border-t border-slate-100 bg-slate-50/70 px-5 py-3 text-xs text-slate-500 sm:px-6">
      {children}
    </footer>
  );
}

/** A label/value row list, for facts such as "Currency: USD". */
export function FactList({ children }: { children: ReactNode }) {
  return <dl className="divide-y divide-slate-100">{children}</dl>;
}

export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-3 first:pt-0 last:pb-0">
      <dt className="text-sm text-slate-500">{label}</dt>
      <dd className="min-w-0 text-right text-sm font-medium text-ink">{children}</dd>
    </div>
  );
}

/** A short machine code (USD, US) set off from the prose around it. */
export function Code({ children }: { children: ReactNode }) {
  return (
    <code className="rounded-md bg-slate-100 px-1.5 py-0.5 font-mono text-xs font-medium text-slate-700 ring-1 ring-slate-200 ring-inset">
      {children}
    </code>
  );
}
