"use client";

import { Mail } from "lucide-react";
import { useState } from "react";
import * as z from "zod/mini";
import { Button } from "@/components/ui/button";
import { Callout } from "@/components/ui/callout";
import { Card, CardBody, CardFooter, CardHeader } from "@/components/ui/card";
import { ApiError, apiRequest } from "@/lib/api-client";
import { DEFAULT_EMAIL_KINDS, KIND_WORDS, NOTIFICATION_KIND_LIST, type NotificationKind } from "@/lib/notifications/kinds";

// A person's choice of what also comes by email (/settings/notifications): a box per kind, with
// its words; everything comes to the bell whatever is ticked here.

const answerSchema = z.object({ emailKinds: z.array(z.string()) });

export function EmailSettings({ initial }: { initial: NotificationKind[] }) {
  const [chosen, setChosen] = useState(() => new Set<string>(initial));
  const [saved, setSaved] = useState(() => new Set<string>(initial));
  const [state, setState] = useState<{ saving: boolean; error: string | null; done: boolean }>({ saving: false, error: null, done: false });
  const dirty = chosen.size !== saved.size || [...chosen].some((k) => !saved.has(k));

  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    setState({ saving: true, error: null, done: false });
    try {
      const { data } = await apiRequest("PUT", "/api/notifications/preferences", answerSchema, { body: { emailKinds: [...chosen] } });
      setSaved(new Set(data.emailKinds));
      setChosen(new Set(data.emailKinds));
      setState({ saving: false, error: null, done: true });
    } catch (err) {
      setState({ saving: false, error: err instanceof ApiError ? err.message : "Your choice could not be saved. Try again.", done: false });
    }
  };
  const toggle = (kind: string, on: boolean) => {
    setChosen((s) => {
      const next = new Set(s);
      if (on) next.add(kind);
      else next.delete(kind);
      return next;
    });
    setState((s) => ({ ...s, done: false }));
  };

  return (
    <Card aria-labelledby="email-kinds-title" className="mt-8">
      <CardHeader icon={<Mail className="size-5" aria-hidden />} title="By email too" titleId="email-kinds-title" description="Ticked kinds come by email as well as in the bell." />
      <form onSubmit={save} noValidate>
        <CardBody className="space-y-4">
          {state.error ? <Callout title={state.error} /> : null}
          <fieldset>
            <legend className="sr-only">Kinds of notification to have by email</legend>
            <ul className="divide-y divide-slate-100">
              {NOTIFICATION_KIND_LIST.map((kind) => (
                <li key={kind}>
                  <label className="flex cursor-pointer items-start gap-3 py-3">
                    <input
                      type="checkbox"
                      name="emailKinds"
                      value={kind}
                      checked={chosen.has(kind)}
                      onChange={(e) => toggle(kind, e.target.checked)}
                      className="mt-0.5 size-4 shrink-0 rounded border-slate-300 accent-brand-600"
                    />
                    <span>
                      <span className="block text-sm font-medium text-ink">{KIND_WORDS[kind].label}</span>
                      <span className="block text-[0.8125rem] text-slate-600">{KIND_WORDS[kind].hint}</span>
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" pending={state.saving} disabled={!dirty || state.saving}>
              Save
            </Button>
            <Button type="button" variant="ghost" onClick={() => {
                setChosen(new Set(DEFAULT_EMAIL_KINDS));
                setState((s) => ({ ...s, done: false }));
              }}>
              Back to the defaults
            </Button>
            <p role="status" className="text-[0.8125rem] text-emerald-700">
              {state.done ? "Saved. The desk emails you what is ticked." : ""}
            </p>
          </div>
        </CardBody>
        <CardFooter>Without a mail server set for the desk, its mail is kept in the outbox for an admin to read.</CardFooter>
      </form>
    </Card>
  );
}
