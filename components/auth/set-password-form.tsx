"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type * as z from "zod/mini";
import { apiRequest, applyFieldErrors, ApiError } from "@/lib/api-client";
import { inviteAcceptedSchema, newPasswordSchema, PASSWORD_MIN_LENGTH } from "@/lib/auth/schemas";
import { FOR_PEOPLE } from "@/lib/zod-sentences";
import { Button } from "../ui/button";
import { Callout } from "../ui/callout";
import { Field } from "../ui/field";
import { PasswordInput } from "./password-input";

type Values = z.input<typeof newPasswordSchema>;

export function SetPasswordForm({ token, email }: { token: string; email: string }) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values, unknown, z.output<typeof newPasswordSchema>>({
    resolver: zodResolver(newPasswordSchema, FOR_PEOPLE),
    defaultValues: { password: "", confirmPassword: "" },
  });
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const router = useRouter();

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const { data } = await apiRequest("POST", "/api/auth/invite", inviteAcceptedSchema, { body: { ...values, token } });
      setDone(true);
      router.push(`/login?invited=1&email=${encodeURIComponent(data.email)}`);
    } catch (err) {
      const e = err instanceof ApiError ? err : null;
      if (!applyFieldErrors(e?.details ?? [], ["password", "confirmPassword"] as const, setError)) setFormError(e?.message ?? "Your password could not be set. Try again.");
    }
  });

  const pending = isSubmitting || done;
  return (
    // method/action only matter before hydration: a native submit must never put the password in a URL.
    <form onSubmit={onSubmit} method="post" action="/api/auth/invite" noValidate className="space-y-5">
      {formError ? <Callout title={formError} /> : null}
      {/* Lets password managers save the new password under the right account. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <Field label="New password" hint={`At least ${PASSWORD_MIN_LENGTH} characters. A short sentence is easy to remember.`} error={errors.password?.message}>
        {(control) => <PasswordInput {...control} {...register("password")} autoComplete="new-password" invalid={!!errors.password} />}
      </Field>
      <Field label="Type it again" error={errors.confirmPassword?.message}>
        {(control) => (
          <PasswordInput {...control} {...register("confirmPassword")} autoComplete="new-password" invalid={!!errors.confirmPassword} />
        )}
      </Field>
      <Button type="submit" pending={pending} className="w-full">
        {pending ? "Setting your password…" : "Set password"}
      </Button>
    </form>
  );
}
