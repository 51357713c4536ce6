import Link from "next/link";
import { ROLE_LABELS } from "@/lib/auth/roles";
import type { SessionUser } from "@/lib/auth/session";
import { UsersIcon } from "../ui/icons";
import { Avatar } from "./avatar";

/** The header's right side for a signed-in user: who they are, the users admin for admins, and Sign out. */
export function UserMenu({ user }: { user: SessionUser }) {
  return (
    <div className="flex items-center gap-1.5 sm:gap-3">
      {user.role === "admin" ? (
        <Link
          href="/admin/users"
          className="inline-flex items-center gap-1.5 rounded-lg px-2.5 py-1.5 text-sm font-medium text-slate-600 transition-colors hover:bg-slate-100 hover:text-ink"
        >
          <UsersIcon className="size-4" />
          Users
        </Link>
      ) : null}
      <div className="flex items-center gap-2.5 sm:border-l sm:border-slate-200 sm:pl-3">
        <Avatar name={user.name} className="size-8" />
        <p className="sr-only md:not-sr-only md:flex md:flex-col md:leading-tight">
          <span className="sr-only">Signed in as </span>
          <span className="text-sm font-medium whitespace-nowrap text-ink">{user.name}</span>
          <span className="sr-only">, </span>
          <span className="text-xs text-slate-500">{ROLE_LABELS[user.role]}</span>
        </p>
      </div>
      <form action="/api/auth/logout" method="post">
        <button
          type="submit"
          className="rounded-lg px-2.5 py-1.5 text-sm font-medium whitespace-nowrap text-slate-600 transition-colors hover:bg-slate-100 hover:text-ink"
        >
          Sign out
        </button>
      </form>
    </div>
  );
}
