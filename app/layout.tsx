import type { Metadata, Viewport } from "next";
import { cookies } from "next/headers";
import { connection } from "next/server";
import { AppFooter } from "@/components/layout/app-footer";
import { AppHeader } from "@/components/layout/app-header";
import { FALLBACK_TIME_ZONE, knownTimeZone, TIME_ZONE_COOKIE } from "@/lib/format/dates";
import { Providers } from "./providers";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Agency Desk", template: "%s · Agency Desk" },
  description: "Search, sell and manage hotels, flights, activities and transfers for your agency's clients.",
  applicationName: "Agency Desk",
};

export const viewport: Viewport = {
  themeColor: "#ffffff",
  width: "device-width",
  initialScale: 1,
};

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  // Every page renders per request, so that its scripts carry this request's CSP nonce (proxy.ts).
  await connection();
  // The advisor's time zone as their browser last said (components/layout/time-zone.tsx).
  const timeZone = knownTimeZone((await cookies()).get(TIME_ZONE_COOKIE)?.value) ?? FALLBACK_TIME_ZONE;
  return (
    <html lang="en">
      <body className="flex min-h-dvh flex-col">
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
      </body>
    </html>
  );
}
