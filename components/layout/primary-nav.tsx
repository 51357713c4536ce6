"use client";

import { useQuery } from "@tanstack/react-query";
import { usePathname } from "next/navigation";
import { apiGetChecked } from "@/lib/api-client";
import { cn } from "../ui/cn";
import { IntentLink } from "../ui/intent-link";

const LINKS = [
  { href: "/search", label: "Search" },
  { href: "/bookings", label: "Bookings" },
  { href: "/attention", label: "Attention" },
  { href: "/proposals", label: "Proposals" },
  { href: "/clients", label: "Clients" },
] as const;
const ADMIN_LINKS = [
  { href: "/admin/overview", label: "Overview" },
  { href: "/admin/users", label: "Users" },
  { href: "/admin/agency", label: "Agency" },
  { href: "/admin/pricing", label: "Pricing" },
  { href: "/admin/outbox", label: "Outbox" },
] as const;

/** Read again every minute (the service is checked at most that often), and after any booking action. */
const COUNT_EVERY_MS = 60_000;
// Checked by hand: the header is on every page, the schema library is not.
const isCount = (data: unknown): data is { count: number } => typeof (data as { count?: unknown } | null)?.count === "number";

function useAttentionCount() {
  return useQuery({
    queryKey: ["attention-count"],
    queryFn: ({ signal }) => apiGetChecked("/api/attention/count", isCount, { signal }),
    refetchInterval: COUNT_EVERY_MS,
    staleTime: 10_000,
  }).data?.count;
}

/**
 * The desk's main sections; the one being shown is marked for assistive technology and by eye.
 * A section's page is prefetched when the advisor reaches for its link, not on every page load:
 * four prefetches as each page loaded cost the phone's main thread (and the server) while the
 * page itself was still starting.
 */
export function PrimaryNav({ className, isAdmin = false }: { className?: string; isAdmin?: boolean }) {
  const pathname = usePathname();
  const attention = useAttentionCount();
  return (
    <nav aria-label="Main" className={cn("min-w-0", className)}>
      {/* Phones: rows of five, an advisor's five sections in one, an admin's ten in two (three rows of
          four made the sticky header a fifth of the screen), none out of sight. */}
      <ul className="grid grid-cols-5 gap-1 sm:flex sm:items-center sm:overflow-x-auto">
        {[...LINKS, ...(isAdmin ? ADMIN_LINKS : [])].map(({ href, label }) => {
          const current = pathname === href || pathname.startsWith(`${href}/`);
          return (
            <li key={href}>
              <IntentLink
                href={href}
                aria-current={current ? "page" : undefined}
                className={cn(
                  "relative flex items-center justify-center gap-1.5 rounded-lg px-2.5 py-1.5 text-sm md:px-2 font-medium whitespace-nowrap transition-colors sm:inline-flex sm:justify-start",
                  // A fifth of a 320 px phone holds "Attention" and "Proposals" at the smaller size, with the
                  // padding given to the words.
                  "max-sm:px-0.5 max-sm:text-xs max-[359px]:text-[0.6875rem]",
                  current ? "bg-brand-50 text-brand-700" : "text-slate-600 hover:bg-slate-100 hover:text-ink",
                )}
              >
                {label}
                {href === "/attention" && attention ? (
                  <span
                    className={cn(
                      "ml-0.5 rounded-full bg-amber-500 px-1.5 py-px text-[0.6875rem] leading-4 font-semibold text-white tabular-nums",
                      // In a phone's row of four or five the count sits on the corner: beside the word it would not fit.
                      "max-sm:absolute max-sm:-top-1.5 max-sm:-right-0.5 max-sm:ml-0 max-sm:ring-2 max-sm:ring-white",
                    )}
                    data-testid="attention-badge"
                  >
                    {attention > 99 ? "99+" : attention}
                    <span className="sr-only"> need attention</span>
                  </span>
                ) : null}
              </IntentLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
