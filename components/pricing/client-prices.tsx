"use client";

import { useQuery } from "@tanstack/react-query";
import { createContext, useContext, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from "react";
import { formatMoney } from "@/lib/money";
import { cn } from "../ui/cn";

// "Client prices": a desk-wide switch an advisor turns on before showing the screen to a client.
// While it is on, every price on the results, the hotel rate sheets and the activity and transfer
// option sheets is the agency's client price (lib/pricing/markup.ts, the rules of
// /admin/pricing) and commission is hidden. Kept in this browser's localStorage, so it stays as
// the advisor left it across pages and visits; every tab follows a change at once.

export const CLIENT_PRICES_KEY = "agency-desk:client-prices";

const listeners = new Set<() => void>();
/** What this browser keeps, or null when storage is refused (a locked-down browser). */
const stored = (): boolean | null => {
  try {
    return window.localStorage.getItem(CLIENT_PRICES_KEY) === "on";
  } catch {
    return null;
  }
};
/** Where storage is refused, what this page was last set to (off until then). */
let memory = false;
const snapshot = () => stored() ?? memory;
function subscribe(onChange: () => void) {
  listeners.add(onChange);
  const onStorage = (e: StorageEvent) => {
    if (e.key === CLIENT_PRICES_KEY || e.key === null) onChange();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener("storage", onStorage);
  };
}

/** Turns client prices on or off for this browser (and every tab of it). */
export function setClientPrices(on: boolean): void {
  try {
    if (on) window.localStorage.setItem(CLIENT_PRICES_KEY, "on");
    else window.localStorage.removeItem(CLIENT_PRICES_KEY);
  } catch {
    // Not kept, but this page still follows.
  }
  memory = on;
  for (const l of listeners) l();
}

/** Whether client prices are on. The server renders them off; the browser's setting applies as it hydrates. */
export function useClientPricesOn(): boolean {
  return useSyncExternalStore(subscribe, snapshot, () => false);
}

/**
 * A price as the screen shows it: the cost (switch off), the client price (on, rules loaded),
 * or neither while the rules load or when they could not be read. With the switch on, the cost is
 * never shown in its place.
 */
export type ShownPrice =
  | { state: "cost" | "client"; amountMinor: number; currency: string; text: string }
  | { state: "loading" | "unavailable"; amountMinor: null; currency: string; text: string };

export type Pricer = {
  on: boolean;
  /** The price to show for a cost of a product bought for a destination country (null: unknown). */
  price: (costMinor: number, currency: string, productType: string, country: string | null) => ShownPrice;
  /** "off", or whether the agency's rules are here, on their way, or could not be read. */
  rules: "off" | "ready" | "loading" | "error";
  retry: () => void;
  /** Called by the page's priced components: the rules are asked for only once a page shows a price. */
  want: () => void;
};

const loadEngine = () => import("./pricing-engine");

const costOnly = (costMinor: number, currency: string): ShownPrice => ({ state: "cost", amountMinor: costMinor, currency, text: formatMoney(costMinor, currency) });
const OFF: Pricer = { on: false, price: costOnly, rules: "off", retry: () => {}, want: () => {} };
const PricerContext = createContext<Pricer>(OFF);

/**
 * Around the desk (app/providers.tsx): the switch's state and, while it is on, the agency's rules
 * (one request for the whole page, kept by TanStack Query). Outside it every price is the cost.
 */
export function ClientPricesProvider({ children }: { children: ReactNode }) {
  const on = useClientPricesOn();
  // Not on the sign-in page nor on pages without prices: only once a priced component is shown.
  const [wanted, setWanted] = useState(false);
  // The rules and their arithmetic are loaded then (pricing-engine.ts), not with every page. The
  // rules are kept under the Pricing page's key, so its save shows here at once.
  const active = on && wanted;
  const engine = useQuery({ queryKey: ["pricing-engine"], queryFn: loadEngine, enabled: active, staleTime: Infinity, gcTime: Infinity });
  const query = useQuery({
    queryKey: ["agency-pricing"],
    queryFn: async ({ signal }) => (await loadEngine()).fetchAgencyPricing(signal),
    enabled: active,
    staleTime: 5 * 60_000,
  });
  const data = query.data;
  const apply = engine.data?.clientMinor;
  const rules: Pricer["rules"] = !on ? "off" : data && apply ? "ready" : query.isError || engine.isError ? "error" : "loading";
  const refetchRules = query.refetch;
  const refetchEngine = engine.refetch;
  const value = useMemo<Pricer>(() => {
    const price: Pricer["price"] = (costMinor, currency, productType, country) => {
      if (rules === "off") return costOnly(costMinor, currency);
      if (rules === "loading") return { state: "loading", amountMinor: null, currency, text: "client price loading" };
      if (rules === "error" || !data || !apply) return { state: "unavailable", amountMinor: null, currency, text: "client price unavailable" };
      const amountMinor = apply(data, costMinor, currency, productType, country);
      return { state: "client", amountMinor, currency, text: formatMoney(amountMinor, currency) };
    };
    const retry = () => void Promise.all([refetchRules(), refetchEngine()]);
    return { on, price, rules, retry, want: () => setWanted(true) };
  }, [on, rules, data, apply, refetchRules, refetchEngine]);
  return <PricerContext.Provider value={value}>{children}</PricerContext.Provider>;
}

/** The prices of a page: one pricer for many rows (hooks cannot run in a row loop). */
export function usePricer(): Pricer {
  const pricer = useContext(PricerContext);
  const { on, want } = pricer;
  useEffect(() => {
    if (on) want();
  }, [on, want]);
  return pricer;
}

/** What a fee stated against the cost is said against (components/options/format.ts `shownPriceMinor`): nothing else, the client price, or null (say no amount). */
export function shownFee(price: ShownPrice): number | null | undefined {
  return price.state === "cost" ? undefined : price.amountMinor;
}

/** One price: `useClientPrice(cost, productType, country)`. */
export function useClientPrice(cost: { amountMinor: number; currency: string }, productType: string, country: string | null): ShownPrice {
  return usePricer().price(cost.amountMinor, cost.currency, productType, country);
}

const CountryContext = createContext<string | null>(null);

/** The destination country of the prices below it (a sheet knows its search's criteria, its rows do not). */
export function PricingCountry({ country, children }: { country: string | null; children: ReactNode }) {
  return <CountryContext.Provider value={country}>{children}</CountryContext.Provider>;
}

type Priced = { sellAmountMinor: number; sellCurrency: string; productType: string };

/** The price each row shows, for the destination country of the PricingCountry around it. */
export function useRowPrices(): { on: boolean; shown: (row: Priced) => ShownPrice } {
  const pricer = usePricer();
  const country = useContext(CountryContext);
  return { on: pricer.on, shown: (row) => pricer.price(row.sellAmountMinor, row.sellCurrency, row.productType, country) };
}

/** A shown price as text in a line: the amount, or a placeholder while the rules load or when they failed. */
export function PriceText({ price, className }: { price: ShownPrice; className?: string }) {
  if (price.amountMinor !== null) return className ? <span className={className}>{price.text}</span> : <>{price.text}</>;
  return (
    <span className={cn(className, "text-slate-400")} title={price.text}>
      {price.state === "loading" ? <span className="inline-block h-[0.9em] w-16 animate-pulse rounded bg-slate-200 align-middle" aria-hidden /> : <span aria-hidden>—</span>}
      <span className="sr-only">{price.state === "loading" ? "Client price loading" : "Client price unavailable"}</span>
    </span>
  );
}
