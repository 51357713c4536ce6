import { getDb } from "../db";
import { DEMO_USERS, parseAuthConfig } from "./config";
import { seedDemoUsers } from "./seed";
import { findUserByEmail } from "./users";

// Start-up work of sign-in (called from lib/startup.ts): create the demo accounts when
// asked to, and describe them for the development banner.

const globalForSeed = globalThis as typeof globalThis & { __agencyDeskDemoSeed?: Promise<boolean> };

/** Seeds the demo users once per process when SEED_DEMO_USERS is on (the default outside production). */
export function ensureDemoUsers(): Promise<boolean> {
  if (!parseAuthConfig().seedDemoUsers) return Promise.resolve(false);
  globalForSeed.__agencyDeskDemoSeed ??= getDb()
    .then(seedDemoUsers)
    .catch((err: unknown) => {
      globalForSeed.__agencyDeskDemoSeed = undefined;
      throw err;
    });
  return globalForSeed.__agencyDeskDemoSeed;
}

/** Whether the demo accounts were made by this start, or by an earlier one on this database. */
export function demoNote(createdNow: boolean): string {
  return createdNow
    ? "(created now because the database had no users; sign in at /login)"
    : "(made when this database was first started, and still there; sign in at /login)";
}

/** The banner's "Demo logins" lines: which demo accounts can sign in, with their passwords. */
export async function demoLoginLines(): Promise<string[]> {
  if (!parseAuthConfig().seedDemoUsers) {
    return ["off (SEED_DEMO_USERS=0); create the first admin with npm run create-admin -- --email … --name …"];
  }
  try {
    const createdNow = await ensureDemoUsers();
    const db = await getDb();
    const lines: string[] = [];
    for (const demo of DEMO_USERS) {
      const user = await findUserByEmail(db, demo.email);
      if (user?.active && user.passwordHash) lines.push(`${demo.role.padEnd(8)} ${demo.email.padEnd(26)} password ${demo.password}`);
    }
    return lines.length > 0 ? [...lines, demoNote(createdNow)] : ["none: the database already had users when the desk started, so no demo accounts were created"];
  } catch (err) {
    return [`could not check: ${err instanceof Error ? err.message : String(err)}`];
  }
}
