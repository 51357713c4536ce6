"use client";

import { X } from "lucide-react";
import type { ReactNode } from "react";
import { Dialog, Heading, Modal, ModalOverlay } from "react-aria-components";
import { Button } from "@/components/ui/button";

/**
 * The filters as a sheet from the right on narrower windows (the column beside the list takes
 * their place from `lg` up). Its own module: the results page loads it when "Filters" is first
 * pointed at or opened, not with the list (issue 15, page weight).
 */
export function FiltersSheet({ open, onOpenChange, showLabel, children }: { open: boolean; onOpenChange: (open: boolean) => void; showLabel: string; children: ReactNode }) {
  return (
    <ModalOverlay isOpen={open} onOpenChange={onOpenChange} isDismissable className="fixed inset-0 z-50 bg-slate-900/40 backdrop-blur-[1px] lg:hidden">
      <Modal className="fixed inset-y-0 right-0 flex w-full max-w-sm flex-col bg-white shadow-xl outline-none">
        <Dialog aria-labelledby="filters-dialog-title" className="flex h-full min-h-0 flex-col outline-none">
          <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3">
            <Heading slot="title" id="filters-dialog-title" className="text-base font-semibold text-ink">
              Filters
            </Heading>
            <Button variant="ghost" size="sm" onClick={() => onOpenChange(false)} aria-label="Close filters">
              <X aria-hidden className="size-4" />
            </Button>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto px-4 py-4">{children}</div>
          <div className="border-t border-slate-200 px-4 py-3">
            <Button className="w-full" onClick={() => onOpenChange(false)}>
              {showLabel}
            </Button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
