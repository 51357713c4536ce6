import { EventEmitter } from "node:events";
import { describe, expect, it, vi } from "vitest";
import { installGracefulStop } from "./graceful-stop";

// The signal handling of the engine's stop, on a fake process. kill.test.ts runs it for real.

function fakeProcess() {
  const events = new EventEmitter();
  const exits: Array<number | string | null | undefined> = [];
  const proc = {
    on: (signal: string, fn: () => void) => (events.on(signal, fn), proc),
    listenerCount: (signal: string) => events.listenerCount(signal),
    exit: (code?: number | string | null) => void exits.push(code),
  };
  return { proc: proc as never, events, exits };
}

const later = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("installGracefulStop", () => {
  it("under next start, Next's own exit waits until the engine stopped", async () => {
    const { proc, events, exits } = fakeProcess();
    let stopped = false;
    installGracefulStop({ proc, limitMs: 5_000, stop: async () => void (await later(100), (stopped = true)) });
    events.on("SIGTERM", () => (proc as { exit: (c: number) => void }).exit(143)); // Next's handler, exiting at once
    events.emit("SIGTERM");
    expect(exits).toEqual([]);
    await later(150);
    expect(stopped).toBe(true);
    expect(exits).toEqual([143]);
  });

  it("alone, it exits by itself once the engine stopped, with the signal's code", async () => {
    const { proc, events, exits } = fakeProcess();
    const stop = vi.fn(async () => {});
    installGracefulStop({ proc, limitMs: 5_000, stop });
    events.emit("SIGINT");
    events.emit("SIGINT");
    await later(10);
    expect(stop).toHaveBeenCalledTimes(1);
    expect(exits).toEqual([130]);
  });

  it("does not wait longer than its limit for jobs that do not finish", async () => {
    const { proc, events, exits } = fakeProcess();
    const warn = vi.fn();
    installGracefulStop({ proc, limitMs: 50, warn, stop: () => new Promise(() => {}) });
    events.emit("SIGTERM");
    await later(100);
    expect(exits).toEqual([143]);
    expect(warn.mock.calls[0]![0]).toMatch(/did not finish within/);
  });

  it("an exit before any signal is not delayed", () => {
    const { proc, exits } = fakeProcess();
    installGracefulStop({ proc, limitMs: 50, stop: async () => {} });
    (proc as { exit: (c: number) => void }).exit(1);
    expect(exits).toEqual([1]);
  });
});
