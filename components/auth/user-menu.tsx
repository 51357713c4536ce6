"use client";

import { Activity, Bell, ChevronDown, LogOut, Workflow } from "lucide-react";
import Link from "next/link";
import { useRef } from "react";
import { ROLE_LABELS } from "@/lib/auth/roles";
import type { SessionUser } from "@/lib/auth/session-core";
import { Avatar } from "./avatar";

const MENU_ID = "user-menu";
const itemClasses =
  "flex w-full items-center gap-2.5 rounded-md px-2.5 py-2 text-left text-sm font-medium text-slate-700 transition-colors hover:bg-slate-100 hover:text-ink focus-visible:bg-slate-100 focus-visible:outline-none";

/**
 * The header's right end for a signed-in person: who they are, and a menu (the browser's own
 * popover: Escape and a click elsewhere close it) with the desk's status page for admins and
 * Sign out. The sections, Users included, are in the main navigation.
 */
export function UserMenu({ user }: { user: SessionUser }) {
  const menu = useRef<HTMLDivElement>(null);
  // The header stays while pages change under it: a link followed from the menu closes it.
  const close = () => menu.current?.hidePopover?.();
  return (
    <>
      <button
        type="button"
        popoverTarget={MENU_ID}
        className="flex items-center gap-2.5 rounded-lg py-1 pr-1.5 pl-1 text-left transition-colors hover:bg-slate-100 sm:border-l sm:border-slate-200 sm:pl-3"
      >
        <Avatar name={user.name} className="size-8" />
        {/* The name beside the avatar where the bar has room for it: an admin's bar holds three more sections. */}
        <span className={user.role === "admin" ? "sr-only xl:not-sr-only xl:flex xl:flex-col xl:leading-tight" : "sr-only md:not-sr-only md:flex md:flex-col md:leading-tight"}>
          <span className="sr-only">Signed in as </span>
          <span className="text-sm font-medium whitespace-nowrap text-ink">{user.name}</span>
          <span className="sr-only">, </span>
          <span className="text-xs text-slate-500">{ROLE_LABELS[user.role]}</span>
        </span>
        <ChevronDown className="size-4 text-slate-400" aria-hidden />
      </button>
      <div
        ref={menu}
        id={MENU_ID}
        popover="auto"
        aria-label="Your account"
        className="fixed inset-auto top-[4.25rem] right-4 m-0 w-64 rounded-xl border border-slate-200 bg-white p-1.5 text-ink shadow-lg shadow-slate-900/10 sm:right-6 lg:right-[max(2rem,calc((100vw_-_72rem)/2_+_2rem))]"
      >
        <div className="flex items-center gap-3 border-b border-slate-100 px-2.5 pt-1.5 pb-3">
          <Avatar name={user.name} className="size-9" />
          <div className="min-w-0 leading-tight">
            <p className="truncate text-sm font-semibold">{user.name}</p>
            <p className="truncate text-xs text-slate-500">{user.email}</p>
            <p className="mt-0.5 text-xs text-slate-500">{ROLE_LABELS[user.role]}</p>
          </div>
        </div>
        <ul className="pt-1.5">
          {user.role === "admin" ? (
            <li>
              <Link href="/admin/status" prefetch={false} onClick={close} className={itemClasses}>
                <Activity className="size-4 text-slate-500" aria-hidden />
                Desk status
              </Link>
            </li>
          ) : null}
          {user.role === "admin" ? (
            <li>
              <Link href="/admin/jobs" prefetch={false} onClick={close} className={itemClasses}>
                <Workflow className="size-4 text-slate-500" aria-hidden />
                Jobs
              </Link>
            </li>
          ) : null}
          <li>
            <Link href="/settings/notifications" prefetch={false} onClick={close} className={itemClasses}>
              <Bell className="size-4 text-slate-500" aria-hidden />
              Notifications
            </Link>
          </li>
          <li>
            <form action="/api/auth/logout" method="post">
              <button type="submit" className={itemClasses}>
                <LogOut className="size-4 text-slate-500" aria-hidden />
                Sign out
              </button>
            </form>
          </li>
        </ul>
      </div>
    </>
  );
}
