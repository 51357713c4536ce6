"use client";

import type { ReactNode, RefObject } from "react";
import { Dialog, Popover } from "react-aria-components";

/**
 * The date field's popover: a dialog anchored under its button. React Aria places it (flipping
 * above when there is no room below), keeps the focus inside, closes it on Escape or a click
 * outside and gives the focus back to the button. Loaded with the calendar, on first use.
 */
export default function CalendarPopover({
  triggerRef,
  isOpen,
  onOpenChange,
  label,
  children,
}: {
  triggerRef: RefObject<HTMLButtonElement | null>;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  label: string;
  children: ReactNode;
}) {
  return (
    <Popover
      triggerRef={triggerRef}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      placement="bottom start"
      className="overflow-y-auto rounded-xl border border-slate-200 bg-white p-3 shadow-lg outline-none"
    >
      <Dialog aria-label={label} className="outline-none">
        {children}
      </Dialog>
    </Popover>
  );
}
