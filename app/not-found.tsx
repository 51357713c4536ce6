import Link from "next/link";

export default function NotFound() {
  return (
    <main className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <p className="font-mono text-sm font-medium text-brand-700">404</p>
      <h1 className="mt-2 text-2xl font-semibold tracking-tight text-ink">This page does not exist</h1>
      <p className="mt-3 text-[0.9375rem] text-slate-600">The address may be mistyped, or the page may have moved.</p>
      <Link
        href="/"
        className="mt-8 rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white shadow-xs hover:bg-brand-700"
      >
        Back to the desk
      </Link>
    </main>
  );
}
