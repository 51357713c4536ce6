import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SandboxError } from "./errors";
import { TRIGGERS, parseTriggers, withoutTriggers } from "./triggers";

describe("scenario triggers", () => {
  it("finds known triggers, case-insensitively, and leaves the rest of the text", () => {
    expect([...parseTriggers("Ritz sandbox:Price-Change sandbox:titles", "search", "query")]).toEqual(["price-change", "titles"]);
    expect(withoutTriggers("Ritz  sandbox:price-change  Madrid")).toBe("Ritz Madrid");
    expect(parseTriggers(undefined, "traveler", "x").size).toBe(0);
  });

  it.each([
    ["an unknown name", "sandbox:price-chnage", "search"],
    ["a name of another place", "sandbox:supplier-pending", "search"],
    ["an empty name", "Lopez sandbox:", "traveler"],
  ] as const)("fails loudly on %s", (_name, text, place) => {
    let thrown: unknown;
    try {
      parseTriggers(text, place, "field");
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(SandboxError);
    expect(thrown).toMatchObject({ status: 400, code: "validation_error", details: [{ path: "field", message: expect.any(String) }] });
    expect((thrown as Error).message).toMatch(/Known here: sandbox:/);
  });

  it("are all documented in docs/sandbox.md", () => {
    const docs = fs.readFileSync(path.resolve(__dirname, "../../../docs/sandbox.md"), "utf8");
    for (const name of Object.keys(TRIGGERS)) expect(docs, name).toContain(`sandbox:${name}`);
  });
});
