import "server-only";
import { getIronSession, type SessionOptions } from "iron-session";
import { cookies } from "next/headers";
import { forbidden, redirect } from "next/navigation";
import { cache } from "react";
import { getDb } from "@/lib/db";
import type { User } from "@/lib/db/schema";
import { getEnv } from "@/lib/server-env";
import { createSession, readSessionSeal, resolveSessionUser, revokeSession, sessionOptionsFor, type SessionData, type SessionUser } from "./session-core";

// The session cookie (iron-session: sealed, HttpOnly, SameSite=Lax, Secure in
// production, 12 hours) and who it belongs to. Every page and handler checks here;
// nothing trusts the cookie alone, the user is read from the database each request.
// Handlers ask route() (lib/bff/handler.ts `auth`), which asks getSessionUser().

export type { SessionData, SessionUser } from "./session-core";

/** A function rather than a constant: the environment is read at request time, never at build. */
export const sessionOptions = (): SessionOptions => sessionOptionsFor(getEnv());

export const getSession = cache(async () => getIronSession<SessionData>(await cookies(), sessionOptions()));

/** The signed-in user, or null when signed out, deactivated, deleted or signed out everywhere. */
export const getSessionUser = cache(async (): Promise<SessionUser | null> => {
  // Read-only: the seal is opened as getIronSession would, without building a writable session.
  const options = sessionOptions();
  const session = await readSessionSeal((await cookies()).get(options.cookieName)?.value ?? "", options);
  if (!session.userId) return null;
  return resolveSessionUser(await getDb(), session);
});

/** Route handlers only (they may set cookies): signs `user` in on this browser. */
export async function startSession(user: User): Promise<void> {
  const session = await getSession();
  const previous = session.sid;
  Object.assign(session, await createSession(await getDb(), user));
  await session.save();
  // Signing in again on this browser replaces its session.
  await revokeSession(await getDb(), previous);
}

/** Signs out: the session is revoked on the server (a copy of the cookie stops working too) and the cookie cleared. */
export async function endSession(): Promise<void> {
  const session = await getSession();
  await revokeSession(await getDb(), session.sid);
  session.destroy();
}

/** Pages: the signed-in user, or a redirect to the sign-in page that comes back to `path`. */
export async function requireUser(path: string): Promise<SessionUser> {
  const user = await getSessionUser();
  if (!user) redirect(`/login?next=${encodeURIComponent(path)}`);
  return user;
}

/** Pages for admins: the signed-in admin; a signed-in advisor gets the 403 page instead. */
export async function requireAdmin(path: string): Promise<SessionUser> {
  const user = await requireUser(path);
  // Not an admin: the designed "admins only" page, answered with HTTP 403 (app/forbidden.tsx).
  if (user.role !== "admin") forbidden();
  return user;
}
