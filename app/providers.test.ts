import { config } from "zod";
import { config as miniConfig } from "zod/mini";
import { describe, expect, it } from "vitest";

// app/providers.tsx sets zod's one global setting without importing zod (the header of every page
// would bring the schema library with it): both zod builds must see it, whichever loaded first.
describe("zod's setting from the providers", () => {
  it("turns zod's JIT off (our CSP forbids eval), seen by zod and zod/mini", async () => {
    expect(config().jitless).not.toBe(true);
    await import("./providers");
    expect(config().jitless).toBe(true);
    expect(miniConfig().jitless).toBe(true);
  });
});
