"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Callout } from "@/components/ui/callout";
import { Field, inputClasses } from "@/components/ui/field";
import { ApiError, applyFieldErrors } from "@/lib/api-client";
import { clientSchema, type ClientDetails, type ClientInput, type ClientOverview, type ClientRequest } from "@/lib/proposals/model";
import { updateClient } from "./api";

const FIELDS = ["name", "email", "phone"] as const;

/**
 * The client's contact details, changed (PATCH /api/clients/:id) with the rules a new client is
 * checked against (lib/proposals/model.ts clientSchema), each field's sentence shown once it is
 * left. A refusal puts the handler's sentences on their fields, or above the buttons; what was
 * typed stays in the form either way.
 */
export function ContactForm({ client, onSaved, onCancel }: { client: ClientDetails; onSaved: (o: ClientOverview) => void; onCancel: () => void }) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ClientInput, unknown, ClientRequest>({
    resolver: zodResolver(clientSchema),
    mode: "onTouched",
    defaultValues: { name: client.name, email: client.email, phone: client.phone },
  });
  const [problem, setProblem] = useState<string | null>(null);

  const onSubmit = handleSubmit(async (values) => {
    setProblem(null);
    try {
      onSaved(await updateClient(client.id, values));
    } catch (err) {
      const e = err instanceof ApiError ? err : null;
      if (e?.code === "validation_error" && applyFieldErrors(e.details, FIELDS, setError)) return;
      setProblem(e?.message ?? "The contact details could not be saved. Try again.");
    }
  });

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Contact details" className="space-y-4">
      {problem ? <Callout title="Not saved">{problem}</Callout> : null}
      <Field label="Name" required error={errors.name?.message}>
        {(c) => <input {...c} {...register("name")} autoComplete="off" className={inputClasses(!!errors.name)} />}
      </Field>
      <Field label="Email" required error={errors.email?.message} hint="Where the proposal's link is mailed.">
        {(c) => <input {...c} {...register("email")} type="email" inputMode="email" spellCheck={false} autoComplete="off" className={inputClasses(!!errors.email)} />}
      </Field>
      <Field label="Phone" error={errors.phone?.message} hint="With its country code, such as +44 20 7946 0958; or empty.">
        {(c) => <input {...c} {...register("phone")} type="tel" inputMode="tel" autoComplete="off" className={inputClasses(!!errors.phone)} />}
      </Field>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" pending={isSubmitting}>
          Save
        </Button>
        <Button size="sm" variant="ghost" onClick={onCancel} disabled={isSubmitting}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
