"use client";

import Link from "next/link";
import { useEffect } from "react";
import { Button, buttonClasses } from "../ui/button";
import { Callout } from "../ui/callout";

/** An admin page whose data could not be read (its error.tsx): what failed, Try again, and the status page to check. */
export function AdminLoadError({ title, what, error, reset }: { title: string; what: string; error: Error & { digest?: string }; reset: () => void }) {
  useEffect(() => console.error(error), [error]);
  return (
    <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <p className="text-sm font-medium text-brand-700">Administration</p>
      <h1 className="mt-1 text-2xl font-semibold tracking-tight text-ink sm:text-[1.75rem]">{title}</h1>
      <Callout title={`${what} could not be loaded`} className="mt-6 max-w-2xl">
        <p>
          The desk could not read its database. Try again in a moment; if it keeps happening, check the database on the
          status page. Reference: <span className="font-mono">{error.digest ?? "none"}</span>
        </p>
      </Callout>
      <div className="mt-6 flex flex-wrap gap-3">
        <Button onClick={reset}>Try again</Button>
        <Link href="/admin/status" prefetch={false} className={buttonClasses({ variant: "secondary" })}>
          Desk status
        </Link>
      </div>
    </main>
  );
}
