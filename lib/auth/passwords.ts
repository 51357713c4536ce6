import { hash, verify } from "@node-rs/argon2";

// argon2id (the library's default) with its default cost, which is OWASP's recommended
// minimum: 19 MiB of memory, 2 passes, 1 lane. The parameters travel inside each hash,
// so raising them later still verifies old hashes.

// Length rules (at least 10, at most 256 so that hashing stays cheap to ask for) live in
// lib/auth/schemas.ts with the forms that apply them.

export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

/** True when `password` matches `passwordHash`; false (never a throw) for a malformed hash. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends as long as a real verification, for sign-ins whose email matches no one, so
 * response times do not tell which addresses have accounts.
 */
export async function verifyAgainstNothing(password: string): Promise<false> {
  dummyHash ??= hash("agency-desk-no-such-user");
  await verifyPassword(await dummyHash, password);
  return false;
}
