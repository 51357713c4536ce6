import type { ReactNode } from "react";
import { PLAIN_CSS } from "../plain-css.generated";

// The client's pages (/p/<token>): their stylesheet inlined in the HTML (app/plain.css, compiled to
// app/plain-css.generated.ts by `npm run plain-css`), not the desk's linked one. On a phone a
// linked stylesheet is a round trip before the first paint, during which Next's scripts arrive
// and run first: inlined, the page paints as soon as its HTML is parsed (issue 29, LCP ≤ 2.0 s in
// bench/lighthouse.ts). React hoists the element into the head.
export default function ClientLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <style href="agency-desk-client" precedence="default">
        {PLAIN_CSS}
      </style>
      {children}
    </>
  );
}
