import { randomBytes } from "node:crypto";
import { and, eq, gt, isNull, lt } from "drizzle-orm";
import type { SessionOptions } from "iron-session";
import type { Db } from "../db";
import { sessions, users, type User } from "../db/schema";
import type { Env } from "../env";
import type { UserRole } from "./roles";

// The parts of the session that need neither Next nor a request, so vitest can test
// them; lib/auth/session.ts wires them to the cookie store.

export const SESSION_COOKIE = "agency_desk_session";
export const SESSION_TTL_SECONDS = 12 * 60 * 60;

/**
 * What the sealed cookie holds: who, which of their password's sessions (users.sessionVersion)
 * and the server-side session (`sid`, a row of `sessions` that signing out revokes).
 */
export type SessionData = { userId?: string; sessionVersion?: number; sid?: string };

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
 * The user a session belongs to, read fresh from the database on every request (one query: the
 * session row joined to its user), so that a sign-out, a deactivation, a role change or a
 * password reset takes effect on the next request, on every instance.
 */
export async function resolveSessionUser(db: Db, data: SessionData, now = new Date()): Promise<SessionUser | null> {
  if (!data.userId || data.sessionVersion === undefined || !data.sid) return null;
  const [row] = await db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, data.sid), eq(sessions.userId, data.userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)));
  const user = row?.user;
  if (!user || !user.active || user.passwordHash === null) return null;
  if (user.sessionVersion !== data.sessionVersion) return null;
  return toSessionUser(user);
}

/**
 * Records a new session for `user` and returns what its cookie holds. Expired rows, which count
 * for nothing, are cleared on the way (a range of the expiry index, so sign-ins keep the table to
 * the last 12 hours' sessions; a revoked one goes when it expires).
 */
export async function createSession(db: Db, user: User, now = new Date()): Promise<Required<SessionData>> {
  const sid = randomBytes(32).toString("base64url");
  await db.insert(sessions).values({ id: sid, userId: user.id, createdAt: now, expiresAt: new Date(now.getTime() + SESSION_TTL_SECONDS * 1000) });
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
  return { userId: user.id, sessionVersion: user.sessionVersion, sid };
}

/** Signing out: the session stops counting everywhere, whoever holds a copy of its cookie. */
export async function revokeSession(db: Db, sid: string | undefined, now = new Date()): Promise<void> {
  if (!sid) return;
  await db.update(sessions).set({ revokedAt: now }).where(and(eq(sessions.id, sid), isNull(sessions.revokedAt)));
}

/** Every session of a user (deactivation, a new password); `db` may be a transaction. */
export async function revokeUserSessions(db: Db, userId: string, now = new Date()): Promise<void> {
  await db.update(sessions).set({ revokedAt: now }).where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}
