import type { Metadata } from "next";
import Link from "next/link";
import { AuthShell } from "@/components/auth/auth-shell";
import { SetPasswordForm } from "@/components/auth/set-password-form";
import { buttonClasses } from "@/components/ui/button";
import { ROLE_LABELS } from "@/lib/auth/roles";
import { lookupInvite } from "@/lib/auth/users";
import { getDb } from "@/lib/db";

// The token is in the URL: never send it onward in a Referer header.
export const metadata: Metadata = { title: "Set your password", robots: { index: false }, referrer: "no-referrer" };

const dateFormat = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

const dead = {
  invalid: {
    title: "This invite link does not work",
    text: "It may be incomplete, or it was replaced by a newer link. Check that you copied all of it, or ask your admin for a new one.",
  },
  expired: { title: "This invite link has expired", text: "Invite links work for 7 days. Ask your admin for a new one." },
  used: { title: "This invite link was already used", text: "Your password is set. Sign in with it." },
} as const;

export default async function InvitePage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const invite = token.length > 200 ? ({ status: "invalid" } as const) : await lookupInvite(await getDb(), token);

  if (invite.status !== "valid") {
    const { title, text } = dead[invite.status];
    return (
      <AuthShell title={title} description={text}>
        <Link href="/login" className={buttonClasses({ variant: invite.status === "used" ? "primary" : "secondary" }) + " w-full"}>
          Go to sign in
        </Link>
      </AuthShell>
    );
  }

  const { user, expiresAt } = invite;
  return (
    <AuthShell
      title={`Welcome, ${user.name.split(" ")[0]}`}
      description={
        <>
          You are invited to Agency Desk as an {ROLE_LABELS[user.role].toLowerCase()}. Choose a password for{" "}
          <span className="font-medium break-all text-ink">{user.email}</span>.
        </>
      }
      footer={<p>This link works once, until {dateFormat.format(expiresAt)}.</p>}
    >
      <SetPasswordForm token={token} email={user.email} />
    </AuthShell>
  );
}
