import type { Metadata } from "next";
import { EmailSettings } from "@/components/notifications/email-settings";
import { TestNotification } from "@/components/notifications/test-notification";
import { requireUser } from "@/lib/auth/session";
import { getDb } from "@/lib/db";
import { emailKindsOf } from "@/lib/notifications/preferences";

export const metadata: Metadata = { title: "Notifications" };
export const dynamic = "force-dynamic";

export default async function NotificationSettingsPage() {
  const user = await requireUser("/settings/notifications");
  const emailKinds = await emailKindsOf(await getDb(), user.id);
  return (
    <main className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <p className="text-sm font-medium text-brand-700">Settings</p>
      <h1 className="mt-1 text-2xl font-semibold tracking-tight text-ink sm:text-[1.75rem]">Notifications</h1>
      <p className="mt-2 max-w-2xl text-[0.9375rem] leading-relaxed text-slate-600">
        The desk tells you in the bell at the top of every page when something happens to your bookings. Choose what also comes to {user.email} by email.
      </p>
      <EmailSettings initial={emailKinds} />
      <TestNotification />
    </main>
  );
}
