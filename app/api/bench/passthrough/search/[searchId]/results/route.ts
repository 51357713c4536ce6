// GET /api/bench/passthrough/search/:searchId/results – the bare floor of bench/bff-floor.ts (BENCH_PASSTHROUGH=1 only, else 404)
import { passthroughResults } from "@/lib/bff/passthrough";

export const dynamic = "force-dynamic";

export const GET = passthroughResults();
