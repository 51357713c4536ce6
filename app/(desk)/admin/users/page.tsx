import type { Metadata } from "next";
import { UsersAdmin } from "@/components/admin/users-admin";
import { requireAdmin } from "@/lib/auth/session";
import { listUsers } from "@/lib/auth/users";
import { getDb } from "@/lib/db";

export const metadata: Metadata = { title: "Users" };

export default async function UsersPage() {
  const admin = await requireAdmin("/admin/users");
  const users = await listUsers(await getDb());
  return (
    <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <UsersAdmin meId={admin.id} initialUsers={users} />
    </main>
  );
}
