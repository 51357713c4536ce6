import type { ReactNode } from "react";
import { Logo } from "@/components/brand/logo";
import { AppFooter } from "@/components/layout/app-footer";
import { AgencyBadge } from "@/components/layout/app-header";
import { IntentLink } from "@/components/ui/intent-link";
import { getEnv } from "@/lib/server-env";
import "../globals.css";

// Sign-in and invites: the desk's bar without what only a signed-in person uses (sections, the
// Ctrl K palette, the proposal tray, the menu) and without the desk's providers, so /login loads
// none of their JavaScript (bench/page-weight.ts: /login ≤ a bare Next page + 50 KB gzip).
export default function AuthLayout({ children }: { children: ReactNode }) {
  const { AGENCY_CURRENCY: currency, AGENCY_MARKET: market } = getEnv();
  return (
    <>
      <a
        href="#main"
        className="sr-only rounded-md bg-white px-3 py-2 text-sm font-medium text-brand-700 shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50"
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-10 border-b border-slate-200/80 bg-white/90 backdrop-blur supports-[backdrop-filter]:bg-white/75">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
          <IntentLink href="/" aria-label="Agency Desk home" className="shrink-0 rounded-md">
            <Logo />
          </IntentLink>
          <AgencyBadge currency={currency} market={market} />
        </div>
      </header>
      <div id="main" className="min-h-[calc(100dvh-4rem)] flex-1">
        {children}
      </div>
      <AppFooter />
    </>
  );
}
