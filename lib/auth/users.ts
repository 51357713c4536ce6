import { createHash, randomBytes } from "node:crypto";
import { and, asc, count, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import type { Db } from "../db";
import { userInvites, users, type User } from "../db/schema";
import type { UserRole } from "./roles";
import { forgetSessionLookups, revokeUserSessions } from "./session-core";

// The users repository: every read and write of accounts and invites, on any Db
// (PGlite or PostgreSQL), so that vitest exercises it without Next.

export const INVITE_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export type UserErrorCode =
  | "email_taken"
  | "not_found"
  | "self_change"
  | "last_admin"
  | "password_already_set"
  | "invite_invalid"
  | "invite_expired"
  | "invite_used";

/** A rule the change would break, with the sentence to show the person who asked. */
export class UserError extends Error {
  constructor(
    readonly code: UserErrorCode,
    message: string,
  ) {
    super(message);
    this.name = "UserError";
  }
}

const MESSAGES: Record<UserErrorCode, string> = {
  email_taken: "Someone already has an account with this email address.",
  not_found: "This user does not exist.",
  self_change: "You cannot deactivate yourself or change your own role. Ask another admin.",
  last_admin: "The desk needs at least one active admin. Make someone else an admin first.",
  password_already_set: "This user has already set a password, so they do not need an invite.",
  invite_invalid: "This invite link is not valid. Check that you copied all of it.",
  invite_expired: "This invite link has expired. Ask your admin for a new one.",
  invite_used: "This invite link has already been used. Sign in with the password you chose.",
};

const fail = (code: UserErrorCode): never => {
  throw new UserError(code, MESSAGES[code]);
};

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Ids arrive from cookies and URLs; a malformed one would make PostgreSQL raise instead of finding nothing. */
export const isUserId = (id: string) => UUID.test(id);

export const hashInviteToken = (token: string) => createHash("sha256").update(token).digest("hex");

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | undefined;
  return (e?.cause?.code ?? e?.code) === "23505";
}

export async function findUserByEmail(db: Db, email: string): Promise<User | null> {
  const [row] = await db.select().from(users).where(eq(users.email, normalizeEmail(email)));
  return row ?? null;
}

export async function getUserById(db: Db, id: string): Promise<User | null> {
  if (!isUserId(id)) return null;
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row ?? null;
}

export async function countUsers(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users);
  return row?.n ?? 0;
}

export type NewAccount = { email: string; name: string; role: UserRole; passwordHash: string | null };

export async function createUser(db: Db, account: NewAccount): Promise<User> {
  try {
    const [row] = await db
      .insert(users)
      .values({ ...account, email: normalizeEmail(account.email), name: account.name.trim() })
      .returning();
    return row!;
  } catch (err) {
    if (isUniqueViolation(err)) fail("email_taken");
    throw err;
  }
}

export type UserStatus = "active" | "invited" | "invite_expired" | "deactivated";

/** A user as the admin list shows them. */
export type UserSummary = {
  id: string;
  email: string;
  name: string;
  role: UserRole;
  status: UserStatus;
  createdAt: string;
  lastSignInAt: string | null;
  /** The newest unused invite of a user who has not set a password yet. */
  inviteExpiresAt: string | null;
};

export function summarize(user: User, inviteExpiresAt: Date | null = null, now = new Date()): UserSummary {
  const invitePending = inviteExpiresAt !== null && inviteExpiresAt > now;
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    status: !user.active
      ? "deactivated"
      : user.passwordHash !== null
        ? "active"
        : invitePending
          ? "invited"
          : "invite_expired",
    createdAt: user.createdAt.toISOString(),
    lastSignInAt: user.lastSignInAt?.toISOString() ?? null,
    inviteExpiresAt: user.passwordHash === null ? (inviteExpiresAt?.toISOString() ?? null) : null,
  };
}

/** Every user, oldest first; or just the one with `id`. */
export async function listUsers(db: Db, id?: string, now = new Date()): Promise<UserSummary[]> {
  if (id !== undefined && !isUserId(id)) return [];
  const rows = await db
    .select()
    .from(users)
    .where(id === undefined ? undefined : eq(users.id, id))
    .orderBy(asc(users.createdAt), asc(users.email));
  const pendingIds = rows.filter((u) => u.passwordHash === null).map((u) => u.id);
  const invites =
    pendingIds.length === 0
      ? []
      : await db
          .select({
            userId: userInvites.userId,
            expiresAt: sql<Date>`max(${userInvites.expiresAt})`.mapWith(userInvites.expiresAt),
          })
          .from(userInvites)
          .where(and(inArray(userInvites.userId, pendingIds), isNull(userInvites.usedAt)))
          .groupBy(userInvites.userId);
  const expiries = new Map(invites.map((i) => [i.userId, i.expiresAt]));
  return rows.map((u) => summarize(u, expiries.get(u.id) ?? null, now));
}

export async function getUserSummary(db: Db, id: string, now = new Date()): Promise<UserSummary | null> {
  return (await listUsers(db, id, now))[0] ?? null;
}

function newInviteToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, tokenHash: hashInviteToken(token) };
}

export type Invitation = { user: User; token: string; expiresAt: Date };

/** Creates a user without a password and the one-time token of their invite link. */
export async function inviteUser(
  db: Db,
  input: { email: string; name: string; role: UserRole; invitedBy: string | null },
  now = new Date(),
): Promise<Invitation> {
  return db.transaction(async (tx) => {
    const user = await createUser(tx, { ...input, passwordHash: null });
    const { token, tokenHash } = newInviteToken();
    const expiresAt = new Date(now.getTime() + INVITE_TTL_MS);
    await tx.insert(userInvites).values({ userId: user.id, tokenHash, createdBy: input.invitedBy, expiresAt });
    return { user, token, expiresAt };
  });
}

/** A fresh invite link for a user who has not set a password; earlier unused links stop working. */
export async function reissueInvite(
  db: Db,
  input: { userId: string; invitedBy: string | null },
  now = new Date(),
): Promise<Invitation> {
  return db.transaction(async (tx) => {
    const user = isUserId(input.userId)
      ? (await tx.select().from(users).where(eq(users.id, input.userId)).for("update"))[0]
      : undefined;
    if (!user) return fail("not_found");
    if (user.passwordHash !== null) return fail("password_already_set");
    await tx.delete(userInvites).where(and(eq(userInvites.userId, user.id), isNull(userInvites.usedAt)));
    const { token, tokenHash } = newInviteToken();
    const expiresAt = new Date(now.getTime() + INVITE_TTL_MS);
    await tx.insert(userInvites).values({ userId: user.id, tokenHash, createdBy: input.invitedBy, expiresAt });
    return { user, token, expiresAt };
  });
}

export type InviteLookup =
  | { status: "valid"; user: Pick<User, "id" | "email" | "name" | "role">; expiresAt: Date }
  | { status: "invalid" | "expired" | "used" };

/** What an invite link leads to, for the invite page (nothing is changed). */
export async function lookupInvite(db: Db, token: string, now = new Date()): Promise<InviteLookup> {
  const [row] = await db
    .select({ invite: userInvites, user: users })
    .from(userInvites)
    .innerJoin(users, eq(users.id, userInvites.userId))
    .where(eq(userInvites.tokenHash, hashInviteToken(token)));
  if (!row || !row.user.active) return { status: "invalid" };
  if (row.invite.usedAt || row.user.passwordHash !== null) return { status: "used" };
  if (row.invite.expiresAt <= now) return { status: "expired" };
  const { id, email, name, role } = row.user;
  return { status: "valid", user: { id, email, name, role }, expiresAt: row.invite.expiresAt };
}

/** Sets the invited user's password and spends the token; the link never works again. */
export async function redeemInvite(db: Db, token: string, passwordHash: string, now = new Date()): Promise<User> {
  return db.transaction(async (tx) => {
    const [invite] = await tx
      .select()
      .from(userInvites)
      .where(eq(userInvites.tokenHash, hashInviteToken(token)))
      .for("update");
    if (!invite) return fail("invite_invalid");
    const [user] = await tx.select().from(users).where(eq(users.id, invite.userId)).for("update");
    if (!user?.active) return fail("invite_invalid");
    if (invite.usedAt || user.passwordHash !== null) return fail("invite_used");
    if (invite.expiresAt <= now) return fail("invite_expired");
    await tx.update(userInvites).set({ usedAt: now }).where(eq(userInvites.id, invite.id));
    const [updated] = await tx
      .update(users)
      .set({ passwordHash, sessionVersion: sql`${users.sessionVersion} + 1` })
      .where(eq(users.id, user.id))
      .returning();
    return updated!;
  });
}

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** A change to a user (committed or not) ends the session lookups on their way (lib/auth/session-core.ts). */
function afterUserChange<T>(change: Promise<T>): Promise<T> {
  return change.finally(forgetSessionLookups);
}

/**
 * Locks the target and every admin who can sign in, so two admins demoting or
 * deactivating each other at once cannot both succeed and leave the desk with none.
 */
async function lockForChange(tx: Tx, actorId: string | null, userId: string) {
  if (actorId !== null && actorId === userId) fail("self_change");
  const admins = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, "admin"), eq(users.active, true), isNotNull(users.passwordHash)))
    .orderBy(asc(users.id))
    .for("update");
  const target = isUserId(userId) ? (await tx.select().from(users).where(eq(users.id, userId)).for("update"))[0] : undefined;
  if (!target) return fail("not_found");
  const isCountedAdmin = admins.some((a) => a.id === target.id);
  return { target, isLastAdmin: isCountedAdmin && admins.length === 1 };
}

/** Deactivating signs the user out at once (their next request finds them inactive); reactivating does not bring old sessions back. */
export async function setUserActive(
  db: Db,
  input: { actorId: string | null; userId: string; active: boolean },
): Promise<User> {
  return afterUserChange(db.transaction(async (tx) => {
    const { target, isLastAdmin } = await lockForChange(tx, input.actorId, input.userId);
    if (target.active === input.active) return target;
    if (!input.active && isLastAdmin) fail("last_admin");
    const [updated] = await tx
      .update(users)
      .set(
        input.active
          ? { active: true }
          : { active: false, sessionVersion: sql`${users.sessionVersion} + 1` },
      )
      .where(eq(users.id, target.id))
      .returning();
    // The version bump already refuses their cookies; the rows say so too.
    if (!input.active) await revokeUserSessions(tx, target.id);
    return updated!;
  }));
}

export async function setUserRole(
  db: Db,
  input: { actorId: string | null; userId: string; role: UserRole },
): Promise<User> {
  return afterUserChange(db.transaction(async (tx) => {
    const { target, isLastAdmin } = await lockForChange(tx, input.actorId, input.userId);
    if (target.role === input.role) return target;
    if (input.role !== "admin" && isLastAdmin) fail("last_admin");
    const [updated] = await tx.update(users).set({ role: input.role }).where(eq(users.id, target.id)).returning();
    return updated!;
  }));
}

export async function recordSignIn(db: Db, userId: string, now = new Date()): Promise<void> {
  await db.update(users).set({ lastSignInAt: now }).where(eq(users.id, userId));
}

/** Whether an active admin who can sign in exists (scripts/create-admin.ts refuses to add a second without --force). */
export async function hasActiveAdmin(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.role, "admin"), eq(users.active, true), isNotNull(users.passwordHash)));
  return (row?.n ?? 0) > 0;
}

/**
 * Creates the given accounts when the database has no users at all. Returns whether it
 * did. Emails already present are skipped, so instances starting together are safe.
 */
export async function seedUsers(
  db: Db,
  accounts: readonly { email: string; name: string; role: UserRole; passwordHash: string }[],
): Promise<boolean> {
  if ((await countUsers(db)) > 0) return false;
  const rows = accounts.map((a) => ({ ...a, email: normalizeEmail(a.email) }));
  const inserted = await db.insert(users).values(rows).onConflictDoNothing({ target: users.email }).returning({ id: users.id });
  return inserted.length > 0;
}

/**
 * scripts/create-admin.ts with --force on an existing email: makes that account an
 * active admin with a new password and signs out its old sessions.
 */
export async function resetToAdmin(db: Db, input: { email: string; name: string; passwordHash: string }): Promise<User> {
  return afterUserChange(db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({
        name: input.name.trim(),
        role: "admin",
        active: true,
        passwordHash: input.passwordHash,
        sessionVersion: sql`${users.sessionVersion} + 1`,
      })
      .where(eq(users.email, normalizeEmail(input.email)))
      .returning();
    if (!row) return fail("not_found");
    await revokeUserSessions(tx, row.id);
    return row;
  }));
}
