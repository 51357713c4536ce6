// Vitest runs this before every test file (vitest.config.ts, setupFiles). In the files that run
// under jsdom, Testing Library's findBy… and waitFor wait up to 5 s instead of 1 s: forms, dialogs
// and calendars load their code with dynamic imports when first shown, and on a loaded CI machine
// the first such import in a file has taken more than a second to arrive. A test that waits for
// something that never comes still fails, only later.
//
// Every tree a test rendered is unmounted after it (Testing Library does this by itself only when
// the test runner's globals are on, and they are not here). A hook left mounted keeps its timers:
// a clean-clone run saw use-suggest's debounce fire after its file's jsdom was torn down
// ("ReferenceError: window is not defined", an unhandled error that fails the run).
if (typeof document !== "undefined") {
  const [{ configure, cleanup }, { afterEach }] = await Promise.all([import("@testing-library/react"), import("vitest")]);
  configure({ asyncUtilTimeout: 5_000 });
  afterEach(cleanup);
}
export {};
