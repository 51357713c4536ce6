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
//
// jsdom knows <dialog> but not its methods: showModal()/show() set `open`, close() removes it and
// fires "close", as browsers do (the command palette is a native dialog). No top layer, no inert page.
if (typeof document !== "undefined") {
  const [{ configure, cleanup }, { afterEach }] = await Promise.all([import("@testing-library/react"), import("vitest")]);
  configure({ asyncUtilTimeout: 5_000 });
  afterEach(cleanup);
  const dialog = HTMLDialogElement.prototype;
  if (typeof dialog.showModal !== "function") {
    dialog.showModal = dialog.show = function (this: HTMLDialogElement) {
      this.setAttribute("open", "");
    };
    dialog.close = function (this: HTMLDialogElement, returnValue?: string) {
      if (!this.open) return;
      this.removeAttribute("open");
      if (returnValue !== undefined) this.returnValue = returnValue;
      this.dispatchEvent(new Event("close"));
    };
  }
}
export {};
