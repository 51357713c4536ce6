import type { ReactNode } from "react";
import { forbidden } from "next/navigation";
import { getSessionUser } from "@/lib/auth/session";

// Admin pages answer an advisor with HTTP 403 and the designed "admins only" page
// (app/forbidden.tsx). Checked here, before any page streams its loading state (the status is
// sent with the first byte); signed-out people reach the page, which sends them to sign in.
export default async function AdminLayout({ children }: { children: ReactNode }) {
  const user = await getSessionUser().catch(() => null);
  if (user && user.role !== "admin") forbidden();
  return children;
}
