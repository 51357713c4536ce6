// Creates the first admin of a production desk (development seeds demo users instead).
//
//   npm run create-admin -- --email ada@agency.com --name "Ada Lovelace" [--force]
//
// The password comes from ADMIN_PASSWORD, or is asked for twice when run in a terminal.
// Refuses when an active admin exists, unless --force; with --force and an email that
// already has an account, that account becomes an active admin with the new password.
// Uses DATABASE_URL (PostgreSQL) or PGLITE_DIR (default .data/pglite): stop the app
// first when it uses PGlite, which one process opens at a time.
import { parseArgs } from "node:util";
import * as z from "zod/mini";
import { $ZodError } from "zod/v4/core";
import { hashPassword } from "../lib/auth/passwords";
import { inviteUserSchema, newPasswordSchema } from "../lib/auth/schemas";
import { createUser, hasActiveAdmin, resetToAdmin, UserError } from "../lib/auth/users";
import { openDb, type DbOptions } from "../lib/db";

class Refusal extends Error {}

function readHidden(prompt: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const { stdin, stdout } = process;
    stdout.write(prompt);
    stdin.setRawMode(true);
    stdin.setEncoding("utf8");
    stdin.resume();
    let value = "";
    const finish = (error?: Error) => {
      stdin.setRawMode(false);
      stdin.pause();
      stdin.off("data", onData);
      stdout.write("\n");
      if (error) reject(error);
      else resolve(value);
    };
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === "\r" || ch === "\n") return finish();
        if (ch === "\u0003") return finish(new Refusal("Cancelled."));
        if (ch === "\u007f" || ch === "\b") value = value.slice(0, -1);
        else value += ch;
      }
    };
    stdin.on("data", onData);
  });
}

async function readPassword(): Promise<string> {
  const fromEnv = process.env.ADMIN_PASSWORD;
  const values = fromEnv
    ? { password: fromEnv, confirmPassword: fromEnv }
    : process.stdin.isTTY
      ? { password: await readHidden("Password: "), confirmPassword: await readHidden("Type it again: ") }
      : null;
  if (!values) throw new Refusal("Set ADMIN_PASSWORD, or run this in a terminal to be asked for the password.");
  const parsed = newPasswordSchema.safeParse(values);
  if (!parsed.success) throw new Refusal(parsed.error.issues.map((i) => i.message).join(" "));
  return parsed.data.password;
}

function dbOptions(): DbOptions {
  const url = process.env.DATABASE_URL?.trim();
  if (url) return { driver: "postgres", url };
  return { driver: "pglite", dataDir: process.env.PGLITE_DIR?.trim() || ".data/pglite" };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { email: { type: "string" }, name: { type: "string" }, force: { type: "boolean", default: false } },
  });
  const account = z
    .pick(inviteUserSchema, { email: true, name: true })
    .safeParse({ email: values.email ?? "", name: values.name ?? "" });
  if (!account.success) {
    throw new Refusal(
      `${account.error.issues.map((i) => i.message).join(" ")}\nUsage: npm run create-admin -- --email ada@agency.com --name "Ada Lovelace" [--force]`,
    );
  }
  const { email, name } = account.data;

  const handle = await openDb(dbOptions());
  try {
    if (!values.force && (await hasActiveAdmin(handle.db))) {
      throw new Refusal("An active admin already exists: add users from /admin/users. Use --force to add one anyway.");
    }
    const passwordHash = await hashPassword(await readPassword());
    try {
      await createUser(handle.db, { email, name, role: "admin", passwordHash });
      console.log(`Created admin ${email} in ${handle.location}. Sign in at /login.`);
    } catch (err) {
      if (!(err instanceof UserError && err.code === "email_taken")) throw err;
      if (!values.force) throw new Refusal(`${email} already has an account. Use --force to make it an admin with this password.`);
      await resetToAdmin(handle.db, { email, name, passwordHash });
      console.log(`${email} is now an active admin with the new password (its old sessions are signed out).`);
    }
  } finally {
    await handle.close();
  }
}

main().catch((err: unknown) => {
  const message = err instanceof Refusal || err instanceof $ZodError ? err.message : String(err instanceof Error ? err.stack : err);
  console.error(message);
  process.exit(1);
});
