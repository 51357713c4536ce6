import { describe, expect, it } from "vitest";
import { demoNote } from "./startup";

describe("the banner's demo logins", () => {
  it("says the accounts were created only on the start that created them", () => {
    expect(demoNote(true)).toMatch(/^\(created now/);
    expect(demoNote(false)).not.toMatch(/created/);
    expect(demoNote(false)).toMatch(/first started/);
  });
});
