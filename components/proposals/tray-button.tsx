"use client";

import { useQuery } from "@tanstack/react-query";
import { FileText } from "lucide-react";
import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from "react";
import { buttonClasses } from "@/components/ui/button";
import { DialogOpening } from "@/components/ui/dialog";
import { cn } from "@/components/ui/cn";
import { ApiError, apiGetChecked } from "@/lib/api-client";
import { trayStore } from "./draft-store";

// The header's "Proposal · N": the proposal being built, reachable from every page. The tray
// (the panel, the start form, the add logic and the snapshots) is loaded when it is first
// opened, pointed at or focused, or when an "Add to proposal" button first hands it an offer —
// pages where nobody builds a proposal never load it.

const loadTray = () => import("./tray");
const Tray = lazy(loadTray);
const preloadTray = () => void loadTray().catch(() => {});

// Only what the button says: the count, read before the tray's code is loaded.
// (checked by hand: the button is on every page, the schema library is not).
const isDraftCount = (data: unknown): data is { state: string; items: unknown[] } => {
  const d = data as { state?: unknown; items?: unknown } | null;
  return typeof d?.state === "string" && Array.isArray(d.items);
};
const OPEN_STATES = new Set(["draft", "sent", "viewed"]);

export function ProposalTrayButton() {
  const state = useSyncExternalStore(trayStore.subscribe, trayStore.get, trayStore.server);
  const [wanted, setWanted] = useState(false);
  const needed = wanted || state.open || state.pending.length > 0;
  // Once loaded, the tray stays mounted (its toast and its adds outlive the panel).
  if (needed && !wanted) setWanted(true);

  const draft = useQuery({
    queryKey: ["proposal-count", state.draftId],
    queryFn: ({ signal }) => apiGetChecked(`/api/proposals/${encodeURIComponent(state.draftId!)}`, isDraftCount, { signal }),
    enabled: !!state.draftId && state.count === null && !wanted,
    retry: (n, e) => !(e instanceof ApiError && e.status < 500) && n < 2,
    staleTime: 60_000,
  });
  useEffect(() => {
    if (draft.data) trayStore.setCount(OPEN_STATES.has(draft.data.state) ? draft.data.items.length : null);
    // A proposal deleted, or another advisor's (a shared computer): no longer this browser's draft.
    if (draft.error instanceof ApiError && (draft.error.status === 404 || draft.error.status === 403)) trayStore.setDraft(null);
  }, [draft.data, draft.error]);

  const count = state.count ?? (draft.data && OPEN_STATES.has(draft.data.state) ? draft.data.items.length : null);
  return (
    <>
      <button
        type="button"
        onClick={() => {
          setWanted(true);
          trayStore.open();
        }}
        onPointerEnter={preloadTray}
        onFocus={preloadTray}
        aria-haspopup="dialog"
        aria-expanded={state.open}
        data-testid="proposal-tray-button"
        className={cn(buttonClasses({ variant: "secondary", size: "sm" }), "px-2 sm:px-2.5")}
      >
        <FileText aria-hidden className="size-4" />
        {/* Below 1024 px: the icon and the count (the bar holds the logo, the sections, the palette and the menu too); the name is still said. */}
        <span>
          <span className="max-lg:sr-only">Proposal</span>
          {count !== null && state.draftId ? (
            <>
              <span aria-hidden>
                <span className="max-lg:hidden"> · </span>
                {count}
              </span>
              <span className="sr-only">, {count === 1 ? "1 item" : `${count} items`}</span>
            </>
          ) : null}
        </span>
      </button>
      {wanted || needed ? (
        <Suspense fallback={state.open ? <DialogOpening /> : null}>
          <Tray />
        </Suspense>
      ) : null}
    </>
  );
}
