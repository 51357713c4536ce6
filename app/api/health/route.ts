// GET /api/health – is this instance ready to serve (its database answers)? For load balancers and the e2e server.
import { checkDb } from "@/lib/db";

export const dynamic = "force-dynamic";

export async function GET(): Promise<Response> {
  const db = await checkDb();
  if (db.ok) return Response.json({ data: { status: "ok" }, meta: {}, error: null });
  return Response.json(
    { data: null, meta: {}, error: { code: "unavailable", message: "The database is not answering.", details: [] } },
    { status: 503, headers: { "Retry-After": "5" } },
  );
}
