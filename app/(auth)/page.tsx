import { redirect } from "next/navigation";
import { requireUser } from "@/lib/auth/session";
import { landingPath } from "@/lib/bff/landing";
import { getDb } from "@/lib/db";

// `/` (the logo, sign-in without a page asked for): straight to the person's work.
export const dynamic = "force-dynamic";

export default async function Landing() {
  const user = await requireUser("/");
  redirect(await landingPath(await getDb(), user));
}
