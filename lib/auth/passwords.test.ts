import { describe, expect, it } from "vitest";
import { hashPassword, verifyAgainstNothing, verifyPassword } from "./passwords";

describe("passwords", () => {
  it("hashes with argon2id and a fresh salt, and verifies only the right password", async () => {
    const [a, b] = await Promise.all([hashPassword("correct horse battery"), hashPassword("correct horse battery")]);
    expect(a).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword(a, "correct horse battery")).toBe(true);
    expect(await verifyPassword(a, "correct horse batterY")).toBe(false);
    expect(await verifyPassword(a, "")).toBe(false);
  });

  it("treats a malformed hash as a mismatch instead of throwing", async () => {
    expect(await verifyPassword("scrypt$not-a-real-hash", "anything at all")).toBe(false);
    expect(await verifyPassword("", "anything at all")).toBe(false);
  });

  it("spends a verification on unknown accounts and always says no", async () => {
    expect(await verifyAgainstNothing("agency-desk-no-such-user")).toBe(false);
  });
});
