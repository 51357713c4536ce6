import Link from "next/link";
import { connection } from "next/server";
import { Suspense } from "react";
import { UserMenu } from "../auth/user-menu";
import { Logo } from "../brand/logo";
import { CommandPalette } from "../palette/command-palette";
import { PrimaryNav } from "./primary-nav";
import { getSessionUser } from "@/lib/auth/session";
import { getEnv } from "@/lib/server-env";

export function AppHeader() {
  return (
    <header className="sticky top-0 z-10 border-b border-slate-200/80 bg-white/90 backdrop-blur supports-[backdrop-filter]:bg-white/75">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <div className="flex shrink-0 items-center gap-6">
          <Link href="/" aria-label="Agency Desk home" className="shrink-0 rounded-md">
            <Logo />
          </Link>
          <Suspense fallback={null}>
            <SignedInNav className="hidden sm:block" />
          </Suspense>
        </div>
        <div className="flex items-center gap-3 sm:gap-4">
          <Suspense fallback={null}>
            <SignedInPalette />
          </Suspense>
          <Suspense fallback={null}>
            <AgencyBadge />
          </Suspense>
          <Suspense fallback={null}>
            <UserMenu />
          </Suspense>
        </div>
      </div>
      {/* Narrow screens: the sections get their own row rather than crowding the bar. */}
      <Suspense fallback={null}>
        <SignedInNav className="border-t border-slate-100 px-4 py-1.5 sm:hidden" />
      </Suspense>
    </header>
  );
}

/** Primary navigation, for signed-in people only (the login page has nowhere to go). */
async function SignedInNav({ className }: { className?: string }) {
  const user = await getSessionUser().catch(() => null);
  return user ? <PrimaryNav className={className} isAdmin={user.role === "admin"} /> : null;
}

/** ⌘K / Ctrl+K: for signed-in people only. */
async function SignedInPalette() {
  const user = await getSessionUser().catch(() => null);
  return user ? <CommandPalette isAdmin={user.role === "admin"} /> : null;
}

/** The agency's currency and market; read at request time so builds need no production env. */
async function AgencyBadge() {
  await connection();
  const { AGENCY_CURRENCY: currency, AGENCY_MARKET: market } = getEnv();
  return (
    <p
      className="hidden items-center gap-2 rounded-full border border-slate-200 bg-slate-50 px-3 py-1 text-xs font-medium text-slate-600 sm:inline-flex"
      aria-label={`Agency currency ${currency}, market ${market}`}
    >
      <span className="font-mono text-ink">{currency}</span>
      <span className="h-3 w-px bg-slate-300" aria-hidden />
      <span className="font-mono text-ink">{market}</span>
    </p>
  );
}
