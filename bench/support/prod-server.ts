// A production server of the desk for browser benchmarks: built when `.next/BUILD_ID` is missing
// (or BENCH_BUILD=1), started on its own port and data dirs (emptied first), stopped with its
// whole process group so no server outlives the benchmark, even when it fails or is interrupted.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import path from "node:path";
import { e2eServerEnv } from "../../e2e/constants";
import { atServerPriority } from "./cpus";

export type BenchServer = { baseURL: string; latencyScale: string; stop: () => Promise<void> };

const BUILD_TIMEOUT_MS = 10 * 60_000;
const READY_TIMEOUT_MS = 120_000;

/**
 * options.dir: the checkout to serve (default this one), e.g. an older commit built elsewhere so a
 * bench measures before and after side by side; its own build, data dirs and node_modules.
 */
export async function startProdServer(options: { port: number; name: string; env?: Record<string, string>; nodeArgs?: string[]; dir?: string }): Promise<BenchServer> {
  const dir = path.resolve(options.dir ?? ".");
  const origin = `http://127.0.0.1:${options.port}`;
  if (await answers(`${origin}/api/health`)) {
    throw new Error(`Something already answers on ${origin}; stop it or pass BENCH_BASE_URL=${origin} to measure it.`);
  }
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    ...e2eServerEnv,
    APP_ORIGIN: origin,
    SANDBOX_DATA_DIR: `.data/${options.name}-sandbox`,
    PGLITE_DIR: `.data/${options.name}-pglite`,
    ...options.env,
  };
  const childEnv = env as unknown as NodeJS.ProcessEnv;

  if (!existsSync(path.join(dir, ".next/BUILD_ID")) || process.env.BENCH_BUILD === "1") {
    console.error(`Building the app in ${dir} (npx next build)…`);
    const build = spawnSync("npx", ["next", "build"], { cwd: dir, env: childEnv, stdio: ["ignore", 2, 2], timeout: BUILD_TIMEOUT_MS });
    if (build.status !== 0) throw new Error(`npx next build failed (${build.error?.message ?? `exit ${build.status ?? build.signal}`}).`);
  }
  rmSync(path.resolve(dir, env.SANDBOX_DATA_DIR!), { recursive: true, force: true });
  rmSync(path.resolve(dir, env.PGLITE_DIR!), { recursive: true, force: true });

  // Detached: its own process group, so one signal reaches the server and anything it spawned.
  // nodeArgs: flags of the server's node (e.g. --cpu-prof, which NODE_OPTIONS does not take).
  const [command, args] = atServerPriority(process.execPath, [...(options.nodeArgs ?? []), "node_modules/next/dist/bin/next", "start", "-p", String(options.port), "-H", "127.0.0.1"]);
  const child = spawn(command, args, {
    cwd: dir,
    env: childEnv,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const tail: string[] = [];
  const keep = (chunk: Buffer) => {
    tail.push(...chunk.toString().split("\n").filter(Boolean));
    tail.splice(0, Math.max(0, tail.length - 40));
  };
  child.stdout!.on("data", keep);
  child.stderr!.on("data", keep);
  let exited = false;
  child.on("exit", () => (exited = true));

  const killGroup = (signal: NodeJS.Signals) => {
    if (exited || child.pid === undefined) return;
    try {
      process.kill(-child.pid, signal);
    } catch {
      // already gone
    }
  };
  // The last resort when the benchmark exits any other way than through stop().
  const onExit = () => killGroup("SIGKILL");
  process.on("exit", onExit);

  const stop = async () => {
    killGroup("SIGTERM");
    const deadline = Date.now() + 5_000;
    while (!exited && Date.now() < deadline) await sleep(100);
    killGroup("SIGKILL");
    process.off("exit", onExit);
  };

  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (!(await answers(`${origin}/api/health`))) {
    if (exited) throw new Error(`The server exited before it was ready:\n${tail.join("\n")}`);
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The server was not ready (GET /api/health) within ${READY_TIMEOUT_MS / 1000} s:\n${tail.join("\n")}`);
    }
    await sleep(300);
  }
  return { baseURL: origin, latencyScale: env.SANDBOX_LATENCY_SCALE ?? "?", stop };
}

async function answers(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(3_000) });
    return res.ok;
  } catch {
    return false;
  }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
