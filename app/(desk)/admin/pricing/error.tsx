"use client";

import { AdminLoadError } from "@/components/admin/admin-load-error";

export default function PricingError(props: { error: Error & { digest?: string }; reset: () => void }) {
  return <AdminLoadError title="Pricing" what="The agency's pricing" {...props} />;
}
