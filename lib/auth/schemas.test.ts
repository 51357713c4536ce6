import { describe, expect, it } from "vitest";
import { inviteUserSchema, loginSchema } from "./schemas";

const messageOf = (r: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }, field: string) =>
  r.error?.issues.find((i) => i.path[0] === field)?.message;

describe("auth forms", () => {
  it("asks for your own address when signing in, and the invitee's when inviting", () => {
    expect(messageOf(loginSchema.safeParse({ email: "", password: "x" }), "email")).toBe("Enter your email address.");
    expect(messageOf(inviteUserSchema.safeParse({ name: "Ana", email: " ", role: "advisor" }), "email")).toBe(
      "Enter the email address of the person you are inviting.",
    );
    expect(messageOf(inviteUserSchema.safeParse({ name: "Ana", email: "ana@", role: "advisor" }), "email")).toBe("Enter an email address such as name@agency.com.");
  });
});
