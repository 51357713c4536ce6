"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { applyFieldErrors, callApi } from "@/lib/auth/api-client";
import { loginSchema } from "@/lib/auth/schemas";
import { Button } from "../ui/button";
import { Callout } from "../ui/callout";
import { Field, inputClasses } from "../ui/field";
import { PasswordInput } from "./password-input";

type Values = z.input<typeof loginSchema>;

export function LoginForm({ next, initialEmail = "" }: { next: string; initialEmail?: string }) {
  const {
    register,
    handleSubmit,
    setError,
    resetField,
    formState: { errors, isSubmitting },
  } = useForm<Values, unknown, z.output<typeof loginSchema>>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: initialEmail, password: "" },
  });
  const [formError, setFormError] = useState<string | null>(null);
  const [redirecting, setRedirecting] = useState(false);

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    const res = await callApi("POST", "/api/auth/login", values);
    if (res.ok) {
      setRedirecting(true);
      // A full load, so the header and every server component see the new session.
      window.location.assign(next);
      return;
    }
    // The email stays as typed; only the password is cleared for the next try.
    if (res.code === "unauthorized") resetField("password");
    if (!applyFieldErrors(res.details, ["email", "password"] as const, setError)) setFormError(res.message);
  });

  const pending = isSubmitting || redirecting;
  return (
    // method/action only matter before hydration: a native submit must never put the password in a URL.
    <form onSubmit={onSubmit} method="post" action="/api/auth/login" noValidate className="space-y-5">
      {formError ? <Callout title={formError} /> : null}
      <Field label="Email" error={errors.email?.message}>
        {(control) => (
          <input
            {...control}
            {...register("email")}
            type="email"
            autoComplete="username"
            inputMode="email"
            autoCapitalize="none"
            spellCheck={false}
            placeholder="name@agency.com"
            className={inputClasses(!!errors.email)}
          />
        )}
      </Field>
      <Field label="Password" error={errors.password?.message}>
        {(control) => (
          <PasswordInput {...control} {...register("password")} autoComplete="current-password" invalid={!!errors.password} />
        )}
      </Field>
      <Button type="submit" pending={pending} className="w-full">
        {pending ? "Signing in…" : "Sign in"}
      </Button>
    </form>
  );
}
