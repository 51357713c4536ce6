// @vitest-environment node
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { PLAIN_CSS } from "@/app/plain-css.generated";
import { compilePlainCss, PLAIN_CSS_MODULE, plainCssModule } from "./plain-css";

describe("the client's page's inlined stylesheet (app/plain-css.generated.ts)", () => {
  it("is what Tailwind makes of app/plain.css and the client's page's sources now: run `npm run plain-css` when this fails", async () => {
    const css = await compilePlainCss();
    expect(readFileSync(PLAIN_CSS_MODULE, "utf8")).toBe(plainCssModule(css));
  }, 60_000);

  it("has the desk's tokens and the classes of the client's page, minified, and stays small", () => {
    expect(PLAIN_CSS).toContain("--color-brand-600");
    for (const cls of [".text-ink", ".bg-canvas", ".has-checked\\:ring-brand-500", ".print\\:bg-white"]) expect(PLAIN_CSS).toContain(cls);
    // Not the desk's stylesheet: none of the desk's own classes (the results' grid, the header's blur).
    expect(PLAIN_CSS).not.toContain(".backdrop-blur");
    expect(PLAIN_CSS).not.toMatch(/\n\s+/);
    expect(PLAIN_CSS.length).toBeLessThan(30_000);
  });
});
