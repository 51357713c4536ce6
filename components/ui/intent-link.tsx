"use client";

import Link from "next/link";
import { useState, type ComponentProps } from "react";

/**
 * A link that prefetches its page when the advisor reaches for it (pointer over it, a touch, or
 * the focus) rather than when it scrolls into view. For long lists of links (a page of results),
 * where prefetching every visible row's page would load their code and data while the list is
 * still arriving. Next.js' hover-triggered prefetch pattern (guides/prefetching).
 */
export function IntentLink({ onPointerEnter, onTouchStart, onFocus, ...props }: Omit<ComponentProps<typeof Link>, "prefetch">) {
  const [reached, setReached] = useState(false);
  return (
    <Link
      {...props}
      prefetch={reached ? null : false}
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
    />
  );
}
