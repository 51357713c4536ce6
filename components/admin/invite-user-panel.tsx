"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type * as z from "zod/mini";
import { Mail } from "lucide-react";
import { apiRequest, applyFieldErrors, ApiError } from "@/lib/api-client";
import { USER_ROLES, ROLE_LABELS } from "@/lib/auth/roles";
import { inviteUserSchema, userAnswerSchema } from "@/lib/auth/schemas";
import type { UserSummary } from "@/lib/auth/users";
import { FOR_PEOPLE } from "@/lib/zod-sentences";
import { Button } from "../ui/button";
import { Callout } from "../ui/callout";
import { Card, CardBody, CardHeader } from "../ui/card";
import { Field, inputClasses } from "../ui/field";
import { Select } from "../ui/select";
import { InviteLink } from "./invite-link";

type Values = z.input<typeof inviteUserSchema>;
export type Invited = { user: UserSummary; inviteUrl: string };

/** The "Invite a user" card: the form, then the link to pass on. */
export function InviteUserPanel({ onInvited, onClose }: { onInvited: (result: Invited) => void; onClose: () => void }) {
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<Values, unknown, z.output<typeof inviteUserSchema>>({
    resolver: zodResolver(inviteUserSchema, FOR_PEOPLE),
    defaultValues: { name: "", email: "", role: "advisor" },
  });
  const [formError, setFormError] = useState<string | null>(null);
  const [invited, setInvited] = useState<Invited | null>(null);

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const { data } = await apiRequest("POST", "/api/users", userAnswerSchema, { body: values });
      const result = { user: data.user, inviteUrl: data.inviteUrl ?? "" };
      setInvited(result);
      onInvited(result);
    } catch (err) {
      const e = err instanceof ApiError ? err : null;
      if (!applyFieldErrors(e?.details ?? [], ["name", "email", "role"] as const, setError)) setFormError(e?.message ?? "The invite could not be made. Try again.");
    }
  });

  return (
    <Card aria-labelledby="invite-title">
      <CardHeader
        icon={<Mail className="size-5" />}
        title={invited ? `${invited.user.name} is invited` : "Invite a user"}
        titleId="invite-title"
        description={
          invited
            ? "Pass this link on yourself: the desk does not send email."
            : "They get a one-time link to choose their password. Nothing is emailed: you pass the link on."
        }
      />
      <CardBody>
        {invited ? (
          <div className="space-y-5">
            <InviteLink url={invited.inviteUrl} name={invited.user.name} autoFocus />
            <div className="flex flex-wrap gap-2">
              <Button
                onClick={() => {
                  setInvited(null);
                  reset();
                }}
              >
                Invite someone else
              </Button>
              <Button variant="secondary" onClick={onClose}>
                Done
              </Button>
            </div>
          </div>
        ) : (
          <form onSubmit={onSubmit} noValidate className="space-y-5">
            {formError ? <Callout title={formError} /> : null}
            <div className="grid grid-cols-1 gap-4 md:grid-cols-[minmax(0,1fr)_minmax(0,1.2fr)_10rem]">
              <Field label="Name" error={errors.name?.message}>
                {(control) => (
                  <input {...control} {...register("name")} autoComplete="off" placeholder="Sam Rivera" className={inputClasses(!!errors.name)} />
                )}
              </Field>
              <Field label="Email" error={errors.email?.message}>
                {(control) => (
                  <input
                    {...control}
                    {...register("email")}
                    type="email"
                    autoComplete="off"
                    autoCapitalize="none"
                    spellCheck={false}
                    placeholder="sam@agency.com"
                    className={inputClasses(!!errors.email)}
                  />
                )}
              </Field>
              <Field label="Role" error={errors.role?.message}>
                {(control) => (
                  <Select {...control} {...register("role")}>
                    {USER_ROLES.map((role) => (
                      <option key={role} value={role}>
                        {ROLE_LABELS[role]}
                      </option>
                    ))}
                  </Select>
                )}
              </Field>
            </div>
            <p className="text-[0.8125rem] text-slate-500">
              Advisors search, sell and manage bookings. Admins can also manage users.
            </p>
            <div className="flex flex-wrap gap-2">
              <Button type="submit" pending={isSubmitting}>
                {isSubmitting ? "Creating invite…" : "Create invite link"}
              </Button>
              <Button variant="ghost" onClick={onClose}>
                Cancel
              </Button>
            </div>
          </form>
        )}
      </CardBody>
    </Card>
  );
}
