// Keeps the servers a browser bench measures from taking the CPU from the page. On a phone the
// page has its CPU to itself and the server is elsewhere; on this 2-core machine Chromium's main
// thread would otherwise be preempted by the very server that answers it (SSR, the BFF, the
// sandbox), and Lighthouse's simulated mode multiplies whatever it saw by four. The servers run
// at the lowest scheduling priority (`nice -n 19`), so they take only the CPU the browser leaves.
// (Pinning Chromium to one CPU and the servers to the other was tried: Chromium's own processes,
// the browser, GPU and network ones, then preempt its renderer, and TBT rose tenfold.)
// BENCH_NICE=0 runs the servers at normal priority.
import { spawnSync } from "node:child_process";

const hasNice = () => spawnSync("nice", ["true"], { stdio: "ignore" }).status === 0;

export const serversNiced = process.env.BENCH_NICE !== "0" && hasNice();

/** The command and arguments that run `command args` at the servers' (lowest) priority. */
export function atServerPriority(command: string, args: string[]): [string, string[]] {
  return serversNiced ? ["nice", ["-n", "19", command, ...args]] : [command, args];
}
