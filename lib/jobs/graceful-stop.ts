// Stopping the job engine with the server (docs/follow-ups.md#stopping-and-restarting): on SIGTERM
// or SIGINT, pg-boss's graceful stop (no new job is claimed; running jobs get up to the limit to
// finish, and a finished job is recorded completed), then the process exits.
//
// `next start` has its own handler of these signals: it closes the HTTP server and calls
// process.exit as soon as that is done, which would cut the jobs off mid-run. So, once a signal
// came, an exit waits for the engine's stop (at most `limitMs`). Where nobody else handles the
// signal (a script running the engine), this exits by itself once the engine stopped.

type Proc = Pick<NodeJS.Process, "on" | "listenerCount" | "exit">;

export type GracefulStopOptions = {
  stop: () => Promise<void>;
  /** The longest the exit waits for `stop` (a bit more than the engine's own grace). */
  limitMs: number;
  warn?: (line: string) => void;
  proc?: Proc;
};

const EXIT_CODES: Record<string, number> = { SIGINT: 130, SIGTERM: 143 };

/** Installs the handlers once per process; answers a function that runs the same stop (tests). */
export function installGracefulStop({ stop, limitMs, warn = console.error, proc = process }: GracefulStopOptions): () => Promise<void> {
  let stopping: Promise<void> | null = null;
  const stopOnce = () =>
    (stopping ??= Promise.race([
      stop().catch((err: unknown) => warn(`[jobs] the engine did not stop cleanly: ${err instanceof Error ? err.message : String(err)}`)),
      new Promise<void>((resolve) => setTimeout(() => {
        warn(`[jobs] running jobs did not finish within ${Math.round(limitMs / 1000)} s; they will be retried after they expire.`);
        resolve();
      }, limitMs).unref()),
    ]));

  const exit = proc.exit.bind(proc);
  proc.exit = ((code?: number | string | null) => {
    if (!stopping) return exit(code);
    void stopping.then(() => exit(code));
  }) as Proc["exit"];

  let signalled = false;
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    proc.on(signal, () => {
      // A second signal (a shell repeats ^C to the group) changes nothing.
      if (signalled) return;
      signalled = true;
      const alone = proc.listenerCount(signal) === 1;
      void stopOnce().then(() => {
        if (alone) exit(EXIT_CODES[signal]);
      });
    });
  }
  return stopOnce;
}
