// Plain JavaScript shared by the benches' init scripts (bench/palette.ts, bench/search-ui.ts).
// Written as text: functions in a .ts file would be compiled by tsx with helpers (__name) that do
// not exist in the page.

/** `nextPaint(resolve)`: resolves with performance.now() once the next frame is on screen (a frame, then a task). */
export const NEXT_PAINT_JS = String.raw`
  const nextPaint = (resolve) => requestAnimationFrame(() => {
    const ch = new MessageChannel();
    ch.port1.onmessage = () => resolve(performance.now());
    ch.port2.postMessage(null);
  });`;
