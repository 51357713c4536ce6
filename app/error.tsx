"use client";

import { useEffect } from "react";

export default function ErrorPage({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <main className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <p className="font-mono text-sm font-medium text-rose-700">Something went wrong</p>
      <h1 className="mt-2 text-2xl font-semibold tracking-tight text-ink">The desk could not show this page</h1>
      <p className="mt-3 text-[0.9375rem] text-slate-600">
        Try again in a moment. If it keeps happening, give your administrator this reference:{" "}
        <span className="font-mono text-sm text-ink">{error.digest ?? "none"}</span>
      </p>
      <button
        type="button"
        onClick={reset}
        className="mt-8 rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white shadow-xs hover:bg-brand-700"
      >
        Try again
      </button>
    </main>
  );
}
