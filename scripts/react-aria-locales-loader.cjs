// A Turbopack (webpack-API) loader, wired in next.config.ts: keeps only the desk's locales in
// React Aria's string tables. Each `intlStrings` module of react-aria, react-aria-components and
// react-stately imports one file per locale (34 of them) and maps locale → strings; this drops the
// import and the entry of every other locale. React Aria falls back to en-US for a locale it has no
// strings for (@internationalized/string), which is also what the server renders, so the browser's
// language never changes what the desk says. It does what @react-aria/optimize-locales-plugin does
// for webpack, which Turbopack (the default of `next build` and `next dev` in Next 16) cannot run.
// A file in an unexpected shape is left as it is, so an upgrade can cost bytes, never strings.
"use strict";

/** `import $x from "../intl/combobox/ar-AE.mjs";` or `var $x = require("../intl/combobox/ar-AE.cjs");` */
const IMPORT = /^\s*(?:import\s+[\w$]+\s+from|var\s+[\w$]+\s*=\s*require\()\s*["'][^"']*\/([A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8})*)\.[cm]?js["']\)?;?\s*$/;
/** `    "ar-AE": $x,` */
const ENTRY = /^\s*["']([A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8})*)["']\s*:\s*[\w$]+,?\s*$/;

/** @this {{ getOptions?: () => { locales?: string[] }, resourcePath: string, emitWarning?: (e: Error) => void }} */
module.exports = function reactAriaLocalesLoader(source) {
  const keep = new Set(this.getOptions?.().locales ?? ["en-US"]);
  let dropped = 0;
  let kept = 0;
  const out = [];
  for (const line of source.split("\n")) {
    // The original source map no longer fits the shortened module.
    if (line.startsWith("//# sourceMappingURL=")) continue;
    const locale = IMPORT.exec(line)?.[1] ?? ENTRY.exec(line)?.[1];
    if (locale && !keep.has(locale)) {
      dropped++;
      continue;
    }
    if (locale) kept++;
    out.push(line);
  }
  // Each kept locale is one import and one entry; anything else means the format changed.
  if (dropped === 0 || kept !== 2 * keep.size) {
    this.emitWarning?.(new Error(`react-aria-locales-loader: ${this.resourcePath} has an unexpected shape; left as it is.`));
    return source;
  }
  return out.join("\n");
};
