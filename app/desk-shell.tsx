import { cookies } from "next/headers";
import type { ReactNode } from "react";
import { FALLBACK_TIME_ZONE, knownTimeZone, TIME_ZONE_COOKIE } from "@/lib/format/dates";
import { AppFooter } from "@/components/layout/app-footer";
import { AppHeader } from "@/components/layout/app-header";
import { Providers } from "./providers";

/**
 * The desk around a page: the skip link, the providers (TanStack Query, time zone, client
 * prices), the header and the footer. Mounted by the layouts of app/(desk) and app/(auth), not by
 * the root layout: the client's proposal page (app/p) is in the agency's name and loads none of
 * the desk's JavaScript, and whatever the root layout imports is loaded on every page.
 */
export async function DeskShell({ children }: { children: ReactNode }) {
  // The advisor's time zone as their browser last said (components/layout/time-zone.tsx).
  const timeZone = knownTimeZone((await cookies()).get(TIME_ZONE_COOKIE)?.value) ?? FALLBACK_TIME_ZONE;
  return (
    <>
      <a
        href="#main"
        className="sr-only rounded-md bg-white px-3 py-2 text-sm font-medium text-brand-700 shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50"
      >
        Skip to content
      </a>
      <Providers timeZone={timeZone}>
        <AppHeader />
        {/* At least a screen tall, so the footer starts below the fold and never moves in view as a page fills. */}
        <div id="main" className="min-h-[calc(100dvh-4rem)] flex-1">
          {children}
        </div>
        <AppFooter />
      </Providers>
    </>
  );
}
