"use client";

import dynamic from "next/dynamic";
import { Search } from "lucide-react";
import { useEffect, useState } from "react";

// ⌘K / Ctrl+K on every desk page. Only the key listener loads with the page; the palette
// itself (cmdk, its dialog) is fetched the first time it opens.

const PaletteDialog = dynamic(() => import("./palette-dialog").then((m) => m.PaletteDialog), { ssr: false });

export const PALETTE_SHORTCUT = "mod+k";

/** Whether a key event is the palette's shortcut (⌘K on Apple keyboards, Ctrl+K elsewhere). */
export function isPaletteShortcut(e: Pick<KeyboardEvent, "key" | "metaKey" | "ctrlKey" | "altKey" | "shiftKey">): boolean {
  return e.key.toLowerCase() === "k" && (e.metaKey || e.ctrlKey) && !e.altKey && !e.shiftKey;
}

export function CommandPalette({ isAdmin }: { isAdmin: boolean }) {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!isPaletteShortcut(e)) return;
      e.preventDefault();
      setLoaded(true);
      setOpen((o) => !o);
    };
    window.addEventListener("keydown", onKey);
    setReady(true); // eslint-disable-line react-hooks/set-state-in-effect -- marks the shortcut as live (tests wait for it)
    return () => window.removeEventListener("keydown", onKey);
  }, []);
  return (
    <>
      <button
        type="button"
        onClick={() => (setLoaded(true), setOpen(true))}
        className="hidden items-center gap-1.5 rounded-lg border border-slate-200 bg-white px-2 py-1.5 text-xs whitespace-nowrap text-slate-600 hover:border-slate-300 hover:text-ink md:inline-flex"
        aria-label="Open the command palette (Control K)"
        title="Jump to a booking, a search or a page"
        aria-keyshortcuts="Control+K Meta+K"
        data-palette-ready={ready ? "" : undefined}
      >
        <Search className="size-3.5" aria-hidden />
        <kbd className="rounded border border-slate-200 bg-slate-50 px-1 font-mono text-[0.6875rem] text-slate-600">Ctrl K</kbd>
      </button>
      {loaded ? <PaletteDialog open={open} onOpenChange={setOpen} isAdmin={isAdmin} /> : null}
    </>
  );
}
