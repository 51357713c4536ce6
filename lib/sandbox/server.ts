// Standalone sandbox: `npm run sandbox` serves the service at http://127.0.0.1:$SANDBOX_PORT/api/v1/...
import { serve } from "@hono/node-server";
import { createSandbox } from "./app";
import { DEV_ADMIN_TOKEN, DEV_API_KEY } from "./config";

const sandbox = createSandbox();
const { port, apiKey, adminToken, dataDir, latencyScale } = sandbox.services.config;

const server = serve({ fetch: sandbox.app.fetch, port, hostname: "127.0.0.1" }, (info) => {
  const lines = [
    `Travel Distribution Service sandbox on http://127.0.0.1:${info.port}/api/v1`,
    `  data:           ${dataDir === ":memory:" ? "in memory" : dataDir}`,
    `  latency scale:  ${latencyScale}`,
    `  demo agency key ${apiKey === DEV_API_KEY ? `${apiKey} (development default)` : "from TDS_API_KEY"}`,
    `  control plane:  /_sandbox with X-Sandbox-Admin: ${adminToken === DEV_ADMIN_TOKEN ? `${adminToken} (development default)` : "$SANDBOX_ADMIN_TOKEN"}`,
  ];
  console.log(lines.join("\n"));
});

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    sandbox.close();
    server.close(() => process.exit(0));
  });
}
