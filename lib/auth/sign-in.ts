// The sign-in form's sentences, shared by `loginSchema` (lib/auth/schemas.ts, which the
// handler applies) and the sign-in page. The page only checks that both fields are filled
// before asking: the handler checks the rest with the schema and answers field by field, so
// the two never disagree, and the sign-in page loads no schema library (issue 15: /login
// within 50 KB of a bare Next page).

export const SIGN_IN_SENTENCES = {
  emailMissing: "Enter your email address.",
  passwordMissing: "Enter your password.",
} as const;

export type SignInValues = { email: string; password: string };
export type SignInErrors = Partial<Record<keyof SignInValues, string>>;

/** What the page says before sending: a sentence for each empty field. */
export function signInGaps(values: SignInValues): SignInErrors {
  const errors: SignInErrors = {};
  if (values.email.trim() === "") errors.email = SIGN_IN_SENTENCES.emailMissing;
  if (values.password === "") errors.password = SIGN_IN_SENTENCES.passwordMissing;
  return errors;
}
