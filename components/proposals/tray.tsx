"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { X } from "lucide-react";
import Link from "next/link";
import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { Dialog as AriaDialog, Heading, Modal, ModalOverlay } from "react-aria-components";
import { Button, buttonClasses } from "@/components/ui/button";
import { Callout } from "@/components/ui/callout";
import { cn } from "@/components/ui/cn";
import { Skeleton } from "@/components/ui/skeleton";
import { ApiError } from "@/lib/api-client";
import type { Proposal } from "@/lib/proposals/model";
import { addItem, getProposal, proposalKey } from "./api";
import { trayStore } from "./draft-store";
import { totalText } from "./format";
import { ItemsEditor } from "./items-editor";
import { snapshotOf } from "./snapshot";
import { StartProposalForm } from "./start-form";
import { ProposalStateBadge } from "./state-badge";

// The proposal tray: a side panel over any page (Esc or the close button closes it, the focus
// goes back where it was), and the worker behind "Add to proposal" — each offer handed over is
// made into a snapshot and added to the current draft, or waits while the advisor starts one.
// Loaded by ./tray-button.tsx on first use.

/** States in which the advisor still adds items; after them, the tray offers a new proposal. */
const OPEN_STATES = new Set(["draft", "sent", "viewed"]);
const TOAST_MS = 6_000;

export default function Tray() {
  const state = useSyncExternalStore(trayStore.subscribe, trayStore.get, trayStore.server);
  const queryClient = useQueryClient();
  const draft = useQuery({
    queryKey: proposalKey(state.draftId ?? ""),
    queryFn: ({ signal }) => getProposal(state.draftId!, signal),
    enabled: !!state.draftId,
    // Every change made here answers with the whole proposal, which replaces the one read.
    staleTime: 30_000,
    retry: (n, e) => !(e instanceof ApiError && e.status < 500) && n < 2,
  });
  const proposal = state.draftId ? draft.data : undefined;
  const gone = draft.error instanceof ApiError && (draft.error.status === 404 || draft.error.status === 403);
  const closed = !!proposal && !OPEN_STATES.has(proposal.state);
  // "New proposal for this client" (the client's page): the start form, whatever the current draft.
  const startClient = state.startClient;
  const starting = !state.draftId || closed || startClient !== null;

  useEffect(() => {
    if (proposal) trayStore.setCount(OPEN_STATES.has(proposal.state) ? proposal.items.length : null);
  }, [proposal]);
  useEffect(() => {
    if (gone) trayStore.setDraft(null);
  }, [gone]);

  // One offer at a time, in the order they were handed over.
  const [toast, setToast] = useState<{ text: string; tone: "ok" | "error" } | null>(null);
  const working = useRef<number | null>(null);
  const head = state.pending[0];
  useEffect(() => {
    if (!head || working.current === head.id) return;
    // No draft (or one the client already answered, or a new one being started): the panel asks for the client first.
    if (!state.draftId || starting) {
      trayStore.open();
      return;
    }
    if (!proposal) return;
    working.current = head.id;
    const id = state.draftId;
    addItem(id, { ...snapshotOf(head.input) })
      .then(async (p) => {
        // A read that left before this add must not bring the proposal back without it.
        await queryClient.cancelQueries({ queryKey: proposalKey(p.id) });
        queryClient.setQueryData(proposalKey(p.id), p);
        const text = `Added to ${p.reference}: ${head.label}. ${p.items.length === 1 ? "1 item" : `${p.items.length} items`} in the proposal.`;
        trayStore.done(head.id, text);
        setToast({ text, tone: "ok" });
      })
      .catch((e: unknown) => {
        if (e instanceof ApiError && (e.status === 404 || e.status === 403)) {
          // The draft is gone: the offer waits for a new one.
          working.current = null;
          trayStore.setDraft(null);
          return;
        }
        const text = `Not added to the proposal: ${e instanceof Error ? e.message : "try again."}`;
        trayStore.done(head.id, text);
        setToast({ text, tone: "error" });
      });
  }, [head, state.draftId, proposal, starting, queryClient]);

  useEffect(() => {
    if (!toast) return;
    const t = setTimeout(() => setToast(null), TOAST_MS);
    return () => clearTimeout(t);
  }, [toast]);

  const closeRef = useRef(() => {});
  const close = () => {
    trayStore.close();
    // Opened by an add (no button was focused), the focus goes to the header's button rather than the page's start.
    requestAnimationFrame(() => {
      if (document.activeElement === document.body) document.querySelector<HTMLElement>("[data-testid=proposal-tray-button]")?.focus();
    });
  };

  useEffect(() => {
    closeRef.current = close;
  });
  const dialogRef = useRef<HTMLElement>(null);
  // Esc closes the tray even when its content changed under the focus (a form replaced by the
  // proposal, a skeleton by the items) and the focus fell back to the page: react-aria hears Esc
  // only from inside the dialog.
  const open = state.open;
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape" || e.defaultPrevented || dialogRef.current?.contains(document.activeElement)) return;
      closeRef.current();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);
  const started = (p: Proposal) => {
    queryClient.setQueryData(proposalKey(p.id), p);
    void queryClient.invalidateQueries({ queryKey: ["proposals"] });
    trayStore.setDraft(p.id, p.items.length);
    trayStore.cancelStart();
    // The start form (and its focused button) is gone: the focus stays in the tray, so Esc still closes it.
    requestAnimationFrame(() => {
      const dialog = dialogRef.current;
      if (dialog && !dialog.contains(document.activeElement)) dialog.focus();
    });
  };

  return (
    <>
      <p className="sr-only" role="status">
        {state.announcement}
      </p>
      {toast && !state.open ? (
        <div
          className={cn(
            "fixed right-4 bottom-4 z-40 flex max-w-sm items-start gap-3 rounded-xl border bg-white px-4 py-3 text-sm shadow-lg",
            toast.tone === "ok" ? "border-emerald-200" : "border-rose-200",
          )}
        >
          <p className={toast.tone === "ok" ? "text-ink" : "text-rose-800"}>{toast.text}</p>
          <Button size="sm" variant="secondary" onClick={() => (setToast(null), trayStore.open())}>
            Open
          </Button>
        </div>
      ) : null}
      <ModalOverlay
        isOpen={state.open}
        onOpenChange={(open) => (open ? trayStore.open() : close())}
        isDismissable
        className="fixed inset-0 z-50 flex justify-end bg-slate-900/40"
      >
        <Modal className="flex h-dvh w-full max-w-md flex-col bg-white shadow-xl outline-none sm:max-w-lg">
          <AriaDialog ref={dialogRef} aria-label="Proposal" className="flex min-h-0 flex-1 flex-col outline-none">
            <header className="flex items-start justify-between gap-3 border-b border-slate-100 px-5 py-4">
              <div className="min-w-0">
                <Heading slot="title" level={2} className="text-base font-semibold text-ink">
                  {proposal && !starting ? proposal.title : "Start a proposal"}
                </Heading>
                {proposal && !starting ? (
                  <p className="mt-0.5 flex flex-wrap items-center gap-2 text-sm text-slate-600">
                    <span className="font-mono text-xs">{proposal.reference}</span>
                    <ProposalStateBadge state={proposal.state} />
                    <span>for {proposal.client.name}</span>
                  </p>
                ) : null}
              </div>
              <Button size="sm" variant="ghost" aria-label="Close the proposal" onClick={close}>
                <X aria-hidden className="size-4" />
              </Button>
            </header>
            <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4">
              {state.pending.length > 0 ? (
                <div className="mb-4 rounded-lg bg-brand-50 px-3 py-2 text-sm text-brand-900" aria-live="polite">
                  <p className="font-medium">{proposal && !starting ? "Adding to the proposal…" : "Waiting to be added once the proposal is started:"}</p>
                  <ul className="mt-1 list-disc pl-5 text-[0.8125rem]">
                    {state.pending.map((p) => (
                      <li key={p.id}>{p.label}</li>
                    ))}
                  </ul>
                </div>
              ) : null}
              {starting ? (
                <>
                  {closed && proposal && !startClient ? (
                    <p className="mb-4 text-sm text-slate-600">
                      {proposal.reference} is {proposal.state === "chosen" ? "answered by the client" : proposal.state}: new offers go into a new proposal.
                    </p>
                  ) : null}
                  {startClient && proposal && !closed ? (
                    <div className="mb-4 flex flex-wrap items-center justify-between gap-2 rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-600">
                      <p>{proposal.reference} stays in your proposals as it is.</p>
                      <Button size="sm" variant="ghost" onClick={() => trayStore.cancelStart()}>
                        Back to {proposal.reference}
                      </Button>
                    </div>
                  ) : null}
                  <StartProposalForm key={startClient?.id ?? "any"} initialClient={startClient} onCreated={started} />
                </>
              ) : draft.isPending ? (
                <div className="space-y-3" aria-hidden>
                  <Skeleton className="h-5 w-48" />
                  <Skeleton className="h-24 w-full" />
                  <Skeleton className="h-24 w-full" />
                </div>
              ) : draft.isError || !proposal ? (
                <Callout title="The proposal could not be loaded">
                  <p>{draft.error instanceof ApiError ? draft.error.message : "Try again in a moment."}</p>
                  <Button size="sm" variant="secondary" className="mt-3" onClick={() => void draft.refetch()}>
                    Try again
                  </Button>
                </Callout>
              ) : (
                <ItemsEditor proposal={proposal} editable compact />
              )}
            </div>
            {proposal && !starting ? (
              <footer className="space-y-3 border-t border-slate-100 px-5 py-4">
                <p className="flex items-baseline justify-between text-sm">
                  <span className="text-slate-600">Client total</span>
                  <span className="font-semibold text-ink tabular-nums">{totalText(proposal.total)}</span>
                </p>
                <div className="flex flex-wrap gap-2">
                  <Link href={`/proposals/${proposal.id}`} className={buttonClasses({ size: "sm" })} onClick={() => trayStore.close()}>
                    Client, note and sharing
                  </Link>
                  <Button size="sm" variant="ghost" onClick={() => trayStore.setDraft(null)}>
                    Start another proposal
                  </Button>
                </div>
              </footer>
            ) : null}
          </AriaDialog>
        </Modal>
      </ModalOverlay>
    </>
  );
}
