"use client";

import { Search } from "lucide-react";
import { useEffect, useRef, useState, type ComponentType } from "react";
import { afterThePageSettles } from "../ui/after-the-page-settles";
import type { PaletteDialogProps, PaletteHandle } from "./palette-dialog";

// ⌘K / Ctrl+K on every desk page. The key listener loads with the page; the palette's code is
// fetched once the page has loaded and settled (its network quiet for two seconds), and rendered
// hidden, so the key only has to show it (issue 27: from the key to the dialog painted within
// 100 ms, also on a slow phone). A key pressed before that fetches it there and then.

type Dialog = ComponentType<PaletteDialogProps>;

const loadDialog = () => import("./palette-dialog").then((m) => m.PaletteDialog);

/** Whether a key event is the palette's shortcut (⌘K on Apple keyboards, Ctrl+K elsewhere). */
export function isPaletteShortcut(e: Pick<KeyboardEvent, "key" | "metaKey" | "ctrlKey" | "altKey" | "shiftKey">): boolean {
  return e.key.toLowerCase() === "k" && (e.metaKey || e.ctrlKey) && !e.altKey && !e.shiftKey;
}

export function CommandPalette({ isAdmin }: { isAdmin: boolean }) {
  const [open, setOpen] = useState(false);
  const [PaletteDialog, setPaletteDialog] = useState<Dialog | null>(null);
  const handle = useRef<PaletteHandle>(null);
  useEffect(() => {
    let live = true;
    const load = () =>
      void loadDialog().then(
        (dialog) => live && setPaletteDialog(() => dialog),
        () => {}, // offline: the next key or click tries again
      );
    const onKey = (e: KeyboardEvent) => {
      if (!isPaletteShortcut(e)) return;
      e.preventDefault();
      const palette = handle.current;
      if (!palette) {
        load();
        setOpen((o) => !o);
      } else if (palette.isOpen()) {
        palette.hide();
      } else {
        // Shown here, in the key's own task; the state follows once that frame is on screen
        // (a frame, then a task), so no render stands between the key and the paint.
        palette.show();
        requestAnimationFrame(() => setTimeout(() => live && handle.current?.isOpen() && setOpen(true)));
      }
    };
    window.addEventListener("keydown", onKey);
    const cancelIdle = afterThePageSettles(load);
    return () => {
      live = false;
      cancelIdle();
      window.removeEventListener("keydown", onKey);
    };
  }, []);
  return (
    <>
      <button
        type="button"
        onClick={() => {
          void loadDialog().then((dialog) => setPaletteDialog(() => dialog));
          setOpen(true);
        }}
        className="hidden items-center gap-1.5 rounded-lg border border-slate-200 bg-white px-2 py-1.5 text-xs whitespace-nowrap text-slate-600 hover:border-slate-300 hover:text-ink md:inline-flex"
        aria-label="Open the command palette (Control K)"
        title="Jump to a booking, a search or a page"
        aria-keyshortcuts="Control+K Meta+K"
        // The palette is ready: rendered hidden, its shortcut live (tests wait for this).
        data-palette-ready={PaletteDialog ? "" : undefined}
      >
        <Search className="size-3.5" aria-hidden />
        <kbd className="rounded border border-slate-200 bg-slate-50 px-1 font-mono text-[0.6875rem] text-slate-600">Ctrl K</kbd>
      </button>
      {PaletteDialog ? <PaletteDialog open={open} onOpenChange={setOpen} isAdmin={isAdmin} handle={handle} /> : null}
    </>
  );
}
