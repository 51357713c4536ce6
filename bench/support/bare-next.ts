// A bare Next.js app of the desk's own next/react versions, for benchmarks that compare a page of
// the desk with the least a Next page costs (bench/page-weight.ts, bench/main-thread.ts): one page,
// one button, written to BENCH_BARE_DIR (/tmp/bare-next) and built with this repo's node_modules
// through a symlink (nothing is downloaded; BENCH_BARE_BUILD=1 rebuilds it).
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { atServerPriority } from "./cpus";
import { existsSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { sleep, type BenchServer } from "./prod-server";

const BARE_DIR = process.env.BENCH_BARE_DIR ?? "/tmp/bare-next";

const BARE_FILES: Record<string, string> = {
  "package.json": JSON.stringify({ name: "bare-next", private: true, type: "module" }, null, 2),
  "next.config.mjs": `// Turbopack's root includes the repo whose node_modules this app borrows through a symlink.
export default { poweredByHeader: false, turbopack: { root: ${JSON.stringify(path.parse(process.cwd()).root)} } };
`,
  "app/layout.jsx": `export const metadata = { title: "Bare" };
export default function RootLayout({ children }) {
  return (<html lang="en"><body>{children}</body></html>);
}
`,
  "app/page.jsx": `import { Counter } from "./counter";
export default function Page() {
  return (<main><h1>Bare Next page</h1><Counter /></main>);
}
`,
  "app/counter.jsx": `"use client";
import { useState } from "react";
export function Counter() {
  const [n, setN] = useState(0);
  return <button type="button" onClick={() => setN(n + 1)}>Clicked {n} times</button>;
}
`,
};

/** Writes the bare app (when its files changed or it has no build) and builds it with this repo's Next. */
export function buildBare(): void {
  mkdirSync(path.join(BARE_DIR, "app"), { recursive: true });
  for (const [name, text] of Object.entries(BARE_FILES)) writeFileSync(path.join(BARE_DIR, name), text);
  const modules = path.join(BARE_DIR, "node_modules");
  if (!existsSync(modules)) symlinkSync(path.resolve("node_modules"), modules, "dir");
  if (existsSync(path.join(BARE_DIR, ".next/BUILD_ID")) && process.env.BENCH_BARE_BUILD !== "1") return;
  console.error(`Building the bare Next app in ${BARE_DIR}…`);
  rmSync(path.join(BARE_DIR, ".next"), { recursive: true, force: true });
  const build = spawnSync(process.execPath, [path.resolve("node_modules/next/dist/bin/next"), "build"], {
    cwd: BARE_DIR,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
    stdio: ["ignore", 2, 2],
    timeout: 5 * 60_000,
  });
  if (build.status !== 0) throw new Error(`Building the bare app failed (${build.error?.message ?? `exit ${build.status ?? build.signal}`}).`);
}

export async function startBare(port: number): Promise<BenchServer> {
  const origin = `http://127.0.0.1:${port}`;
  if (await answers(origin)) throw new Error(`Something already answers on ${origin}; stop it first.`);
  const [command, args] = atServerPriority(process.execPath, [path.resolve("node_modules/next/dist/bin/next"), "start", "-p", String(port), "-H", "127.0.0.1"]);
  const child: ChildProcess = spawn(command, args, {
    cwd: BARE_DIR,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
    detached: true,
    stdio: "ignore",
  });
  let exited = false;
  child.on("exit", () => (exited = true));
  const kill = (signal: NodeJS.Signals) => {
    if (exited || child.pid === undefined) return;
    try {
      process.kill(-child.pid, signal);
    } catch {
      // already gone
    }
  };
  const onExit = () => kill("SIGKILL");
  process.on("exit", onExit);
  const stop = async () => {
    kill("SIGTERM");
    const deadline = Date.now() + 5_000;
    while (!exited && Date.now() < deadline) await sleep(100);
    kill("SIGKILL");
    process.off("exit", onExit);
  };
  const deadline = Date.now() + 60_000;
  while (!(await answers(origin))) {
    if (exited || Date.now() > deadline) {
      await stop();
      throw new Error(`The bare Next app did not start on ${origin}.`);
    }
    await sleep(300);
  }
  return { baseURL: origin, latencyScale: "-", stop };
}

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(3_000) })).ok;
  } catch {
    return false;
  }
}
