import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { AuthShell } from "@/components/auth/auth-shell";
import { LoginForm } from "@/components/auth/login-form";
import { parseAuthConfig } from "@/lib/auth/config";
import { safeNextPath } from "@/lib/auth/next-path";
import { getSessionUser } from "@/lib/auth/session";
import { getEnv } from "@/lib/server-env";

export const metadata: Metadata = { title: "Sign in" };

type SearchParams = Record<string, string | string[] | undefined>;
const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export default async function LoginPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const params = await searchParams;
  const next = safeNextPath(first(params.next));
  // A stale or broken session simply shows the form.
  if (await getSessionUser().catch(() => null)) redirect(next);

  const showDemoHint = !getEnv().isProduction && parseAuthConfig().seedDemoUsers;
  return (
    <AuthShell
      title="Sign in to Agency Desk"
      description="Use the email address your agency's admin invited you with."
      notice={first(params.invited) ? "Your password is set. Sign in with it to start using the desk." : undefined}
      footer={
        <>
          <p>Forgot your password or lost your invite? Ask an admin of your agency for a new invite link.</p>
          {showDemoHint ? (
            <p className="mt-2 text-xs text-slate-500">Development: the demo logins are printed in the terminal running the desk.</p>
          ) : null}
        </>
      }
    >
      <LoginForm next={next} initialEmail={first(params.email)?.slice(0, 254)} />
    </AuthShell>
  );
}
