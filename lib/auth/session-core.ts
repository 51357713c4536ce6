import { randomBytes } from "node:crypto";
import { and, eq, gt, isNull, lt, sql } from "drizzle-orm";
import { unsealData, type SessionOptions } from "iron-session";
import { LRUCache } from "lru-cache";
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
  // IDs the desk never makes cannot name a session (and never reach the SQL below).
  if (!SID_FORMAT.test(data.sid) || !UUID_FORMAT.test(data.userId)) return null;
  const [user] = await sharedLookup(db, data.sid, data.userId, () => sessionUserRows(db, data.sid!, data.userId!, now));
  if (!user || !user.active || !user.hasPassword) return null;
  if (user.sessionVersion !== data.sessionVersion) return null;
  return { id: user.id, email: user.email, name: user.name, role: user.role };
}

/*
 * Requests of one page arrive together (a results page asks for rows, thumbnails and the attention
 * count at once; 32 at once in bench/bff-floor.ts), each with the same cookie. While one session's
 * lookup is on its way, the others for that session wait for it rather than queue the same query
 * behind it (PGlite answers one query at a time): one query, started after each of them arrived
 * or just before (at the end of the event loop's turn, `nextTurn`). Nothing is kept once it
 * answers, so every instance still reads the database for each new request; and any change to sessions or users made here (sign-out, deactivation, a role,
 * a new password) starts a new generation, so no request that comes after it joins a lookup that
 * began before it. Kept under a global symbol: a production build has several copies of this module.
 */
type Lookup = { generation: number; rows: Promise<SessionUserRow[]> };
type Lookups = { generation: number; pending: WeakMap<object, Map<string, Lookup>> };
const LOOKUPS = Symbol.for("agency-desk.session-lookups");
function lookups(): Lookups {
  const holder = globalThis as unknown as { [LOOKUPS]?: Lookups };
  return (holder[LOOKUPS] ??= { generation: 0, pending: new WeakMap() });
}

function sharedLookup(db: Db, sid: string, userId: string, query: () => Promise<SessionUserRow[]>): Promise<SessionUserRow[]> {
  const state = lookups();
  let byKey = state.pending.get(db);
  if (!byKey) state.pending.set(db, (byKey = new Map()));
  const key = `${sid} ${userId}`;
  const current = byKey.get(key);
  if (current && current.generation === state.generation) return current.rows;
  const lookup: Lookup = { generation: state.generation, rows: nextTurn().then(query) };
  byKey.set(key, lookup);
  const done = () => {
    if (byKey.get(key) === lookup) byKey.delete(key);
  };
  lookup.rows.then(done, done);
  return lookup.rows;
}

/**
 * A lookup's query starts once the event loop has handled the I/O at hand, not at once: PGlite runs
 * a query within the turn it is asked in (wasm, on this thread), so a lookup started at once was
 * over before the next request of the same page, read from its socket in the same turn, got to
 * ask, and each ran its own. Waiting for the end of the turn costs a request alone nothing.
 */
function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** After a change to sessions or users: lookups already on their way serve no later request. */
export function forgetSessionLookups(): void {
  const state = lookups();
  state.generation += 1;
  state.pending = new WeakMap();
}

const SID_FORMAT = /^[A-Za-z0-9_-]{1,128}$/;
const UUID_FORMAT = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type SessionUserRow = { id: string; email: string; name: string; role: UserRole; active: boolean; sessionVersion: number; hasPassword: boolean };

// Every BFF request runs this query, so it is prepared once on the database's side and only
// executed per request: on PostgreSQL as a named statement (node-postgres prepares it once per
// connection); on PGlite with PREPARE/EXECUTE, the ID formats checked above being the only text
// that enters it (a tenth of the time of planning the join again, which was the largest part of
// a BFF request's own CPU). Any other database object goes through drizzle.
const SESSION_USER_SQL = `select u.id, u.email, u.name, u.role, u.active, u.session_version as "sessionVersion",
  u.password_hash is not null as "hasPassword"
  from sessions s join users u on u.id = s.user_id
  where s.id = $1 and s.user_id = $2 and s.revoked_at is null and s.expires_at > $3`;
const SESSION_USER_STATEMENT = "desk_session_user";
type PgliteLike = { waitReady: Promise<void>; exec: (sql: string) => Promise<unknown>; query: <R>(sql: string) => Promise<{ rows: R[] }> };
type PgPoolLike = { query: <R>(config: { name: string; text: string; values: unknown[] }) => Promise<{ rows: R[] }> };
// Kept on the PGlite object under a global symbol, not in this module: a production build bundles
// this module into several route chunks, each its own instance, all sharing one database.
const PREPARED = Symbol.for("agency-desk.session-user-statement");
type PreparedHolder = { [PREPARED]?: Promise<void> };

async function sessionUserRows(db: Db, sid: string, userId: string, now: Date): Promise<SessionUserRow[]> {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (client && typeof client === "object" && "waitReady" in client && "exec" in client) {
    const pglite = client as PgliteLike;
    const holder = pglite as unknown as PreparedHolder;
    holder[PREPARED] ??= pglite.exec(`prepare ${SESSION_USER_STATEMENT} (text, uuid, timestamptz) as ${SESSION_USER_SQL}`).then(
      () => undefined,
      (err: unknown) => {
        // Prepared already (by another copy of this module, or before a hot reload): the same statement.
        if (err instanceof Error && /already exists/.test(err.message)) return;
        delete holder[PREPARED];
        throw err;
      },
    );
    await holder[PREPARED];
    return (await pglite.query<SessionUserRow>(`execute ${SESSION_USER_STATEMENT}('${sid}', '${userId}', '${now.toISOString()}')`)).rows;
  }
  if (client && typeof client === "object" && "totalCount" in client && "query" in client) {
    const pool = client as PgPoolLike;
    return (await pool.query<SessionUserRow>({ name: SESSION_USER_STATEMENT, text: SESSION_USER_SQL, values: [sid, userId, now.toISOString()] })).rows;
  }
  return sessionUserQuery(db).execute({ sid, userId, now });
}

const sessionUserQueries = new WeakMap<Db, ReturnType<typeof buildSessionUserQuery>>();
const buildSessionUserQuery = (db: Db) =>
  db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      role: users.role,
      active: users.active,
      sessionVersion: users.sessionVersion,
      hasPassword: sql<boolean>`${users.passwordHash} is not null`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, sql.placeholder("sid")),
        eq(sessions.userId, sql.placeholder("userId")),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql.placeholder("now")),
      ),
    )
    .prepare("desk_session_user_orm");
function sessionUserQuery(db: Db) {
  let q = sessionUserQueries.get(db);
  if (!q) sessionUserQueries.set(db, (q = buildSessionUserQuery(db)));
  return q;
}

/**
 * What a session cookie holds, as iron-session's `getIronSession` reads it (`{}` when it is not a
 * valid seal or has expired). Unsealing costs about half a millisecond of crypto and every request
 * of an open page sends the same cookie, so a seal already opened is remembered with what it held,
 * under the password that opened it, and only until the expiry sealed inside it: the same string
 * under the same password always opens to the same data, so this changes no answer. (Who the
 * session belongs to is still read from the database on every request.)
 */
export async function readSessionSeal(seal: string, options: Pick<SessionOptions, "password" | "ttl">, now = Date.now()): Promise<SessionData> {
  if (!seal) return {};
  const hit = openedSeals.get(seal);
  if (hit && hit.password === options.password && now < hit.until) return { ...hit.data };
  const data = await unsealData<SessionData>(seal, { password: options.password, ttl: options.ttl });
  const until = sealExpiry(seal);
  if (data.userId && until !== null && now < until) openedSeals.set(seal, { password: options.password, data: { ...data }, until });
  return data;
}

const openedSeals = new LRUCache<string, { password: SessionOptions["password"]; data: SessionData; until: number }>({ max: 10_000 });

/** The expiry an iron seal carries (`Fe26.2*id*salt*iv*data*<expiry ms>*salt*hmac~2`), or null without one. */
function sealExpiry(seal: string): number | null {
  const expiration = seal.split("~")[0]!.split("*")[5];
  return expiration && /^\d+$/.test(expiration) ? Number(expiration) : null;
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
  forgetSessionLookups();
  await db.update(sessions).set({ revokedAt: now }).where(and(eq(sessions.id, sid), isNull(sessions.revokedAt)));
  forgetSessionLookups();
}

/** Every session of a user (deactivation, a new password); `db` may be a transaction. */
export async function revokeUserSessions(db: Db, userId: string, now = new Date()): Promise<void> {
  forgetSessionLookups();
  await db.update(sessions).set({ revokedAt: now }).where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  forgetSessionLookups();
}
