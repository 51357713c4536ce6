import type { Metadata } from "next";
import { AdminOnly } from "@/components/auth/admin-only";

export const metadata: Metadata = { title: "Admins only" };

/** What forbidden() renders, with HTTP 403: an advisor on an admin page. */
export default function Forbidden() {
  return <AdminOnly />;
}
