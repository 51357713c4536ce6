import type { Db } from "../db";
import { DEMO_USERS } from "./config";
import { hashPassword } from "./passwords";
import { countUsers, seedUsers } from "./users";

/** Creates the documented demo admin and advisor when the database has no users. Returns whether it did. */
export async function seedDemoUsers(db: Db): Promise<boolean> {
  // Checked first so that a restart does not spend two argon2 hashes for nothing.
  if ((await countUsers(db)) > 0) return false;
  const accounts = await Promise.all(
    DEMO_USERS.map(async ({ password, ...account }) => ({ ...account, passwordHash: await hashPassword(password) })),
  );
  return seedUsers(db, accounts);
}
