import type { ProposalState } from "@/lib/proposals/model";
import { StatusBadge } from "@/components/ui/status-badge";
import { STATE_WORDS } from "./format";

export function ProposalStateBadge({ state }: { state: ProposalState }) {
  const w = STATE_WORDS[state] ?? { label: state, tone: "neutral" as const };
  return <StatusBadge tone={w.tone}>{w.label}</StatusBadge>;
}
