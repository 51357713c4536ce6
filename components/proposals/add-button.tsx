"use client";

import { Plus } from "lucide-react";
import { Button } from "@/components/ui/button";
import { trayStore, type AddInput } from "./draft-store";

/**
 * "Add to proposal" on a rate, a result or an option. Light on purpose (the results page has a
 * JS budget): it hands the row to the tray's store; the tray, loaded on first use, makes the
 * item's snapshot and adds it to the draft (components/proposals/tray.tsx).
 */
export function AddToProposalButton({
  input,
  label,
  className,
  size = "sm",
  compact = false,
}: {
  input: () => AddInput;
  /** What is added, for the button's accessible name: "Deluxe room, breakfast, $1,204.00". */
  label: string;
  className?: string;
  size?: "sm" | "md";
  /** On phones, the icon alone (the accessible name still says it all): a result card's row of buttons stays within the screen. */
  compact?: boolean;
}) {
  return (
    <Button
      variant="secondary"
      size={size}
      className={className}
      aria-label={`Add to proposal: ${label}`}
      title={compact ? "Add to proposal" : undefined}
      onClick={(e) => {
        // Cards select themselves on click: adding is not choosing this card.
        e.stopPropagation();
        trayStore.requestAdd(input(), label);
      }}
    >
      <Plus aria-hidden className="size-3.5" />
      {compact ? <span className="max-sm:hidden">Add to proposal</span> : "Add to proposal"}
    </Button>
  );
}
