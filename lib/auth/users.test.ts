import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDb, type Db, type DbHandle } from "../db";
import { userInvites, users } from "../db/schema";
import {
  createUser,
  getUserById,
  getUserSummary,
  hasActiveAdmin,
  hashInviteToken,
  INVITE_TTL_MS,
  inviteUser,
  listUsers,
  lookupInvite,
  redeemInvite,
  reissueInvite,
  seedUsers,
  setUserActive,
  setUserRole,
  UserError,
  type UserErrorCode,
} from "./users";

let handle: DbHandle;
let db: Db;

beforeAll(async () => {
  handle = await openDb({ driver: "pglite", dataDir: ":memory:" });
  db = handle.db;
});
afterAll(() => handle?.close());

let n = 0;
const unique = (name: string) => `${name}-${++n}@example.com`;
const account = (role: "admin" | "advisor" = "advisor", email = unique(role)) => ({
  email,
  name: `Test ${role}`,
  role,
  passwordHash: "$argon2id$placeholder",
});

async function expectUserError(promise: Promise<unknown>, code: UserErrorCode): Promise<UserError> {
  const err = await promise.then(() => null, (e: unknown) => e);
  expect(err).toBeInstanceOf(UserError);
  expect((err as UserError).code).toBe(code);
  return err as UserError;
}

describe("users repository (PGlite in memory)", () => {
  it("seeds only into an empty database", async () => {
    expect(await seedUsers(db, [account("admin", "seed-admin@example.com"), account("advisor", "Seed-Advisor@Example.com")])).toBe(true);
    expect(await seedUsers(db, [account("admin", "another@example.com")])).toBe(false);
    const emails = (await listUsers(db)).map((u) => u.email);
    expect(emails).toEqual(["seed-admin@example.com", "seed-advisor@example.com"]);
  });

  it("creates users with a lowercased email, unique whatever its case", async () => {
    const user = await createUser(db, { ...account(), email: "  Mixed.Case@Example.COM " });
    expect(user).toMatchObject({ email: "mixed.case@example.com", role: "advisor", active: true, sessionVersion: 1 });
    const err = await expectUserError(createUser(db, { ...account(), email: "mixed.case@EXAMPLE.com" }), "email_taken");
    expect(err.message).toBe("Someone already has an account with this email address.");
    expect(await getUserById(db, "not-a-uuid")).toBeNull();
  });

  it("deactivates and reactivates; deactivation signs the user out everywhere", async () => {
    const admin = await createUser(db, account("admin"));
    const advisor = await createUser(db, account());
    const off = await setUserActive(db, { actorId: admin.id, userId: advisor.id, active: false });
    expect(off).toMatchObject({ active: false, sessionVersion: advisor.sessionVersion + 1 });
    expect((await getUserSummary(db, advisor.id))?.status).toBe("deactivated");
    const on = await setUserActive(db, { actorId: admin.id, userId: advisor.id, active: true });
    expect(on).toMatchObject({ active: true, sessionVersion: advisor.sessionVersion + 1 });
    await expectUserError(setUserActive(db, { actorId: admin.id, userId: admin.id, active: false }), "self_change");
    await expectUserError(setUserRole(db, { actorId: admin.id, userId: admin.id, role: "advisor" }), "self_change");
    await expectUserError(setUserActive(db, { actorId: admin.id, userId: crypto.randomUUID(), active: false }), "not_found");
  });

  it("never leaves the desk without an active admin who can sign in", async () => {
    // A database of its own, so the other tests' admins do not count.
    const own = await openDb({ driver: "pglite", dataDir: ":memory:" });
    try {
      const a = await createUser(own.db, account("admin"));
      const b = await createUser(own.db, account("admin"));
      // An invited admin who has not set a password does not count as one.
      const invited = await inviteUser(own.db, { email: unique("invited"), name: "Ivy", role: "admin", invitedBy: a.id });
      await setUserRole(own.db, { actorId: a.id, userId: b.id, role: "advisor" });
      const err = await expectUserError(setUserActive(own.db, { actorId: null, userId: a.id, active: false }), "last_admin");
      expect(err.message).toBe("The desk needs at least one active admin. Make someone else an admin first.");
      await expectUserError(setUserRole(own.db, { actorId: null, userId: a.id, role: "advisor" }), "last_admin");
      await expectUserError(setUserRole(own.db, { actorId: invited.user.id, userId: a.id, role: "advisor" }), "last_admin");
      // Once there is another, either may go.
      await setUserRole(own.db, { actorId: a.id, userId: b.id, role: "admin" });
      await setUserActive(own.db, { actorId: b.id, userId: a.id, active: false });
      expect(await hasActiveAdmin(own.db)).toBe(true);
      await expectUserError(setUserActive(own.db, { actorId: null, userId: b.id, active: false }), "last_admin");
      // Concurrent attempts to remove both remaining admins: at most one succeeds.
      await setUserActive(own.db, { actorId: b.id, userId: a.id, active: true });
      const results = await Promise.allSettled([
        setUserActive(own.db, { actorId: a.id, userId: b.id, active: false }),
        setUserActive(own.db, { actorId: b.id, userId: a.id, active: false }),
      ]);
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      expect(await hasActiveAdmin(own.db)).toBe(true);
    } finally {
      await own.close();
    }
  });

  it("runs an invite from link to password: valid once, stored hashed, for 7 days", async () => {
    const admin = await createUser(db, account("admin"));
    const now = new Date("2026-11-02T10:00:00Z");
    const { user, token, expiresAt } = await inviteUser(
      db,
      { email: "Invitee@Example.com", name: "Ines Invitee", role: "advisor", invitedBy: admin.id },
      now,
    );
    expect(user).toMatchObject({ email: "invitee@example.com", passwordHash: null, active: true });
    expect(expiresAt.getTime() - now.getTime()).toBe(INVITE_TTL_MS);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [stored] = await db.select().from(userInvites).where(eq(userInvites.userId, user.id));
    expect(stored!.tokenHash).toBe(hashInviteToken(token));
    expect(stored!.tokenHash).not.toContain(token);
    expect(await getUserSummary(db, user.id, now)).toMatchObject({ status: "invited", inviteExpiresAt: expiresAt.toISOString() });
    expect(await getUserSummary(db, user.id, expiresAt)).toMatchObject({ status: "invite_expired" });

    expect(await lookupInvite(db, token, now)).toMatchObject({ status: "valid", user: { name: "Ines Invitee" } });
    expect(await lookupInvite(db, "nope", now)).toEqual({ status: "invalid" });
    expect(await lookupInvite(db, token, new Date(expiresAt.getTime() + 1))).toEqual({ status: "expired" });
    await expectUserError(redeemInvite(db, token, "$argon2id$x", new Date(expiresAt.getTime() + 1)), "invite_expired");

    const redeemed = await redeemInvite(db, token, "$argon2id$new", now);
    expect(redeemed).toMatchObject({ passwordHash: "$argon2id$new", sessionVersion: user.sessionVersion + 1 });
    expect((await getUserSummary(db, user.id))?.status).toBe("active");
    expect(await lookupInvite(db, token, now)).toEqual({ status: "used" });
    await expectUserError(redeemInvite(db, token, "$argon2id$again", now), "invite_used");
    await expectUserError(redeemInvite(db, "not-a-token", "$argon2id$again", now), "invite_invalid");
    await expectUserError(reissueInvite(db, { userId: user.id, invitedBy: admin.id }), "password_already_set");
  });

  it("replaces an unused invite with a new link, and refuses links of deactivated users", async () => {
    const admin = await createUser(db, account("admin"));
    const first = await inviteUser(db, { email: unique("again"), name: "Ari", role: "advisor", invitedBy: admin.id });
    const second = await reissueInvite(db, { userId: first.user.id, invitedBy: admin.id });
    expect(second.token).not.toBe(first.token);
    expect(await lookupInvite(db, first.token)).toEqual({ status: "invalid" });
    expect(await lookupInvite(db, second.token)).toMatchObject({ status: "valid" });

    await setUserActive(db, { actorId: admin.id, userId: first.user.id, active: false });
    expect(await lookupInvite(db, second.token)).toEqual({ status: "invalid" });
    await expectUserError(redeemInvite(db, second.token, "$argon2id$x"), "invite_invalid");
  });

  it("lists users oldest first with their status", async () => {
    await inviteUser(db, { email: unique("pending"), name: "Pat Pending", role: "advisor", invitedBy: null });
    const list = await listUsers(db);
    expect(list.length).toBeGreaterThan(3);
    const sorted = [...list].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    expect(list.map((u) => u.id)).toEqual(sorted.map((u) => u.id));
    expect(new Set(list.map((u) => u.status))).toEqual(new Set(["active", "invited", "deactivated"]));
    expect(list.find((u) => u.name === "Pat Pending")?.inviteExpiresAt).not.toBeNull();
    expect(await db.$count(users)).toBe(list.length);
  });
});
