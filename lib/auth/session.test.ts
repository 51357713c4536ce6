import { sealData } from "iron-session";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { openDb, type DbHandle } from "../db";
import { sessions } from "../db/schema";
import { parseEnv } from "../env";
import { DEMO_USERS, parseAuthConfig } from "./config";
import { attemptLogin, DEACTIVATED_MESSAGE, INVALID_LOGIN_MESSAGE } from "./login";
import { hashPassword, verifyPassword } from "./passwords";
import { seedDemoUsers } from "./seed";
import { createSession, readSessionSeal, resolveSessionUser, revokeSession, revokeUserSessions, SESSION_COOKIE, sessionOptionsFor } from "./session-core";
import { createLoginThrottle } from "./throttle";
import { createUser, findUserByEmail, inviteUser, redeemInvite, resetToAdmin, setUserActive, setUserRole } from "./users";

let handle: DbHandle;
beforeAll(async () => {
  handle = await openDb({ driver: "pglite", dataDir: ":memory:" });
});
afterAll(() => handle?.close());

describe("session options", () => {
  it("seals an HttpOnly, SameSite=Lax cookie for 12 hours, Secure in production", () => {
    const dev = sessionOptionsFor(parseEnv({}));
    expect(dev).toMatchObject({
      cookieName: SESSION_COOKIE,
      ttl: 43_200,
      cookieOptions: { httpOnly: true, sameSite: "lax", secure: false, path: "/" },
    });
    const secret = "x".repeat(40);
    const prod = sessionOptionsFor(parseEnv({ NODE_ENV: "production", SESSION_SECRET: secret, TDS_API_KEY: "k" }));
    expect(prod).toMatchObject({ password: secret, cookieOptions: { secure: true } });
  });
});

describe("reading the session cookie", () => {
  const password = "p".repeat(40);
  const options = { password, ttl: 43_200 };
  afterEach(() => vi.useRealTimers());

  it("opens a seal as iron-session does, the same again from memory, and never under another password", async () => {
    const held = { userId: "u1", sessionVersion: 3, sid: "s1" };
    const seal = await sealData(held, options);
    const first = await readSessionSeal(seal, options);
    expect(first).toEqual(held);
    first.userId = "changed";
    expect(await readSessionSeal(seal, options)).toEqual(held);
    expect(await readSessionSeal(seal, { ...options, password: "q".repeat(40) })).toEqual({});
    expect(await readSessionSeal(`${seal.slice(0, -4)}AAAA`, options)).toEqual({});
    expect(await readSessionSeal("", options)).toEqual({});
    expect(await readSessionSeal("not a seal", options)).toEqual({});
  });

  it("forgets a remembered seal once the expiry sealed in it has passed", async () => {
    const seal = await sealData({ userId: "u2", sessionVersion: 1, sid: "s2" }, { password, ttl: 1 });
    expect((await readSessionSeal(seal, options)).userId).toBe("u2");
    vi.useFakeTimers({ now: Date.now() + 5 * 60_000 });
    expect(await readSessionSeal(seal, options)).toEqual({});
  });
});

describe("session user resolution", () => {
  it("returns the user while active, and null once deactivated, even after reactivation", async () => {
    const db = handle.db;
    const admin = await createUser(db, { email: "boss@example.com", name: "Bo Boss", role: "admin", passwordHash: "$h" });
    const user = await createUser(db, { email: "sess@example.com", name: "Sia Session", role: "advisor", passwordHash: "$h" });
    const session = await createSession(db, user);
    expect(await resolveSessionUser(db, session)).toEqual({ id: user.id, email: "sess@example.com", name: "Sia Session", role: "advisor" });

    // A role change shows on the next request, without signing in again.
    await setUserRole(db, { actorId: admin.id, userId: user.id, role: "admin" });
    expect(await resolveSessionUser(db, session)).toMatchObject({ role: "admin" });

    await setUserActive(db, { actorId: admin.id, userId: user.id, active: false });
    expect(await resolveSessionUser(db, session)).toBeNull();
    await setUserActive(db, { actorId: admin.id, userId: user.id, active: true });
    expect(await resolveSessionUser(db, session)).toBeNull();
  });

  it("works when another copy of this module prepared the statement first (a production build bundles it into several chunks)", async () => {
    const db = handle.db;
    const user = await createUser(db, { email: "chunks@example.com", name: "Cy Chunks", role: "advisor", passwordHash: "$h" });
    const session = await createSession(db, user);
    expect(await resolveSessionUser(db, session)).toMatchObject({ id: user.id }); // this copy prepares it
    const anotherCopy = async () => {
      vi.resetModules();
      return (await import("./session-core")).resolveSessionUser;
    };
    expect(await (await anotherCopy())(db, session)).toMatchObject({ id: user.id });
    // One that does not know it was prepared (the mark on the database object lost): PREPARE meets it.
    delete (handle.db as unknown as { $client: Record<symbol, unknown> }).$client[Symbol.for("agency-desk.session-user-statement")];
    expect(await (await anotherCopy())(db, session)).toMatchObject({ id: user.id });
  });

  it("answers the requests of one session that arrive together with one query, and none that comes after a change", async () => {
    const db = handle.db;
    const admin = await createUser(db, { email: "together-admin@example.com", name: "Tia Admin", role: "admin", passwordHash: "$h" });
    const user = await createUser(db, { email: "together@example.com", name: "Tom Together", role: "advisor", passwordHash: "$h" });
    const session = await createSession(db, user);
    const other = await createSession(db, admin);
    const client = (db as unknown as { $client: { query: (...args: unknown[]) => Promise<unknown> } }).$client;
    const query = vi.spyOn(client, "query");
    try {
      const answers = await Promise.all([...Array.from({ length: 16 }, () => resolveSessionUser(db, session)), resolveSessionUser(db, other)]);
      expect(answers.slice(0, 16).every((a) => a?.id === user.id)).toBe(true);
      expect(answers[16]).toMatchObject({ id: admin.id });
      expect(query).toHaveBeenCalledTimes(2); // one per session, not one per request

      // Nothing is kept once answered: the next request asks again.
      await resolveSessionUser(db, session);
      expect(query).toHaveBeenCalledTimes(3);

      // A request after a sign-out does not join a lookup that began before it.
      const before = resolveSessionUser(db, session);
      await revokeSession(db, session.sid);
      const after = resolveSessionUser(db, session);
      expect(await after).toBeNull();
      await before;

      // Nor after a deactivation, made while the admin's lookup is on its way.
      const adminBefore = resolveSessionUser(db, other);
      const boss = await createUser(db, { email: "together-boss@example.com", name: "Bea Boss", role: "admin", passwordHash: "$h" });
      await setUserActive(db, { actorId: boss.id, userId: admin.id, active: false });
      expect(await resolveSessionUser(db, other)).toBeNull();
      await adminBefore;
    } finally {
      query.mockRestore();
    }
  });

  it("returns null for an empty, malformed or unknown session, or one from before a password was set", async () => {
    const db = handle.db;
    expect(await resolveSessionUser(db, {})).toBeNull();
    expect(await resolveSessionUser(db, { userId: "nope", sessionVersion: 1 })).toBeNull();
    expect(await resolveSessionUser(db, { userId: crypto.randomUUID(), sessionVersion: 1 })).toBeNull();
    const { user, token } = await inviteUser(db, { email: "new@example.com", name: "Nia New", role: "advisor", invitedBy: null });
    const before = await createSession(db, user);
    expect(await resolveSessionUser(db, before)).toBeNull();
    const redeemed = await redeemInvite(db, token, "$h2");
    expect(await resolveSessionUser(db, before)).toBeNull();
    expect(await resolveSessionUser(db, await createSession(db, redeemed))).toMatchObject({ email: "new@example.com" });
  });

  it("ends on the server: a signed-out, expired or cookie-only session no longer counts", async () => {
    const db = handle.db;
    const user = await createUser(db, { email: "out@example.com", name: "Oona Out", role: "advisor", passwordHash: "$h" });
    const mine = await createSession(db, user);
    const copied = { ...mine };
    const other = await createSession(db, user);
    expect(await resolveSessionUser(db, copied)).toMatchObject({ email: "out@example.com" });

    // Signing out revokes this session, whoever holds a copy of its cookie; the other browser stays in.
    await revokeSession(db, mine.sid);
    expect(await resolveSessionUser(db, copied)).toBeNull();
    expect(await resolveSessionUser(db, other)).toMatchObject({ email: "out@example.com" });

    // A cookie from before server-side sessions (no sid), or naming someone else's session.
    expect(await resolveSessionUser(db, { userId: user.id, sessionVersion: user.sessionVersion })).toBeNull();
    const stranger = await createUser(db, { email: "str@example.com", name: "Sol Stranger", role: "advisor", passwordHash: "$h" });
    expect(await resolveSessionUser(db, { ...other, userId: stranger.id })).toBeNull();

    // Twelve hours later it has expired.
    expect(await resolveSessionUser(db, other, new Date(Date.now() + 12 * 3_600_000 + 1000))).toBeNull();
    await revokeUserSessions(db, user.id);
    expect(await resolveSessionUser(db, other)).toBeNull();
  });

  it("a password reset revokes every session of the user; a sign-in clears expired rows", async () => {
    const db = handle.db;
    const user = await createUser(db, { email: "reset@example.com", name: "Rae Reset", role: "advisor", passwordHash: "$h" });
    const old = await createSession(db, user, new Date(Date.now() - 13 * 3_600_000));
    const current = await createSession(db, user);
    expect(await resolveSessionUser(db, current)).toMatchObject({ email: "reset@example.com" });
    const rows = () => db.select().from(sessions).where(eq(sessions.userId, user.id));
    // The expired one went when `current` was created.
    expect((await rows()).map((r) => r.id)).toEqual([current.sid]);
    expect(old.sid).not.toBe(current.sid);

    await resetToAdmin(db, { email: "reset@example.com", name: "Rae Reset", passwordHash: "$new" });
    expect(await resolveSessionUser(db, current)).toBeNull();
    expect((await rows()).every((r) => r.revokedAt !== null)).toBe(true);
  });
});

describe("attemptLogin", () => {
  it("signs in, answers unknown email and wrong password alike, throttles, and resets on success", async () => {
    const db = handle.db;
    const throttle = createLoginThrottle({ kind: "memory" });
    await createUser(db, { email: "lou@example.com", name: "Lou Login", role: "advisor", passwordHash: await hashPassword("lou's long password") });
    const login = (email: string, password: string, ip = "10.1.0.1") => attemptLogin({ db, throttle }, { email, password, ip });

    expect(await login("nobody@example.com", "whatever it is")).toEqual({ ok: false, reason: "invalid" });
    expect(await login("lou@example.com", "wrong password!")).toEqual({ ok: false, reason: "invalid" });
    expect(INVALID_LOGIN_MESSAGE).toMatch(/email or password/);

    const ok = await login("LOU@example.com", "lou's long password");
    expect(ok).toMatchObject({ ok: true, user: { email: "lou@example.com" } });
    expect((await findUserByEmail(db, "lou@example.com"))?.lastSignInAt).toBeInstanceOf(Date);

    // The failure before the success no longer counts: five more are allowed.
    for (let i = 0; i < 5; i++) expect(await login("lou@example.com", `wrong ${i}`)).toMatchObject({ reason: "invalid" });
    const blocked = await login("lou@example.com", "lou's long password");
    expect(blocked).toMatchObject({ ok: false, reason: "throttled" });
    if (!blocked.ok && blocked.reason === "throttled") expect(blocked.retryAfterSeconds).toBeGreaterThan(800);
  });

  it("tells a deactivated user so only when the password is right", async () => {
    const db = handle.db;
    const throttle = createLoginThrottle({ kind: "memory" });
    const user = await createUser(db, { email: "gone@example.com", name: "Gil Gone", role: "advisor", passwordHash: await hashPassword("the right password") });
    await setUserActive(db, { actorId: null, userId: user.id, active: false });
    expect(await attemptLogin({ db, throttle }, { email: "gone@example.com", password: "a wrong password", ip: null })).toMatchObject({ reason: "invalid" });
    expect(await attemptLogin({ db, throttle }, { email: "gone@example.com", password: "the right password", ip: null })).toMatchObject({ reason: "deactivated" });
    expect(DEACTIVATED_MESSAGE).toMatch(/deactivated/);
  });
});

describe("demo users", () => {
  it("are seeded by default outside production, on request in production, and only into an empty database", async () => {
    expect(parseAuthConfig({})).toEqual({ seedDemoUsers: true });
    expect(parseAuthConfig({ NODE_ENV: "production" })).toEqual({ seedDemoUsers: false });
    expect(parseAuthConfig({ NODE_ENV: "production", SEED_DEMO_USERS: "1" })).toEqual({ seedDemoUsers: true });
    expect(parseAuthConfig({ SEED_DEMO_USERS: "0" })).toEqual({ seedDemoUsers: false });
    expect(() => parseAuthConfig({ SEED_DEMO_USERS: "maybe" })).toThrow("SEED_DEMO_USERS must be 1 or 0.");

    const fresh = await openDb({ driver: "pglite", dataDir: ":memory:" });
    try {
      expect(await seedDemoUsers(fresh.db)).toBe(true);
      expect(await seedDemoUsers(fresh.db)).toBe(false);
      for (const demo of DEMO_USERS) {
        const user = await findUserByEmail(fresh.db, demo.email);
        expect(user).toMatchObject({ role: demo.role, active: true });
        expect(demo.password.length).toBeGreaterThanOrEqual(10);
        expect(await verifyPassword(user!.passwordHash!, demo.password)).toBe(true);
      }
    } finally {
      await fresh.close();
    }
  });
});
