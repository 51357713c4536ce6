import type { BookingStore } from "./bookings/store";
import type { Catalog } from "./catalog";
import type { SandboxServices } from "./platform/context";
import type { QuoteDesk } from "./quotes/desk";
import type { SearchEngine } from "./search/engine";

/** Everything a route module of the sandbox may use (built in app.ts). */
export type AllServices = SandboxServices & {
  catalog: Catalog;
  search: SearchEngine;
  quotes: QuoteDesk;
  bookings: BookingStore;
};
