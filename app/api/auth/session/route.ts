// GET /api/auth/session – who is signed in on this browser (401 when no one).
import { ok, route } from "@/lib/bff/handler";

export const dynamic = "force-dynamic";

export const GET = route({ auth: "advisor" }, async ({ user }) => ok({ user }));
