import type { ReactNode } from "react";

/** The top of an admin page: "Administration", its title, what it is for, and its one action beside them. */
export function AdminPageHeader({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  const heading = (
    <div>
      <p className="text-sm font-medium text-brand-700">Administration</p>
      <h1 className="mt-1 text-2xl font-semibold tracking-tight text-ink sm:text-[1.75rem]">{title}</h1>
      <p className="mt-2 max-w-2xl text-[0.9375rem] leading-relaxed text-slate-600">{children}</p>
    </div>
  );
  if (!action) return heading;
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      {heading}
      {action}
    </div>
  );
}
