"use client";

import { useQuery } from "@tanstack/react-query";
import { UserPlus } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Field, inputClasses } from "@/components/ui/field";
import { useDebouncedValue } from "@/components/ui/use-debounced-value";
import { ApiError, fieldErrors } from "@/lib/api-client";
import type { Client } from "@/lib/proposals/model";
import { createClient, findClients } from "./api";

// A proposal's client: one of the agency's clients, found by name, email or phone
// (GET /api/clients?q=), or a new one (POST /api/clients).

const CLIENT_FIELDS = ["name", "email", "phone"] as const;
type ClientField = (typeof CLIENT_FIELDS)[number];

export function ClientPicker({ selected, onSelect }: { selected: Client | null; onSelect: (client: Client) => void }) {
  const id = useId();
  const [text, setText] = useState("");
  const [adding, setAdding] = useState(false);
  const q = useDebouncedValue(text.trim(), 250);
  const found = useQuery({
    queryKey: ["clients", q],
    queryFn: ({ signal }) => findClients(q, signal),
    enabled: !adding,
    staleTime: 30_000,
  });

  if (adding) return <NewClientForm initialName={text} onCancel={() => setAdding(false)} onCreated={(c) => (setAdding(false), onSelect(c))} />;

  const clients = found.data ?? [];
  return (
    <div className="space-y-2">
      <label htmlFor={`${id}-q`} className="text-sm font-medium text-slate-800">
        Find a client
      </label>
      <input
        id={`${id}-q`}
        type="search"
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder="Name, email or phone"
        className={inputClasses(false)}
        aria-controls={`${id}-list`}
      />
      <div id={`${id}-list`} aria-live="polite" aria-busy={found.isFetching || undefined}>
        {found.isError ? (
          <p className="text-[0.8125rem] text-rose-700">{found.error instanceof ApiError ? found.error.message : "The clients could not be loaded."}</p>
        ) : found.isPending ? (
          <p className="text-[0.8125rem] text-slate-500">Looking for clients…</p>
        ) : clients.length === 0 ? (
          <p className="text-[0.8125rem] text-slate-500">{q ? `No client matches “${q}”.` : "No clients yet."}</p>
        ) : (
          <ul aria-label="Clients" className="max-h-52 divide-y divide-slate-100 overflow-y-auto rounded-lg border border-slate-200">
            {clients.slice(0, 20).map((c) => (
              <li key={c.id} className="flex items-center justify-between gap-3 px-3 py-2">
                <span className="min-w-0 text-sm">
                  <span className="block truncate font-medium text-ink">{c.name}</span>
                  <span className="block truncate text-xs text-slate-500">{[c.email, c.phone].filter(Boolean).join(" · ")}</span>
                </span>
                <Button size="sm" variant={selected?.id === c.id ? "primary" : "secondary"} aria-pressed={selected?.id === c.id} onClick={() => onSelect(c)} aria-label={`Choose ${c.name}`}>
                  {selected?.id === c.id ? "Chosen" : "Choose"}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
      <Button size="sm" variant="ghost" onClick={() => setAdding(true)}>
        <UserPlus aria-hidden className="size-4" />
        New client
      </Button>
    </div>
  );
}

function NewClientForm({ initialName, onCancel, onCreated }: { initialName: string; onCancel: () => void; onCreated: (c: Client) => void }) {
  const [values, setValues] = useState<Record<ClientField, string>>({ name: initialName.includes("@") ? "" : initialName, email: initialName.includes("@") ? initialName : "", phone: "" });
  const [errors, setErrors] = useState<Partial<Record<ClientField, string>>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const submit = async () => {
    setPending(true);
    setProblem(null);
    try {
      onCreated(await createClient(values));
    } catch (e) {
      const found = e instanceof ApiError ? fieldErrors(e.details, CLIENT_FIELDS) : { errors: {}, first: null };
      setErrors(found.errors);
      if (found.first) document.querySelector<HTMLElement>(`[data-field="new-client-${found.first}"]`)?.focus();
      else setProblem(e instanceof Error ? e.message : "The client could not be saved.");
    } finally {
      setPending(false);
    }
  };
  const field = (name: ClientField, label: string, type: string, required: boolean) => (
    <Field label={label} error={errors[name]} required={required}>
      {(control) => (
        <input
          {...control}
          data-field={`new-client-${name}`}
          type={type}
          value={values[name]}
          onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
          className={inputClasses(!!errors[name])}
        />
      )}
    </Field>
  );
  return (
    <fieldset className="space-y-3 rounded-lg border border-slate-200 p-3">
      <legend className="px-1 text-sm font-medium text-slate-800">New client</legend>
      {field("name", "Name", "text", true)}
      {field("email", "Email", "email", true)}
      {field("phone", "Phone", "tel", false)}
      {problem ? <p role="alert" className="text-[0.8125rem] text-rose-700">{problem}</p> : null}
      <div className="flex gap-2">
        <Button size="sm" pending={pending} onClick={() => void submit()}>
          Save client
        </Button>
        <Button size="sm" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </fieldset>
  );
}
