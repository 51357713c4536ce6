import * as z from "zod/mini";
import { USER_ROLES } from "./roles";
import { SIGN_IN_SENTENCES } from "./sign-in";

// One zod schema per form, used by react-hook-form in the browser and by the route
// handler that receives it, so both give the same sentence for the same mistake.
// Importable from client components: no server code here. Written with zod/mini, which
// the sign-in page can afford (the full zod API would be a third of its script).

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 256;

/** An email field; `missing` says whose address is wanted (yours when signing in, theirs when inviting). */
const emailOf = (missing: string) =>
  z.pipe(
    z.string({ error: missing }).check(z.trim(), z.toLowerCase(), z.minLength(1, missing), z.maxLength(254, "Email addresses are at most 254 characters.")),
    z.email("Enter an email address such as name@agency.com."),
  );
const email = emailOf(SIGN_IN_SENTENCES.emailMissing);

export const loginSchema = z.object({
  email,
  // Sign-in does not apply the length rule: that is for choosing a password.
  password: z
    .string({ error: SIGN_IN_SENTENCES.passwordMissing })
    .check(z.minLength(1, SIGN_IN_SENTENCES.passwordMissing), z.maxLength(PASSWORD_MAX_LENGTH, `Passwords are at most ${PASSWORD_MAX_LENGTH} characters.`)),
});
export type LoginInput = z.input<typeof loginSchema>;

export const newPasswordSchema = z
  .object({
    password: z
      .string({ error: "Choose a password." })
      .check(
        z.minLength(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters.`),
        z.maxLength(PASSWORD_MAX_LENGTH, `Use at most ${PASSWORD_MAX_LENGTH} characters.`),
      ),
    confirmPassword: z.string({ error: "Type the password again." }).check(z.minLength(1, "Type the password again.")),
  })
  .check(
    z.refine((v) => v.password === v.confirmPassword, {
      path: ["confirmPassword"],
      message: "The two passwords are not the same.",
    }),
  );
export type NewPasswordInput = z.input<typeof newPasswordSchema>;

/** The invite page's form plus the token from its URL (the handler's body). */
const INVITE_LINK = "This invite link is incomplete. Open the link in the invitation email again.";
export const acceptInviteSchema = z.intersection(
  newPasswordSchema,
  z.object({ token: z.string(INVITE_LINK).check(z.minLength(1, INVITE_LINK), z.maxLength(200, INVITE_LINK)) }),
);

export const inviteUserSchema = z.object({
  name: z
    .string({ error: "Enter their name." })
    .check(z.trim(), z.minLength(1, "Enter their name."), z.maxLength(100, "Names are at most 100 characters.")),
  email: emailOf("Enter the email address of the person you are inviting."),
  role: z.enum(USER_ROLES, { error: "Choose advisor or admin." }),
});
export type InviteUserInput = z.input<typeof inviteUserSchema>;

/** PATCH /api/users/:id – change one thing at a time. */
export const updateUserSchema = z.union(
  [
    z.strictObject({ role: z.enum(USER_ROLES, { error: "Choose advisor or admin." }) }),
    z.strictObject({ active: z.boolean("Choose whether the account is active.") }),
  ],
  { error: "Change either the role or whether the account is active, one at a time." },
);
export type UpdateUserInput = z.infer<typeof updateUserSchema>;

/* ------------------------------------------------------------------ answers the pages read */

const USER_STATUSES = ["active", "invited", "invite_expired", "deactivated"] as const;

/** A user as the users admin shows them (lib/auth/users.ts `UserSummary`). */
export const userSummarySchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(USER_ROLES),
  status: z.enum(USER_STATUSES),
  createdAt: z.string(),
  lastSignInAt: z.nullable(z.string()),
  inviteExpiresAt: z.nullable(z.string()),
});

/** POST /api/users, PATCH /api/users/:id and POST /api/users/:id/invite: the user as it is now, and a new invite link. */
export const userAnswerSchema = z.object({ user: userSummarySchema, inviteUrl: z.optional(z.string()) });

/** POST /api/auth/invite: whose password was set. */
export const inviteAcceptedSchema = z.object({ email: z.string() });
