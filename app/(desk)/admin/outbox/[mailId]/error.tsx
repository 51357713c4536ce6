"use client";

import { AdminLoadError } from "@/components/admin/admin-load-error";

export default function OutboxMailError(props: { error: Error & { digest?: string }; reset: () => void }) {
  return <AdminLoadError title="Outbox" what="This mail" {...props} />;
}
