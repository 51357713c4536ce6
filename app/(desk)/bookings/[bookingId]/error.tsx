"use client";

import Link from "next/link";
import { useEffect } from "react";
import { Button, buttonClasses } from "@/components/ui/button";
import { Callout } from "@/components/ui/callout";

export default function BookingError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  useEffect(() => console.error(error), [error]);
  return (
    <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <p className="text-sm font-medium text-brand-700">Booking</p>
      <h1 className="mt-1 text-2xl font-semibold tracking-tight text-ink sm:text-[1.75rem]">The booking could not be shown</h1>
      <Callout title="Something went wrong on this page" className="mt-6 max-w-2xl">
        <p>
          Try again; if it keeps happening, tell an admin. Reference: <span className="font-mono">{error.digest ?? "none"}</span>
        </p>
      </Callout>
      <div className="mt-6 flex gap-3">
        <Button onClick={reset}>Try again</Button>
        <Link href="/bookings" className={buttonClasses({ variant: "secondary" })}>
          Back to bookings
        </Link>
      </div>
    </main>
  );
}
