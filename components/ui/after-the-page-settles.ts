// Code that is not part of the page (the command palette, the notification bell's stream and
// panel) is fetched once the page has settled: it must not compete with the page's own scripts
// and data, nor count in the JavaScript a page loads (issue 15's budget; bench/page-weight.ts
// lists it apart, as fetched once settled).

/**
 * Runs `fn` once the page has loaded and its network has been quiet for QUIET_MS (no request
 * finished); returns the cancel.
 */
export function afterThePageSettles(fn: () => void): () => void {
  let last = performance.now();
  const observer = new PerformanceObserver(() => (last = performance.now()));
  observer.observe({ type: "resource" });
  const stop = () => {
    clearInterval(timer);
    observer.disconnect();
  };
  const timer = setInterval(() => {
    if (document.readyState !== "complete" || performance.now() - last < QUIET_MS) return;
    stop();
    fn();
  }, 500);
  return stop;
}

/** How long the page's network stays quiet before such code is fetched. */
const QUIET_MS = 2_000;

