"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Mail, Users } from "lucide-react";
import { apiRequest, ApiError } from "@/lib/api-client";
import { ROLE_LABELS, type UserRole } from "@/lib/auth/roles";
import { userAnswerSchema } from "@/lib/auth/schemas";
import type { UserStatus, UserSummary } from "@/lib/auth/users";
import { Avatar } from "../auth/avatar";
import { AdminPageHeader } from "./admin-page-header";
import { Button } from "../ui/button";
import { Card, CardHeader } from "../ui/card";
import { cn } from "../ui/cn";
import { StatusBadge, type Tone } from "../ui/status-badge";
import { InviteLink } from "./invite-link";
import { InviteUserPanel, type Invited } from "./invite-user-panel";
import { lazily } from "@/lib/lazily";

// Fixed locale and zone so the server's HTML and the browser's render agree.
const dateFormat = lazily(() => new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" }));
const formatDate = (iso: string) => dateFormat().format(new Date(iso));

const STATUS: Record<UserStatus, { tone: Tone; label: string }> = {
  active: { tone: "ok", label: "Active" },
  invited: { tone: "warning", label: "Invited" },
  invite_expired: { tone: "error", label: "Invite expired" },
  deactivated: { tone: "neutral", label: "Deactivated" },
};

// Wide screens: one grid for the whole list, each row a subgrid, so columns size to their
// widest cell across rows like a table. Narrower screens stack each user as a card.
const SUBGRID_ROW = "xl:col-span-full xl:grid xl:grid-cols-subgrid";

export function UsersAdmin({ meId, initialUsers }: { meId: string; initialUsers: UserSummary[] }) {
  const [users, setUsers] = useState(initialUsers);
  const [inviting, setInviting] = useState(false);
  const [announcement, setAnnouncement] = useState("");

  const replace = (user: UserSummary) => setUsers((list) => list.map((u) => (u.id === user.id ? user : u)));
  const onInvited = ({ user }: Invited) => {
    setUsers((list) => [...list, user]);
    setAnnouncement(`Invite link created for ${user.name}.`);
  };
  const activeCount = users.filter((u) => u.status === "active").length;
  const onlyMe = users.length === 1 && users[0]!.id === meId;

  return (
    <div className="space-y-6">
      <AdminPageHeader
        title="Users"
        action={
          inviting ? null : (
            <Button onClick={() => setInviting(true)} className="self-start sm:self-auto">
              <Mail className="size-4" />
              Invite user
            </Button>
          )
        }
      >
        Everyone who can sign in to the desk. Invite advisors and admins, change roles, and deactivate accounts that should no longer sign in.
      </AdminPageHeader>

      {inviting ? <InviteUserPanel onInvited={onInvited} onClose={() => setInviting(false)} /> : null}

      <Card aria-labelledby="people-title">
        <CardHeader
          icon={<Users className="size-5" />}
          title="People"
          titleId="people-title"
          description={`${users.length} ${users.length === 1 ? "user" : "users"} · ${activeCount} active`}
        />
        <p role="status" className="sr-only">
          {announcement}
        </p>
        <ul
          role="list"
          aria-labelledby="people-title"
          className="divide-y divide-slate-100 xl:grid xl:grid-cols-[minmax(0,1fr)_repeat(5,auto)] xl:gap-x-8"
        >
          {/* Column headings for sighted users; each row already says what its values are. */}
          <li
            aria-hidden
            className={cn(
              "hidden bg-slate-50/70 px-6 py-2.5 text-xs font-medium tracking-wide text-slate-500 uppercase",
              SUBGRID_ROW,
            )}
          >
            <span>Name</span>
            <span>Role</span>
            <span>Status</span>
            <span>Last sign-in</span>
            <span>Added</span>
            <span className="text-right">Actions</span>
          </li>
          {users.map((user) => (
            <UserRow key={user.id} user={user} isMe={user.id === meId} onChange={replace} announce={setAnnouncement} />
          ))}
        </ul>
        {onlyMe ? (
          <div className="border-t border-slate-100 px-6 py-10 text-center">
            <span className="mx-auto grid size-11 place-items-center rounded-full bg-brand-50 text-brand-700 ring-1 ring-brand-100 ring-inset">
              <Users className="size-5" />
            </span>
            <h2 className="mt-3 text-[0.9375rem] font-semibold text-ink">No one else is here yet</h2>
            <p className="mx-auto mt-1 max-w-sm text-sm text-slate-500">
              Invite your advisors. Each gets a one-time link to choose a password.
            </p>
            {inviting ? null : (
              <Button variant="secondary" className="mt-4" onClick={() => setInviting(true)}>
                Invite user
              </Button>
            )}
          </div>
        ) : null}
      </Card>
    </div>
  );
}

type Pending = "role" | "active" | "invite" | null;
type RowResult = { user: UserSummary; inviteUrl?: string };

function UserRow({
  user,
  isMe,
  onChange,
  announce,
}: {
  user: UserSummary;
  isMe: boolean;
  onChange: (user: UserSummary) => void;
  announce: (message: string) => void;
}) {
  const [pending, setPending] = useState<Pending>(null);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [inviteUrl, setInviteUrl] = useState<string | null>(null);
  const router = useRouter();
  const status = STATUS[user.status];
  const otherRole: UserRole = user.role === "admin" ? "advisor" : "admin";

  const run = async (kind: Exclude<Pending, null>, request: () => Promise<RowResult>, done: string) => {
    setPending(kind);
    setError(null);
    let result: RowResult;
    try {
      result = await request();
    } catch (err) {
      setPending(null);
      setConfirming(false);
      const e = err instanceof ApiError ? err : null;
      // Signed out meanwhile (deactivated, or the session expired): sign in and come back.
      if (e?.status === 401) router.push("/login?next=%2Fadmin%2Fusers");
      else setError(e?.message ?? "That did not work. Try again.");
      return;
    }
    setPending(null);
    setConfirming(false);
    onChange(result.user);
    setInviteUrl(result.inviteUrl ?? null);
    announce(done);
  };

  const send = (method: "PATCH" | "POST", path: string, body?: object) => async () => (await apiRequest(method, path, userAnswerSchema, { body })).data;
  const patch = (body: object) => send("PATCH", `/api/users/${user.id}`, body);
  const changeRole = () => run("role", patch({ role: otherRole }), `${user.name} is now ${otherRole === "admin" ? "an admin" : "an advisor"}.`);
  const setActive = (active: boolean) =>
    run("active", patch({ active }), `${user.name} is ${active ? "reactivated" : "deactivated"}.`);
  const newInvite = () =>
    run("invite", send("POST", `/api/users/${user.id}/invite`), `New invite link created for ${user.name}.`);

  const busy = pending !== null;
  return (
    <li className={cn("px-5 py-4 sm:px-6", SUBGRID_ROW, user.status === "deactivated" && "bg-slate-50/60")} aria-label={user.name}>
      <div className={cn("grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-4 gap-y-3 xl:gap-x-8", SUBGRID_ROW)}>
        <div className="flex min-w-0 items-center gap-3">
          <Avatar name={user.name} muted={user.status === "deactivated"} className="size-9" />
          <div className="min-w-0">
            <p className="flex items-center gap-2 text-sm font-medium text-ink">
              <span className={cn("truncate", user.status === "deactivated" && "text-slate-600")}>{user.name}</span>
              {isMe ? (
                <span className="rounded-md bg-slate-100 px-1.5 py-0.5 text-[0.6875rem] font-semibold text-slate-600">You</span>
              ) : null}
            </p>
            <p className="truncate text-[0.8125rem] text-slate-500" title={user.email}>
              {user.email}
            </p>
          </div>
        </div>

        <p className="text-sm text-slate-700 max-xl:hidden">{ROLE_LABELS[user.role]}</p>
        <div className="justify-self-end xl:justify-self-start">
          <StatusBadge tone={status.tone}>{status.label}</StatusBadge>
        </div>
        <p className="text-sm text-slate-600 max-xl:hidden">{user.lastSignInAt ? formatDate(user.lastSignInAt) : "Never"}</p>
        <p className="text-sm text-slate-600 max-xl:hidden">{formatDate(user.createdAt)}</p>

        {/* Narrow screens: the facts the columns show, as one line. */}
        <p className="col-span-2 -mt-1 text-[0.8125rem] text-slate-500 xl:hidden">
          {ROLE_LABELS[user.role]} · Added {formatDate(user.createdAt)} ·{" "}
          {user.lastSignInAt ? `Last sign-in ${formatDate(user.lastSignInAt)}` : "Never signed in"}
        </p>

        <div className={cn("col-span-2 flex flex-wrap items-center gap-2 xl:col-span-1 xl:justify-end", isMe && "max-xl:hidden")}>
          {isMe ? (
            <span className="text-[0.8125rem] text-slate-500">Your account</span>
          ) : confirming ? (
            <>
              <Button variant="danger" size="sm" pending={pending === "active"} onClick={() => setActive(false)}>
                Deactivate {user.name.split(" ")[0]}
              </Button>
              <Button variant="ghost" size="sm" disabled={busy} onClick={() => setConfirming(false)}>
                Cancel
              </Button>
            </>
          ) : user.status === "deactivated" ? (
            <Button variant="secondary" size="sm" pending={pending === "active"} onClick={() => setActive(true)}>
              Reactivate
            </Button>
          ) : (
            <>
              {user.status === "invited" || user.status === "invite_expired" ? (
                <Button variant="secondary" size="sm" pending={pending === "invite"} disabled={busy} onClick={newInvite}>
                  New invite link
                </Button>
              ) : null}
              <Button variant="secondary" size="sm" pending={pending === "role"} disabled={busy} onClick={changeRole}>
                Make {ROLE_LABELS[otherRole].toLowerCase()}
              </Button>
              <Button variant="danger" size="sm" disabled={busy} onClick={() => setConfirming(true)}>
                Deactivate
              </Button>
            </>
          )}
        </div>
      </div>

      {confirming ? (
        <p className="mt-3 text-[0.8125rem] text-slate-600 xl:col-span-full xl:text-right">
          {user.name} will be signed out at once and cannot sign in until reactivated.
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="mt-3 rounded-lg xl:col-span-full border border-rose-200 bg-rose-50 px-3 py-2 text-[0.8125rem] text-rose-800">
          {error}
        </p>
      ) : null}
      {inviteUrl ? (
        <div className="mt-4 rounded-lg border border-slate-200 bg-slate-50/70 p-4 xl:col-span-full">
          <InviteLink url={inviteUrl} name={user.name} />
        </div>
      ) : null}
    </li>
  );
}
