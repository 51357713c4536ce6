// Vitest runs this before every test file (vitest.config.ts, setupFiles). In the files that run
// under jsdom, Testing Library's findBy… and waitFor wait up to 5 s instead of 1 s: forms, dialogs
// and calendars load their code with dynamic imports when first shown, and on a loaded CI machine
// the first such import in a file has taken more than a second to arrive. A test that waits for
// something that never comes still fails, only later.
if (typeof document !== "undefined") {
  const { configure } = await import("@testing-library/react");
  configure({ asyncUtilTimeout: 5_000 });
}
export {};
