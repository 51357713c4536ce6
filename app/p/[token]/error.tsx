"use client";

// The client's page could not be shown (the database did not answer): a plain sentence in no
// one's name, and a way to try again. Kept tiny: it is loaded with the page.
export default function ProposalError({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <main id="main" className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <h1 className="text-2xl font-semibold tracking-tight text-ink">We could not show this proposal just now</h1>
      <p className="mt-3 text-[0.9375rem] text-slate-600">Try again in a moment. If it keeps happening, contact your travel advisor.</p>
      <button type="button" onClick={reset} className="mt-8 rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white shadow-xs hover:bg-brand-700">
        Try again
      </button>
    </main>
  );
}
