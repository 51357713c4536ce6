// Are the production dependencies current? `npx tsx scripts/deps-current.ts`
// `npm audit` cannot run where the registry refuses its advisories endpoint (this CI's mirror
// answers 405). This is the check that can: each production dependency's installed version
// against the registry's latest release, with the reason where we pin an older major on purpose.
// Needs the registry; not part of `npm test`.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";

/** Older majors kept on purpose (TOOLCHAIN.md: the machines run Node 20). */
const PINNED: Record<string, string> = {
  "iron-session": "9.x needs Node 22; 8.x is the maintained line for Node 20",
};

const pkg = JSON.parse(readFileSync("package.json", "utf8")) as { dependencies: Record<string, string> };
const installed = (name: string): string =>
  (JSON.parse(readFileSync(`node_modules/${name}/package.json`, "utf8")) as { version: string }).version;
const latest = (name: string): string =>
  execFileSync("npm", ["view", name, "dist-tags.latest"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
const major = (v: string) => v.split(".")[0];

let behind = 0;
console.log("dependency".padEnd(28), "installed".padEnd(12), "latest".padEnd(12), "status");
for (const name of Object.keys(pkg.dependencies).sort()) {
  const have = installed(name);
  const newest = latest(name);
  let status = have === newest ? "current" : major(have) === major(newest) ? "behind (same major)" : "behind (major)";
  if (have !== newest && PINNED[name]) status = `pinned: ${PINNED[name]}`;
  else if (have !== newest) behind++;
  console.log(name.padEnd(28), have.padEnd(12), newest.padEnd(12), status);
}
console.log(behind === 0 ? "\nEvery production dependency is current (or pinned with its reason)." : `\n${behind} behind: update them, or pin them here with the reason.`);
process.exitCode = behind === 0 ? 0 : 1;
