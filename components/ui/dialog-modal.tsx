"use client";

import type { ReactNode } from "react";
import { Dialog as AriaDialog, Heading, Modal, ModalOverlay } from "react-aria-components";
import { cn } from "./cn";

export type DialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  /** While an action runs the dialog cannot be dismissed (its answer must be seen). */
  busy?: boolean;
  children: ReactNode;
  className?: string;
};

/**
 * The open dialog (React Aria: focus kept inside and given back on close, Escape and outside
 * click close it unless `busy`), loaded by ./dialog.tsx when a dialog first opens.
 */
export default function DialogModal({
  open,
  onOpenChange,
  title,
  description,
  busy = false,
  children,
  className,
}: DialogProps) {
  return (
    <ModalOverlay
      isOpen={open}
      onOpenChange={onOpenChange}
      isDismissable={!busy}
      isKeyboardDismissDisabled={busy}
      className="fixed inset-0 z-50 flex items-end justify-center bg-slate-900/40 p-0 sm:items-center sm:p-6"
    >
      <Modal className={cn("flex max-h-[90dvh] w-full max-w-lg flex-col overflow-hidden rounded-t-2xl bg-white shadow-xl outline-none sm:rounded-2xl", className)}>
        <AriaDialog className="flex min-h-0 flex-1 flex-col outline-none">
          <header className="border-b border-slate-100 px-5 py-4 sm:px-6">
            <Heading slot="title" className="text-base font-semibold text-ink">
              {title}
            </Heading>
            {description ? <p className="mt-1 text-sm text-slate-500">{description}</p> : null}
          </header>
          <div className="min-h-0 flex-1 overflow-y-auto px-5 py-5 sm:px-6">{children}</div>
        </AriaDialog>
      </Modal>
    </ModalOverlay>
  );
}
