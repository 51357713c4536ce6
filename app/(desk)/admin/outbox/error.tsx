"use client";

import { AdminLoadError } from "@/components/admin/admin-load-error";

export default function OutboxError(props: { error: Error & { digest?: string }; reset: () => void }) {
  return <AdminLoadError title="Outbox" what="The outbox" {...props} />;
}
