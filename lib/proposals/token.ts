import "server-only";
import { createHash, randomBytes } from "node:crypto";

// The client's link /p/<token>: 32 random bytes (256 bits) in base64url, 43 characters. Only
// the SHA-256 of the token is stored (proposals.token_sha256, hex), so a leaked database or
// backup opens no proposal; the link is found by the hash, an indexed equality, which leaks
// nothing through timing about other tokens.

export const TOKEN_BYTES = 32;
/** What a token looks like: anything else is refused before the database is asked. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function newToken(): string {
  return randomBytes(TOKEN_BYTES).toString("base64url");
}

/** The stored form of a token: its SHA-256 as 64 hex digits. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

export const isTokenShaped = (token: string) => TOKEN_PATTERN.test(token);
