"use client";

import Link from "next/link";
import { useEffect } from "react";
import { Button, buttonClasses } from "@/components/ui/button";
import { Callout } from "@/components/ui/callout";

export default function CheckoutError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  useEffect(() => console.error(error), [error]);
  return (
    <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <h1 className="text-2xl font-semibold tracking-tight text-ink sm:text-[1.75rem]">Checkout</h1>
      <Callout title="Checkout could not be opened" className="mt-6 max-w-2xl">
        <p>
          Something went wrong on the desk&apos;s side. Nothing was booked. Try again; if it keeps happening, tell an admin. Reference:{" "}
          <span className="font-mono">{error.digest ?? "none"}</span>
        </p>
      </Callout>
      <div className="mt-6 flex flex-wrap gap-3">
        <Button onClick={reset}>Try again</Button>
        <Link href="/search" className={buttonClasses({ variant: "secondary" })}>
          Go to search
        </Link>
      </div>
    </main>
  );
}
