"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Field, inputClasses } from "@/components/ui/field";
import { ApiError, fieldErrors } from "@/lib/api-client";
import type { Client, Proposal } from "@/lib/proposals/model";
import { createProposal } from "./api";
import { ClientPicker } from "./client-picker";
import { daysFromToday } from "./format";

/** How long a new proposal's link works unless the advisor says otherwise. */
export const DEFAULT_VALIDITY_DAYS = 14;
const FIELDS = ["clientId", "title", "validUntil"] as const;

/**
 * A new draft: for whom, under what title, until when (POST /api/proposals). `initialClient`: the
 * client already chosen ("New proposal for this client" on the client's page); it can be changed.
 */
export function StartProposalForm({ onCreated, initialClient = null }: { onCreated: (p: Proposal) => void; initialClient?: Client | null }) {
  const [client, setClient] = useState<Client | null>(initialClient);
  const [title, setTitle] = useState("");
  const [validUntil, setValidUntil] = useState(() => daysFromToday(DEFAULT_VALIDITY_DAYS));
  const [errors, setErrors] = useState<Partial<Record<(typeof FIELDS)[number], string>>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!client) return setErrors({ clientId: "Choose the client, or add a new one." });
    setPending(true);
    setProblem(null);
    setErrors({});
    try {
      onCreated(await createProposal({ clientId: client.id, title: title.trim() || `Trip for ${client.name}`, validUntil }));
    } catch (err) {
      const found = err instanceof ApiError ? fieldErrors(err.details, FIELDS) : { errors: {}, first: null };
      setErrors(found.errors);
      if (!found.first) setProblem(err instanceof Error ? err.message : "The proposal could not be started.");
    } finally {
      setPending(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} className="space-y-4" aria-label="Start a proposal">
      <div>
        {client ? (
          <p className="mb-2 text-sm text-slate-700">
            For <span className="font-semibold text-ink">{client.name}</span> ({client.email})
          </p>
        ) : null}
        <ClientPicker selected={client} onSelect={(c) => (setClient(c), setErrors((x) => ({ ...x, clientId: undefined })))} />
        {errors.clientId ? (
          <p role="alert" className="mt-1 text-[0.8125rem] text-rose-700">
            {errors.clientId}
          </p>
        ) : null}
      </div>
      <Field label="Title" hint={client ? `Empty: “Trip for ${client.name}”` : "Such as “Barcelona in May”"} error={errors.title}>
        {(control) => <input {...control} value={title} onChange={(e) => setTitle(e.target.value)} className={inputClasses(!!errors.title)} />}
      </Field>
      <Field label="Valid until" hint="The last day the client's link works." error={errors.validUntil} required>
        {(control) => <input {...control} type="date" value={validUntil} onChange={(e) => setValidUntil(e.target.value)} className={inputClasses(!!errors.validUntil)} />}
      </Field>
      {problem ? (
        <p role="alert" className="text-[0.8125rem] text-rose-700">
          {problem}
        </p>
      ) : null}
      <Button type="submit" pending={pending}>
        Start the proposal
      </Button>
    </form>
  );
}
