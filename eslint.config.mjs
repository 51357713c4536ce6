import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

// docs/architecture.md, "What may import what": each "never" there is one of these, matched on the
// specifier as written ("@/…" or a relative path). lib/layering.test.ts checks the same on the
// module each import resolves to, with type-only and dynamic imports counted, which these do not see.
const up = String.raw`(\.\./)+`;
const NEVER = {
  components: {
    regex: String.raw`^(@/|${up})components(/|$)`,
    message: "lib/ must not import components/: move what both need into lib/ (docs/architecture.md, rule 1).",
  },
  app: {
    regex: String.raw`^(@/|${up})app(/|$)`,
    message: "Only app/ imports app/: move what both need into lib/ (docs/architecture.md, rules 1 and 2).",
  },
  transport: {
    regex: String.raw`^(@/|${up})lib/((tds/client|service-status|db|bff|jobs(?!/shapes$))(/|$)|notifications(/(?!(kinds|shapes|days)$)|$)|mail/(?!shapes$))`,
    message:
      "Components never reach the service, the database, the job engine or the mail transport (lib/tds/client, lib/service-status, lib/db, lib/bff, lib/jobs and lib/mail but their shapes, lib/notifications but its kinds, shapes and days): fetch through the BFF with lib/api-client.ts, or take the data from the page; only components/status/ may (docs/architecture.md, rule 4).",
  },
  sandbox: {
    regex: String.raw`^(@/lib/|${up}(lib/)?)sandbox(/|$)`,
    message: "Nothing imports the sandbox but its mount (app/sandbox/) and tests, through lib/testing/ (docs/architecture.md, rule 5).",
  },
  testing: {
    regex: String.raw`^(@/lib/|\./|${up}(lib/)?)testing(/|$)`,
    message: "lib/testing/ is for tests, benches and scripts, never for code that ships (docs/architecture.md, rule 7).",
  },
  // The contract: the browser may load all of it, so it leaves its folder for packages only.
  outsideContract: {
    regex: String.raw`^(\.\./|@/(?!lib/tds/contract(/|$)))`,
    message: "lib/tds/contract/ imports only itself and packages: the browser loads it (docs/architecture.md, rule 3).",
  },
  // The sandbox imports nothing of the app: "@/…" outside lib/sandbox, or a relative path that climbs out of it.
  outsideSandbox: (depth) => ({
    regex: String.raw`^(@/(?!lib/sandbox(/|$))|(\.\./){${depth}})`,
    message: "lib/sandbox/ imports nothing else of the app, so that it runs alone as the service would (docs/architecture.md, rule 6).",
  }),
};
const TESTS = ["**/*.test.ts", "**/*.test.tsx"];
const never = (files, ignores, ...patterns) => ({
  files,
  ignores: [...TESTS, ...ignores],
  rules: { "no-restricted-imports": ["error", { patterns }] },
});

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  // One block per part, so that each file gets exactly one list (a later list would replace an earlier one).
  // Tests, lib/testing/, e2e/, bench/ and scripts/ are exempt (docs/architecture.md).
  never(["app/**/*.{ts,tsx}"], ["app/sandbox/**"], NEVER.sandbox, NEVER.testing),
  never(["app/sandbox/**/*.{ts,tsx}"], [], NEVER.testing),
  never(["components/**/*.{ts,tsx}"], ["components/status/**"], NEVER.app, NEVER.transport, NEVER.sandbox, NEVER.testing),
  // The one exception: the status page's cards ask the service and the database themselves.
  never(["components/status/**/*.{ts,tsx}"], [], NEVER.app, NEVER.sandbox, NEVER.testing),
  never(
    ["lib/**/*.{ts,tsx}"],
    ["lib/tds/contract/**", "lib/sandbox/**", "lib/testing/**"],
    NEVER.components,
    NEVER.app,
    NEVER.sandbox,
    NEVER.testing,
  ),
  never(["lib/tds/contract/**/*.{ts,tsx}"], [], NEVER.components, NEVER.app, NEVER.outsideContract),
  never(["lib/sandbox/*.{ts,tsx}"], [], NEVER.outsideSandbox(1)),
  never(["lib/sandbox/*/*.{ts,tsx}"], [], NEVER.outsideSandbox(2)),
  never(["lib/sandbox/*/*/*.{ts,tsx}"], [], NEVER.outsideSandbox(3)),
  {
    // lib/ has no import cycles. import/no-cycle reads only the project's own modules (parsing some
    // packages overflows the stack).
    files: ["lib/**/*.{ts,tsx}"],
    ignores: TESTS,
    settings: { "import/ignore": ["node_modules"] },
    rules: { "import/no-cycle": ["error", { ignoreExternal: true }] },
  },
  globalIgnores([".next/**", "out/**", "build/**", "next-env.d.ts", ".data/**", "test-results/**", "playwright-report/**", "drizzle/**"]),
]);
