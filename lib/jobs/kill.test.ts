import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminQuery, postgresReachable, testDatabaseName, testDatabaseUrl } from "@/lib/testing/databases";
import { startEngine, type JobsEngine } from "./engine";
import { bareHandle, killRunsTable, SLOW_JOB, slowJob } from "./testing/slow-job";

// "Killing the server mid-job and starting it again runs the job to its end exactly once"
// (docs/follow-ups.md#stopping-and-restarting). Each worker is a process of its own running the
// engine (lib/jobs/testing/kill-worker.ts) on this file's own PostgreSQL database: killed with
// SIGKILL mid-run, its job expires and the next process runs it to its end, once; stopped with
// SIGTERM mid-run, the graceful stop lets the job finish and nothing runs it again.

const postgresUp = await postgresReachable();

const until = async <T>(what: string, read: () => Promise<T | null | undefined | false>, ms = 30_000): Promise<T> => {
  const stop = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() > stop) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
};

const root = path.resolve(import.meta.dirname, "../..");

describe.skipIf(!postgresUp)("a process stopped mid-job", () => {
  const dbName = testDatabaseName("jobs_kill");
  const url = testDatabaseUrl(dbName);
  const children: ChildProcess[] = [];
  let sender: JobsEngine;
  let client: pg.Client;

  const worker = async (): Promise<{ child: ChildProcess; exited: Promise<{ code: number | null; signal: string | null }>; log: () => string }> => {
    const child = spawn(process.execPath, ["--import", "tsx", "--conditions=react-server", "lib/jobs/testing/kill-worker.ts", url], {
      cwd: root,
      env: { ...process.env, NODE_ENV: "production", VITEST: undefined },
      stdio: ["ignore", "pipe", "pipe"],
    });
    children.push(child);
    let log = "";
    child.stdout!.on("data", (d: Buffer) => (log += d.toString()));
    child.stderr!.on("data", (d: Buffer) => (log += d.toString()));
    const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
    await until("the worker to be ready", async () => {
      if (child.exitCode !== null) throw new Error(`the worker exited: ${log}`);
      return log.includes("ready");
    }, 60_000);
    return { child, exited, log: () => log };
  };

  const runs = async () => (await client.query<{ job_id: string; phase: string; pid: number }>("select job_id, phase, pid from kill_runs order by at")).rows;

  beforeAll(async () => {
    await adminQuery(`create database "${dbName}"`);
    client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(killRunsTable);
    // Creates the queue; sends, never works.
    sender = await startEngine({ handle: bareHandle(url), deps: async () => ({ db: null as never, tds: null as never }), definitions: [slowJob(url)], schedule: false, work: false, maxConnections: 1 });
  }, 60_000);
  afterAll(async () => {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill("SIGKILL");
    await sender?.stop();
    await client?.end();
    await adminQuery(`drop database if exists "${dbName}" with (force)`);
  });

  it("killed (SIGKILL) mid-run, the job runs to its end exactly once in the next process", async () => {
    await client.query("truncate kill_runs");
    const first = await worker();
    const id = (await sender.send(SLOW_JOB, { n: 1 }))!;
    await until("the job to start", async () => (await runs()).some((r) => r.phase === "started"));
    first.child.kill("SIGKILL");
    expect(await first.exited).toMatchObject({ signal: "SIGKILL" });
    expect((await runs()).filter((r) => r.phase === "finished")).toHaveLength(0);

    const second = await worker();
    await until("the job to complete", async () => (await sender.boss.getJobById(SLOW_JOB, id))?.state === "completed", 45_000);
    await new Promise((r) => setTimeout(r, 1_500)); // time for a third run, were there one
    const all = await runs();
    // Started twice (once per process), finished once, by the second.
    expect(all.filter((r) => r.phase === "started").map((r) => r.pid)).toEqual([first.child.pid, second.child.pid]);
    expect(all.filter((r) => r.phase === "finished").map((r) => r.pid)).toEqual([second.child.pid]);
    const job = await sender.boss.getJobById(SLOW_JOB, id);
    expect(job?.retryCount).toBe(1);
    second.child.kill("SIGTERM");
    await second.exited;
  }, 120_000);

  it("stopped (SIGTERM) mid-run, it lets the job finish, then exits; nothing runs it again", async () => {
    await client.query("truncate kill_runs");
    const w = await worker();
    const id = (await sender.send(SLOW_JOB, { n: 2 }))!;
    await until("the job to start", async () => (await runs()).some((r) => r.phase === "started"));
    w.child.kill("SIGTERM");
    const exit = await w.exited;
    expect(exit.code).toBe(143);
    // The job finished before the process left, and pg-boss recorded it completed.
    expect((await runs()).map((r) => r.phase)).toEqual(["started", "finished"]);
    expect((await sender.boss.getJobById(SLOW_JOB, id))?.state).toBe("completed");

    const next = await worker();
    await new Promise((r) => setTimeout(r, 2_000));
    expect((await runs()).filter((r) => r.phase === "started")).toHaveLength(1);
    next.child.kill("SIGTERM");
    await next.exited;
  }, 120_000);
});
