import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    // ARCHITECTURE.md: layers point one way. lib/ never imports components/ (move a shared type
    // down into lib/), and lib/ has no import cycles. lib/layering.test.ts checks the same with
    // type-only and dynamic imports counted, which these rules do not see.
    files: ["lib/**/*.{ts,tsx}"],
    // Tests may share fixtures with component tests (lib/bookings/summary.test.ts).
    ignores: ["lib/**/*.test.{ts,tsx}"],
    // import/no-cycle reads only the project's own modules (parsing some packages overflows the stack).
    settings: { "import/ignore": ["node_modules"] },
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["@/components", "@/components/**", "**/components", "**/components/**"],
              message: "lib/ must not import components/: move what both need into lib/ (ARCHITECTURE.md, “Layers point one way”).",
            },
          ],
        },
      ],
      "import/no-cycle": ["error", { ignoreExternal: true }],
    },
  },
  globalIgnores([".next/**", "out/**", "build/**", "next-env.d.ts", ".data/**", "test-results/**", "playwright-report/**", "drizzle/**"]),
]);
