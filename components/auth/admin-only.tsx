import Link from "next/link";
import { ShieldCheck } from "lucide-react";
import { buttonClasses } from "../ui/button";

/** The designed "admins only" state (403) a signed-in advisor sees on an admin page. */
export function AdminOnly({ what = "This page" }: { what?: string }) {
  return (
    <main className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <span className="grid size-12 place-items-center rounded-full bg-amber-50 text-amber-700 ring-1 ring-amber-200 ring-inset">
        <ShieldCheck className="size-6" />
      </span>
      <p className="mt-5 font-mono text-sm font-medium text-amber-700">403 · Admins only</p>
      <h1 className="mt-2 text-2xl font-semibold tracking-tight text-ink">You do not have access to this page</h1>
      <p className="mt-3 text-[0.9375rem] text-slate-600">
        {what} is for your agency&apos;s admins. If you need it, ask an admin to change your role.
      </p>
      <Link href="/" className={`${buttonClasses()} mt-8`}>
        Back to the desk
      </Link>
    </main>
  );
}
