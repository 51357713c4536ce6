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
}: {
  input: () => AddInput;
  /** What is added, for the button's accessible name: "Deluxe room, breakfast, $1,204.00". */
  label: string;
  className?: string;
  size?: "sm" | "md";
}) {
  return (
    <Button
      variant="secondary"
      size={size}
      className={className}
      aria-label={`Add to proposal: ${label}`}
      onClick={(e) => {
        // Cards select themselves on click: adding is not choosing this card.
        e.stopPropagation();
        trayStore.requestAdd(input(), label);
      }}
    >
      <Plus aria-hidden className="size-3.5" />
      Add to proposal
    </Button>
  );
}
