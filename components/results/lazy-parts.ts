import { lazy } from "react";
// The Client prices provider, which every page holds anyway (app/providers.tsx), named here with
// the search page's own modules: its import() of the pricing engine is then the page's, not one
// nested in the results' next/dynamic module (components/next-dynamic.test.ts).
import "@/components/pricing/client-prices";

// The parts of the results that load only when used: the map (when the advisor first asks for it,
// or points at or focuses its toggle) and the filters sheet of narrow windows (when "Filters" is
// first pointed at, focused or pressed).
//
// Their import()s live here, in a module the search page loads with itself (search-workspace.tsx
// imports it), not in search-results.tsx, which the page loads through next/dynamic: an import()
// inside a next/dynamic module makes Turbopack's development server list, in the page's preloads,
// a chunk under another name than the one it writes, so a results link opened in `next dev` asked
// for a `components_results_*.js` that answered 404, with a preload warning (issue 27).
// components/next-dynamic.test.ts keeps every next/dynamic module free of such nested import()s.

const loadMap = () => import("./map-view");
export const MapView = lazy(() => loadMap().then((m) => ({ default: m.MapView })));
/** A preload that fails is not an error: the map asks again when it renders, and shows that failure. */
export const preloadMap = () => void loadMap().catch(() => {});

const loadSheet = () => import("./filters/filters-sheet");
export const FiltersSheet = lazy(() => loadSheet().then((m) => ({ default: m.FiltersSheet })));
export const preloadSheet = () => void loadSheet().catch(() => {});
