"use client";

import { AdminLoadError } from "@/components/admin/admin-load-error";

export default function UsersError(props: { error: Error & { digest?: string }; reset: () => void }) {
  return <AdminLoadError title="Users" what="The users" {...props} />;
}
