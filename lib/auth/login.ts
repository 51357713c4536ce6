import type { Db } from "../db";
import type { User } from "../db/schema";
import { verifyAgainstNothing, verifyPassword } from "./passwords";
import type { LoginThrottle } from "./throttle";
import { findUserByEmail, recordSignIn } from "./users";

/** The one answer for an unknown email and a wrong password, so neither reveals which accounts exist. */
export const INVALID_LOGIN_MESSAGE = "The email or password is not right. Check both and try again.";
export const DEACTIVATED_MESSAGE = "This account has been deactivated. Ask an admin of your agency to reactivate it.";

export type LoginResult =
  | { ok: true; user: User }
  | { ok: false; reason: "invalid" | "deactivated" }
  | { ok: false; reason: "throttled"; retryAfterSeconds: number };

export async function attemptLogin(
  deps: { db: Db; throttle: LoginThrottle },
  input: { email: string; password: string; ip: string | null },
  now = new Date(),
): Promise<LoginResult> {
  const { db, throttle } = deps;
  // Counted before the password is checked (lib/auth/throttle.ts): a burst gets at most the limit.
  const verdict = await throttle.attempt(input.email, input.ip);
  if (!verdict.allowed) return { ok: false, reason: "throttled", retryAfterSeconds: verdict.retryAfterSeconds };

  const user = await findUserByEmail(db, input.email);
  const matches = user?.passwordHash
    ? await verifyPassword(user.passwordHash, input.password)
    : await verifyAgainstNothing(input.password);
  // A failure stays counted.
  if (!user || !matches) return { ok: false, reason: "invalid" };
  await throttle.recordSuccess(input.email, input.ip);
  // Said only to someone who knows the password, so it reveals nothing to a guesser.
  if (!user.active) return { ok: false, reason: "deactivated" };

  await recordSignIn(db, user.id, now);
  return { ok: true, user };
}
