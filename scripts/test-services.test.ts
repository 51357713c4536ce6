import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";

// `npm test` must not change the machine's configuration (issue 28: the services script used to
// add a `trust` line to the system's pg_hba.conf before starting the machine's PostgreSQL). Where
// no usable PostgreSQL answers, the run starts its own, in the repository, and stops it at the end.

const root = path.resolve(import.meta.dirname, "..");
const tsx = path.join(root, "node_modules/tsx/dist/cli.mjs");
const scratch = path.join(root, ".data", `test-services-check-${process.pid}`);
const pgDir = path.join(scratch, "postgres");
const home = path.join(scratch, "home");

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The machine's files a PostgreSQL set-up could be tempted to change, with a checksum each. */
function machineFiles(): Map<string, string> {
  const files = new Map<string, string>();
  const add = (file: string) => {
    if (!existsSync(file)) return;
    if (statSync(file).isDirectory()) {
      for (const entry of readdirSync(file)) add(path.join(file, entry));
      return;
    }
    try {
      files.set(file, createHash("sha256").update(readFileSync(file)).digest("hex"));
    } catch {
      // Not readable by this user (pg_hba.conf is postgres's own): its time and size then.
      const { mtimeMs, size } = statSync(file);
      files.set(file, `modified ${mtimeMs}, ${size} bytes`);
    }
  };
  // Every cluster's pg_hba.conf and postgresql.conf, and the users and groups (no `postgres` user created).
  for (const file of ["/etc/postgresql", "/etc/passwd", "/etc/group"]) add(file);
  return files;
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

async function query<T extends pg.QueryResultRow>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  client.on("error", () => undefined);
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

describe("scripts/test-services.sh", () => {
  it("edits no system file: no pg_hba.conf, no cluster of the machine's, no apt install of PostgreSQL", () => {
    for (const file of ["scripts/test-services.sh", "scripts/test-postgres.ts"]) {
      const text = readFileSync(path.join(root, file), "utf8");
      expect(text, file).not.toMatch(/sed\s+-i|\/etc\/postgresql|pg_ctlcluster|apt_install\s+postgresql|useradd|createPostgresUser/);
    }
  });

  it(
    "where no PostgreSQL answers, runs one of its own in the repository for the run, and stops it when the run ends",
    async () => {
      const before = machineFiles();
      mkdirSync(home, { recursive: true });
      const silentPort = await freePort();

      // As `npm test` does: source the services script, then run (here: wait for the test's go).
      const shell = spawn("bash", ["-c", 'source scripts/test-services.sh >&2; echo "$TEST_DATABASE_URL"; read -r _ || true'], {
        cwd: root,
        env: { ...process.env, TEST_PG_PORT: String(silentPort), TEST_PG_DIR: pgDir, HOME: home, TEST_DATABASE_URL: "" },
        stdio: ["pipe", "pipe", "pipe"],
      });
      let stdout = "";
      let stderr = "";
      shell.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
      shell.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
      const exited = new Promise<number | null>((resolve) => shell.on("exit", (code) => resolve(code)));
      await Promise.race([
        new Promise<void>((resolve) => shell.stdout.on("data", () => stdout.includes("\n") && resolve())),
        exited.then((code) => {
          throw new Error(`the services script stopped (${code}): ${stderr}`);
        }),
      ]);
      const url = stdout.trim();

      try {
        expect(stderr).toMatch(new RegExp(`PostgreSQL: none on 127\\.0\\.0\\.1:${silentPort}: started embedded PostgreSQL 15\\.\\d+ on 127\\.0\\.0\\.1:\\d+`));
        expect(stderr).toContain("database:   created test");
        expect(url).toMatch(/^postgres:\/\/postgres@127\.0\.0\.1:\d+\/test$/);
        const port = Number(new URL(url).port);
        expect(port).not.toBe(silentPort);

        // What the tests do with it: a database of their own, made and dropped.
        const [server] = await query<{ hba: string; data: string; listen: string }>(
          url,
          "select current_setting('hba_file') as hba, current_setting('data_directory') as data, current_setting('listen_addresses') as listen",
        );
        expect(server!.listen).toBe("127.0.0.1");
        // Its configuration, pg_hba.conf included, is its own, inside the repository.
        expect(server!.hba.startsWith(`${pgDir}/`)).toBe(true);
        expect(server!.data.startsWith(`${pgDir}/`)).toBe(true);
        await query(url, 'create database "services_check"');
        await query(url, 'drop database "services_check"');

        // A PostgreSQL that answers and serves (here the run's own) is used as it is: nothing started.
        const other = path.join(scratch, "unused");
        const found = spawnSync(process.execPath, [tsx, "scripts/test-postgres.ts", "up"], {
          cwd: root,
          encoding: "utf8",
          env: { ...process.env, TEST_PG_PORT: String(port), TEST_PG_DIR: other, HOME: home },
        });
        expect(found.status, found.stderr).toBe(0);
        expect(found.stdout).toBe(`${url}\nfound\n`);
        expect(found.stderr).toContain(`PostgreSQL: running on 127.0.0.1:${port}`);
        expect(found.stderr).toContain("database:   test exists");
        expect(existsSync(other)).toBe(false);
      } finally {
        shell.stdin.end();
      }
      expect(await exited).toBe(0);

      // Stopped with the run: nothing answers there any more, and its data is gone.
      await expect(query(url, "select 1")).rejects.toThrow(/ECONNREFUSED/);
      expect(existsSync(path.join(pgDir, "data"))).toBe(false);
      // Nothing changed on the machine, nothing written to the home folder.
      expect(machineFiles()).toEqual(before);
      expect(readdirSync(home)).toEqual([]);
    },
    180_000,
  );
});
