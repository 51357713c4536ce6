"use client";

import { useDeferredValue } from "react";

/**
 * A query's answer, for rendering at a lower priority. TanStack Query hands answers over through
 * `useSyncExternalStore`, so whatever renders from one re-renders synchronously: the first render of
 * a whole form or list was one long task on a phone (400–500 ms). Rendered from this deferred copy,
 * React does that work in slices that leave the main thread free between them.
 *
 * `shown` is the copy to render from; `catchingUp` is true while an answer has arrived but its first
 * copy is not rendered yet, when the page should go on reading as loading (its outline, no empty
 * state). Later answers replace the shown one once they are rendered, as a transition. An answer
 * already there when the component mounts (from the cache) is shown at once.
 */
export function useDeferredAnswer<T>(answer: T | undefined): { shown: T | undefined; catchingUp: boolean } {
  const shown = useDeferredValue(answer, undefined);
  return { shown, catchingUp: answer !== undefined && shown === undefined };
}
