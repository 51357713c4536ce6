import type { SessionOptions } from "iron-session";
import type { Db } from "../db";
import type { User } from "../db/schema";
import type { Env } from "../env";
import type { UserRole } from "./roles";
import { getUserById } from "./users";

// The parts of the session that need neither Next nor a request, so vitest can test
// them; lib/auth/session.ts wires them to the cookie store.

export const SESSION_COOKIE = "agency_desk_session";
export const SESSION_TTL_SECONDS = 12 * 60 * 60;

/** What the sealed cookie holds: who, and which of their sessions (see users.sessionVersion). */
export type SessionData = { userId?: string; sessionVersion?: number };

/** The signed-in person as pages and handlers see them. */
export type SessionUser = { id: string; email: string; name: string; role: UserRole };

export function sessionOptionsFor(env: Pick<Env, "SESSION_SECRET" | "isProduction">): SessionOptions {
  return {
    cookieName: SESSION_COOKIE,
    password: env.SESSION_SECRET,
    ttl: SESSION_TTL_SECONDS,
    cookieOptions: {
      httpOnly: true,
      sameSite: "lax",
      secure: env.isProduction,
      path: "/",
    },
  };
}

export const toSessionUser = (u: User): SessionUser => ({ id: u.id, email: u.email, name: u.name, role: u.role });

/**
 * The user a session belongs to, read fresh from the database on every request so that
 * a deactivation, a role change or a password reset takes effect on the next request.
 */
export async function resolveSessionUser(db: Db, data: SessionData): Promise<SessionUser | null> {
  if (!data.userId || data.sessionVersion === undefined) return null;
  const user = await getUserById(db, data.userId);
  if (!user || !user.active || user.passwordHash === null) return null;
  if (user.sessionVersion !== data.sessionVersion) return null;
  return toSessionUser(user);
}

export const sessionDataFor = (user: User): Required<SessionData> => ({
  userId: user.id,
  sessionVersion: user.sessionVersion,
});
