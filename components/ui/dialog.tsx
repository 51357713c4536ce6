"use client";

import { lazy, Suspense, type ReactNode } from "react";
import type { DialogProps } from "./dialog-modal";

// React Aria's modal (overlay, focus scope, dismissal) is loaded when a dialog first opens, or
// earlier when its button is pointed at or focused (`preloadDialog`): pages whose dialogs stay
// closed don't load it.
const loadModal = () => import("./dialog-modal");
const DialogModal = lazy(loadModal);

/** Starts loading the dialog's code; for the button that opens one (on pointer enter and focus). */
export const preloadDialog = () => void loadModal().catch(() => {});

/**
 * A modal dialog (focus kept inside, Escape and outside click close it unless `busy`).
 * Controlled: the caller owns `open`. A sheet from the bottom on phones.
 */
export function Dialog(props: DialogProps) {
  if (!props.open) return null;
  return (
    <Suspense fallback={<DialogOpening />}>
      <DialogModal {...props} />
    </Suspense>
  );
}

/** The dimmed page with a spinner, for the moment the dialog's code takes to arrive. */
export function DialogOpening() {
  return (
    <div role="status" aria-label="Opening…" className="fixed inset-0 z-50 flex items-end justify-center bg-slate-900/40 sm:items-center">
      <span aria-hidden className="mb-10 size-6 animate-spin rounded-full border-2 border-white/40 border-t-white sm:mb-0" />
    </div>
  );
}

/** The row of buttons at the end of a dialog's body. */
export function DialogActions({ children }: { children: ReactNode }) {
  return <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">{children}</div>;
}
