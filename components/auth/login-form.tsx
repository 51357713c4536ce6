"use client";

import { useRef, useState } from "react";
import { apiRequest, ApiError, fieldErrors } from "@/lib/api-client";
import { safeNextPath } from "@/lib/auth/next-path";
import { signInGaps, type SignInErrors, type SignInValues } from "@/lib/auth/sign-in";
import { Button } from "../ui/button";
import { Callout } from "../ui/callout";
import { Field, inputClasses } from "../ui/field";
import { PasswordInput } from "./password-input";

const FIELDS = ["email", "password"] as const;

/**
 * The sign-in form. Two fields, so plain React state rather than a form library: the page
 * says which field is empty, and the handler (lib/auth/schemas.ts `loginSchema`) answers
 * everything else field by field, in the same sentences.
 */
export function LoginForm({ next, initialEmail = "" }: { next: string; initialEmail?: string }) {
  const [errors, setErrors] = useState<SignInErrors>({});
  const [tried, setTried] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [redirecting, setRedirecting] = useState(false);
  const emailInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  const focus = (field: keyof SignInValues) => (field === "email" ? emailInput : passwordInput).current?.focus();

  // Uncontrolled inputs: what was typed before the page hydrated is kept, and read when sent.
  const read = (): SignInValues => ({ email: emailInput.current?.value ?? "", password: passwordInput.current?.value ?? "" });

  const change = (field: keyof SignInValues) => () => {
    // After a first try, a field's sentence goes as soon as it is filled (and comes back if emptied).
    if (tried) setErrors((current) => ({ ...current, [field]: signInGaps(read())[field] }));
  };

  const onSubmit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting || redirecting) return;
    setTried(true);
    setFormError(null);
    const values = read();
    const gaps = signInGaps(values);
    setErrors(gaps);
    const first = FIELDS.find((f) => gaps[f]);
    if (first) {
      focus(first);
      return;
    }
    setSubmitting(true);
    let refusal: ApiError;
    try {
      // No schema for the answer: the sign-in page loads no schema library, and reads only the outcome.
      await apiRequest("POST", "/api/auth/login", null, { body: values });
      setRedirecting(true);
      // A full load, so the header and every server component see the new session; `next` is
      // checked again here, as it is followed, so no caller can send the person to another site.
      window.location.assign(safeNextPath(next));
      return;
    } catch (err) {
      refusal = err instanceof ApiError ? err : new ApiError({ status: 0, code: "network_error", message: "The desk could not be reached. Check your connection and try again." });
    }
    setSubmitting(false);
    // The email stays as typed; only the password is cleared for the next try.
    if (refusal.code === "unauthorized" && passwordInput.current) passwordInput.current.value = "";
    // The handler's sentences go on their fields, the first of them focused; any other refusal is said above the form.
    const placed = fieldErrors(refusal.details, FIELDS);
    setErrors(placed.errors);
    if (placed.first) focus(placed.first);
    else setFormError(refusal.message);
  };

  const pending = submitting || redirecting;
  return (
    // method/action only matter before hydration: a native submit must never put the password in a URL.
    <form onSubmit={onSubmit} method="post" action="/api/auth/login" noValidate className="space-y-5">
      {formError ? <Callout title={formError} /> : null}
      <Field label="Email" error={errors.email}>
        {(control) => (
          <input
            {...control}
            ref={emailInput}
            name="email"
            defaultValue={initialEmail}
            onChange={change("email")}
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
      <Field label="Password" error={errors.password}>
        {(control) => (
          <PasswordInput
            {...control}
            ref={passwordInput}
            name="password"
            onChange={change("password")}
            autoComplete="current-password"
            invalid={!!errors.password}
          />
        )}
      </Field>
      <Button type="submit" pending={pending} className="w-full">
        {pending ? "Signing in…" : "Sign in"}
      </Button>
    </form>
  );
}
