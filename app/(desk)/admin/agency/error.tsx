"use client";

import { AdminLoadError } from "@/components/admin/admin-load-error";

export default function AgencyProfileError(props: { error: Error & { digest?: string }; reset: () => void }) {
  return <AdminLoadError title="Agency profile" what="The agency profile" {...props} />;
}
