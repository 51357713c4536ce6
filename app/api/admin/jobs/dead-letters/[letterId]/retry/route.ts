// POST /api/admin/jobs/dead-letters/:letterId/retry – sends a job that failed every retry again, with fresh retries (admins only)
import { ok, route } from "@/lib/bff/handler";
import { letterParams, retryLetter } from "@/lib/bff/jobs";
import { noQuery } from "@/lib/bff/schemas";

export const dynamic = "force-dynamic";

export const POST = route({ auth: "admin", query: noQuery, params: letterParams }, async ({ deps, params }) => ok(await retryLetter(await deps.db(), params.letterId), { status: 201 }));
