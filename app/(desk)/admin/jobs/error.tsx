"use client";

import { AdminLoadError } from "@/components/admin/admin-load-error";

export default function JobsError(props: { error: Error & { digest?: string }; reset: () => void }) {
  return <AdminLoadError title="Jobs" what="The jobs" {...props} />;
}
