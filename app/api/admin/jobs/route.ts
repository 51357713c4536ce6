// GET /api/admin/jobs – each job of the desk with its counts, the jobs retrying and the dead letters, and whether this server runs them (admins only)
import { ok, route } from "@/lib/bff/handler";
import { readJobs } from "@/lib/bff/jobs";
import { noQuery } from "@/lib/bff/schemas";

export const dynamic = "force-dynamic";

export const GET = route({ auth: "admin", query: noQuery }, async ({ deps }) => ok(await readJobs(await deps.db())));
