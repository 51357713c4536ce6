"use client";

import Link, { useLinkStatus } from "next/link";
import { useState, type ComponentProps } from "react";
import { cn } from "./cn";

/**
 * A link that prefetches its page when the advisor reaches for it (pointer over it, a touch, or
 * the focus) rather than when it scrolls into view: prefetching every visible link as a page
 * loads (the sections in the header, a page of results, fifty bookings) cost the phone's main
 * thread and the server while the page itself was starting. Once reached for, the whole page is
 * prefetched (the desk's pages have no route-level loading skeleton: their own parts show what
 * is loading), so the click that follows opens it at once; a click that comes first shows a small
 * spinner in the link until the page is there. Next.js' hover-triggered prefetch pattern
 * (guides/prefetching).
 */
export function IntentLink({ onPointerEnter, onTouchStart, onFocus, children, ...props }: Omit<ComponentProps<typeof Link>, "prefetch">) {
  const [reached, setReached] = useState(false);
  return (
    <Link
      {...props}
      prefetch={reached}
      onPointerEnter={(e) => {
        setReached(true);
        onPointerEnter?.(e);
      }}
      onTouchStart={(e) => {
        setReached(true);
        onTouchStart?.(e);
      }}
      onFocus={(e) => {
        setReached(true);
        onFocus?.(e);
      }}
    >
      {children}
      <LinkPending />
    </Link>
  );
}

/**
 * Inside a link: a small spinner while the page it opens is on its way (Next.js' `useLinkStatus`),
 * so a click on a slow network is answered at once. Takes its place only while pending.
 */
export function LinkPending({ className }: { className?: string }) {
  const { pending } = useLinkStatus();
  if (!pending) return null;
  return (
    <span
      role="status"
      aria-label="Opening…"
      className={cn("ml-1 inline-block size-3 shrink-0 animate-spin rounded-full border-2 border-current border-r-transparent align-[-1px] opacity-70", className)}
    />
  );
}
