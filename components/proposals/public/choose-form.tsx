"use client";

import { useState, type FormEvent, type ReactNode } from "react";

// The client's choice on the proposal page: the radio buttons are plain inputs in the
// server-rendered cards (children), read from the form when it is sent; one option per group of
// alternatives, every part of the trip with it, and a message. Plain React state and fetch: no
// query library, no form library, no schema library on this page (issue 29: ≤ 30 KB gzip of
// JavaScript over a bare Next page). The server checks everything again (publicChoiceSchema).

/** The same limit as publicChoiceSchema (lib/proposals/model.ts CHOICE_MESSAGE_MAX), repeated so as not to load the schemas here. */
export const MESSAGE_MAX = 2000;

type Props = {
  token: string;
  /** The groups of alternatives, in order: one option of each is picked. */
  groups: Array<{ key: string; label: string }>;
  /** The options of the parts of the trip: included in every choice. */
  partKeys: string[];
  /** Option key → title, to say what was chosen. */
  titles: Record<string, string>;
  advisorName: string;
  initialMessage: string;
  hasChoice: boolean;
  children: ReactNode;
};

type Sending = { kind: "idle" } | { kind: "sending" } | { kind: "sent"; titles: string[] } | { kind: "failed"; message: string };

type ErrorBody = { error?: { message?: string; details?: Array<{ message?: string }> } | null } | null;

export function ChooseForm({ token, groups, partKeys, titles, advisorName, initialMessage, hasChoice, children }: Props) {
  const [state, setState] = useState<Sending>({ kind: "idle" });
  const [message, setMessage] = useState(initialMessage);
  const [sentOnce, setSentOnce] = useState(hasChoice);
  const wholeTrip = groups.length === 0;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (state.kind === "sending") return;
    const form = new FormData(event.currentTarget);
    const picked = groups.map((g) => form.get(g.key)).filter((v): v is string => typeof v === "string");
    const missing = groups.find((g) => typeof form.get(g.key) !== "string");
    if (missing) {
      setState({ kind: "failed", message: `Choose one option in “${missing.label}”.` });
      return;
    }
    const choice = [...picked, ...partKeys];
    setState({ kind: "sending" });
    try {
      const res = await fetch(`/api/p/${encodeURIComponent(token)}/choice`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ choice, message }),
      });
      if (res.ok) {
        setSentOnce(true);
        setState({ kind: "sent", titles: choice.map((k) => titles[k] ?? k) });
        return;
      }
      const body = (await res.json().catch(() => null)) as ErrorBody;
      const detail = body?.error?.details?.find((d) => d.message)?.message;
      setState({ kind: "failed", message: detail ?? body?.error?.message ?? `We could not send your choice (error ${res.status}). Try again, or contact ${advisorName}.` });
    } catch {
      setState({ kind: "failed", message: "We could not reach the agency. Check your connection and try again." });
    }
  }

  const verb = wholeTrip ? (sentOnce ? "Accept this trip again" : "Accept this trip") : sentOnce ? "Change my choice" : "Send my choice";
  return (
    <form onSubmit={submit} aria-label={wholeTrip ? "Accept the trip" : "Your choice"} className="mt-2">
      {children}
      <div className="mt-8 rounded-xl border border-slate-200 bg-white p-4 sm:p-6 print:hidden">
        <h2 className="text-base font-semibold text-ink">{wholeTrip ? "Happy with this trip?" : "Made your choice?"}</h2>
        <p className="mt-1 text-sm text-slate-600">
          {wholeTrip
            ? `Accept it and ${advisorName} will book it for you.`
            : `Pick one option in each group above, then send your choice: ${advisorName} will book it for you.`}
        </p>
        <label htmlFor="choice-message" className="mt-4 block text-sm font-medium text-ink">
          Message for {advisorName} <span className="font-normal text-slate-500">(optional)</span>
        </label>
        <textarea
          id="choice-message"
          name="message"
          rows={3}
          maxLength={MESSAGE_MAX}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
          aria-describedby="choice-message-count"
          className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-base text-ink shadow-xs focus:border-brand-500 sm:text-sm"
        />
        <p id="choice-message-count" className="mt-1 text-xs text-slate-500">
          {message.length} / {MESSAGE_MAX} characters
        </p>
        <button
          type="submit"
          disabled={state.kind === "sending"}
          aria-busy={state.kind === "sending" || undefined}
          className="mt-4 inline-flex h-11 w-full items-center justify-center rounded-lg bg-brand-600 px-5 text-sm font-semibold text-white shadow-xs hover:bg-brand-700 disabled:opacity-70 sm:w-auto"
        >
          {state.kind === "sending" ? "Sending…" : verb}
        </button>
        <div role="status" aria-live="polite" className="mt-3 text-sm empty:hidden">
          {state.kind === "sent" ? (
            <p className="rounded-lg bg-emerald-50 p-3 text-emerald-900">
              Thank you. {advisorName} has your choice: {state.titles.join(", ")}. You can change it here until it is booked.
            </p>
          ) : null}
        </div>
        <div role="alert" className="text-sm empty:hidden">
          {state.kind === "failed" ? <p className="mt-3 rounded-lg bg-rose-50 p-3 text-rose-800">{state.message}</p> : null}
        </div>
      </div>
    </form>
  );
}
