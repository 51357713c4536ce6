"use client";

import { useQueryClient } from "@tanstack/react-query";
import { ArrowDown, ArrowUp, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { FieldError, inputClasses } from "@/components/ui/field";
import { Select } from "@/components/ui/select";
import { ApiError } from "@/lib/api-client";
import { minorDigits } from "@/lib/money";
import { formatScaled, parseScaled } from "@/lib/pricing/decimal";
import type { Proposal, ProposalGroup, ProposalItem } from "@/lib/proposals/model";
import { proposalKey, removeItem, updateItem, updateProposal } from "./api";
import { datesText, marginOf, money } from "./format";

// A proposal's items by group, for the tray and the proposal's page: alternatives ("pick one of
// these") or parts of the trip, each item moved up or down, moved to another group, removed, or
// given the advisor's own client price. The desk is internal: cost, client price and margin show.

const PRODUCT_WORDS: Record<string, string> = { hotel: "Hotel", flight: "Flight", activity: "Activity", transfer: "Transfer" };

export function sortedGroups(p: Proposal): Array<{ group: ProposalGroup; items: ProposalItem[] }> {
  const byGroup = new Map<string, ProposalItem[]>();
  for (const item of [...p.items].sort((a, b) => a.position - b.position)) {
    const list = byGroup.get(item.groupId) ?? [];
    list.push(item);
    byGroup.set(item.groupId, list);
  }
  return [...p.groups]
    .sort((a, b) => a.position - b.position)
    .map((group) => ({ group, items: byGroup.get(group.id) ?? [] }))
    .filter((g) => g.items.length > 0);
}

function groupName(group: ProposalGroup, items: ProposalItem[]): string {
  return group.label || (items.length > 1 ? "Alternatives" : (PRODUCT_WORDS[items[0]!.snapshot.productType] ?? "Part of the trip"));
}

export function ItemsEditor({ proposal, editable, compact = false }: { proposal: Proposal; editable: boolean; compact?: boolean }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [announce, setAnnounce] = useState("");
  const groups = sortedGroups(proposal);

  /** One change at a time; `key` is the item's or the group's id, for where its error shows. */
  const run = async (itemId: string, action: () => Promise<Proposal>, done: string): Promise<boolean> => {
    setBusy(itemId);
    setErrors((e) => ({ ...e, [itemId]: "" }));
    try {
      const next = await action();
      queryClient.setQueryData(proposalKey(proposal.id), next);
      setAnnounce(done);
      return true;
    } catch (e) {
      setErrors((prev) => ({ ...prev, [itemId]: e instanceof ApiError ? e.message : "That did not work. Try again." }));
      return false;
    } finally {
      setBusy(null);
    }
  };

  if (groups.length === 0) {
    return (
      <p className="rounded-lg border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-600">
        No items yet. Use “Add to proposal” on a hotel rate, a flight, an activity option or a transfer in the search results.
      </p>
    );
  }

  return (
    <div className="space-y-4">
      <p className="sr-only" aria-live="polite">
        {announce}
      </p>
      {groups.map(({ group, items }, gi) => (
        <section key={group.id} aria-labelledby={`group-${group.id}`} className="rounded-xl border border-slate-200 bg-white">
          <header className="flex items-center justify-between gap-3 border-b border-slate-100 px-4 py-2">
            <div className="min-w-0">
              <h3 id={`group-${group.id}`} className="text-sm font-semibold text-ink">
                {gi + 1}. {groupName(group, items)}
              </h3>
              <p className="text-xs text-slate-500">{items.length > 1 ? `Alternatives: the client picks one of ${items.length}` : "Part of the trip"}</p>
            </div>
            {editable ? (
              // Groups move as a whole (an item alone in its group with them); alternatives move inside their group.
              <div className="flex shrink-0 items-center gap-1">
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`Move ${groupName(group, items)} up`}
                  disabled={gi === 0 || busy !== null}
                  onClick={() => void run(group.id, () => updateProposal(proposal.id, { groups: [{ id: group.id, position: groups[gi - 1]!.group.position }] }), `${groupName(group, items)} moved up.`)}
                >
                  <ArrowUp aria-hidden className="size-4" />
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`Move ${groupName(group, items)} down`}
                  disabled={gi === groups.length - 1 || busy !== null}
                  onClick={() => void run(group.id, () => updateProposal(proposal.id, { groups: [{ id: group.id, position: groups[gi + 1]!.group.position }] }), `${groupName(group, items)} moved down.`)}
                >
                  <ArrowDown aria-hidden className="size-4" />
                </Button>
              </div>
            ) : null}
          </header>
          {errors[group.id] ? (
            <div className="px-4 pt-2">
              <FieldError role="alert">{errors[group.id]}</FieldError>
            </div>
          ) : null}
          <ol className="divide-y divide-slate-100">
            {items.map((item, index) => {
              return (
                <ItemRow
                  key={item.id}
                  item={item}
                  proposal={proposal}
                  groupSize={items.length}
                  first={index === 0}
                  last={index === items.length - 1}
                  editable={editable}
                  compact={compact}
                  busy={busy === item.id}
                  error={errors[item.id] || null}
                  onMove={(by) => run(item.id, () => updateItem(proposal.id, item.id, { position: item.position + by }), `${item.snapshot.title} moved ${by < 0 ? "up" : "down"}.`)}
                  onGroup={(groupId) => run(item.id, () => updateItem(proposal.id, item.id, { groupId }), `${item.snapshot.title} moved.`)}
                  onRemove={() => run(item.id, () => removeItem(proposal.id, item.id), `${item.snapshot.title} removed.`)}
                  onPrice={(clientPriceMinor) =>
                    run(item.id, () => updateItem(proposal.id, item.id, { clientPriceMinor }), clientPriceMinor === null ? "Back to the markup price." : "Client price saved.")
                  }
                />
              );
            })}
          </ol>
        </section>
      ))}
    </div>
  );
}

function ItemRow({
  item,
  proposal,
  groupSize,
  first,
  last,
  editable,
  compact,
  busy,
  error,
  onMove,
  onGroup,
  onRemove,
  onPrice,
}: {
  item: ProposalItem;
  proposal: Proposal;
  groupSize: number;
  first: boolean;
  last: boolean;
  editable: boolean;
  compact: boolean;
  busy: boolean;
  error: string | null;
  onMove: (by: -1 | 1) => Promise<boolean>;
  onGroup: (groupId: string) => Promise<boolean>;
  onRemove: () => Promise<boolean>;
  onPrice: (minor: number | null) => Promise<boolean>;
}) {
  const s = item.snapshot;
  const titleId = useId();
  const margin = marginOf(item.cost, item.clientPrice);
  const others = [...proposal.groups].sort((a, b) => a.position - b.position).filter((g) => g.id !== item.groupId && proposal.items.some((i) => i.groupId === g.id));
  const own = proposal.groups.find((g) => g.id === item.groupId);
  return (
    <li aria-labelledby={titleId} className={cn("space-y-2 px-4 py-3", busy && "opacity-60")} aria-busy={busy || undefined}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-xs font-medium text-slate-500">{PRODUCT_WORDS[s.productType] ?? s.productType}</p>
          <h4 id={titleId} className="text-sm font-semibold text-ink">
            {s.title}
          </h4>
          {s.subtitle ? <p className="text-[0.8125rem] text-slate-600">{s.subtitle}</p> : null}
          <p className="text-xs text-slate-500">
            {datesText(s.startsOn, s.endsOn)} · {s.travellers}
          </p>
          {compact ? null : <p className="mt-1 text-xs text-slate-600">{s.cancellation}</p>}
        </div>
        {editable ? (
          <div className="flex shrink-0 items-center gap-1">
            {groupSize > 1 ? (
              <>
                <Button size="sm" variant="ghost" aria-label={`Move ${s.title} up`} disabled={first || busy} onClick={() => void onMove(-1)}>
                  <ArrowUp aria-hidden className="size-4" />
                </Button>
                <Button size="sm" variant="ghost" aria-label={`Move ${s.title} down`} disabled={last || busy} onClick={() => void onMove(1)}>
                  <ArrowDown aria-hidden className="size-4" />
                </Button>
              </>
            ) : null}
            <Button size="sm" variant="ghost" aria-label={`Remove ${s.title}`} disabled={busy} onClick={() => void onRemove()}>
              <Trash2 aria-hidden className="size-4" />
            </Button>
          </div>
        ) : null}
      </div>

      <dl className="grid grid-cols-3 gap-2 rounded-lg bg-slate-50 px-3 py-2 text-xs">
        <div>
          <dt className="text-slate-500">Cost</dt>
          <dd className="font-medium text-ink tabular-nums">{money(item.cost)}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Client price</dt>
          <dd className="font-medium text-ink tabular-nums">
            {money(item.clientPrice)}
            {item.overridden ? <span className="ml-1 font-normal text-slate-500">(set by you)</span> : null}
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">Margin</dt>
          <dd className={cn("font-medium tabular-nums", margin.negative ? "text-rose-700" : "text-emerald-800")}>{margin.text}</dd>
        </div>
      </dl>

      {editable ? (
        <div className="flex flex-wrap items-start gap-3">
          <label className="min-w-44 flex-1 text-xs font-medium text-slate-700">
            Group
            <Select
              size="sm"
              className="mt-1"
              value={item.groupId}
              disabled={busy}
              onChange={(e) => void onGroup(e.target.value)}
            >
              <option value={item.groupId}>{groupSize > 1 ? `An alternative in ${own?.label || "this group"}` : "Its own part of the trip"}</option>
              {groupSize > 1 ? <option value="new">Its own part of the trip</option> : null}
              {others.map((g) => (
                <option key={g.id} value={g.id}>
                  An alternative to {g.label || "another item"}
                </option>
              ))}
            </Select>
          </label>
          <PriceField item={item} busy={busy} onPrice={onPrice} serverError={error} />
        </div>
      ) : error ? (
        <FieldError role="alert">{error}</FieldError>
      ) : null}
    </li>
  );
}

/**
 * The advisor's client price. What was typed stays when the server refuses it (below the limit
 * the admin set): the sentence shows under the field, to be corrected, not retyped.
 */
function PriceField({
  item,
  busy,
  onPrice,
  serverError,
}: {
  item: ProposalItem;
  busy: boolean;
  onPrice: (minor: number | null) => Promise<boolean>;
  serverError: string | null;
}) {
  const id = useId();
  const digits = minorDigits(item.clientPrice.currency);
  const [text, setText] = useState(() => formatScaled(item.clientPrice.amountMinor, digits));
  const [local, setLocal] = useState<string | null>(null);
  const error = local ?? serverError;
  const save = async () => {
    const minor = parseScaled(text, digits);
    if (minor === null) return setLocal(`Enter the client price as a number, such as ${formatScaled(item.cost.amountMinor, digits)}.`);
    if (minor === "too_precise") return setLocal(digits === 0 ? `${item.clientPrice.currency} has no decimals.` : `Use at most ${digits} decimals.`);
    setLocal(null);
    if (minor === item.clientPrice.amountMinor) return;
    await onPrice(minor);
  };
  const reset = async () => {
    setLocal(null);
    if (await onPrice(null)) setText(formatScaled(item.markupPrice.amountMinor, digits));
  };
  return (
    <div className="min-w-44 flex-1">
      <label htmlFor={id} className="text-xs font-medium text-slate-700">
        Client price ({item.clientPrice.currency})
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id={id}
          inputMode="decimal"
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              void save();
            }
          }}
          aria-invalid={!!error}
          aria-describedby={error ? `${id}-error` : `${id}-hint`}
          className={cn(inputClasses(!!error), "h-9 text-sm tabular-nums")}
        />
        <Button size="sm" variant="secondary" className="h-9" disabled={busy} onClick={() => void save()} aria-label={`Set the client price of ${item.snapshot.title}`}>
          Set
        </Button>
      </div>
      {error ? (
        <div className="mt-1">
          <FieldError id={`${id}-error`}>{error}</FieldError>
        </div>
      ) : (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
          Markup price {money(item.markupPrice)}
          {item.overridden ? (
            <>
              {" · "}
              <button type="button" className="font-medium text-brand-700 hover:underline" disabled={busy} onClick={() => void reset()}>
                Back to the markup price
              </button>
            </>
          ) : null}
        </p>
      )}
    </div>
  );
}
