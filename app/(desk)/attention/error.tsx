"use client";

import { useEffect } from "react";
import { Button } from "@/components/ui/button";
import { Callout } from "@/components/ui/callout";

export default function AttentionError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  useEffect(() => console.error(error), [error]);
  return (
    <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <h1 className="text-2xl font-semibold tracking-tight text-ink sm:text-[1.75rem]">Needs attention</h1>
      <Callout title="Needs attention could not be shown" className="mt-6 max-w-2xl">
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
