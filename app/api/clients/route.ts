import { ok, route } from "@/lib/bff/handler";
import { clientListQuerySchema, clientSchema } from "@/lib/proposals/model";
import { createClient, searchClients } from "@/lib/proposals/store";

export const dynamic = "force-dynamic";

// GET /api/clients – the agency's clients whose name or email holds q (accents ignored); the newest without q
export const GET = route({ auth: "advisor", query: clientListQuerySchema }, async ({ deps, query }) => ok(await searchClients(await deps.db(), query.q)));

// POST /api/clients – a new client (name, email, phone)
export const POST = route({ auth: "advisor", body: clientSchema }, async ({ deps, user, body }) => ok(await createClient(await deps.db(), body, user), { status: 201 }));
