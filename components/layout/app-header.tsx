import { connection } from "next/server";
import { UserMenu } from "../auth/user-menu";
import { Logo } from "../brand/logo";
import { IntentLink } from "../ui/intent-link";
import { CommandPalette } from "../palette/command-palette";
import { cn } from "../ui/cn";
import { PrimaryNav } from "./primary-nav";
import { ProposalTrayButton } from "../proposals/tray-button";
import { NotificationBell } from "../notifications/bell";
import { getSessionUser } from "@/lib/auth/session";
import { getEnv } from "@/lib/server-env";

/**
 * The bar on every page. Rendered in one piece, after the one session lookup it needs: parts
 * streamed in one by one moved the bar and, on narrow screens, the page under it (layout shift).
 */
export async function AppHeader() {
  await connection();
  // The header must render even when the database is down; the page says what is wrong.
  const user = await getSessionUser().catch(() => null);
  const { AGENCY_CURRENCY: currency, AGENCY_MARKET: market } = getEnv();
  const isAdmin = user?.role === "admin";
  return (
    <header className="sticky top-0 z-10 border-b border-slate-200/80 bg-white/90 backdrop-blur supports-[backdrop-filter]:bg-white/75">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        {/* The sections may scroll sideways if the bar is ever too narrow; they never push the menu out of view. */}
        <div className="flex min-w-0 flex-1 items-center gap-4">
          <IntentLink href="/" aria-label="Agency Desk home" className="shrink-0 rounded-md">
            <Logo />
          </IntentLink>
          {/* An advisor's five sections are in the bar from 1,280 px, where it is 1,088 px wide: beside the
              palette, the Proposal button, the bell, the agency badge and the menu, narrower bars cut off
              Proposals and Clients. An admin's ten never share it: they have a row of their own at every width. */}
          {user && !isAdmin ? <PrimaryNav className="hidden xl:block" /> : null}
        </div>
        {/* Spaced at 12 px: with the bell, 16 px left an advisor's five sections (and Attention's count) short of room. */}
        <div className="flex shrink-0 items-center gap-3">
          {/* ⌘K / Ctrl+K: for signed-in people only. */}
          {user ? <CommandPalette isAdmin={isAdmin} /> : null}
          {/* The proposal being built: reachable from every page, its panel loaded when first opened. */}
          {user ? <ProposalTrayButton /> : null}
          {/* What the desk did by itself (a booking settled, a deadline near), live; the list loaded when opened. */}
          {user ? <NotificationBell /> : null}
          <AgencyBadge currency={currency} market={market} />
          {user ? <UserMenu user={user} /> : null}
        </div>
      </div>
      {/* Below 1,280 px (and an admin's ten sections at every width): the sections get their own row rather than crowding the bar. */}
      {user ? (
        <div className={cn("border-t border-slate-100", isAdmin ? null : "xl:hidden")}>
          <PrimaryNav className="mx-auto max-w-6xl px-4 py-1.5 sm:px-6 lg:px-8" isAdmin={isAdmin} />
        </div>
      ) : null}
    </header>
  );
}

/** The agency's currency and market; read at request time so builds need no production env. */
export function AgencyBadge({ currency, market }: { currency: string; market: string }) {
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
