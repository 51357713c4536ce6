import type { ReactNode } from "react";
import { ClientPricesSwitch } from "@/components/pricing/client-prices-switch";

/** The page's title block: what kind of sheet, the product's name, one line of facts, and the Client prices switch where prices follow. */
export function SheetHeader({ kicker, title, facts, priced = false, children }: { kicker: string; title: ReactNode; facts: ReactNode[]; priced?: boolean; children?: ReactNode }) {
  const shown = facts.filter((f) => f !== null && f !== undefined && f !== false && f !== "");
  return (
    <div>
      <p className="text-sm font-medium text-brand-700">{kicker}</p>
      <h1 className="mt-1 text-2xl font-semibold tracking-tight text-balance text-ink sm:text-[1.75rem]">{title}</h1>
      {shown.length > 0 ? (
        <ul className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1.5 text-[0.9375rem] text-slate-600">
          {shown.map((fact, i) => (
            <li key={i} className="inline-flex items-center gap-1.5">
              {fact}
            </li>
          ))}
        </ul>
      ) : null}
      {children}
      {priced ? <ClientPricesSwitch className="mt-3" /> : null}
    </div>
  );
}
