// A process running the job engine with the slow test job only, for lib/jobs/kill.test.ts:
// `node --import tsx --conditions=react-server lib/jobs/testing/kill-worker.ts <database URL>` (one
// process: tsx's own CLI would run it in a child, out of reach of the test's SIGKILL). It stops the way
// the server does (lib/jobs/graceful-stop.ts) and says "ready" once its workers run.
import { startEngine, STOP_GRACE_MS } from "../engine";
import { installGracefulStop } from "../graceful-stop";
import { bareHandle, slowJob } from "./slow-job";

const url = process.argv[2];
if (!url) throw new Error("usage: kill-worker.ts <database URL>");

const engine = await startEngine({
  handle: bareHandle(url),
  deps: async () => ({ db: null as never, tds: null as never }),
  definitions: [slowJob(url)],
  schedule: false,
  maintenanceIntervalSeconds: 1,
  maxConnections: 2,
});
installGracefulStop({ stop: engine.stop, limitMs: STOP_GRACE_MS + 5_000 });
console.log("ready");
