// `npm run plain-css`: writes app/plain-css.generated.ts, the inlined stylesheet of the client's
// proposal page and the root pages (lib/styles/plain-css.ts). Run it after changing their classes;
// lib/styles/plain-css.test.ts says when it is due.
import { writeFileSync } from "node:fs";
import { compilePlainCss, PLAIN_CSS_MODULE, plainCssModule } from "../lib/styles/plain-css";

const css = await compilePlainCss();
writeFileSync(PLAIN_CSS_MODULE, plainCssModule(css));
console.log(`${PLAIN_CSS_MODULE}: ${css.length.toLocaleString("en-US")} bytes of CSS.`);
