import { z } from "zod";
import { USER_ROLES } from "./roles";

// One zod schema per form, used by react-hook-form in the browser and by the route
// handler that receives it, so both give the same sentence for the same mistake.
// Importable from client components: no server code here.

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 256;

/** An email field; `missing` says whose address is wanted (yours when signing in, theirs when inviting). */
const emailOf = (missing: string) =>
  z
    .string({ error: missing })
    .trim()
    .toLowerCase()
    .min(1, missing)
    .max(254, "Email addresses are at most 254 characters.")
    .pipe(z.email("Enter an email address such as name@agency.com."));
const email = emailOf("Enter your email address.");

export const loginSchema = z.object({
  email,
  // Sign-in does not apply the length rule: that is for choosing a password.
  password: z
    .string({ error: "Enter your password." })
    .min(1, "Enter your password.")
    .max(PASSWORD_MAX_LENGTH, `Passwords are at most ${PASSWORD_MAX_LENGTH} characters.`),
});
export type LoginInput = z.input<typeof loginSchema>;

export const newPasswordSchema = z
  .object({
    password: z
      .string({ error: "Choose a password." })
      .min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters.`)
      .max(PASSWORD_MAX_LENGTH, `Use at most ${PASSWORD_MAX_LENGTH} characters.`),
    confirmPassword: z.string({ error: "Type the password again." }).min(1, "Type the password again."),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ["confirmPassword"],
    message: "The two passwords are not the same.",
  });
export type NewPasswordInput = z.input<typeof newPasswordSchema>;

/** The invite page's form plus the token from its URL (the handler's body). */
export const acceptInviteSchema = newPasswordSchema.and(z.object({ token: z.string().min(1).max(200) }));

export const inviteUserSchema = z.object({
  name: z
    .string({ error: "Enter their name." })
    .trim()
    .min(1, "Enter their name.")
    .max(100, "Names are at most 100 characters."),
  email: emailOf("Enter the email address of the person you are inviting."),
  role: z.enum(USER_ROLES, { error: "Choose advisor or admin." }),
});
export type InviteUserInput = z.input<typeof inviteUserSchema>;

/** PATCH /api/users/:id – change one thing at a time. */
export const updateUserSchema = z.union(
  [z.object({ role: z.enum(USER_ROLES, { error: "Choose advisor or admin." }) }).strict(), z.object({ active: z.boolean() }).strict()],
  { error: "Send either a role or an active flag." },
);
export type UpdateUserInput = z.infer<typeof updateUserSchema>;

/** Where to go after signing in: only a path on this site, never another origin. */
export function safeNextPath(next: string | null | undefined, fallback = "/"): string {
  if (!next || !next.startsWith("/") || next.startsWith("//") || next.startsWith("/\\")) return fallback;
  try {
    const base = "http://agency-desk.invalid";
    const url = new URL(next, base);
    if (url.origin !== base) return fallback;
    const path = `${url.pathname}${url.search}${url.hash}`;
    // Back to the sign-in page would only loop.
    return url.pathname === "/login" ? fallback : path;
  } catch {
    return fallback;
  }
}
