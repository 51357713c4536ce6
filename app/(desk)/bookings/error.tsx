"use client";

import { useEffect } from "react";
import { Button } from "@/components/ui/button";
import { Callout } from "@/components/ui/callout";

export default function BookingsError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  useEffect(() => console.error(error), [error]);
  return (
    <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <p className="text-sm font-medium text-brand-700">After sale</p>
      <h1 className="mt-1 text-2xl font-semibold tracking-tight text-ink sm:text-[1.75rem]">Bookings</h1>
      <Callout title="The bookings could not be shown" className="mt-6 max-w-2xl">
        <p>
          Something went wrong on this page. Try again; if it keeps happening, tell an admin. Reference:{" "}
          <span className="font-mono">{error.digest ?? "none"}</span>
        </p>
      </Callout>
      <Button className="mt-6" onClick={reset}>
        Try again
      </Button>
    </main>
  );
}
