import { defineConfig } from "vitest/config";
import { fileURLToPath } from "node:url";

export default defineConfig({
  resolve: {
    alias: {
      "@": fileURLToPath(new URL("./", import.meta.url)),
      // `server-only` throws wherever the bundler does not set the react-server condition: it keeps
      // the transport (lib/tds/client) and the session out of the browser's bundles. Tests run that
      // server code in node, as Next's server does, so they get the package's server side.
      "server-only": fileURLToPath(new URL("./node_modules/server-only/empty.js", import.meta.url)),
    },
  },
  test: {
    include: [".ci/**/*.test.ts", "scripts/**/*.test.ts", "lib/**/*.test.ts", "components/**/*.test.ts", "components/**/*.test.tsx", "app/**/*.test.ts"],
    environment: "node",
    // Time for the machine, not a budget of the test: a test that opens an in-memory PGlite (about
    // 3 s on an idle 2-core machine) took 30 s and more with the machine's cores busy (load 16,
    // seen in a clean-clone run beside other builds), and failed at the old 30 s for that alone.
    // No test here is about how long something takes (benchmarks in bench/ are); a stuck test
    // still fails, two minutes later.
    testTimeout: 120_000,
    hookTimeout: 180_000,
    pool: "forks",
    setupFiles: ["./components/testing-setup.ts"],
  },
});
