// GET /api/auth/session – who is signed in on this browser (401 when no one).
import { dataResponse, handle } from "@/lib/auth/http";
import { requireApiUser } from "@/lib/auth/session";

export const dynamic = "force-dynamic";

export const GET = handle(async () => dataResponse({ user: await requireApiUser() }));
