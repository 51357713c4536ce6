import type { Client } from "@/lib/proposals/model";
import type { SearchCriteria } from "@/lib/search/criteria";
import type { ActivityRow, FlightRow, HotelRow, TransferRow } from "@/lib/tds/contract/types";

// The proposal being built, as every page sees it: the current draft's id (kept in localStorage,
// so it survives new searches and reloads), its item count for the header's button, whether the
// tray is open, and an offer waiting to be added. Tiny and without imports of its own: the "Add to
// proposal" buttons of the results (a next/dynamic module) use it, and the tray and the add logic
// it hands the offer to load only when first used (components/proposals/tray-button.tsx).

export const DRAFT_KEY = "agency-desk:proposal-draft";

/** What a row showed, handed to the add logic, which makes the item's snapshot from it (./snapshot.ts). */
export type AddInput =
  | { kind: "hotel"; row: HotelRow; criteria: SearchCriteria; hotelName: string | null; photoUrl?: string | null }
  | { kind: "flight"; row: FlightRow; criteria: SearchCriteria }
  | { kind: "activity"; row: ActivityRow; criteria: SearchCriteria | null }
  | { kind: "transfer"; row: TransferRow; criteria: SearchCriteria | null };

export type TrayState = {
  draftId: string | null;
  /** Items of the draft, once known. */
  count: number | null;
  open: boolean;
  /** Offers waiting to be added (one at a time, in order). */
  pending: Array<{ id: number; input: AddInput; label: string }>;
  /** The last add's outcome, said by the tray's live region. */
  announcement: string;
  /** "New proposal for this client" (the client's page): the tray shows the start form with them chosen. */
  startClient: Client | null;
};

type Listener = () => void;
const listeners = new Set<Listener>();
let state: TrayState = { draftId: null, count: null, open: false, pending: [], announcement: "", startClient: null };
let loaded = false;
let nextId = 1;

function readDraft(): string | null {
  try {
    return window.localStorage.getItem(DRAFT_KEY);
  } catch {
    return null;
  }
}

function set(next: Partial<TrayState>) {
  state = { ...state, ...next };
  for (const l of listeners) l();
}

export const trayStore = {
  subscribe(listener: Listener) {
    listeners.add(listener);
    if (!loaded && typeof window !== "undefined") {
      loaded = true;
      const draftId = readDraft();
      if (draftId) state = { ...state, draftId };
    }
    return () => listeners.delete(listener);
  },
  get: (): TrayState => state,
  /** The server's snapshot: no draft known before the browser's storage is read. */
  server: (): TrayState => SERVER_STATE,
  setDraft(draftId: string | null, count: number | null = null) {
    try {
      if (draftId) window.localStorage.setItem(DRAFT_KEY, draftId);
      else window.localStorage.removeItem(DRAFT_KEY);
    } catch {
      // Private windows may refuse storage: the draft lasts as long as the page then.
    }
    set({ draftId, count });
  },
  setCount: (count: number | null) => set({ count }),
  open: () => set({ open: true }),
  close: () => set({ open: false, startClient: null }),
  /**
   * Opens the tray on a new proposal for `client` (the current draft, if any, stays in Proposals;
   * "Back to the current proposal" returns to it). Offers waiting to be added go into the new one.
   */
  startFor: (client: Client) => set({ open: true, startClient: client }),
  /** Leaves the new proposal for a client unstarted: the tray shows the current draft again. */
  cancelStart: () => set({ startClient: null }),
  /** "Add to proposal": the tray (loaded now if it was not) takes it from here. */
  requestAdd(input: AddInput, label: string) {
    set({ pending: [...state.pending, { id: nextId++, input, label }] });
  },
  done(id: number, announcement: string) {
    set({ pending: state.pending.filter((p) => p.id !== id), announcement });
  },
  /** For tests: back to a page that has just loaded. */
  reset() {
    loaded = false;
    state = { draftId: null, count: null, open: false, pending: [], announcement: "", startClient: null };
    for (const l of listeners) l();
  },
};

const SERVER_STATE: TrayState = { draftId: null, count: null, open: false, pending: [], announcement: "", startClient: null };
