"use client";

import { useEffect } from "react";
import { Button } from "@/components/ui/button";
import { Callout } from "@/components/ui/callout";

export default function UsersError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  useEffect(() => console.error(error), [error]);
  return (
    <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <p className="text-sm font-medium text-brand-700">Administration</p>
      <h1 className="mt-1 text-2xl font-semibold tracking-tight text-ink sm:text-[1.75rem]">Users</h1>
      <Callout title="The users could not be loaded" className="mt-6 max-w-2xl">
        <p>
          The desk could not read its database. Try again in a moment; if it keeps happening, check the database on the
          status page. Reference: <span className="font-mono">{error.digest ?? "none"}</span>
        </p>
      </Callout>
      <Button className="mt-6" onClick={reset}>
        Try again
      </Button>
    </main>
  );
}
